import { Button, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../../lib/format';
import { formatGrosze } from '../../../../lib/money';
import { saveBlob } from '../../../../lib/save-blob';
import { tableCsv, type AnalyticsTable, type Cell } from '../utils/analytics-tables';

const show = (value: Cell, money = false) =>
  money && typeof value === 'number'
    ? formatGrosze(Math.round(value * 100))
    : value === null
      ? '—'
      : typeof value === 'number'
        ? formatNumber(value, Number.isInteger(value) ? 0 : 2)
        : value;

/** A section of the page: its title, a chart or figures, the table behind them and its CSV download. */
export function TableSection({
  table,
  fileSuffix,
  children,
  empty,
  hint,
}: {
  table: AnalyticsTable;
  /** `2026-03-01_2026-03-31` */
  fileSuffix: string;
  children?: ReactNode;
  /** what to say (and do) instead of an empty table */
  empty?: ReactNode;
  hint?: ReactNode;
}) {
  const titleId = `analytics-${table.id}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} className="analytics-section">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {table.title}
          </Title>
          {table.rows.length ? (
            <Button
              size="compact-sm"
              variant="light"
              data-print-hide
              aria-label={`Pobierz CSV: ${table.title}`}
              onClick={() =>
                saveBlob(
                  new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }),
                  `${table.file}-${fileSuffix}.csv`,
                )
              }
            >
              Pobierz CSV
            </Button>
          ) : null}
        </Group>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {!table.rows.length && empty ? (
          empty
        ) : (
          <>
            {children}
            {/* long tables (a day per row) scroll inside the section; printed, they are shown whole */}
            <ScrollArea.Autosize type="auto" mah={380} className="analytics-table">
              <Table striped withTableBorder fz="sm" miw={320} aria-labelledby={titleId}>
                <Table.Thead>
                  <Table.Tr>
                    {table.columns.map((column, i) => (
                      <Table.Th key={column} ta={i ? 'right' : 'left'}>
                        {column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row, r) => (
                    <Table.Tr key={r}>
                      {row.map((cell, i) => (
                        <Table.Td key={i} ta={i ? 'right' : 'left'}>
                          {show(cell, table.moneyColumns?.includes(i))}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    </Card>
  );
}
