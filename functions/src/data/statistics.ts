import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type {
  CoursewareMetrics,
  RawDownloadDataPoint,
  StatisticBucket,
  StatisticCategory,
  StatisticGroup,
  StatisticMetric,
  StatisticResolution,
} from '#shared/contracts/statistics';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { resolveMerged } from '../domain/business-units.ts';
import { addToCoursewareMetrics, emptyCoursewareMetrics } from '../domain/courseware-metrics.ts';
import { periodOf, type TimeFrame } from '../domain/download-statistics.ts';
import { ValidationError } from '../lib/errors.ts';
import { decodePageToken, encodePageToken } from '../lib/page-token.ts';
import { getBusinessUnitsByIds, getMergeMap } from './business-units.ts';
import { listContentByStatus } from './content.ts';
import type { DownloadEventItem, StatisticCounterItem } from './downloads.ts';
import { type Page, queryPage, tableName } from './dynamo.ts';
import { statisticBucketId, statisticCounterPartition, statisticEventsPartition } from './keys.ts';

/**
 * Reads of the dashboard (spec §2.13, §3 "Statistic bucket", "Raw download data
 * point", "Courseware metrics", §7 "Statistics"; decision record 022; keys.ts rows
 * "counters of one metric and time frame" and "raw download events of one month").
 * Every read is a Query of known partitions (no Scan): the cost of a dashboard query
 * follows the number of periods and subjects in the range, never the number of
 * download events behind them. Dates are inclusive `YYYY-MM-DD`, UTC.
 */

/** The last sort-key character: `<period>#\uffff` sorts after every `<period>#<subject>`. */
const SK_END = '#\uffff';

/** Message of the 400 for `group` on a metric other than `businessUnit`. */
export const GROUP_ONLY_FOR_BUSINESS_UNITS_MESSAGE = 'Only the businessUnit metric can be narrowed to a group.';

