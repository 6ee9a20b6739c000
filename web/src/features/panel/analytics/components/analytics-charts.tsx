import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { AnalyticsResponse } from '@punkto/contracts/analytics';
import { formatInteger, formatNumber } from '../../../../lib/format';
import { axisLabel } from '../utils/analytics-tables';
import { FREQUENCY_CHART_HEIGHT, NPS_CHART_HEIGHT, VISITS_CHART_HEIGHT } from './chart-heights';

/** The page's charts (@mantine/charts on recharts: this module is a chunk of its own, loaded by the analytics page). */

export function VisitsChart({ data }: { data: AnalyticsResponse }) {
  const points = data.visits.series.map((b) => ({
    label: axisLabel(b.period, data.granularity),
    visits: b.visits,
    newCustomers: b.newCustomers,
  }));
  return (
    <AreaChart
      h={VISITS_CHART_HEIGHT}
      data={points}
      dataKey="label"
      series={[
        { name: 'visits', label: 'Wizyty', color: 'punkto.6' },
        { name: 'newCustomers', label: 'Nowi klienci', color: 'teal.6' },
      ]}
      curveType="monotone"
      withLegend
      yAxisProps={{ allowDecimals: false }}
      valueFormatter={(v) => formatInteger(v)}
      role="img"
      aria-label="Wykres wizyt w czasie"
    />
  );
}

export function FrequencyChart({ data }: { data: AnalyticsResponse }) {
  return (
    <BarChart
      h={FREQUENCY_CHART_HEIGHT}
      data={data.frequency.histogram.map((b) => ({ label: b.label, customers: b.customers }))}
      dataKey="label"
      series={[{ name: 'customers', label: 'Klienci', color: 'punkto.6' }]}
      yAxisProps={{ allowDecimals: false }}
      valueFormatter={(v) => formatInteger(v)}
      role="img"
      aria-label="Wykres: klienci według liczby wizyt"
    />
  );
}

export function NpsChart({ data }: { data: AnalyticsResponse }) {
  const granularity = data.granularity === 'month' ? 'month' : 'week';
  return (
    <LineChart
      h={NPS_CHART_HEIGHT}
      data={data.nps.series.map((s) => ({ label: axisLabel(s.period, granularity), score: s.score }))}
      dataKey="label"
      series={[{ name: 'score', label: 'NPS', color: 'teal.6' }]}
      yAxisProps={{ domain: [-100, 100] }}
      connectNulls={false}
      valueFormatter={(v) => formatNumber(v, Number.isInteger(v) ? 0 : 2)}
      role="img"
      aria-label="Wykres NPS w czasie"
    />
  );
}
