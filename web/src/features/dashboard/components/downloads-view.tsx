import { Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStatisticBuckets } from '../api/get-statistic-buckets.ts';
import { type DateRange, defaultRange } from '../utils/dates.ts';
import { axisTicks } from '../utils/ticks.ts';
import { zeroPad } from '../utils/zero-pad.ts';
import { ChartPanel } from './chart-panel.tsx';
import { DateRangeForm } from './date-range-form.tsx';
import { ExportPanel } from './export-panel.tsx';
import { TopTable } from './top-table.tsx';

type Range = DateRange;

/** Spec §9 "Top tables". */
const TOP_UNITS = 10;
const TOP_CONTENT = 5;

function DownloadCharts({ range }: { range: Range }) {
  const daily = useStatisticBuckets({ metric: 'total', ...range, resolution: 'day', view: 'chart' });
  const regions = useStatisticBuckets({ metric: 'region', ...range, resolution: 'day', view: 'table' });
  const unitCategories = useStatisticBuckets({
    metric: 'businessUnitCategory',
    ...range,
    resolution: 'day',
    view: 'table',
  });
  const users = useStatisticBuckets({ metric: 'users', ...range, resolution: 'month', view: 'chart' });
  // In-browser previews, counted apart from downloads (issue 24 item 1, decision records 058 and 059).
  const previews = useStatisticBuckets({
    category: 'contentfilepreview',
    metric: 'total',
    ...range,
    resolution: 'day',
    view: 'chart',
  });

  const dailySeries = zeroPad(daily.data ?? [], { ...range, resolution: 'day' }).map((one) => ({
    ...one,
    label: 'Downloads',
  }));
  const dailyPeriods = dailySeries[0]?.points.map((point) => point.period) ?? [];
  const usersSeries = zeroPad(users.data ?? [], { ...range, resolution: 'month' });
  const total = daily.data?.reduce((sum, bucket) => sum + bucket.value, 0) ?? null;
  const previewSeries = zeroPad(previews.data ?? [], { ...range, resolution: 'day' }).map((one) => ({
    ...one,
    label: 'Previews',
  }));
  const previewTotal = previews.data?.reduce((sum, bucket) => sum + bucket.value, 0) ?? null;

  return (
    <Stack gap="10">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
        <HStack gap="10" align="flex-start" wrap="wrap">
          <Stack gap="1">
            <Heading as="h3" size="md">
              Total downloaded
            </Heading>
            <Text fontSize="3xl" fontWeight="semibold" aria-live="polite">
              {total === null ? 'Loading…' : total.toLocaleString('en-US')}
            </Text>
          </Stack>
          <Stack gap="1">
            <Heading as="h3" size="md">
              Total previewed
            </Heading>
            <Text fontSize="3xl" fontWeight="semibold" aria-live="polite">
              {previewTotal === null
                ? previews.isError
                  ? 'Not available'
                  : 'Loading…'
                : previewTotal.toLocaleString('en-US')}
            </Text>
          </Stack>
        </HStack>
        <ExportPanel range={range} total={total} disabled={daily.isError} />
      </SimpleGrid>
      <ChartPanel
        title="Daily downloads"
        loading={daily.isPending}
        empty={(daily.data ?? []).length === 0}
        spec={{ kind: 'line', series: dailySeries, tickValues: axisTicks(dailyPeriods) }}
      />
      <ChartPanel
        title="Daily previews"
        loading={previews.isPending}
        empty={(previews.data ?? []).length === 0}
        spec={{ kind: 'line', series: previewSeries, tickValues: axisTicks(dailyPeriods) }}
      />
      <ChartPanel
        title="Downloads per region"
        loading={regions.isPending}
        empty={(regions.data ?? []).length === 0}
        spec={{
          kind: 'bar',
          rows: (regions.data ?? []).map((bucket) => ({ label: bucket.label, value: bucket.value })),
        }}
      />
      <ChartPanel
        title="Downloads per business-unit category"
        loading={unitCategories.isPending}
        empty={(unitCategories.data ?? []).length === 0}
        spec={{
          kind: 'pie',
          rows: (unitCategories.data ?? []).map((bucket) => ({ label: bucket.label, value: bucket.value })),
        }}
      />
      <ChartPanel
        title="Users per region over time"
        loading={users.isPending}
        empty={(users.data ?? []).length === 0}
        spec={{
          kind: 'line',
          series: usersSeries,
          tickValues: usersSeries[0]?.points.map((point) => point.period) ?? [],
        }}
      />
      <Stack gap="6">
        <Heading as="h3" size="md">
          Top downloaders and content
        </Heading>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          <TopTable title="Top K12 schools" metric="businessUnit" group="K12" limit={TOP_UNITS} range={range} enabled />
          <TopTable
            title="Top colleges"
            metric="businessUnit"
            group="college"
            limit={TOP_UNITS}
            range={range}
            enabled
          />
          <TopTable
            title="Top universities"
            metric="businessUnit"
            group="university"
            limit={TOP_UNITS}
            range={range}
            enabled
          />
          <TopTable
            title="Top governments"
            metric="businessUnit"
            group="government"
            limit={TOP_UNITS}
            range={range}
            enabled
          />
          <TopTable title="Top content" metric="content" limit={TOP_CONTENT} range={range} enabled />
          <TopTable
            title="Top previewed content"
            category="contentfilepreview"
            metric="content"
            limit={TOP_CONTENT}
            range={range}
            enabled
          />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

/**
 * Dashboard view 1 (spec §2.13 "Downloads view"): the date range (default 182 days
 * before today to tomorrow, at most 12 months), Refresh, the total, the CSV export,
 * the download charts and the top tables; beside the downloads, the in-browser
 * previews counted apart (their total, daily chart and top content; issue 24 item 1). The charts follow the range on Refresh.
 */
export function DownloadsView({ now }: { now?: Date }) {
  const queryClient = useQueryClient();
  const [initial] = useState(() => defaultRange(now));
  const [applied, setApplied] = useState<Range>(initial);

  const refresh = (range: Range) => {
    if (range.from === applied.from && range.to === applied.to) {
      void queryClient.invalidateQueries({ queryKey: ['statistics', 'buckets'] });
    } else setApplied(range);
  };

  return (
    <Stack gap="8">
      <Heading as="h2" size="lg">
        File downloads
      </Heading>
      <DateRangeForm defaultValues={initial} onRefresh={refresh} />
      <DownloadCharts key={`${applied.from}..${applied.to}`} range={applied} />
    </Stack>
  );
}
