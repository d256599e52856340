import { BarChart, LineChart } from '@mantine/charts';
import {
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type Analytics, localName } from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/admin-ui';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { scoped } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n-react';
import { useHydrated } from '../../lib/use-hydrated';

const FILTERS = ['from', 'to', 'class_id', 'test_id', 'organization_id'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

function useAnalytics(filters: Filters) {
  const scope = useBackOfficeScope();
  return useQuery({
    queryKey: [...scope.key, 'analytics', filters],
    queryFn: () => scoped(scope).get('/analytics', { query: filters }),
    placeholderData: keepPreviousData,
  });
}

function useAnalyticsOptions(organizationId: string | undefined) {
  const scope = useBackOfficeScope();
  return useQuery({
    queryKey: [...scope.key, 'analytics', 'options', organizationId ?? ''],
    queryFn: () => scoped(scope).get('/analytics/options', { query: { organization_id: organizationId } }),
    staleTime: 60_000,
  });
}

/** "2026-11-03" → "03/11" (vi) or "3 Nov" (en). */
function useDayLabel() {
  const { i18n } = useTranslation('analytics');
  return (day: string) => {
    const [, month, date] = day.split('-');
    if (i18n.language !== 'en') return `${date}/${month}`;
    return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
  };
}

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });

interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One chart with its alternative: a sentence saying what it shows, and the same figures as a table
 * (a switch between the two), so nobody needs to read the drawing.
 */
