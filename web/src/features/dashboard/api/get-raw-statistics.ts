import { EXPORT_PAGE_SIZE, RawStatisticsPage } from '#shared/contracts/statistics';
import { apiGet } from '../../../lib/api-client.ts';
import { dashboardApiUrl } from './paths.ts';

/**
 * One page of raw download events, oldest first, 1,000 a page
 * (`GET /api/v1/statistics/contentfiledownload/events`, spec §7 "Raw statistics", §9
 * "Export page size").
 */
export function getRawStatisticsPage(
  { from, to, pageToken }: { from: string; to: string; pageToken?: string },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(
    dashboardApiUrl(
      'listRawStatistics',
      { category: 'contentfiledownload' },
      { from, to, limit: EXPORT_PAGE_SIZE, pageToken },
    ),
    RawStatisticsPage,
    { signal },
  );
}
