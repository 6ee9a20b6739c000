import { describe, expect, it } from 'vitest';
import {
  ClientsSearch,
  clientsSearchDefaults,
  toClientsApiQuery,
  withSearchTerm,
  withSort,
} from './clients-search';

describe('the clients list state in the URL', () => {
  it('an empty URL means: first page, newest clients first', () => {
    expect(ClientsSearch.parse({})).toEqual(clientsSearchDefaults);
    expect(toClientsApiQuery(ClientsSearch.parse({}))).toEqual({
      pageNumber: 1,
      pageSize: 20,
      searchTerm: undefined,
      sortBy: 'enrolledAt',
      sortDescending: true,
    });
  });

  it('reads the page, search and sort from the URL (numbers may arrive as text)', () => {
    const search = ClientsSearch.parse({
      strona: '3',
      szukaj: ' Kowal ',
      sortuj: 'name',
      kolejnosc: 'rosnaco',
    });
    expect(toClientsApiQuery(search)).toEqual({
      pageNumber: 3,
      pageSize: 20,
      searchTerm: 'Kowal',
      sortBy: 'name',
      sortDescending: false,
    });
  });

  it('keeps a numeric search (e.g. part of a phone number) as text', () => {
    expect(ClientsSearch.parse({ szukaj: 600100 }).szukaj).toBe('600100');
  });

  it('falls back to defaults for nonsense instead of failing', () => {
    expect(
      ClientsSearch.parse({ strona: '-2', sortuj: 'password', kolejnosc: 'up', szukaj: { x: 1 } }),
    ).toEqual(clientsSearchDefaults);
  });

  it('a new search term or sort goes back to page 1', () => {
    const onPage4 = ClientsSearch.parse({ strona: 4 });
    expect(withSearchTerm(onPage4, 'anna')).toMatchObject({
      szukaj: 'anna',
      strona: 1,
      sortuj: 'enrolledAt',
    });
    expect(withSort(onPage4, 'email', false)).toMatchObject({
      sortuj: 'email',
      kolejnosc: 'rosnaco',
      strona: 1,
    });
  });
});
