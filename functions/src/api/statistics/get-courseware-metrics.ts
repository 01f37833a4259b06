import { getCoursewareMetrics as readCoursewareMetrics } from '../../data/statistics.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/courseware-metrics` (spec §3 "Courseware metrics", §7 "Get courseware
 * metrics"): counts over the published courseware, at most a minute old.
 */
export const getCoursewareMetrics = defineRoute('getCoursewareMetrics', async () => readCoursewareMetrics());
