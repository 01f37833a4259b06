import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type StatisticBucket,
  StatisticBucketPage,
  type StatisticCategory,
  type StatisticGroup,
  type StatisticMetric,
  type StatisticResolution,
  type StatisticView,
} from '#shared/contracts/statistics';
import { apiGet } from '../../../lib/api-client.ts';
import { dashboardApiUrl } from './paths.ts';

export interface BucketsRequest {
  /** Downloads (the default) or in-browser previews (issue 24 item 1, decision record 059). */
  readonly category?: StatisticCategory;
  readonly metric: StatisticMetric;
  readonly from: string;
  readonly to: string;
  readonly resolution: StatisticResolution;
  readonly view: StatisticView;
  readonly group?: StatisticGroup;
  /** With a limit, only the first page (the top tables); without, every page. */
  readonly limit?: number;
}

/**
 * Counter buckets of downloads or previews (`GET /api/v1/statistics/{category}/buckets/{metric}`,
 * spec §7 "Category metric buckets"; `contentfilepreview` issue 24 item 1): a top
 * table's single page of `limit` buckets, or every page of a chart.
 */
export async function getStatisticBuckets(
  request: BucketsRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StatisticBucket[]> {
  const { category = 'contentfiledownload', metric, from, to, resolution, view, group, limit } = request;
  const items: StatisticBucket[] = [];
  let pageToken: string | undefined;
  do {
    const page = await apiGet(
      dashboardApiUrl(
        'listStatisticBuckets',
        { category, metric },
        { from, to, resolution, view, group, limit, pageToken },
      ),
      StatisticBucketPage,
      { signal },
    );
    items.push(...page.items);
    pageToken = limit === undefined ? (page.nextPageToken ?? undefined) : undefined;
  } while (pageToken);
  return items;
}

export function getStatisticBucketsQueryOptions(request: BucketsRequest) {
  return queryOptions({
    queryKey: ['statistics', 'buckets', request],
    queryFn: ({ signal }) => getStatisticBuckets(request, { signal }),
  });
}

/** Buckets of one dashboard part; nothing is fetched while `enabled` is false (an invalid range). */
export function useStatisticBuckets(request: BucketsRequest, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getStatisticBucketsQueryOptions(request), enabled });
}
