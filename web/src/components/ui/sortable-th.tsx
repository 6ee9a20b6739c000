import { Group, Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

export type SortState<Column extends string> = { by: Column; descending: boolean };

/** Clicking the sorted column flips the direction; another column starts ascending. */
export function nextSort<Column extends string>(
  current: SortState<Column>,
  column: Column,
): SortState<Column> {
  return current.by === column
    ? { by: column, descending: !current.descending }
    : { by: column, descending: false };
}

type SortableThProps<Column extends string> = {
  column: Column;
  sort: SortState<Column>;
  onSort: (next: SortState<Column>) => void;
  children: ReactNode;
};

/** A column header that sorts the table (announced with aria-sort; the button says what a click does). */
export function SortableTh<Column extends string>({
  column,
  sort,
  onSort,
  children,
}: SortableThProps<Column>) {
  const active = sort.by === column;
  const ariaSort = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
  return (
    <Table.Th scope="col" aria-sort={ariaSort} p={0}>
      <UnstyledButton
        onClick={() => onSort(nextSort(sort, column))}
        px="sm"
        py="xs"
        w="100%"
        fw={700}
        fz="sm"
        title={active && !sort.descending ? 'Sortuj malejąco' : 'Sortuj rosnąco'}
      >
        <Group gap={4} wrap="nowrap">
          <span>{children}</span>
          <span aria-hidden style={{ opacity: active ? 1 : 0.35 }}>
            {active ? (sort.descending ? '↓' : '↑') : '↕'}
          </span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
