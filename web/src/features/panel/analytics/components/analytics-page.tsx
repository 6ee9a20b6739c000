import { warsawDate } from '@punkto/contracts/warsaw-time';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { analyticsPresetLabels, AnalyticsPreset, type AnalyticsResponse } from '@punkto/contracts/analytics';
import { CustomerSegment, customerSegmentLabels } from '@punkto/contracts/customer-segments';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { PageHeader } from '../../../../components/ui/page-header';
import { ButtonLink } from '../../../../components/ui/link';
import { errorMessage } from '../../../../lib/api/api-errors';
import { formatInteger, formatNumber, formatPercent } from '../../../../lib/format';
import { formatGrosze } from '../../../../lib/money';
import { programsQueryOptions } from '../../programs/api/list-programs';
import { analyticsQueryOptions } from '../api/get-analytics';
import { usePrefetchOtherPresets } from '../api/prefetch-presets';
import {
  customRangeProblem,
  previousMonth,
  toAnalyticsQuery,
  type AnalyticsSearch,
} from '../utils/analytics-search';
import { analyticsTables, periodLabel } from '../utils/analytics-tables';
import { FREQUENCY_CHART_HEIGHT, NPS_CHART_HEIGHT, VISITS_CHART_HEIGHT } from './chart-heights';
import { AllChartsWanted, ChartPlace, usePrintableCharts } from './chart-place';
import { TableSection } from './table-section';
import './analytics.css';
import { ReferralFiguresSection } from './referral-figures';

/**
 * The charts (@mantine/charts on recharts, about 140 kB compressed, the panel's largest script) are a chunk of
 * their own: the page, its figures and its tables paint without waiting for it. A chart comes when its place nears
 * the screen — and with the first one, the charts' code: running it is a long task on a phone (TBT), which a phone
 * whose first screen is the figures no longer pays before anyone scrolls (issue 30). Each chart's place keeps its
 * height meanwhile, so nothing below moves when it comes; once loaded, the code serves every period switch
 * (chart-place.tsx; printing draws them all first).
 */
const loadCharts = () => import('./analytics-charts');
const VisitsChart = lazy(() => loadCharts().then((m) => ({ default: m.VisitsChart })));
const FrequencyChart = lazy(() => loadCharts().then((m) => ({ default: m.FrequencyChart })));
const NpsChart = lazy(() => loadCharts().then((m) => ({ default: m.NpsChart })));

type FigureProps = { label: string; value: string; hint?: string };