/** What a bucket read asks for (the validated query of `listStatisticBuckets`). */
export interface BucketQuery {
  readonly category: StatisticCategory;
  readonly metric: StatisticMetric;
  /** Inclusive first day, `YYYY-MM-DD`. */
  readonly from: string;
  /** Inclusive last day, `YYYY-MM-DD`. */
  readonly to: string;
  readonly resolution: StatisticResolution;
  /** `businessUnit` only: units of this category. */
  readonly group?: StatisticGroup | undefined;
  /** Buckets wanted on this page (1…). */
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/** The instant 00:00 UTC of a `YYYY-MM-DD` day. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * The partition group of a read: `group` narrows `businessUnit` to the copies of its
 * group's counters (data/keys.ts).
 * @throws ValidationError (400) for `group` on a metric other than `businessUnit`.
 */
function partitionGroup(query: BucketQuery): StatisticGroup | undefined {
  if (query.group === undefined) return undefined;
  if (query.metric !== 'businessUnit') {
    throw new ValidationError([{ path: 'query.group', message: GROUP_ONLY_FOR_BUSINESS_UNITS_MESSAGE }]);
  }
  return query.group;
}

/**
 * Chart view: the counters of one metric at the query's resolution whose period
 * overlaps [from, to] (a week, month or year that starts before `from` or ends after
 * `to` is included whole), in period then subject order, `limit` a page. One Query of
 * partition `STAT#<category>#<metric>#<resolution>` (with `group`, that group's
 * partition `…#<group>`), sk BETWEEN `<period of from>` and `<period of to>#\uffff`;
 * the page token is DynamoDB's key (lib/page-token.ts). Once business units were
 * merged, the `businessUnit` metric is read whole and attributed through the merge
 * map ({@link listMergedChartBuckets}; decision record 030).
 * @throws ValidationError (400) for a token of another read, or `group` on a metric
 *   other than `businessUnit`.
 */
export async function listChartBuckets(query: BucketQuery): Promise<Page<StatisticBucket>> {
  const group = partitionGroup(query);
  if (query.metric === 'businessUnit') {
    const merges = await getMergeMap();
    if (merges.size > 0) return listMergedChartBuckets(query, group, merges);
  }
  const page = await queryPage<StatisticCounterItem>({
    index: 'table',
    partitions: [statisticCounterPartition(query.category, query.metric, query.resolution, group)],
    sortKey: {
      expression: '#sk BETWEEN :first AND :last',
      names: { '#sk': TABLE.sortKey },
      values: {
        ':first': periodOf(dayStart(query.from), query.resolution),
        ':last': `${periodOf(dayStart(query.to), query.resolution)}${SK_END}`,
      },
    },
    limit: query.limit,
    pageToken: query.pageToken,
  });
  return {
    items: page.items.map((item) => ({
      id: item.id,
      label: item.label,
      value: Number(item.value),
      period: item.period,
      subject: item.subject,
    })),
    nextPageToken: page.nextPageToken,
  };
}

/** A run of whole periods of one time frame, `first`…`last` inclusive (periods of that frame). */
export interface PeriodRun {
  readonly timeFrame: TimeFrame;
  readonly first: string;
  readonly last: string;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * Splits the inclusive range [from, to] (`YYYY-MM-DD`) into the fewest counters that
 * cover it: whole years, whole months, whole ISO weeks (Monday to Sunday, periods
 * named by their Monday) and the remaining days, as chronological runs of
 * consecutive periods of one time frame, e.g. 2026-05-23…2026-11-22 → days
 * 2026-05-23…24, week 2026-05-25, months 2026-06…10, day 2026-11-01, weeks
 * 2026-11-02…16. A week is read only where it does not take the first days of a
 * month that is read whole. Summing the counters of the runs counts every day of the
 * range exactly once; at most 6 days are read on each side of each ragged month
 * (≤ 24 day counters per subject, however long the range), so the cost of a table
 * read follows the subjects, not the downloads. An empty list when `from` is after `to`.
 */
export function splitRange(from: string, to: string): PeriodRun[] {
  const runs: { timeFrame: TimeFrame; first: string; last: string }[] = [];
  const end = dayStart(to).getTime();
  let cursor = dayStart(from);
  const push = (timeFrame: TimeFrame, period: string) => {
    const previous = runs.at(-1);
    if (previous?.timeFrame === timeFrame) previous.last = period;
    else runs.push({ timeFrame, first: period, last: period });
  };
  while (cursor.getTime() <= end) {
    const year = cursor.getUTCFullYear();
    const month = cursor.getUTCMonth();
    const day = cursor.getUTCDate();
    const yearEnd = Date.UTC(year, 11, 31);
    const monthEnd = Date.UTC(year, month + 1, 0);
    const weekEnd = Date.UTC(year, month, day + 6);
    // A week reaching into the next month must not take the start of a month read whole.
    const weekSpoilsNextMonth = weekEnd > monthEnd && Date.UTC(year, month + 2, 0) <= end;
    if (month === 0 && day === 1 && yearEnd <= end) {
      push('year', periodOf(cursor, 'year'));
      cursor = new Date(Date.UTC(year + 1, 0, 1));
    } else if (day === 1 && monthEnd <= end) {
      push('month', periodOf(cursor, 'month'));
      cursor = new Date(Date.UTC(year, month + 1, 1));
    } else if (cursor.getUTCDay() === 1 && weekEnd <= end && !weekSpoilsNextMonth) {
      push('week', periodOf(cursor, 'week'));
      cursor = new Date(weekEnd + DAY_MS);
    } else {
      push('day', isoDay(cursor));
      cursor = new Date(Date.UTC(year, month, day + 1));
    }
  }
  return runs;
}

/** Every counter of one metric in one run (all pages), in period then subject order. */
async function countersOfRun(
  query: BucketQuery,
  run: PeriodRun,
  group: StatisticGroup | undefined,
): Promise<StatisticCounterItem[]> {
  const items: StatisticCounterItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :first AND :last',
        ProjectionExpression: '#subject, #label, #value, #period',
        ExpressionAttributeNames: {
          '#pk': TABLE.partitionKey,
          '#sk': TABLE.sortKey,
          '#subject': 'subject',
          '#label': 'label',
          '#value': 'value',
          '#period': 'period',
        },
        ExpressionAttributeValues: {
          ':pk': statisticCounterPartition(query.category, query.metric, run.timeFrame, group),
          ':first': run.first,
          ':last': `${run.last}${SK_END}`,
        },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((output.Items ?? []) as StatisticCounterItem[]));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** What a table-view token must name: this exact read (so it cannot resume another). */
function tableReadOf(query: BucketQuery): string {
  return ['table', query.category, query.metric, query.from, query.to, query.group ?? '*'].join('#');
}

const TABLE_TOKEN = { keyAttributes: ['read', 'offset'], partitionKey: 'read' } as const;

function invalidToken(): ValidationError {
  return new ValidationError([{ path: 'query.pageToken', message: 'Invalid page token.' }]);
}

/**
 * Table view (the top tables of spec §2.13): one bucket per subject with its total
 * over [from, to], largest first (ties by label, then subject), `limit` a page. The
 * range is read as whole years, months, ISO weeks and the remaining days
 * ({@link splitRange}): per subject at most a year, 12 month, about 10 week and 24
 * day counters, however many downloads they count. The sums are made in
 * memory; the page token is an offset bound to this read (category, metric, dates,
 * group). The bucket id is `<category>#<metric>#<subject>#<resolution>#<from>..<to>`,
 * `period` null, the label that of the subject's latest counter. The `users` metric
 * sums distinct users per period read, so a user active in two of those periods
 * counts twice. `businessUnit` counters of a merged unit count for the unit kept
 * (merge map, chains resolved; labelled with its current name; decision record 030).
 * @throws ValidationError (400) for a token of another read, or `group` on a metric
 *   other than `businessUnit`.
 */
export async function listTableBuckets(query: BucketQuery): Promise<Page<StatisticBucket>> {
  const group = partitionGroup(query);
  const read = tableReadOf(query);
  const token = decodePageToken(query.pageToken, { ...TABLE_TOKEN, partitions: [read] });
  let offset = 0;
  if (token) {
    if (!/^[1-9]\d{0,8}$/.test(token.offset ?? '')) throw invalidToken();
    offset = Number(token.offset);
  }
  const totals = new Map<string, { label: string; value: number }>();
  const runs = splitRange(query.from, query.to);
  const [counters, merges] = await Promise.all([
    Promise.all(runs.map((run) => countersOfRun(query, run, group))),
    query.metric === 'businessUnit' ? getMergeMap() : Promise.resolve(new Map<string, string>()),
  ]);
  // Runs and their counters are chronological, so the last label seen is the latest.
  for (const counter of counters.flat()) {
    const item = { ...counter, subject: resolveMerged(merges, counter.subject) };
    const total = totals.get(item.subject);
    if (total) {
      total.value += Number(item.value);
      total.label = item.label;
    } else totals.set(item.subject, { label: item.label, value: Number(item.value) });
  }
  await labelKeptUnits(totals, merges);
  const ranked = [...totals.entries()]
    .map(([subject, total]) => ({ subject, ...total }))
    .sort(
      (a, b) =>
        b.value - a.value ||
        (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) ||
        (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0),
    );
  const range = `${query.from}..${query.to}`;
  const items = ranked.slice(offset, offset + query.limit).map((bucket) => ({
    id: statisticBucketId(query.category, query.metric, query.resolution, range, bucket.subject),
    label: bucket.label,
    value: bucket.value,
    period: null,
    subject: bucket.subject,
  }));
  const next = offset + query.limit;
  return {
    items,
    nextPageToken: next < ranked.length ? encodePageToken({ read, offset: String(next) }) : null,
  };
}

/** The months `YYYY-MM` from the month of `from` to the month of `to`, inclusive. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  const last = to.slice(0, 7);
  const cursor = dayStart(`${from.slice(0, 7)}-01`);
  while (periodOf(cursor, 'month') <= last) {
    months.push(periodOf(cursor, 'month'));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return months;
}

/** What a raw-event read asks for (the validated query of `listRawStatistics`). */
export interface RawEventQuery {
  readonly category: StatisticCategory;
  /** Inclusive first day, `YYYY-MM-DD`. */
  readonly from: string;
  /** Inclusive last day, `YYYY-MM-DD`. */
  readonly to: string;
  /** Events wanted on this page (1…1000). */
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/** The spec §3 "Raw download data point" of a stored event: exactly its fields, nothing of storage. */
export function toRawDownloadDataPoint(item: DownloadEventItem): RawDownloadDataPoint {
  const { metadata } = item;
  return {
    id: item.id,
    timestamp: item.timestamp,
    metadata: {
      userName: metadata.userName,
      userEmail: metadata.userEmail ?? null,
      fileName: metadata.fileName,
      fileId: metadata.fileId,
      downloadedFrom: {
        contentName: metadata.downloadedFrom.contentName,
        tags: [...metadata.downloadedFrom.tags],
      },
      topMostContent: metadata.topMostContent ? { contentName: metadata.topMostContent.contentName } : null,
      businessUnits: Object.fromEntries(
        Object.entries(metadata.businessUnits ?? {}).map(([id, unit]) => [
          id,
          { name: unit.name, category: unit.category, region: unit.region },
        ]),
      ),
    },
  };
}

/**
 * The raw events of [from, to], oldest first (ties by id), `limit` a page: the month
 * partitions `STAT_EVENTS#<category>#<YYYY-MM>` from the month of `from` to that of
 * `to`, each Queried with sk BETWEEN `<from>T00:00:00.000Z` and
 * `<to>T23:59:59.999Z#\uffff`. The page token names the month partition and the key
 * to resume after (lib/page-token.ts), so it only resumes a read of the same months.
 * An event of a merged business unit is shown under the unit kept
 * ({@link attributeMergedUnits}; one Query of the merge map per page).
 * @throws ValidationError (400) for a token of another read.
 */
export async function listRawEvents(query: RawEventQuery): Promise<Page<RawDownloadDataPoint>> {
  const page = await queryPage<DownloadEventItem>({
    index: 'table',
    partitions: monthsOf(query.from, query.to).map((month) => statisticEventsPartition(query.category, month)),
    sortKey: {
      expression: '#sk BETWEEN :first AND :last',
      names: { '#sk': TABLE.sortKey },
      values: { ':first': `${query.from}T00:00:00.000Z`, ':last': `${query.to}T23:59:59.999Z${SK_END}` },
    },
    limit: query.limit,
    pageToken: query.pageToken,
  });
  const merges = await getMergeMap();
  const items = page.items.map(toRawDownloadDataPoint);
  return {
    items: merges.size > 0 ? await attributeMergedUnits(items, merges) : items,
    nextPageToken: page.nextPageToken,
  };
}

/**
 * Raw events with every business unit that was merged shown as the unit it was
 * merged into (chains resolved): its id, and its name, category and region as stored
 * now (one BatchGetItem of the units kept; decision record 030). The stored events
 * are never rewritten. A kept unit that vanished leaves the event as recorded.
 */
async function attributeMergedUnits(
  items: RawDownloadDataPoint[],
  merges: ReadonlyMap<string, string>,
): Promise<RawDownloadDataPoint[]> {
  const keptIds = new Set<string>();
  for (const item of items) {
    for (const id of Object.keys(item.metadata.businessUnits)) {
      const kept = resolveMerged(merges, id);
      if (kept !== id) keptIds.add(kept);
    }
  }
  if (keptIds.size === 0) return items;
  const kept = new Map((await getBusinessUnitsByIds([...keptIds])).map((unit) => [unit.id, unit]));
  return items.map((item) => {
    const units = Object.entries(item.metadata.businessUnits).map(([id, recorded]) => {
      const unit = kept.get(resolveMerged(merges, id));
      return unit ? [unit.id, { name: unit.name, category: unit.category, region: unit.region }] : [id, recorded];
    });
    return { ...item, metadata: { ...item.metadata, businessUnits: Object.fromEntries(units) } };
  });
}

/**
 * Gives every subject that is a unit kept by a merge the unit's current name as its
 * label (the merged units' counters carry their own names). One BatchGetItem.
 */
async function labelKeptUnits(
  totals: Map<string, { label: string; value: number }>,
  merges: ReadonlyMap<string, string>,
): Promise<void> {
  if (merges.size === 0) return;
  const keptIds = new Set([...merges.keys()].map((id) => resolveMerged(merges, id)));
  const present = [...totals.keys()].filter((subject) => keptIds.has(subject));
  if (present.length === 0) return;
  for (const unit of await getBusinessUnitsByIds(present)) {
    const total = totals.get(unit.id);
    if (total) total.label = unit.name;
  }
}

/**
 * Chart view of the `businessUnit` metric once units were merged: every counter of
 * the range is read (all pages of the one partition), the merged units' counters
 * are summed into the kept unit's per period (chains resolved), then paged by an
 * offset token bound to this read. Bucket ids are those of the kept unit's counters.
 */
async function listMergedChartBuckets(
  query: BucketQuery,
  group: StatisticGroup | undefined,
  merges: ReadonlyMap<string, string>,
): Promise<Page<StatisticBucket>> {
  const read = ['chart', query.category, query.metric, query.resolution, query.from, query.to, query.group ?? '*'].join(
    '#',
  );
  const token = decodePageToken(query.pageToken, { ...TABLE_TOKEN, partitions: [read] });
  let offset = 0;
  if (token) {
    if (!/^[1-9]\d{0,8}$/.test(token.offset ?? '')) throw invalidToken();
    offset = Number(token.offset);
  }
  const run: PeriodRun = {
    timeFrame: query.resolution,
    first: periodOf(dayStart(query.from), query.resolution),
    last: periodOf(dayStart(query.to), query.resolution),
  };
  const buckets = new Map<string, { period: string; subject: string; label: string; value: number }>();
  for (const counter of await countersOfRun(query, run, group)) {
    const subject = resolveMerged(merges, counter.subject);
    const key = `${counter.period}#${subject}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.value += Number(counter.value);
    else buckets.set(key, { period: counter.period, subject, label: counter.label, value: Number(counter.value) });
  }
  const keptIds = new Set([...merges.keys()].map((id) => resolveMerged(merges, id)));
  const labels = new Map(
    (
      await getBusinessUnitsByIds(
        [...new Set([...buckets.values()].map((b) => b.subject))].filter((id) => keptIds.has(id)),
      )
    ).map((unit) => [unit.id, unit.name]),
  );
  const ordered = [...buckets.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, bucket]) => bucket);
  const items = ordered.slice(offset, offset + query.limit).map((bucket) => ({
    id: statisticBucketId(query.category, query.metric, query.resolution, bucket.period, bucket.subject),
    label: labels.get(bucket.subject) ?? bucket.label,
    value: bucket.value,
    period: bucket.period,
    subject: bucket.subject,
  }));
  const next = offset + query.limit;
  return {
    items,
    nextPageToken: next < ordered.length ? encodePageToken({ read, offset: String(next) }) : null,
  };
}

/** Published content read per Query by {@link getCoursewareMetrics} (spec §9 "Admin list fetch: 300 per page"). */
export const COURSEWARE_METRICS_PAGE = 300;
/** How long the container keeps computed courseware metrics (ms). */
export const COURSEWARE_METRICS_CACHE_MS = 60_000;

let cachedMetrics: { at: number; metrics: Promise<CoursewareMetrics> } | null = null;

async function computeCoursewareMetrics(): Promise<CoursewareMetrics> {
  const metrics = emptyCoursewareMetrics();
  let pageToken: string | undefined;
  do {
    const page = await listContentByStatus({ statuses: ['published'], limit: COURSEWARE_METRICS_PAGE, pageToken });
    for (const item of page.items) addToCoursewareMetrics(metrics, item);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return metrics;
}

/**
 * Spec §3 "Courseware metrics" over the published content (domain/courseware-metrics.ts
 * says what each count counts): read 300 items a Query from gsi3's published
 * partition, eventually consistent. Kept in the container for
 * {@link COURSEWARE_METRICS_CACHE_MS}; concurrent callers share one computation, and
 * a failed one is not kept.
 */
export async function getCoursewareMetrics(now: number = Date.now()): Promise<CoursewareMetrics> {
  if (!cachedMetrics || now - cachedMetrics.at >= COURSEWARE_METRICS_CACHE_MS) {
    const entry = { at: now, metrics: computeCoursewareMetrics() };
    cachedMetrics = entry;
    entry.metrics.catch(() => {
      if (cachedMetrics === entry) cachedMetrics = null;
    });
  }
  return structuredClone(await cachedMetrics.metrics);
}

/** Forgets the cached courseware metrics (tests). */
export function resetCoursewareMetricsCache(): void {
  cachedMetrics = null;
}
