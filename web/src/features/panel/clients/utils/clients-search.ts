import { ClientSortBy } from '@punkto/contracts/client-sort';
import { z } from 'zod';
import { pageParam, textParam } from '../../../../lib/search-params';

/**
 * The clients list's state in the URL (/panel/klienci?szukaj=…&strona=2&sortuj=name&kolejnosc=rosnaco), so
 * back/forward and shared links restore it. Polish parameter names like the rest of the product's URLs;
 * invalid values fall back to the defaults instead of breaking the page.
 */
export const CLIENTS_PAGE_SIZE = 20;

type SortColumn = z.infer<typeof ClientSortBy>;
type SortOrder = 'rosnaco' | 'malejaco';

/** Newest clients first, no search, page 1; the route strips these from the URL. */
export const clientsSearchDefaults: {
  strona: number;
  szukaj: string;
  sortuj: SortColumn;
  kolejnosc: SortOrder;
} = {
  strona: 1,
  szukaj: '',
  sortuj: 'enrolledAt',
  kolejnosc: 'malejaco',
};

export const ClientsSearch = z.object({
  strona: pageParam,
  // a phone or number search stays text
  szukaj: textParam(z.string().max(200)).catch('').default(''),
  sortuj: ClientSortBy.catch(clientsSearchDefaults.sortuj).default(clientsSearchDefaults.sortuj),
  kolejnosc: z
    .enum(['rosnaco', 'malejaco'])
    .catch(clientsSearchDefaults.kolejnosc)
    .default(clientsSearchDefaults.kolejnosc),
});
export type ClientsSearch = z.infer<typeof ClientsSearch>;
export type ClientSortColumn = ClientsSearch['sortuj'];

export type ClientsApiQuery = {
  pageNumber: number;
  pageSize: number;
  searchTerm?: string | undefined;
  sortBy: ClientSortColumn;
  sortDescending: boolean;
};

/** The URL state as the get-clients query (PaginationQuery). */
export function toClientsApiQuery(search: ClientsSearch): ClientsApiQuery {
  const term = search.szukaj.trim();
  return {
    pageNumber: search.strona,
    pageSize: CLIENTS_PAGE_SIZE,
    searchTerm: term || undefined,
    sortBy: search.sortuj,
    sortDescending: search.kolejnosc === 'malejaco',
  };
}

/** A new search term starts from the first page; the sort is kept. */
export function withSearchTerm(search: ClientsSearch, term: string): ClientsSearch {
  return { ...search, szukaj: term, strona: 1 };
}

/** Sorting by a column header: the same column flips the order, another starts ascending; back to page 1. */
export function withSort(
  search: ClientsSearch,
  column: ClientSortColumn,
  descending: boolean,
): ClientsSearch {
  return { ...search, sortuj: column, kolejnosc: descending ? 'malejaco' : 'rosnaco', strona: 1 };
}