function Figure({ label, value, hint }: FigureProps) {
  return (
    <Card withBorder padding="md" className="analytics-section">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={26} data-testid={`figure-${label}`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** The page's and its filters' props: the tenant, the period and filters in the address, how to change them. */
type PageProps = {
  tenantId: string;
  search: AnalyticsSearch;
  onSearchChange: (next: AnalyticsSearch) => void;
};

function Filters({ tenantId, search, onSearchChange }: PageProps) {
  const programs = useQuery(programsQueryOptions(tenantId));
  const [from, setFrom] = useState(search.od ?? '');
  const [to, setTo] = useState(search.do ?? '');
  const problem = search.okres === 'custom' ? customRangeProblem(from || undefined, to || undefined) : null;
  const showPreviousMonth = () => {
    const today = warsawDate(new Date());
    const month = previousMonth(today);
    setFrom(month.od);
    setTo(month.do);
    onSearchChange({ ...search, okres: 'custom', ...month });
  };
  return (
    <Stack gap="sm" data-print-hide>
      <Group gap="xs">
        <Button size="compact-sm" variant="light" onClick={showPreviousMonth}>
          Podsumowanie poprzedniego miesiąca
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Okres"
        value={search.okres}
        onChange={(okres) => onSearchChange({ ...search, okres: AnalyticsPreset.parse(okres) })}
        data={AnalyticsPreset.options.map((value) => ({ value, label: analyticsPresetLabels[value] }))}
        fullWidth
        styles={{ root: { flexWrap: 'wrap' } }}
      />
      {search.okres === 'custom' ? (
        <Group align="flex-end" gap="sm">
          <TextInput type="date" label="Od" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput
            type="date"
            label="Do"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={from && to ? problem : null}
          />
          <Button disabled={!!problem} onClick={() => onSearchChange({ ...search, od: from, do: to })}>
            Pokaż
          </Button>
        </Group>
      ) : null}
      <Group grow align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Program"
          placeholder="Wszystkie programy"
          clearable
          value={search.program ?? null}
          onChange={(program) => onSearchChange({ ...search, program: program ?? undefined })}
          data={(programs.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          miw={180}
        />
        <Select
          label="Segment klientów"
          placeholder="Wszyscy klienci"
          clearable
          value={search.segment ?? null}
          onChange={(segment) =>
            onSearchChange({ ...search, segment: segment ? CustomerSegment.parse(segment) : undefined })
          }
          data={CustomerSegment.options.map((value) => ({ value, label: customerSegmentLabels[value] }))}
          miw={180}
        />
      </Group>
    </Stack>
  );
}

const d = (date: string) => periodLabel(date, 'day');

/** after „bez”: "1 niewycenionego programu", "3 niewycenionych programów" */
function withoutUnvalued(n: number): string {
  return n === 1 ? 'bez 1 niewycenionego programu' : `bez ${formatInteger(n)} niewycenionych programów`;
}

/** What the liability figures mean, the value in PLN and what to do for the programs not valued yet. */
function LiabilityHint({
  liability,
  programName,
}: {
  liability: AnalyticsResponse['liability'];
  programName: (id: string) => string;
}) {
  const unvalued = liability.byProgram.filter((p) => p.valueGrosze === null && p.outstanding > 0);
  return (
    <Stack gap={6} component="span">
      <span>
        Na kartach (dziś): {formatInteger(liability.outstandingPoints)} pkt i{' '}
        {formatInteger(liability.outstandingStamps)} pieczątek — to wystarczy na{' '}
        {formatInteger(liability.rewardsClaimable)} najtańszych nagród.
      </span>
      {liability.valueGrosze !== null ? (
        <Text span fw={600} c="var(--mantine-color-text)" data-testid="liability-value">
          Wartość niewykorzystanych punktów i pieczątek: {formatGrosze(liability.valueGrosze)}
          {liability.unvaluedPrograms ? ` (${withoutUnvalued(liability.unvaluedPrograms)})` : ''}
        </Text>
      ) : null}
      <span>
        Wycena: punkt lub pieczątka jest warta tyle, ile najtańszy w przeliczeniu na punkt koszt aktywnej
        nagrody programu (koszt nagrody dla firmy ÷ jej cena w punktach), zaokrąglone do grosza.
      </span>
      {unvalued.length ? (
        <span data-testid="liability-unvalued">
          Nie wyceniono: {unvalued.map((p) => p.name || programName(p.programId)).join(', ')}. Podaj koszt
          nagród w programie, aby zobaczyć wycenę (Programy → Edytuj → „Koszt nagrody dla firmy”).
        </span>
      ) : null}
      <span>Punkty i pieczątki w programach nie wygasają, więc nie ma prognozy wygaśnięć.</span>
    </Stack>
  );
}

function Figures({ data }: { data: AnalyticsResponse }) {
  const { customers, visits, frequency, rewards, nps, liability } = data;
  const score = nps.total.score;
  const figures: FigureProps[] = [
    { label: 'Aktywni klienci', value: formatInteger(customers.active), hint: 'z co najmniej jedną wizytą' },
    { label: 'Nowi klienci', value: formatInteger(customers.new), hint: 'pierwsza wizyta w tym okresie' },
    {
      label: 'Powracający',
      value: formatInteger(customers.returning),
      hint: 'wrócili po wcześniejszej wizycie',
    },
    {
      label: 'Wskaźnik powrotów',
      value: formatPercent(customers.returningRate),
      hint: 'powracający ÷ aktywni',
    },
    { label: 'Wizyty', value: formatInteger(visits.total), hint: 'dni z punktami lub nagrodą' },
    { label: 'Mediana dni między wizytami', value: formatNumber(frequency.medianDaysBetweenVisits, 1) },
    { label: 'Punkty przyznane', value: formatInteger(rewards.pointsIssued) },
    { label: 'Punkty wykorzystane', value: formatInteger(rewards.pointsRedeemed) },
    {
      label: 'Wskaźnik wykorzystania',
      value: formatPercent(rewards.redemptionRate),
      hint: '60–80% uchodzi za zdrowy',
    },
    {
      label: 'NPS',
      value: score === null ? '—' : formatNumber(score, Number.isInteger(score) ? 0 : 2),
      hint: `${formatInteger(nps.total.responses)} odpowiedzi${score === null ? `, wynik od ${nps.minResponses}` : ''}`,
    },
    {
      label: 'Wartość punktów na kartach',
      value: liability.valueGrosze === null ? 'nie wyceniono' : formatGrosze(liability.valueGrosze),
      hint:
        liability.valueGrosze === null
          ? 'podaj koszt nagród w programie'
          : liability.unvaluedPrograms
            ? withoutUnvalued(liability.unvaluedPrograms)
            : 'według kosztu nagród, dziś',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
      {figures.map((figure) => (
        <Figure key={figure.label} {...figure} />
      ))}
    </SimpleGrid>
  );
}

/** /panel/analityka: the figures of a period, with charts, tables and their CSV, printable. */
export function AnalyticsPage({ tenantId, search, onSearchChange }: PageProps) {
  const query = toAnalyticsQuery(search);
  const analytics = useQuery(analyticsQueryOptions(tenantId, query));
  // the other periods come from the cache when the owner switches (prefetched once these figures are in)
  usePrefetchOtherPresets(tenantId, query, analytics.isSuccess && !analytics.isPlaceholderData);
  const programs = useQuery(programsQueryOptions(tenantId));
  const programName = (id: string) => programs.data?.find((p) => p.id === id)?.name ?? '';
  const data = analytics.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Analityka"
        description="Jak klienci korzystają z Twojego programu lojalnościowego."
      />
      <Filters tenantId={tenantId} search={search} onSearchChange={onSearchChange} />
      {analytics.isPending ? (
        <Skeleton h={320} role="status" aria-label="Ładowanie analityki" />
      ) : analytics.isError ? (
        <Alert color="red" variant="light" title="Nie udało się pobrać analityki">
          {errorMessage(analytics.error)}
        </Alert>
      ) : data ? (
        <Report data={data} programName={programName} />
      ) : null}
    </Stack>
  );
}

function Report({ data, programName }: { data: AnalyticsResponse; programName: (id: string) => string }) {
  const tables = Object.fromEntries(analyticsTables(data, programName).map((t) => [t.id, t]));
  const suffix = `${data.startDate}_${data.endDate}`;
  const period = `${d(data.startDate)} – ${d(data.endDate)}`;
  const noVisits = data.visits.total === 0;
  const charts = usePrintableCharts();
  return (
    <AllChartsWanted value={charts.allWanted}>
      <Stack gap="lg" aria-busy={false}>
        <Group justify="space-between" align="center">
          <Text fw={600} data-testid="analytics-period">
            Okres: {period}
            {data.loyaltyProgramId ? ` · program: ${programName(data.loyaltyProgramId)}` : ''}
            {data.customerSegment ? ` · segment: ${customerSegmentLabels[data.customerSegment]}` : ''}
          </Text>
          <Button variant="default" size="compact-md" data-print-hide onClick={() => void charts.print()}>
            Drukuj podsumowanie
          </Button>
        </Group>
        <Title order={2} size="h3" className="analytics-print-only">
          Podsumowanie programu lojalnościowego: {period}
        </Title>
        {noVisits ? (
          <Alert color="blue" variant="light" title="Brak wizyt w tym okresie" data-print-hide>
            <Stack gap="xs">
              <Text size="sm">
                Wizyta to przyznanie punktów lub pieczątek albo odebranie nagrody. Zeskanuj kartę klienta w
                skanerze i przyznaj punkty, zaproś klientów plakatem z kodem QR albo wybierz dłuższy okres.
              </Text>
              <Group gap="xs">
                <ButtonLink to="/panel/skaner" size="compact-sm">
                  Otwórz skaner
                </ButtonLink>
                <ButtonLink to="/panel/plakat" size="compact-sm" variant="light">
                  Plakat i link zapisu
                </ButtonLink>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <Figures data={data} />
        <ReferralFiguresSection figures={data.referrals} />
        <TableSection table={tables['visits']!} fileSuffix={suffix}>
          {noVisits ? null : (
            <ChartPlace height={VISITS_CHART_HEIGHT}>
              <VisitsChart data={data} />
            </ChartPlace>
          )}
        </TableSection>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <TableSection
            table={tables['frequency']!}
            fileSuffix={suffix}
            hint={`Mediana dni między wizytami: ${formatNumber(data.frequency.medianDaysBetweenVisits, 1)}`}
          >
            {noVisits ? null : (
              <ChartPlace height={FREQUENCY_CHART_HEIGHT}>
                <FrequencyChart data={data} />
              </ChartPlace>
            )}
          </TableSection>
          <TableSection
            table={tables['rewards']!}
            fileSuffix={suffix}
            hint={`Punkty: przyznane ${formatInteger(data.rewards.pointsIssued)}, wykorzystane ${formatInteger(data.rewards.pointsRedeemed)}. Pieczątki: dodane ${formatInteger(data.rewards.stampsIssued)}, wykorzystane ${formatInteger(data.rewards.stampsRedeemed)}.`}
            empty={
              <Text size="sm" c="dimmed">
                Nikt nie odebrał nagrody w tym okresie. Sprawdź w programach, czy nagrody są aktywne i
                osiągalne.
              </Text>
            }
          />
        </SimpleGrid>
        <TableSection
          table={tables['nps']!}
          fileSuffix={suffix}
          hint={`Promotorzy to oceny 9–10, krytycy 1–6 w skali 1–10 (bez zera, więc wyniki są nieco wyższe niż w klasycznym NPS 0–10). Wynik grupy pokazujemy od ${data.nps.minResponses} odpowiedzi, by chronić anonimowość; ankiety nie są filtrowane segmentem.`}
        >
          {data.nps.series.some((s) => s.score !== null) ? (
            <ChartPlace height={NPS_CHART_HEIGHT}>
              <NpsChart data={data} />
            </ChartPlace>
          ) : null}
        </TableSection>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <TableSection
            table={tables['segments']!}
            fileSuffix={suffix}
            hint={`Stan na ${d(data.endDate)}. Zagrożeni: bez wizyty dłużej niż dwa ich zwykłe odstępy; utraceni: 90 dni bez wizyty; VIP: 10% klientów z najwięcej wizytami.`}
          />
          <TableSection
            table={tables['cohorts']!}
            fileSuffix={suffix}
            hint="Jaka część klientów, którzy pierwszy raz przyszli w danym miesiącu, wróciła w kolejnych miesiącach."
            empty={
              <Text size="sm" c="dimmed">
                Nikt nie przyszedł po raz pierwszy w tym okresie. Wybierz 12 miesięcy, by zobaczyć kohorty.
              </Text>
            }
          />
        </SimpleGrid>
        <TableSection
          table={tables['liability']!}
          fileSuffix={suffix}
          hint={<LiabilityHint liability={data.liability} programName={programName} />}
          empty={
            <Text size="sm" c="dimmed">
              Na kartach nie ma niewykorzystanych punktów ani pieczątek.
            </Text>
          }
        />
      </Stack>
    </AllChartsWanted>
  );
}
