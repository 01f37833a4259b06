import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '#shared/contracts/common';
import type { ContentUsage } from '#shared/contracts/content-usage';
import type { PersonaName } from '#shared/contracts/identity';
import {
  type CoursewareMetrics,
  DASHBOARD_DATE_MESSAGES,
  type RawDownloadDataPoint,
  STATISTIC_RESOLUTIONS,
  type StatisticBucket,
  type StatisticBucketPage,
} from '#shared/contracts/statistics';
import { CONTENT_CATEGORIES, EDUCATION_LEVELS, EXPERIENCE_LEVELS } from '#shared/enums';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { createContent } from '../../data/content.ts';
import { type DownloadEvent, recordDownload } from '../../data/downloads.ts';
import { tableName } from '../../data/dynamo.ts';
import { ENTITY_TYPES } from '../../data/keys.ts';
import { resetCoursewareMetricsCache, splitRange } from '../../data/statistics.ts';
import { getUserAccount } from '../../data/users.ts';
import { periodOf, type TimeFrame } from '../../domain/download-statistics.ts';
import { principalFor } from '../../domain/entitlement.ts';
import { newId, seedId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { portalTokenTestEnv, resetPortalTokenCaches } from '../../lib/auth/test-support.ts';
import { runSeed } from '../../seed/import.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * The statistics group against the embedded emulators: download events written with
 * the real `recordDownload` at chosen instants of 2019–2020 (before any seeded
 * history), every answer compared with a brute-force count of those events.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const tokens = new Map<PersonaName, string>();

const UNITS = {
  omaha: { id: 'stat-unit-omaha', name: 'University of Nebraska at Omaha', category: 'university', region: 'Plains' },
  mason: { id: 'stat-unit-mason', name: 'George Mason University', category: 'university', region: 'Southeast' },
  nova: { id: 'stat-unit-nova', name: 'Northern Virginia Community College', category: 'college', region: 'Southeast' },
  tj: { id: 'stat-unit-tj', name: 'Thomas Jefferson High School', category: 'K12', region: 'Southeast' },
  nsa: { id: 'stat-unit-nsa', name: 'National Security Agency', category: 'government', region: 'Mid-Atlantic' },
} as const;
const USERS = [
  { id: 'stat-user-1', name: 'Una Faculty', email: 'una@example.edu', unit: UNITS.omaha },
  { id: 'stat-user-2', name: 'Val Faculty', email: 'val@example.edu', unit: UNITS.mason },
  { id: 'stat-user-3', name: 'Wes Faculty', email: 'wes@example.edu', unit: UNITS.mason },
  { id: 'stat-user-4', name: 'Xia Teacher', email: 'xia@example.edu', unit: UNITS.nova },
  { id: 'stat-user-5', name: 'Yan Teacher', email: null, unit: UNITS.tj },
  { id: 'stat-user-6', name: 'Zoe Analyst', email: 'zoe@example.gov', unit: UNITS.nsa },
  { id: 'stat-user-7', name: 'Sam Student', email: null, unit: null },
] as const;
const CONTENTS = [
  { id: 'stat-top-1', name: 'SEED Labs' },
  { id: 'stat-top-2', name: 'Cyber Defense' },
  { id: 'stat-top-3', name: 'Network Basics' },
] as const;

const WINDOW_START = Date.parse('2019-11-10T00:00:00.000Z');
const WINDOW_END = Date.parse('2020-03-21T00:00:00.000Z');
const events: DownloadEvent[] = [];

/** A deterministic pseudo-random sequence (a linear congruential generator). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function download(timestamp: string, pick: () => number): DownloadEvent {
  const user = USERS[Math.floor(pick() * USERS.length)] ?? USERS[0];
  const content = CONTENTS[Math.floor(pick() * CONTENTS.length)] ?? CONTENTS[0];
  const bundle = pick() < 0.1;
  // Half the files hang under a lab of the top-level item: top content ranks every item (issue 21 item 18).
  const fromLab = pick() < 0.5;
  const fileId = `stat-file-${Math.floor(pick() * 4)}`;
  return {
    id: newId(),
    timestamp,
    user: { id: user.id, name: user.name, email: user.email },
    file: { id: fileId, name: `${fileId}.pdf` },
    downloadedFrom: bundle
      ? { id: null, name: 'All Module files', tags: [] }
      : fromLab
        ? { id: `${content.id}-lab`, name: `${content.name} lab`, tags: ['lab', 'homework'] }
        : { ...content, tags: ['lab', 'homework'] },
    topMostContent: bundle ? null : content,
    businessUnit: user.unit,
  };
}

/** A persona's portal token on USCR, as `POST /api/v1/authenticate` would issue it. */
async function tokenFor(persona: PersonaName): Promise<string> {
  const account = await getUserAccount(seedId('user', persona));
  if (!account) throw new Error(`No seeded account of ${persona}.`);
  return signPortalToken({
    userId: account.user.id,
    displayName: account.user.displayName,
    email: account.user.email,
    picture: account.user.picture,
    provider: 'vcr',
    ...principalFor(account, 'USCR'),
  });
}

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  delete process.env.BRAND;
  await runSeed({ log: () => undefined });
  for (const persona of ['editor', 'admin', 'faculty-uscr'] as const) tokens.set(persona, await tokenFor(persona));

  const pick = generator(20_191_110);
  const instants = Array.from({ length: 70 }, () =>
    new Date(WINDOW_START + Math.floor(pick() * (WINDOW_END - WINDOW_START))).toISOString(),
  );
  // The edges of the raw-event range of the tests below, and their neighbours outside it.
  instants.push(
    '2019-11-25T00:00:00.000Z',
    '2019-11-24T23:59:59.999Z',
    '2020-01-05T23:59:59.999Z',
    '2020-01-06T00:00:00.000Z',
    '2019-12-31T23:59:59.999Z',
    '2020-01-01T00:00:00.000Z',
  );
  for (const instant of instants) events.push(download(instant, pick));
  // Two downloads at the same instant: ordered by id.
  events.push(download('2020-01-01T00:00:00.000Z', pick));
  for (const event of events) await recordDownload(event);
});
afterAll(async () => {
  await stack?.stop();
});

