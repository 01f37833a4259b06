import { ContentUsage, ContentUsagePath } from '../contracts/content-usage.ts';
import {
  CoursewareMetrics,
  RawStatisticsPage,
  RawStatisticsPath,
  RawStatisticsQuery,
  StatisticBucketPage,
  StatisticBucketsPath,
  StatisticBucketsQuery,
} from '../contracts/statistics.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The routes of the `statistics` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const STATISTICS_ROUTES = [
  {
    operationId: 'listStatisticBuckets',
    method: 'GET',
    path: '/api/v1/statistics/{category}/buckets/{metric}',
    group: 'statistics',
    access: 'updateContent',
    summary:
      'Counter buckets of one metric between two dates (inclusive, at most 12 months): per period and subject (view chart) or per subject over the range, largest first (view table; the top tables), paged (spec §3 "Statistic bucket", §7 "Category metric buckets"; decision record 023).',
    request: { path: StatisticBucketsPath, query: StatisticBucketsQuery },
    response: StatisticBucketPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'listRawStatistics',
    method: 'GET',
    path: '/api/v1/statistics/{category}/events',
    group: 'statistics',
    access: 'updateContent',
    summary:
      'Raw download events between two dates (inclusive), oldest first, 1,000 a page, for the CSV export (spec §3 "Raw download data point", §7 "Raw statistics"; decision record 023).',
    request: { path: RawStatisticsPath, query: RawStatisticsQuery },
    response: RawStatisticsPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'getCoursewareMetrics',
    method: 'GET',
    path: '/api/v1/courseware-metrics',
    group: 'statistics',
    access: 'updateContent',
    summary:
      'Counts of the published courseware by category, experience and education level, assignments, linkages, quizzes and in total (spec §3 "Courseware metrics", §7 "Get courseware metrics"; decision record 023).',
    request: {},
    response: CoursewareMetrics,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'getContentUsage',
    method: 'GET',
    path: '/api/v1/content-items/{id}/usage',
    group: 'statistics',
    access: 'public',
    summary:
      'How many times a content item was downloaded and by people at how many schools, all time, ROUNDED (0; fewer than 10; else at least the figure rounded down to two significant figures); 404 unless the caller may see the item as its detail (issue 26 item 4; decision record 071).',
    request: { path: ContentUsagePath },
    response: ContentUsage,
    errorStatuses: [404],
    cacheSeconds: 300,
  },
] as const satisfies readonly GroupRouteDefinition<'statistics'>[];
