import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways below `minWidth` (a phone) instead of squeezing its columns: `head` is its header
 * row(s), the children its body rows; the rest are Mantine's Table props (a list of records: ListTable).
 * Name it with `aria-label`.
 */
export function ScrollTable({
  minWidth,
  head,
  children,
  ...table
}: TableProps & { minWidth: number; head: ReactNode; children: ReactNode; 'aria-label': string }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
