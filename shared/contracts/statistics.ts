import * as z from 'zod';
import { CONTENT_CATEGORIES, EDUCATION_LEVELS, EXPERIENCE_LEVELS } from '../enums.ts';
import { IsoDate, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';

/**
 * The dashboard's statistics (spec §2.13, §3 "Courseware metrics", "Statistic
 * bucket", "Raw download data point", §5 "Dashboard dates", §7 "Statistics", §9;
 * decision records 022 and 023). Read by the statistics API and the dashboard SPA.
 */

/**
 * Statistic categories (spec §7: "Raw statistics: category contentfiledownload"), and
 * the in-browser previews counted apart from downloads (`contentfilepreview`, issue 24
 * item 1, decision records 058 and 059), read by the dashboard beside the downloads.
 */
export const STATISTIC_CATEGORIES = ['contentfiledownload', 'contentfilepreview'] as const;
export type StatisticCategory = (typeof STATISTIC_CATEGORIES)[number];

/**
 * Metrics of the download counters (decision record 022): all downloads, per
 * business unit (school), per business-unit category, per region, per top-most
 * content item, per file, and distinct users per region.
 */
export const STATISTIC_METRICS = [
  'total',
  'businessUnit',
  'businessUnitCategory',
  'region',
  'content',
  'file',
  'users',
] as const;
export type StatisticMetric = (typeof STATISTIC_METRICS)[number];

/** Time frames of the counters, the `resolution` of a query (spec §9 "zero-padded: day, week, month, year"). */
export const STATISTIC_RESOLUTIONS = ['day', 'week', 'month', 'year'] as const;
export type StatisticResolution = (typeof STATISTIC_RESOLUTIONS)[number];

/**
 * `chart`: one bucket per period and subject, periods ascending (a time series; the
 * SPA zero-pads missing periods). `table`: one bucket per subject with its total over
 * the whole range, largest first (the top tables).
 */
export const STATISTIC_VIEWS = ['chart', 'table'] as const;
export type StatisticView = (typeof STATISTIC_VIEWS)[number];

/** Business-unit categories a `businessUnit` query may be narrowed to (the top tables of spec §2.13). */
export const STATISTIC_GROUPS = ['K12', 'college', 'university', 'government', 'unknown'] as const;
export type StatisticGroup = (typeof STATISTIC_GROUPS)[number];

/** Spec §5 "Dashboard dates": the three messages. */
export const DASHBOARD_DATE_MESSAGES = {
  fromAfterTo: 'Error: From date may not be after to date.',
  toBeforeFrom: 'Error: To date may not be before from date.',
  rangeTooLong: 'Filter range may not exceed 12 months.',
} as const;

/** Spec §9: the dashboard range is at most 12 months. */
export const DASHBOARD_RANGE_MAX_MONTHS = 12;

/** Spec §9: rows per page of the CSV export (and the raw statistics `limit`). */
export const EXPORT_PAGE_SIZE = 1000;

/** The last day a range starting on `from` (YYYY-MM-DD) may end on: 12 calendar months later (clamped to month end). */
export function lastDayOfRange(from: string): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + DASHBOARD_RANGE_MAX_MONTHS, 1));
  const daysInTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, daysInTarget));
  return target.toISOString().slice(0, 10);
}

/**
 * Why a dashboard range is invalid (spec §5), or null: `from` after `to` (reported at
 * `from`), or `to` more than 12 months after `from` (reported at `to`). Both dates are
 * inclusive `YYYY-MM-DD` (UTC).
 */
export function dashboardRangeIssue(from: string, to: string): { path: 'from' | 'to'; message: string } | null {
  if (from > to) return { path: 'from', message: DASHBOARD_DATE_MESSAGES.fromAfterTo };
  if (to > lastDayOfRange(from)) return { path: 'to', message: DASHBOARD_DATE_MESSAGES.rangeTooLong };
  return null;
}

/** Adds the spec §5 range rules to a query schema with `from` and `to`. */
function withRange<T extends z.ZodObject<{ from: typeof IsoDate; to: typeof IsoDate }>>(schema: T): T {
  return schema.superRefine((query, context) => {
    const issue = dashboardRangeIssue(query.from, query.to);
    if (issue) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }) as T;
}

/** Path of the bucket route: the category and the metric. */
export const StatisticBucketsPath = z.object({
  category: z.enum(STATISTIC_CATEGORIES),
  metric: z.enum(STATISTIC_METRICS),
});

