import { listChartBuckets, listTableBuckets } from '../../data/statistics.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/statistics/{category}/buckets/{metric}` (spec §3 "Statistic bucket",
 * §7 "Category metric buckets"; decision record 022): the counters of one metric
 * between two inclusive dates, per period and subject (`view=chart`) or per subject
 * over the whole range, largest first (`view=table`, the top tables), paged.
 */
export const listStatisticBuckets = defineRoute('listStatisticBuckets', async ({ path, query }) => {
  const read = { ...path, ...query };
  return query.view === 'table' ? listTableBuckets(read) : listChartBuckets(read);
});
