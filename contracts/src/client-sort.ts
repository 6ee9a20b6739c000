import { z } from 'zod';

/** sortBy values of GET /get-clients */
export const ClientSortBy = z.enum(['name', 'email', 'enrolledAt', 'status']);