/**
 * Query of the bucket route (spec §7 "Category metric buckets: … filter (from, to,
 * resolution, view, limit, token)"). `from` and `to` are inclusive UTC dates.
 */
export const StatisticBucketsQuery = withRange(
  z.object({
    from: IsoDate,
    to: IsoDate,
    resolution: z.enum(STATISTIC_RESOLUTIONS).default('day'),
    view: z.enum(STATISTIC_VIEWS).default('chart'),
    /** Only for `businessUnit`: units of one category (top K12 schools, colleges, …). */
    group: z.enum(STATISTIC_GROUPS).optional(),
    limit: limitParam(EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE),
    pageToken: PageToken.optional(),
  }),
);
export type StatisticBucketsQuery = z.infer<typeof StatisticBucketsQuery>;

/**
 * A statistic bucket (spec §3): `id` is `<category>#<metric>#<subject>#<timeFrame>#<period>`
 * (the fourth part is the time frame; in the `table` view the period part is the
 * range `<from>..<to>`), `label` what people read, `value` the count. `period` is the
 * bucket's period (`YYYY-MM-DD` for day and week — the ISO week's Monday —, `YYYY-MM`,
 * `YYYY`), null in the `table` view; `subject` the counted value (a unit id, a region…).
 */
export const StatisticBucket = z
  .object({
    id: z.string(),
    label: z.string(),
    value: z.number().int().min(0),
    period: z.string().nullable(),
    subject: z.string(),
  })
  .meta({ id: 'StatisticBucket' });
export type StatisticBucket = z.infer<typeof StatisticBucket>;

/** A page of buckets (spec §3 "The response has items and nextPageToken"). */
export const StatisticBucketPage = pageOf(StatisticBucket).meta({ id: 'StatisticBucketPage' });
export type StatisticBucketPage = z.infer<typeof StatisticBucketPage>;

/** Path of the raw statistics route: the category. */
export const RawStatisticsPath = z.object({ category: z.enum(STATISTIC_CATEGORIES) });

/** Query of the raw statistics route (spec §7 "Raw statistics: … from, to, limit 1000, token. Paged."). */
export const RawStatisticsQuery = withRange(
  z.object({
    from: IsoDate,
    to: IsoDate,
    limit: limitParam(EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE),
    pageToken: PageToken.optional(),
  }),
);
export type RawStatisticsQuery = z.infer<typeof RawStatisticsQuery>;

/** A business unit as a download event records it. */
const EventBusinessUnit = z.object({ name: z.string(), category: z.string(), region: z.string() });

/** Spec §3 "Raw download data point". */
export const RawDownloadDataPoint = z
  .object({
    id: z.string(),
    timestamp: IsoDateTime,
    metadata: z.object({
      userName: z.string(),
      userEmail: z.string().nullable(),
      fileName: z.string(),
      fileId: z.string(),
      downloadedFrom: z.object({ contentName: z.string(), tags: z.array(z.string()) }),
      topMostContent: z.object({ contentName: z.string() }).nullable(),
      businessUnits: z.record(z.string(), EventBusinessUnit),
    }),
  })
  .meta({ id: 'RawDownloadDataPoint' });
export type RawDownloadDataPoint = z.infer<typeof RawDownloadDataPoint>;

/** A page of raw events, oldest first. */
export const RawStatisticsPage = pageOf(RawDownloadDataPoint).meta({ id: 'RawStatisticsPage' });
export type RawStatisticsPage = z.infer<typeof RawStatisticsPage>;

/** Counts keyed by each value of an enumeration. */
function countsOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.object(
    Object.fromEntries(values.map((value) => [value, z.number().int().min(0)])) as {
      [K in T[number]]: z.ZodNumber;
    },
  );
}

/**
 * Spec §3 "Courseware metrics" (decision record 023 says what each count counts):
 * over the published courseware.
 */
export const CoursewareMetrics = z
  .object({
    assignmentCount: z.number().int().min(0),
    linkagesCount: z.number().int().min(0),
    quizCount: z.number().int().min(0),
    totalCourseware: z.number().int().min(0),
    categoryCounts: countsOf(CONTENT_CATEGORIES),
    experienceLevelCounts: countsOf(EXPERIENCE_LEVELS),
    educationLevelCounts: countsOf(EDUCATION_LEVELS),
  })
  .meta({ id: 'CoursewareMetrics' });
export type CoursewareMetrics = z.infer<typeof CoursewareMetrics>;
