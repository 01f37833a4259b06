import { listRawEvents } from '../../data/statistics.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/statistics/{category}/events` (spec §3 "Raw download data point", §7
 * "Raw statistics"): the raw events between two inclusive dates, oldest first, up to
 * 1,000 a page, for the dashboard's CSV export.
 */
export const listRawStatistics = defineRoute('listRawStatistics', async ({ path, query }) =>
  listRawEvents({ ...path, ...query }),
);