function ChartCard({
  title,
  summary,
  table,
  testId,
  empty,
  children,
}: {
  title: string;
  summary: string;
  table: ChartTable;
  testId: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('analytics');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const hydrated = useHydrated();
  const headingId = useId();
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid={testId}
      aria-labelledby={headingId}
      component="section"
    >
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h5" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" data-testid={`${testId}-summary`}>
            {summary}
          </Text>
        </div>
        {empty ? null : (
          <SegmentedControl
            style={{ flexShrink: 0 }}
            size="xs"
            aria-label={t('view.label', { title })}
            value={view}
            onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
            data={[
              { value: 'chart', label: t('view.chart') },
              { value: 'table', label: t('view.table') },
            ]}
          />
        )}
      </Group>
      {empty ? (
        <Text c="dimmed" py="lg" ta="center">
          {t('empty')}
        </Text>
      ) : view === 'table' ? (
        <Table.ScrollContainer minWidth={320} maxHeight={320}>
          <Table striped withTableBorder stickyHeader aria-label={title} data-testid={`${testId}-table`}>
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional figures of one answer
                <Table.Tr key={index}>
                  {row.map((cell, cellIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of one row
                    <Table.Td key={cellIndex}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : hydrated ? (
        <div data-testid={`${testId}-chart`} aria-hidden="true">
          {children}
        </div>
      ) : null}
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={800} size="xl">
        {value}
      </Text>
    </Card>
  );
}

const pct = (value: number | null) => (value === null ? '—' : `${value}%`);

function Charts({ data, organizationFiltered }: { data: Analytics; organizationFiltered: boolean }) {
  const { t, i18n } = useTranslation('analytics');
  const day = useDayLabel();
  const busiest = data.attempts_per_day.reduce(
    (best, d) => (d.attempts > (best?.attempts ?? 0) ? d : best),
    undefined as Analytics['attempts_per_day'][number] | undefined,
  );
  const distribution = data.score_distribution;
  const scored = distribution.buckets.reduce((n, b) => n + b.count, 0);
  const topBucket = distribution.buckets.reduce(
    (best, b) => (b.count > (best?.count ?? 0) ? b : best),
    undefined as Analytics['score_distribution']['buckets'][number] | undefined,
  );
  const seriesName = (s: { id: string; name: string }) => (s.id === 'all' ? t('progress.everyone') : s.name);
  const progressRows = data.class_progress.weeks.map((w) => ({ week: day(w.week), ...w.values }));
  const progressed = data.class_progress.weeks.filter((w) => w.values.all !== null);
  const firstWeek = progressed[0];
  const lastWeek = progressed.at(-1);
  const colors = ['teal.6', 'indigo.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6'];
  const weakest = (named: Analytics['weakest_parts'], key: 'parts' | 'types', testId: string) => {
    // Names in the reader's language (English when the exam structure has one).
    const rows = named.map((row) => ({ ...row, name: localName(row, i18n.language) }));
    return (
      <ChartCard
        title={t(`weakest.${key}.title`)}
        summary={
          rows[0] ? t('weakest.summary', { name: rows[0].name, percent: rows[0].percent }) : t('empty')
        }
        testId={testId}
        empty={rows.length === 0}
        table={{
          columns: [
            t(`weakest.${key}.name`),
            t('weakest.correct'),
            t('weakest.answers'),
            t('weakest.percent'),
          ],
          rows: rows.map((r) => [r.name, r.correct, r.total, `${r.percent}%`]),
        }}
      >
        <BarChart
          h={Math.max(160, rows.length * 36)}
          data={rows}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 150 }}
          xAxisProps={{ domain: [0, 100] }}
          valueFormatter={(value) => `${value}%`}
          series={[{ name: 'percent', label: t('weakest.percent'), color: 'orange.6' }]}
        />
      </ChartCard>
    );
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label={t('totals.attempts')} value={data.totals.attempts} testId="total-attempts" />
        <Stat label={t('totals.submitted')} value={data.totals.submitted} testId="total-submitted" />
        <Stat label={t('totals.learners')} value={data.totals.learners} testId="total-learners" />
        <Stat label={t('totals.average')} value={pct(data.totals.average_percent)} testId="total-average" />
      </SimpleGrid>
      <ChartCard
        title={t('perDay.title')}
        summary={
          busiest
            ? t('perDay.summary', {
                total: data.totals.attempts,
                day: day(busiest.date),
                count: busiest.attempts,
              })
            : t('empty')
        }
        testId="chart-attempts"
        empty={!busiest}
        table={{
          columns: [t('perDay.date'), t('perDay.attempts'), t('perDay.submitted')],
          rows: data.attempts_per_day
            .filter((d) => d.attempts > 0)
            .map((d) => [day(d.date), d.attempts, d.submitted]),
        }}
      >
        <BarChart
          h={240}
          data={data.attempts_per_day.map((d) => ({ ...d, date: day(d.date) }))}
          dataKey="date"
          withLegend
          series={[
            { name: 'attempts', label: t('perDay.attempts'), color: 'teal.6' },
            { name: 'submitted', label: t('perDay.submitted'), color: 'indigo.4' },
          ]}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ChartCard
          title={t('distribution.title')}
          summary={
            distribution.test && topBucket
              ? t('distribution.summary', {
                  test: distribution.test.name,
                  count: scored,
                  from: topBucket.from,
                  to: topBucket.to,
                })
              : t('empty')
          }
          testId="chart-distribution"
          empty={scored === 0}
          table={{
            columns: [t('distribution.range'), t('distribution.count')],
            rows: distribution.buckets.map((b) => [`${b.from}–${b.to}%`, b.count]),
          }}
        >
          <BarChart
            h={240}
            data={distribution.buckets.map((b) => ({ range: `${b.from}–${b.to}`, count: b.count }))}
            dataKey="range"
            series={[{ name: 'count', label: t('distribution.count'), color: 'grape.6' }]}
          />
        </ChartCard>
        <ChartCard
          title={t('active.title')}
          summary={t('active.summary', {
            max: Math.max(0, ...data.active_learners.map((w) => w.learners)),
            total: data.totals.learners,
          })}
          testId="chart-active"
          empty={data.totals.learners === 0}
          table={{
            columns: [t('active.week'), t('active.learners')],
            rows: data.active_learners.map((w) => [day(w.week), w.learners]),
          }}
        >
          <BarChart
            h={240}
            data={data.active_learners.map((w) => ({ ...w, week: day(w.week) }))}
            dataKey="week"
            series={[{ name: 'learners', label: t('active.learners'), color: 'cyan.6' }]}
          />
        </ChartCard>
      </SimpleGrid>
      <ChartCard
        title={t('progress.title')}
        summary={
          firstWeek && lastWeek
            ? t('progress.summary', {
                from: pct(firstWeek.values.all ?? null),
                to: pct(lastWeek.values.all ?? null),
                first: day(firstWeek.week),
                last: day(lastWeek.week),
              })
            : t('empty')
        }
        testId="chart-progress"
        empty={progressed.length === 0}
        table={{
          columns: [t('active.week'), ...data.class_progress.series.map(seriesName)],
          rows: data.class_progress.weeks.map((w) => [
            day(w.week),
            ...data.class_progress.series.map((s) => pct(w.values[s.id] ?? null)),
          ]),
        }}
      >
        <LineChart
          h={260}
          data={progressRows}
          dataKey="week"
          withLegend
          connectNulls
          unit="%"
          yAxisProps={{ domain: [0, 100] }}
          series={data.class_progress.series.map((s, i) => ({
            name: s.id,
            label: seriesName(s),
            color: colors[i % colors.length]!,
          }))}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {weakest(data.weakest_parts, 'parts', 'chart-parts')}
        {weakest(data.weakest_question_types, 'types', 'chart-types')}
      </SimpleGrid>
      {data.platform ? (
        <PlatformCharts data={data} platform={data.platform} organizationFiltered={organizationFiltered} />
      ) : null}
    </Stack>
  );
}

/** The platform's own figures (centres, revenue): never narrowed by a centre filter, and labelled so. */
function PlatformCharts({
  data,
  platform,
  organizationFiltered,
}: {
  data: Analytics;
  platform: NonNullable<Analytics['platform']>;
  organizationFiltered: boolean;
}) {
  const { t } = useTranslation('analytics');
  const day = useDayLabel();
  const organizations = platform.organizations;
  return (
    <>
      <div data-testid="platform-section">
        <Title order={2} size="h4">
          {t('platform.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="platform-scope-note">
          {organizationFiltered ? t('platform.notFiltered') : t('platform.lead')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label={t('platform.approved')} value={organizations.approved} testId="org-approved" />
        <Stat label={t('platform.pending')} value={organizations.pending} testId="org-pending" />
        <Stat label={t('platform.suspended')} value={organizations.suspended} testId="org-suspended" />
        <Stat
          label={t('platform.revenue')}
          value={vnd.format(platform.revenue.total_vnd)}
          testId="revenue-total"
        />
      </SimpleGrid>
      <ChartCard
        title={t('platform.revenueTitle')}
        summary={t('platform.revenueSummary', {
          total: vnd.format(platform.revenue.total_vnd),
          orders: platform.revenue.orders,
        })}
        testId="chart-revenue"
        empty={platform.revenue.orders === 0}
        table={{
          columns: [t('perDay.date'), t('platform.orders'), t('platform.amount')],
          rows: platform.revenue.per_day
            .filter((d) => d.orders > 0)
            .map((d) => [day(d.date), d.orders, vnd.format(d.amount_vnd)]),
        }}
      >
        <BarChart
          h={240}
          data={platform.revenue.per_day.map((d) => ({ ...d, date: day(d.date) }))}
          dataKey="date"
          valueFormatter={(value) => vnd.format(value)}
          yAxisProps={{ width: 110 }}
          series={[{ name: 'amount_vnd', label: t('platform.amount'), color: 'green.6' }]}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ChartCard
          title={t('platform.newTitle')}
          summary={t('platform.newSummary', {
            count: organizations.new_per_week.reduce((n, w) => n + w.count, 0),
            from: day(data.from),
            to: day(data.to),
          })}
          testId="chart-organizations"
          empty={false}
          table={{
            columns: [t('active.week'), t('platform.newCount')],
            rows: organizations.new_per_week.map((w) => [day(w.week), w.count]),
          }}
        >
          <BarChart
            h={220}
            data={organizations.new_per_week.map((w) => ({ ...w, week: day(w.week) }))}
            dataKey="week"
            series={[{ name: 'count', label: t('platform.newCount'), color: 'blue.6' }]}
          />
        </ChartCard>
        <ChartCard
          title={t('platform.activeTitle')}
          summary={
            organizations.most_active[0]
              ? t('platform.activeSummary', {
                  name: organizations.most_active[0].name,
                  count: organizations.most_active[0].attempts,
                })
              : t('empty')
          }
          testId="chart-active-organizations"
          empty={organizations.most_active.length === 0}
          table={{
            columns: [t('platform.organization'), t('perDay.attempts')],
            rows: organizations.most_active.map((o) => [o.name, o.attempts]),
          }}
        >
          <BarChart
            h={Math.max(160, organizations.most_active.length * 40)}
            data={organizations.most_active}
            dataKey="name"
            orientation="vertical"
            yAxisProps={{ width: 160 }}
            series={[{ name: 'attempts', label: t('perDay.attempts'), color: 'teal.6' }]}
          />
        </ChartCard>
      </SimpleGrid>
    </>
  );
}

/** /admin/analytics and /organization/analytics: the scope's figures as charts, each with its table. */
export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const scope = useBackOfficeScope();
  const [params, setParams] = useSearchParams();
  const filters: Filters = Object.fromEntries(
    FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name) as string]] : [])),
  );
  const setFilter = (name: keyof Filters, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    // A class belongs to one organization: changing the organization drops the class.
    if (name === 'organization_id') next.delete('class_id');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const isAdmin = scope.area === 'admin';
  const analytics = useAnalytics(filters);
  const options = useAnalyticsOptions(isAdmin ? filters.organization_id : undefined);
  const range = analytics.data;
  const showClasses = !isAdmin || Boolean(filters.organization_id);
  return (
    <>
      <title>{`${t('title')} · Prepwise`}</title>
      <PageHeader title={t('title')} description={t(isAdmin ? 'descriptionAdmin' : 'description')} />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="md" component="form" aria-label={t('filters.label')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label={t('filters.from')}
              value={filters.from ?? range?.from ?? ''}
              onChange={(event) => setFilter('from', event.currentTarget.value || null)}
              style={{ flex: '0 1 10rem' }}
            />
            <TextInput
              type="date"
              label={t('filters.to')}
              value={filters.to ?? range?.to ?? ''}
              onChange={(event) => setFilter('to', event.currentTarget.value || null)}
              style={{ flex: '0 1 10rem' }}
            />
            {isAdmin ? (
              <Select
                label={t('filters.organization')}
                placeholder={t('filters.allOrganizations')}
                data={(options.data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name }))}
                value={filters.organization_id ?? null}
                onChange={(value) => setFilter('organization_id', value)}
                clearable
                searchable
                style={{ flex: '0 1 16rem' }}
              />
            ) : null}
            {showClasses ? (
              <Select
                label={t('filters.class')}
                placeholder={t('filters.allClasses')}
                data={(options.data?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={filters.class_id ?? null}
                onChange={(value) => setFilter('class_id', value)}
                clearable
                searchable
                style={{ flex: '0 1 16rem' }}
              />
            ) : null}
            <Select
              label={t('filters.test')}
              placeholder={t('filters.allTests')}
              data={(options.data?.tests ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={filters.test_id ?? null}
              onChange={(value) => setFilter('test_id', value)}
              clearable
              searchable
              style={{ flex: '0 1 18rem' }}
            />
            {Object.keys(filters).length > 0 ? (
              <Button variant="subtle" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                {t('filters.reset')}
              </Button>
            ) : null}
          </Group>
        </Card>
        <QueryState query={analytics}>
          {(data) => <Charts data={data} organizationFiltered={Boolean(filters.organization_id)} />}
        </QueryState>
      </Stack>
    </>
  );
}
