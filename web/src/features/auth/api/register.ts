import type { RegisterRequest, RegisterResponse } from '@punkto/contracts/identity';
import type { z } from 'zod';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/** POST /users/register: creates the account and e-mails the activation link. */
export function register(body: RegisterRequest): Promise<z.infer<typeof RegisterResponse>> {
  return api.call(endpoints.register, { body });
}
