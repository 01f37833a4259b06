import { queryOptions, useQuery } from '@tanstack/react-query';
import { CoursewareMetrics } from '#shared/contracts/statistics';
import { apiGet } from '../../../lib/api-client.ts';
import { dashboardApiUrl } from './paths.ts';

/** The courseware metrics (`GET /api/v1/courseware-metrics`, spec §3 "Courseware metrics", §7). */
export function getCoursewareMetrics({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet(dashboardApiUrl('getCoursewareMetrics'), CoursewareMetrics, { signal });
}

export function getCoursewareMetricsQueryOptions() {
  return queryOptions({
    queryKey: ['statistics', 'courseware-metrics'],
    queryFn: ({ signal }) => getCoursewareMetrics({ signal }),
  });
}

export function useCoursewareMetrics() {
  return useQuery(getCoursewareMetricsQueryOptions());
}