/** The event of a route's sample with these path and query parameters, as `as` (or a visitor). */
function request(
  sample: string,
  pathParameters: Record<string, string> | null,
  query: Record<string, string>,
  as?: PersonaName,
): APIGatewayProxyEventV2 {
  let event = withQuery(loadEvent(`statistics/${sample}`), query);
  if (pathParameters) event = withPathParameters(event, pathParameters);
  return as ? withHeaders(event, { authorization: `Bearer ${tokens.get(as)}` }) : event;
}

async function buckets(metric: string, query: Record<string, string>, as: PersonaName = 'editor') {
  const result = await handler(
    request('list-statistic-buckets', { category: 'contentfiledownload', metric }, query, as),
    lambdaContext(),
  );
  return result;
}

/** Every bucket of a read, page after page; the pages' sizes checked against `limit`. */
async function allBuckets(metric: string, query: Record<string, string>): Promise<StatisticBucket[]> {
  const items: StatisticBucket[] = [];
  let pageToken: string | null = null;
  let pages = 0;
  do {
    const result = await buckets(metric, { ...query, ...(pageToken ? { pageToken } : {}) });
    expect(result.statusCode, String(result.body)).toBe(200);
    const page = jsonBody<StatisticBucketPage>(result);
    if (query.limit) expect(page.items.length).toBeLessThanOrEqual(Number(query.limit));
    items.push(...page.items);
    pageToken = page.nextPageToken;
    pages += 1;
    expect(pages).toBeLessThan(500);
  } while (pageToken);
  return items;
}

const day = (event: DownloadEvent) => event.timestamp.slice(0, 10);
const inDays = (from: string, to: string) => events.filter((event) => day(event) >= from && day(event) <= to);

