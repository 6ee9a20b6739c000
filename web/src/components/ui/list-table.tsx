import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollTable } from './scroll-table';
import { SortableTh, type SortState } from './sortable-th';

/**
 * A list column's header: its label; `sortBy` makes it sort the list (with `sorting` given), `align: 'right'` is
 * for amounts, and a `hidden` label is read only by assistive technology (the row actions' column).
 */
export type ListColumn<Column extends string> = {
  label: string;
  sortBy?: Column;
  align?: 'right';
  hidden?: boolean;
};

/**
 * A list of records as a table (the panel's employees, clients, services): striped rows that light up under the
 * pointer, one header row declared as `columns`, sideways scrolling below `minWidth`. The children are the rows.
 */
export function ListTable<Column extends string>({
  label,
  minWidth,
  columns,
  sorting,
  children,
}: {
  /** names the table for assistive technology */
  label: string;
  minWidth: number;
  columns: ListColumn<Column>[];
  sorting?: { sort: SortState<Column>; onSort: (next: SortState<Column>) => void };
  children: ReactNode;
}) {
  const head = (
    <Table.Tr>
      {columns.map(({ label: text, sortBy, align, hidden }) =>
        sortBy && sorting ? (
          <SortableTh key={text} column={sortBy} {...sorting}>
            {text}
          </SortableTh>
        ) : (
          <Table.Th key={text} scope="col" ta={align}>
            {hidden ? <VisuallyHidden>{text}</VisuallyHidden> : text}
          </Table.Th>
        ),
      )}
    </Table.Tr>
  );
  return (
    <ScrollTable
      minWidth={minWidth}
      striped
      highlightOnHover
      verticalSpacing="sm"
      aria-label={label}
      head={head}
    >
      {children}
    </ScrollTable>
  );
}
