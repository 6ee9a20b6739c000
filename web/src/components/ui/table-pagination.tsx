import { Group, Pagination, Text } from '@mantine/core';
import { plural } from '../../lib/format';

const controlLabels = {
  first: 'Pierwsza strona',
  previous: 'Poprzednia strona',
  next: 'Następna strona',
  last: 'Ostatnia strona',
} as const;

type TablePaginationProps = {
  /** accessible name of the pagination, e.g. "Strony listy klientów" */
  label: string;
  pageNumber: number;
  totalPages: number;
  totalCount: number;
  /** the count in words (default "N wyników"), e.g. "3 osoby" on a list of people */
  countLabel?: (count: number) => string;
  onChange: (pageNumber: number) => void;
};

/** Mantine Pagination with Polish labels and a "N wyników" count; hidden when everything fits one page. */
export function TablePagination({
  label,
  pageNumber,
  totalPages,
  totalCount,
  countLabel = resultsLabel,
  onChange,
}: TablePaginationProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {countLabel(totalCount)}
      </Text>
      {totalPages > 1 ? (
        <nav aria-label={label}>
          <Pagination
            total={totalPages}
            value={Math.min(pageNumber, totalPages)}
            onChange={onChange}
            getItemProps={(n) => ({ 'aria-label': `Strona ${n}` })}
            getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
            size="sm"
          />
        </nav>
      ) : null}
    </Group>
  );
}

/** Polish plural of "wynik": 1 wynik, 2–4 wyniki, 5+ wyników (12–14 wyników, 22 wyniki). */
export function resultsLabel(count: number): string {
  return `${count} ${plural(count, 'wynik', 'wyniki', 'wyników')}`;
}
