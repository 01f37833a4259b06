/**
 * Download statistics (spec §2.13, §3 "Statistic bucket"; ARCHITECTURE.md
 * "Statistics"; decision record 022): which counters one download increments, in
 * which periods. Pure: `data/downloads.ts` writes what these answer.
 *
 * Every download increments, in each time frame (`day` `YYYY-MM-DD`, `week` the ISO
 * week's Monday `YYYY-MM-DD`, `month` `YYYY-MM`, `year` `YYYY`, all UTC), one counter
 * of each metric of {@link DOWNLOAD_METRICS}; and the first download of a user in a
 * period also increments the `users` counter of the user's region (distinct users).
 */

/** The statistic category of downloads (spec §7 "Raw statistics: category contentfiledownload"). */
export const DOWNLOAD_STATISTIC_CATEGORY = 'contentfiledownload';
/**
 * Statistic category of in-browser previews (issue 24 item 1; decision record 058):
 * the same events and counters as downloads, in partitions of their own, so a preview
 * never changes a download figure.
 */
export const PREVIEW_STATISTIC_CATEGORY = 'contentfilepreview';
/** The statistic categories whose events and counters `data/downloads.ts` records. */
export type StatisticCategory = typeof DOWNLOAD_STATISTIC_CATEGORY | typeof PREVIEW_STATISTIC_CATEGORY;

/** Time frames of the counters (spec §9 "Missing periods (day, week, month, year)"). */
export const TIME_FRAMES = ['day', 'week', 'month', 'year'] as const;
export type TimeFrame = (typeof TIME_FRAMES)[number];

/**
 * Metrics every download counts once per time frame. `total`: value `all`;
 * `businessUnit`: the user's business unit id; `businessUnitCategory`: its category
 * (K12, college, university, government); `region`: its region; `content`: the
 * top-most content item's id (not counted for a category bundle, which has none);
 * `file`: the file id. A user without a business unit counts under
 * {@link UNKNOWN_VALUE} in the three business-unit metrics, so each metric's values
 * add up to `total`.
 */
export const DOWNLOAD_METRICS = ['total', 'businessUnit', 'businessUnitCategory', 'region', 'content', 'file'] as const;
export type DownloadMetric = (typeof DOWNLOAD_METRICS)[number];

/** The distinct-users metric: value the user's region, counted once per user and period. */
export const USERS_METRIC = 'users';

/** The value of the `total` metric. */
export const TOTAL_VALUE = 'all';
/** The value (and, capitalised, the label) of a business-unit metric for a user without a business unit. */
export const UNKNOWN_VALUE = 'unknown';
const UNKNOWN_LABEL = 'Unknown';
const TOTAL_LABEL = 'All downloads';

/** Labels of the business unit categories (spec §3 "Chart institution kinds"). */
export const BUSINESS_UNIT_CATEGORY_LABELS: Readonly<Record<string, string>> = {
  K12: 'K12',
  college: 'Community college',
  university: 'University',
  government: 'Government',
};

/** Days a distinct-user marker outlives its period (its TTL is the period's end plus this). */
export const USER_MARKER_GRACE_DAYS = 1;

const DAY_MS = 86_400_000;

/** What the counters of one download read of it. */
export interface DownloadFacts {
  readonly fileId: string;
  readonly fileName: string;
  /**
   * The content item the file was downloaded from (a lab, a lesson, a module…, not only
   * a top-level one: issue 21 item 18); null for a category bundle.
   */
  readonly content: { readonly id: string; readonly name: string } | null;
  /** The user's business unit; null when the user has none. */
  readonly businessUnit: {
    readonly id: string;
    readonly name: string;
    readonly category: string;
    readonly region: string;
  } | null;
}

/** One counter increment: the bucket (metric, value, time frame, period) and its label. */
export interface CounterIncrement {
  readonly metric: DownloadMetric | typeof USERS_METRIC;
  readonly value: string;
  readonly label: string;
  /**
   * `businessUnit` only: the unit's category (K12, college, university, government),
   * or {@link UNKNOWN_VALUE} without a unit, so top units of one category are read
   * from one metric.
   */
  readonly group?: string;
  /**
   * Set on the second increment of a `businessUnit` counter: the copy kept in the
   * partition of its group (data/keys.ts), so a top table of one group reads only it.
   */
  readonly inGroupPartition?: true;
  readonly timeFrame: TimeFrame;
  readonly period: string;
}

/** The distinct-user increment of one time frame, made only when the user's marker of `period` is new. */
export interface DistinctUserIncrement extends CounterIncrement {
  readonly metric: typeof USERS_METRIC;
  /** TTL of the period's marker, epoch seconds: the period's end plus {@link USER_MARKER_GRACE_DAYS}. */
  readonly markerExpiresAt: number;
}

function pad(value: number, digits = 2): string {
  return String(value).padStart(digits, '0');
}

function isoDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The Monday (00:00 UTC) of the ISO week holding `date`. */
function isoWeekMonday(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const daysSinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/**
 * The period of `timestamp` in a time frame, UTC: `day` `YYYY-MM-DD`, `week` the
 * Monday of its ISO week `YYYY-MM-DD` (2026-01-01 → `2025-12-29`), `month`
 * `YYYY-MM`, `year` `YYYY`.
 */
export function periodOf(timestamp: Date, timeFrame: TimeFrame): string {
  switch (timeFrame) {
    case 'day':
      return isoDate(timestamp);
    case 'week':
      return isoDate(isoWeekMonday(timestamp));
    case 'month':
      return `${pad(timestamp.getUTCFullYear(), 4)}-${pad(timestamp.getUTCMonth() + 1)}`;
    case 'year':
      return pad(timestamp.getUTCFullYear(), 4);
  }
}

/** The period of `timestamp` in every time frame. */
export function periodsOf(timestamp: Date): Record<TimeFrame, string> {
  return Object.fromEntries(TIME_FRAMES.map((frame) => [frame, periodOf(timestamp, frame)])) as Record<
    TimeFrame,
    string
  >;
}

/**
 * The first instant after a period (exclusive end, UTC), e.g. `day` `2026-02-28` →
 * 2026-03-01T00:00Z, `week` `2025-12-29` → 2026-01-05T00:00Z.
 * @throws Error for a period that is not of the time frame's shape.
 */
export function periodEnd(timeFrame: TimeFrame, period: string): Date {
  const shapes: Record<TimeFrame, RegExp> = {
    day: /^(\d{4})-(\d{2})-(\d{2})$/,
    week: /^(\d{4})-(\d{2})-(\d{2})$/,
    month: /^(\d{4})-(\d{2})$/,
    year: /^(\d{4})$/,
  };
  const match = shapes[timeFrame].exec(period);
  if (!match) throw new Error(`"${period}" is not a ${timeFrame} period.`);
  const year = Number(match[1]);
  const month = Number(match[2] ?? 1) - 1;
  const day = Number(match[3] ?? 1);
  switch (timeFrame) {
    case 'day':
      return new Date(Date.UTC(year, month, day + 1));
    case 'week':
      return new Date(Date.UTC(year, month, day + 7));
    case 'month':
      return new Date(Date.UTC(year, month + 1, 1));
    case 'year':
      return new Date(Date.UTC(year + 1, 0, 1));
  }
}

/** TTL of a distinct-user marker of a period, epoch seconds: its end plus {@link USER_MARKER_GRACE_DAYS}. */
export function markerExpiresAt(timeFrame: TimeFrame, period: string): number {
  return Math.floor((periodEnd(timeFrame, period).getTime() + USER_MARKER_GRACE_DAYS * DAY_MS) / 1000);
}

/** The value and label of each metric for one download; absent for a metric not counted. */
function bucketsOf(facts: DownloadFacts): { metric: DownloadMetric; value: string; label: string; group?: string }[] {
  const unit = facts.businessUnit;
  const buckets: { metric: DownloadMetric; value: string; label: string; group?: string }[] = [
    { metric: 'total', value: TOTAL_VALUE, label: TOTAL_LABEL },
    {
      metric: 'businessUnit',
      value: unit?.id ?? UNKNOWN_VALUE,
      label: unit?.name ?? UNKNOWN_LABEL,
      group: unit?.category || UNKNOWN_VALUE,
    },
    {
      metric: 'businessUnitCategory',
      value: unit?.category ?? UNKNOWN_VALUE,
      label: unit ? (BUSINESS_UNIT_CATEGORY_LABELS[unit.category] ?? unit.category) : UNKNOWN_LABEL,
    },
    regionBucket(facts),
  ];
  if (facts.content) {
    buckets.push({ metric: 'content', value: facts.content.id, label: facts.content.name });
  }
  buckets.push({ metric: 'file', value: facts.fileId, label: facts.fileName });
  return buckets;
}

function regionBucket(facts: DownloadFacts): { metric: 'region'; value: string; label: string } {
  const region = facts.businessUnit?.region || null;
  return { metric: 'region', value: region ?? UNKNOWN_VALUE, label: region ?? UNKNOWN_LABEL };
}

/**
 * The counters one download increments by one: each metric of
 * {@link DOWNLOAD_METRICS} (`content` only when downloaded from a content item) in each
 * time frame, at the periods of `timestamp`, and the `businessUnit` counter again
 * in its group's partition (`inGroupPartition`). Distinct users are separate
 * ({@link distinctUserIncrements}).
 */
export function counterIncrements(facts: DownloadFacts, timestamp: Date): CounterIncrement[] {
  const periods = periodsOf(timestamp);
  return TIME_FRAMES.flatMap((timeFrame) =>
    bucketsOf(facts).flatMap((bucket) => {
      const increment = { ...bucket, timeFrame, period: periods[timeFrame] };
      return bucket.metric === 'businessUnit'
        ? [increment, { ...increment, inGroupPartition: true as const }]
        : [increment];
    }),
  );
}

/**
 * The `users` counter of each time frame for one download (value: the user's region,
 * or `unknown` without a business unit), to be applied only where the user's marker
 * of that period does not exist yet, with the marker's TTL.
 */
export function distinctUserIncrements(facts: DownloadFacts, timestamp: Date): DistinctUserIncrement[] {
  const periods = periodsOf(timestamp);
  const { value, label } = regionBucket(facts);
  return TIME_FRAMES.map((timeFrame) => ({
    metric: USERS_METRIC,
    value,
    label,
    timeFrame,
    period: periods[timeFrame],
    markerExpiresAt: markerExpiresAt(timeFrame, periods[timeFrame]),
  }));
}
