import { STATISTICS_ROUTES } from '#shared/routes/statistics';
import { createGroupHandler } from '../../lib/group.ts';
import { getContentUsage } from './get-content-usage.ts';
import { getCoursewareMetrics } from './get-courseware-metrics.ts';
import { listRawStatistics } from './list-raw-statistics.ts';
import { listStatisticBuckets } from './list-statistic-buckets.ts';

/** Lambda entry of the `statistics` client group (spec §2.13, §7 "Statistics"; decision record 022). */
export const handler = createGroupHandler(STATISTICS_ROUTES, {
  listStatisticBuckets,
  listRawStatistics,
  getCoursewareMetrics,
  getContentUsage,
});
