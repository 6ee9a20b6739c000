import { singleLineText } from './text';
import { z } from 'zod';

/** Paged query of SPEC §3, as it arrives in a query string. */
export const PaginationQuery = z
  .object({
    pageNumber: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    searchTerm: singleLineText().max(200).optional(),
    sortBy: z.string().max(50).optional(),
    sortDescending: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .default(false),
  })
  .meta({ id: 'PaginationQuery' });
export type PaginationQuery = z.infer<typeof PaginationQuery>;

export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    pageNumber: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    totalCount: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  });
}
export type Page<T> = {
  items: T[];
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
};

export function toPage<T>(
  items: T[],
  totalCount: number,
  query: Pick<PaginationQuery, 'pageNumber' | 'pageSize'>,
): Page<T> {
  return {
    items,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}