/** The subject of a download in a metric, or null when the metric does not count it. */
function subjectOf(event: DownloadEvent, metric: string): string | null {
  const unit = event.businessUnit;
  switch (metric) {
    case 'total':
      return 'all';
    case 'businessUnit':
      return unit?.id ?? 'unknown';
    case 'businessUnitCategory':
      return unit?.category ?? 'unknown';
    case 'region':
      return unit?.region ?? 'unknown';
    case 'content':
      return event.downloadedFrom.id;
    case 'file':
      return event.file.id;
    default:
      throw new Error(metric);
  }
}

function tally(list: readonly DownloadEvent[], key: (event: DownloadEvent) => string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of list) {
    const k = key(event);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

describe('previews (issue 24 item 1, decision record 059)', () => {
  it('answers the preview counters of their own category, and downloads stay as they were', async () => {
    const before = jsonBody<StatisticBucketPage>(
      await buckets('total', { from: '2018-03-01', to: '2018-03-31', resolution: 'day', view: 'table' }),
    ).items;
    const pick = generator(20_180_301);
    for (const timestamp of ['2018-03-02T10:00:00.000Z', '2018-03-02T11:00:00.000Z', '2018-03-20T09:00:00.000Z']) {
      await recordDownload(download(timestamp, pick), 'contentfilepreview');
    }
    const previews = await handler(
      request(
        'list-statistic-buckets',
        { category: 'contentfilepreview', metric: 'total' },
        { from: '2018-03-01', to: '2018-03-31', resolution: 'day', view: 'chart' },
        'editor',
      ),
      lambdaContext(),
    );
    expect(previews.statusCode, String(previews.body)).toBe(200);
    expect(jsonBody<StatisticBucketPage>(previews).items.map((bucket) => [bucket.period, bucket.value])).toEqual([
      ['2018-03-02', 2],
      ['2018-03-20', 1],
    ]);
    const after = jsonBody<StatisticBucketPage>(
      await buckets('total', { from: '2018-03-01', to: '2018-03-31', resolution: 'day', view: 'table' }),
    ).items;
    expect(after).toEqual(before);
  });
});

describe('chart view', () => {
  const from = '2019-12-05';
  const to = '2020-02-10';

  for (const resolution of STATISTIC_RESOLUTIONS) {
    for (const metric of ['total', 'businessUnit', 'region', 'content'] as const) {
      it(`equals the events counted per ${resolution} and ${metric}, periods then subjects ascending`, async () => {
        const frame = resolution as TimeFrame;
        const first = periodOf(new Date(`${from}T00:00:00Z`), frame);
        const last = periodOf(new Date(`${to}T00:00:00Z`), frame);
        const expected = tally(
          events.filter((event) => {
            const period = periodOf(new Date(event.timestamp), frame);
            return period >= first && period <= last;
          }),
          (event) => {
            const subject = subjectOf(event, metric);
            return subject === null ? null : `${periodOf(new Date(event.timestamp), frame)}#${subject}`;
          },
        );
        const items = await allBuckets(metric, { from, to, resolution });
        const keys = items.map((bucket) => `${bucket.period}#${bucket.subject}`);
        expect(keys).toEqual([...keys].sort());
        expect(new Map(items.map((bucket) => [`${bucket.period}#${bucket.subject}`, bucket.value]))).toEqual(expected);
        for (const bucket of items) {
          expect(bucket.id).toBe(`contentfiledownload#${metric}#${bucket.subject}#${resolution}#${bucket.period}`);
        }
      });
    }
  }

  it('narrows businessUnit to one group', async () => {
    const items = await allBuckets('businessUnit', { from, to, resolution: 'month', group: 'university' });
    const expected = tally(
      events.filter((event) => event.businessUnit?.category === 'university' && day(event) >= '2019-12-01'),
      (event) =>
        day(event) <= '2020-02-29' ? `${periodOf(new Date(event.timestamp), 'month')}#${event.businessUnit?.id}` : null,
    );
    expect(new Map(items.map((bucket) => [`${bucket.period}#${bucket.subject}`, bucket.value]))).toEqual(expected);
    expect(new Set(items.map((bucket) => bucket.subject))).toEqual(new Set([UNITS.omaha.id, UNITS.mason.id]));
  });

  it('pages with limit 2, every bucket once and in the same order', async () => {
    const whole = await allBuckets('businessUnit', { from, to, resolution: 'week' });
    const paged = await allBuckets('businessUnit', { from, to, resolution: 'week', limit: '2' });
    expect(paged).toEqual(whole);
    expect(new Set(paged.map((bucket) => bucket.id)).size).toBe(paged.length);
    const grouped = await allBuckets('businessUnit', { from, to, resolution: 'day', group: 'K12', limit: '2' });
    expect(grouped.map((bucket) => bucket.subject).every((subject) => subject === UNITS.tj.id)).toBe(true);
    expect(grouped.reduce((sum, bucket) => sum + bucket.value, 0)).toBe(
      inDays(from, to).filter((event) => event.businessUnit?.id === UNITS.tj.id).length,
    );
  });
});

describe('table view', () => {
  // A partial month, two whole months and a partial month.
  const from = '2019-11-20';
  const to = '2020-02-14';

  /** Brute force: subjects by count descending, then label, then subject. */
  function ranked(metric: string, list: readonly DownloadEvent[]) {
    const labels = new Map<string, string>();
    for (const event of list) {
      const subject = subjectOf(event, metric);
      if (subject === null) continue;
      const unit = event.businessUnit;
      const label =
        metric === 'businessUnit'
          ? (unit?.name ?? 'Unknown')
          : metric === 'content'
            ? (event.topMostContent?.name ?? '')
            : metric === 'total'
              ? 'All downloads'
              : subject;
      labels.set(subject, label);
    }
    return [...tally(list, (event) => subjectOf(event, metric)).entries()]
      .map(([subject, value]) => ({ subject, value, label: labels.get(subject) ?? '' }))
      .sort(
        (a, b) =>
          b.value - a.value || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || (a.subject < b.subject ? -1 : 1),
      );
  }

  it('ranks the business units by their downloads in the range, equal to a brute-force count', async () => {
    const items = await allBuckets('businessUnit', { from, to, view: 'table' });
    expect(items.map(({ subject, value, label }) => ({ subject, value, label }))).toEqual(
      ranked('businessUnit', inDays(from, to)),
    );
    for (const bucket of items) {
      expect(bucket.period).toBeNull();
      expect(bucket.id).toBe(`contentfiledownload#businessUnit#${bucket.subject}#day#${from}..${to}`);
    }
  });

  it('answers the total downloaded and the top content of the range, every item ranked, not only top-level ones', async () => {
    const [total] = await allBuckets('total', { from, to, view: 'table' });
    expect(total?.value).toBe(inDays(from, to).length);
    const top = await allBuckets('content', { from, to, view: 'table', limit: '5' });
    expect(top.map(({ subject, value }) => ({ subject, value }))).toEqual(
      ranked('content', inDays(from, to)).map(({ subject, value }) => ({ subject, value })),
    );
    expect(top.some(({ subject }) => subject.endsWith('-lab'))).toBe(true);
  });

  it('sums a whole calendar year and the day after it', async () => {
    const items = await allBuckets('region', { from: '2019-01-01', to: '2020-01-01', view: 'table' });
    expect(new Map(items.map((bucket) => [bucket.subject, bucket.value]))).toEqual(
      tally(inDays('2019-01-01', '2020-01-01'), (event) => subjectOf(event, 'region')),
    );
  });

  it('sums ISO weeks, one across a month boundary, between ragged days', async () => {
    const weekly = { from: '2019-11-12', to: '2019-12-29' };
    expect(splitRange(weekly.from, weekly.to)).toEqual([
      { timeFrame: 'day', first: '2019-11-12', last: '2019-11-17' },
      { timeFrame: 'week', first: '2019-11-18', last: '2019-12-23' },
    ]);
    for (const metric of ['region', 'businessUnit', 'content'] as const) {
      const items = await allBuckets(metric, { ...weekly, view: 'table' });
      expect(new Map(items.map((bucket) => [bucket.subject, bucket.value])), metric).toEqual(
        tally(inDays(weekly.from, weekly.to), (event) => subjectOf(event, metric)),
      );
    }
  });

  it('narrows to one group', async () => {
    const items = await allBuckets('businessUnit', { from, to, view: 'table', group: 'university' });
    const universities = inDays(from, to).filter((event) => event.businessUnit?.category === 'university');
    expect(items.map(({ subject, value }) => ({ subject, value }))).toEqual(
      ranked('businessUnit', universities).map(({ subject, value }) => ({ subject, value })),
    );
    const unknown = await allBuckets('businessUnit', { from, to, view: 'table', group: 'unknown' });
    expect(unknown.map(({ subject, value }) => ({ subject, value }))).toEqual([
      { subject: 'unknown', value: inDays(from, to).filter((event) => event.businessUnit === null).length },
    ]);
  });

  it('pages with limit 2, every subject once, and refuses its token on another read', async () => {
    const whole = await allBuckets('businessUnit', { from, to, view: 'table' });
    const paged = await allBuckets('businessUnit', { from, to, view: 'table', limit: '2' });
    expect(paged).toEqual(whole);
    expect(whole.length).toBeGreaterThan(2);
    const first = jsonBody<StatisticBucketPage>(await buckets('businessUnit', { from, to, view: 'table', limit: '2' }));
    const replayed = await buckets('businessUnit', {
      from,
      to: '2020-02-15',
      view: 'table',
      pageToken: first.nextPageToken ?? '',
    });
    expect(replayed.statusCode).toBe(400);
    expect(jsonBody<ErrorBody>(replayed).errors).toContainEqual({
      path: 'query.pageToken',
      message: 'Invalid page token.',
    });
  });
});

describe('raw events', () => {
  const from = '2019-11-25';
  const to = '2020-01-05';

  /** The data point an event must be read back as (spec §3), built from what was recorded. */
  function dataPoint(event: DownloadEvent): RawDownloadDataPoint {
    const unit = event.businessUnit;
    return {
      id: event.id,
      timestamp: event.timestamp,
      metadata: {
        userName: event.user.name,
        userEmail: event.user.email,
        fileName: event.file.name,
        fileId: event.file.id,
        downloadedFrom: { contentName: event.downloadedFrom.name, tags: [...event.downloadedFrom.tags] },
        topMostContent: event.topMostContent ? { contentName: event.topMostContent.name } : null,
        businessUnits: unit ? { [unit.id]: { name: unit.name, category: unit.category, region: unit.region } } : {},
      },
    };
  }

  async function allRaw(query: Record<string, string>): Promise<RawDownloadDataPoint[]> {
    const items: RawDownloadDataPoint[] = [];
    let pageToken: string | null = null;
    do {
      const result = await handler(
        request(
          'list-raw-statistics',
          { category: 'contentfiledownload' },
          { ...query, ...(pageToken ? { pageToken } : {}) },
          'admin',
        ),
        lambdaContext(),
      );
      expect(result.statusCode, String(result.body)).toBe(200);
      const page = jsonBody<{ items: RawDownloadDataPoint[]; nextPageToken: string | null }>(result);
      expect(page.items.length).toBeLessThanOrEqual(Number(query.limit ?? 1000));
      items.push(...page.items);
      pageToken = page.nextPageToken;
    } while (pageToken);
    return items;
  }

  it('answers exactly the events of the range across month boundaries, oldest first, 3 a page', async () => {
    const expected = inDays(from, to)
      .sort((a, b) =>
        a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
      )
      .map(dataPoint);
    const items = await allRaw({ from, to, limit: '3' });
    expect(items).toEqual(expected);
    expect(items.map((item) => item.timestamp)).toContain('2019-11-25T00:00:00.000Z');
    expect(items.map((item) => item.timestamp)).toContain('2020-01-05T23:59:59.999Z');
    expect(items.map((item) => item.timestamp)).not.toContain('2020-01-06T00:00:00.000Z');
    expect(new Set(items.map((item) => item.timestamp.slice(0, 7)))).toEqual(
      new Set(['2019-11', '2019-12', '2020-01']),
    );
  });

  it('reads a whole page of 1,000 by default', async () => {
    expect(await allRaw({ from: '2019-11-01', to: '2020-03-31' })).toHaveLength(events.length);
  });
});

describe('errors and access', () => {
  const range = { from: '2020-01-10', to: '2020-01-09' };

  it('answers "From date may not be after to date" at from when from is after to', async () => {
    for (const result of [
      await buckets('total', range),
      await handler(
        request('list-raw-statistics', { category: 'contentfiledownload' }, range, 'editor'),
        lambdaContext(),
      ),
    ]) {
      expect(result.statusCode).toBe(400);
      expect(jsonBody<ErrorBody>(result).errors).toContainEqual({
        path: 'query.from',
        message: DASHBOARD_DATE_MESSAGES.fromAfterTo,
      });
    }
  });

  it('answers "Filter range may not exceed 12 months" at to for a longer range', async () => {
    const ok = await buckets('total', { from: '2019-03-31', to: '2020-03-31' });
    expect(ok.statusCode).toBe(200);
    for (const result of [
      await buckets('total', { from: '2019-03-31', to: '2020-04-01' }),
      await handler(
        request(
          'list-raw-statistics',
          { category: 'contentfiledownload' },
          { from: '2019-01-01', to: '2020-01-02' },
          'editor',
        ),
        lambdaContext(),
      ),
    ]) {
      expect(result.statusCode).toBe(400);
      expect(jsonBody<ErrorBody>(result).errors).toContainEqual({
        path: 'query.to',
        message: DASHBOARD_DATE_MESSAGES.rangeTooLong,
      });
    }
  });

  it('refuses group on a metric other than businessUnit, and a forged token', async () => {
    const grouped = await buckets('region', { from: '2020-01-01', to: '2020-01-31', group: 'K12' });
    expect(grouped.statusCode).toBe(400);
    expect(jsonBody<ErrorBody>(grouped).errors?.[0]?.path).toBe('query.group');
    const forged = Buffer.from(JSON.stringify({ pk: 'USER#x', sk: 'PROFILE' })).toString('base64url');
    const result = await buckets('total', { from: '2020-01-01', to: '2020-01-31', pageToken: forged });
    expect(result.statusCode).toBe(400);
  });

  for (const [sample, path, query] of [
    [
      'list-statistic-buckets',
      { category: 'contentfiledownload', metric: 'total' },
      { from: '2020-01-01', to: '2020-01-31' },
    ],
    ['list-raw-statistics', { category: 'contentfiledownload' }, { from: '2020-01-01', to: '2020-01-31' }],
    ['get-courseware-metrics', null, {}],
  ] as const) {
    it(`answers ${sample} with 401 for a visitor and 403 for faculty`, async () => {
      const visitor = await handler(request(sample, path, query), lambdaContext());
      expect(visitor.statusCode).toBe(401);
      const faculty = await handler(request(sample, path, query, 'faculty-uscr'), lambdaContext());
      expect(faculty.statusCode).toBe(403);
    });
  }
});

describe('courseware metrics', () => {
  /** Every published content item, read by a Scan (the brute force the route must agree with). */
  async function publishedContent(): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const output: ScanCommandOutput = await dynamoDocumentClient.send(
        new ScanCommand({ TableName: tableName(), ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
      );
      for (const item of output.Items ?? []) {
        if (item.entityType === ENTITY_TYPES.content && item.status === 'published') items.push(item);
      }
      startKey = output.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  it('counts the seeded published catalog as a brute-force count does', async () => {
    resetCoursewareMetricsCache();
    const result = await handler(request('get-courseware-metrics', null, {}, 'editor'), lambdaContext());
    expect(result.statusCode).toBe(200);
    const metrics = jsonBody<CoursewareMetrics>(result);

    const content = await publishedContent();
    const list = (item: Record<string, unknown>, name: string) => (item[name] ?? []) as string[];
    const countIn = (values: readonly string[], field: string) =>
      Object.fromEntries(
        values.map((value) => [value, content.filter((item) => list(item, field).includes(value)).length]),
      );
    const tagged = (...tags: string[]) =>
      content.filter((item) => list(item, 'tags').some((tag) => tags.includes(tag.toLowerCase()))).length;
    expect(metrics).toEqual({
      totalCourseware: content.length,
      categoryCounts: countIn(CONTENT_CATEGORIES, 'categories'),
      experienceLevelCounts: countIn(EXPERIENCE_LEVELS, 'experienceLevels'),
      educationLevelCounts: countIn(EDUCATION_LEVELS, 'educationLevels'),
      assignmentCount: tagged('homework'),
      quizCount: tagged('quizzes', 'exams'),
      linkagesCount: content.reduce(
        (sum, item) => sum + list(item, 'ksas').length + list(item, 'kus').length + list(item, 'tkss').length,
        0,
      ),
    });
    expect(metrics.totalCourseware).toBeGreaterThan(0);
    expect(metrics.linkagesCount).toBeGreaterThan(0);
  });
});

describe('content usage (issue 26 item 4)', () => {
  const usage = (id: string, as?: PersonaName) =>
    handler(request('get-content-usage', { id }, {}, as), lambdaContext());
  /** A download of `contentId` by the i-th of {@link USERS}. */
  const downloadOf = (contentId: string, user: (typeof USERS)[number], i: number): DownloadEvent => ({
    id: newId(),
    timestamp: `2021-02-0${1 + (i % 9)}T10:00:00.000Z`,
    user: { id: user.id, name: user.name, email: user.email },
    file: { id: 'usage-file', name: 'usage-file.pdf' },
    downloadedFrom: { id: contentId, name: 'Usage lab', tags: [] },
    topMostContent: { id: contentId, name: 'Usage lab' },
    businessUnit: user.unit,
  });

  it('answers rounded figures only, cacheable for a visitor', async () => {
    const item = contentRecord('Usage published lab');
    await createContent(item);
    const empty = await usage(item.id);
    expect(empty.statusCode).toBe(200);
    expect(jsonBody<ContentUsage>(empty)).toEqual({
      contentId: item.id,
      downloads: { value: 0, qualifier: 'none' },
      schools: { value: 0, qualifier: 'none' },
    });
    // 23 downloads by all seven users: four schools (omaha, mason, nova, tj), not the agency nor no unit.
    for (let i = 0; i < 23; i += 1) await recordDownload(downloadOf(item.id, USERS[i % USERS.length] ?? USERS[0], i));
    const result = await usage(item.id);
    expect(result.statusCode).toBe(200);
    expect(jsonBody<ContentUsage>(result)).toEqual({
      contentId: item.id,
      downloads: { value: 23, qualifier: 'atLeast' },
      schools: { value: 10, qualifier: 'fewerThan' },
    });
    expect(result.headers?.['cache-control']).toBe('public, max-age=300');
    const signedIn = await usage(item.id, 'faculty-uscr');
    expect(signedIn.headers?.['cache-control']).toBe('no-store');
  });

  it('is 404 for content the caller may not see as its detail, and for none', async () => {
    const hidden = contentRecord('Usage unpublished lab', { status: 'unpublished' });
    await createContent(hidden);
    expect((await usage(hidden.id)).statusCode).toBe(404);
    expect((await usage(hidden.id, 'faculty-uscr')).statusCode).toBe(404);
    expect((await usage(hidden.id, 'editor')).statusCode).toBe(200);
    expect((await usage('00000000000000000000000000')).statusCode).toBe(404);
    expect((await usage('not-an-id')).statusCode).toBe(400);
  });
});
