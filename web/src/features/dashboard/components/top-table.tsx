import { Box, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { StatisticCategory, StatisticGroup, StatisticMetric } from '#shared/contracts/statistics';
import { useStatisticBuckets } from '../api/get-statistic-buckets.ts';
import { DataTable, LoadingLine, NO_DATA } from './chart-panel.tsx';

/**
 * A top table of spec §2.13 (§9 "Top tables": 10 per business-unit category, 5 content);
 * of downloads, or with `category` `contentfilepreview` of previews (issue 24 item 1).
 */
export function TopTable({
  title,
  category = 'contentfiledownload',
  metric,
  group,
  limit,
  range,
  enabled,
}: {
  title: string;
  category?: StatisticCategory;
  metric: StatisticMetric;
  group?: StatisticGroup;
  limit: number;
  range: { from: string; to: string };
  enabled: boolean;
}) {
  const headingId = useId();
  const buckets = useStatisticBuckets(
    { category, metric, group, limit, from: range.from, to: range.to, resolution: 'day', view: 'table' },
    { enabled },
  );
  const items = buckets.data ?? [];
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="md" id={headingId} mb="3">
        {title}
      </Heading>
      {buckets.isLoading ? (
        <LoadingLine label={`Loading ${title}…`} />
      ) : items.length === 0 ? (
        <Text>{NO_DATA}</Text>
      ) : (
        <DataTable
          caption={title}
          captionHidden
          columns={['Name', category === 'contentfilepreview' ? 'Previews' : 'Downloads']}
          rows={items.map((bucket) => [bucket.label, bucket.value])}
        />
      )}
    </Box>
  );
}
