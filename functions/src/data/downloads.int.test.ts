import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import {
  DOWNLOAD_METRICS,
  DOWNLOAD_STATISTIC_CATEGORY,
  PREVIEW_STATISTIC_CATEGORY,
  periodOf,
  TIME_FRAMES,
  type TimeFrame,
} from '../domain/download-statistics.ts';
import { newId } from '../domain/ids.ts';
import { ServiceUnavailableError } from '../lib/errors.ts';
import { startTestStack } from '../test-support/stack.ts';
import {
  DOWNLOAD_BUSY_MESSAGE,
  type DownloadEvent,
  DownloadStatisticsAggregate,
  RECORD_DOWNLOAD_ATTEMPTS,
  recordDownload,
} from './downloads.ts';
import { tableName } from './dynamo.ts';
import {
  CONTENT_USAGE_SCHOOL_PREFIX,
  contentUsagePartition,
  statisticCounterPartition,
  statisticEventsPartition,
  statisticUserMarkerKey,
} from './keys.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const OMAHA = { id: 'unit-omaha', name: 'University of Nebraska at Omaha', category: 'university', region: 'Plains' };
const MASON = { id: 'unit-mason', name: 'George Mason University', category: 'university', region: 'Southeast' };
const AGENCY = { id: 'unit-agency', name: 'A State Agency', category: 'government', region: 'Southeast' };

const users = {
  una: { id: 'user-una', name: 'Una Faculty', email: 'una@example.edu', unit: OMAHA },
  val: { id: 'user-val', name: 'Val Faculty', email: 'val@example.edu', unit: MASON },
  sam: { id: 'user-sam', name: 'Sam Student', email: null, unit: null },
  uri: { id: 'user-uri', name: 'Uri Faculty', email: 'uri@example.edu', unit: OMAHA },
  gil: { id: 'user-gil', name: 'Gil Officer', email: 'gil@example.gov', unit: AGENCY },
} as const;

/** A download of `fileId` by `who` at `timestamp`, from content `top-<n>` (or a category bundle with `category`). */
function download(
  who: keyof typeof users,
  timestamp: string,
  fileId = 'file-a',
  options: { category?: boolean; contentId?: string } = {},
): DownloadEvent {
  const user = users[who];
  return {
    id: newId(),
    timestamp,
    user: { id: user.id, name: user.name, email: user.email },
    file: { id: fileId, name: `${fileId}.pdf` },
    downloadedFrom: options.category
      ? { id: null, name: 'All Module files', tags: [] }
      : { id: options.contentId ?? 'lab-1', name: 'Buffer Overflow Lab', tags: ['lab'] },
    topMostContent: options.category ? null : { id: 'top-1', name: 'SEED Labs' },
    businessUnit: user.unit,
  };
}

async function queryAll(pk: string, skPrefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((output.Items ?? []) as Record<string, unknown>[]));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Raw events of the months `YYYY-MM` of a year. */
async function rawEventsOf(year: string): Promise<Record<string, unknown>[]> {
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
  const all = await Promise.all(
    months.map((month) => queryAll(statisticEventsPartition(DOWNLOAD_STATISTIC_CATEGORY, month), '')),
  );
  return all.flat();
}

/** Counters of one metric and time frame whose period starts with `periodPrefix`, as `{ "<period>#<subject>": value }`. */
async function counters(metric: string, timeFrame: TimeFrame, periodPrefix: string): Promise<Record<string, number>> {
  const items = await queryAll(statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, metric, timeFrame), periodPrefix);
  return Object.fromEntries(items.map((item) => [item.sk as string, item.value as number]));
}

/** What the counters of a metric should say, counted from raw events by hand. */
function countBy(
  events: Record<string, unknown>[],
  timeFrame: TimeFrame,
  subjectOf: (event: Record<string, unknown>) => string | null,
): Record<string, number> {
  const expected: Record<string, number> = {};
  for (const event of events) {
    const subject = subjectOf(event);
    if (subject === null) continue;
    const key = `${periodOf(new Date(event.timestamp as string), timeFrame)}#${subject}`;
    expected[key] = (expected[key] ?? 0) + 1;
  }
  return expected;
}

type Metadata = {
  fileId: string;
  businessUnits: Record<string, { category: string; region: string }>;
};
const unitOf = (event: Record<string, unknown>) => {
  const [entry] = Object.entries((event.metadata as Metadata).businessUnits);
  return entry ? { id: entry[0], ...entry[1] } : null;
};
const SUBJECTS: Record<(typeof DOWNLOAD_METRICS)[number], (event: Record<string, unknown>) => string | null> = {
  total: () => 'all',
  businessUnit: (event) => unitOf(event)?.id ?? 'unknown',
  businessUnitCategory: (event) => unitOf(event)?.category ?? 'unknown',
  region: (event) => unitOf(event)?.region ?? 'unknown',
  content: (event) => (event.contentId as string | null) ?? null,
  file: (event) => (event.metadata as Metadata).fileId,
};

describe('recordDownload', () => {
  it('stores the raw event as spec §3 "Raw download data point", time-ordered in its month', async () => {
    const event = download('una', '2030-06-15T09:30:00.000Z');
    await recordDownload(event);

    const [stored] = await queryAll(
      statisticEventsPartition(DOWNLOAD_STATISTIC_CATEGORY, '2030-06'),
      '2030-06-15T09:30:00.000Z',
    );
    expect(stored).toEqual({
      pk: 'STAT_EVENTS#contentfiledownload#2030-06',
      sk: `2030-06-15T09:30:00.000Z#${event.id}`,
      entityType: 'DownloadEvent',
      id: event.id,
      timestamp: '2030-06-15T09:30:00.000Z',
      userId: 'user-una',
      contentId: 'lab-1',
      topMostContentId: 'top-1',
      metadata: {
        userName: 'Una Faculty',
        userEmail: 'una@example.edu',
        fileName: 'file-a.pdf',
        fileId: 'file-a',
        downloadedFrom: { contentName: 'Buffer Overflow Lab', tags: ['lab'] },
        topMostContent: { contentName: 'SEED Labs' },
        businessUnits: {
          'unit-omaha': { name: 'University of Nebraska at Omaha', category: 'university', region: 'Plains' },
        },
      },
    });
  });

  it('stores each counter as a statistic bucket with its id, label and count', async () => {
    await recordDownload(download('val', '2030-07-04T12:00:00.000Z', 'file-b'));
    const [bucket] = await queryAll(
      statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, 'businessUnit', 'week'),
      '2030-07-01#unit-mason',
    );
    expect(bucket).toEqual({
      pk: 'STAT#contentfiledownload#businessUnit#week',
      sk: '2030-07-01#unit-mason',
      entityType: 'StatisticCounter',
      id: 'contentfiledownload#businessUnit#unit-mason#week#2030-07-01',
      label: 'George Mason University',
      value: 1,
      category: 'contentfiledownload',
      metric: 'businessUnit',
      timeFrame: 'week',
      period: '2030-07-01',
      subject: 'unit-mason',
      group: 'university',
    });
    // The same bucket again in the partition of its group, for top tables of one group.
    const [copy] = await queryAll(
      statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, 'businessUnit', 'week', 'university'),
      '2030-07-01#unit-mason',
    );
    expect(copy).toEqual({ ...bucket, pk: 'STAT#contentfiledownload#businessUnit#week#university' });
    const [marker] = await queryAll(
      statisticUserMarkerKey(DOWNLOAD_STATISTIC_CATEGORY, 'month', '2030-07', 'user-val').pk,
      'SEEN',
    );
    expect(marker).toEqual({
      pk: 'STAT_USER#contentfiledownload#month#2030-07#user-val',
      sk: 'SEEN',
      entityType: 'StatisticUserMarker',
      userId: 'user-val',
      timeFrame: 'month',
      period: '2030-07',
      expiresAt: Date.parse('2030-08-02T00:00:00Z') / 1000,
    });
  });

  it('keeps every counter equal to the count of raw events in its period', async () => {
    const events = [
      download('una', '2031-12-29T10:00:00.000Z', 'file-a'),
      download('una', '2031-12-31T23:59:59.000Z', 'file-b'),
      download('val', '2032-01-01T00:00:00.000Z', 'file-a'),
      download('sam', '2032-01-01T08:00:00.000Z', 'file-c'),
      download('una', '2032-01-05T08:00:00.000Z', 'file-a', { category: true }),
      download('val', '2032-02-29T13:00:00.000Z', 'file-a'),
    ];
    for (const event of events) await recordDownload(event);

    const raw = [...(await rawEventsOf('2031')), ...(await rawEventsOf('2032'))].filter((event) =>
      events.some((e) => e.id === event.id),
    );
    expect(raw).toHaveLength(events.length);
    for (const metric of DOWNLOAD_METRICS) {
      for (const timeFrame of TIME_FRAMES) {
        // The week of 2031-12-29 belongs to both years; read both years' periods.
        const actual = {
          ...(await counters(metric, timeFrame, '2031')),
          ...(await counters(metric, timeFrame, '2032')),
        };
        expect(actual, `${metric} by ${timeFrame}`).toEqual(countBy(raw, timeFrame, SUBJECTS[metric]));
      }
    }
  });

  it('counts each user once per period in the users counter of their region', async () => {
    for (const event of [
      download('una', '2033-03-01T10:00:00.000Z'),
      download('una', '2033-03-01T11:00:00.000Z'),
      download('una', '2033-03-02T11:00:00.000Z'),
      download('val', '2033-03-02T12:00:00.000Z'),
      download('sam', '2033-03-09T12:00:00.000Z'),
    ]) {
      await recordDownload(event);
    }
    expect(await counters('users', 'day', '2033')).toEqual({
      '2033-03-01#Plains': 1,
      '2033-03-02#Plains': 1,
      '2033-03-02#Southeast': 1,
      '2033-03-09#unknown': 1,
    });
    expect(await counters('users', 'week', '2033')).toEqual({
      '2033-02-28#Plains': 1,
      '2033-02-28#Southeast': 1,
      '2033-03-07#unknown': 1,
    });
    expect(await counters('users', 'month', '2033')).toEqual({
      '2033-03#Plains': 1,
      '2033-03#Southeast': 1,
      '2033-03#unknown': 1,
    });
    expect(await counters('users', 'year', '2033')).toEqual({
      '2033#Plains': 1,
      '2033#Southeast': 1,
      '2033#unknown': 1,
    });
    expect(await counters('total', 'year', '2033')).toEqual({ '2033#all': 5 });
  });

  it('lands 20 concurrent downloads with exact counts, the user counted once', async () => {
    const events = Array.from({ length: 20 }, (_, i) =>
      download(i % 2 === 0 ? 'una' : 'val', `2034-05-05T10:00:${String(i).padStart(2, '0')}.000Z`, `file-${i % 3}`),
    );
    await Promise.all(events.map((event) => recordDownload(event)));

    expect(await rawEventsOf('2034')).toHaveLength(20);
    expect(await counters('total', 'day', '2034')).toEqual({ '2034-05-05#all': 20 });
    expect(await counters('region', 'month', '2034')).toEqual({ '2034-05#Plains': 10, '2034-05#Southeast': 10 });
    expect(await counters('file', 'year', '2034')).toEqual({ '2034#file-0': 7, '2034#file-1': 7, '2034#file-2': 6 });
    expect(await counters('users', 'day', '2034')).toEqual({ '2034-05-05#Plains': 1, '2034-05-05#Southeast': 1 });
    expect(await counters('users', 'week', '2034')).toEqual({ '2034-05-01#Plains': 1, '2034-05-01#Southeast': 1 });
  });

  it('records an event id once, even when the same event is recorded again', async () => {
    const event = download('una', '2035-01-10T10:00:00.000Z');
    await recordDownload(event);
    await recordDownload(event);
    expect(await rawEventsOf('2035')).toHaveLength(1);
    expect(await counters('total', 'day', '2035')).toEqual({ '2035-01-10#all': 1 });
  });

  it('answers 503 after every attempt lost to a transaction conflict', async () => {
    // A conflict on every attempt cannot be staged against the emulator's serialised transactions.
    const realSend = Object.getPrototypeOf(dynamoDocumentClient).send as (command: unknown) => Promise<never>;
    const mock = mockClient(dynamoDocumentClient);
    try {
      mock.send.callsFake((command) =>
        command instanceof TransactWriteCommand
          ? Promise.reject(
              new TransactionCanceledException({
                message: 'Transaction cancelled',
                $metadata: {},
                CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
              }),
            )
          : realSend.call(dynamoDocumentClient, command),
      );
      const error = await recordDownload(download('una', '2036-01-10T10:00:00.000Z')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect((error as Error).message).toBe(DOWNLOAD_BUSY_MESSAGE);
      expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(RECORD_DOWNLOAD_ATTEMPTS);
    } finally {
      mock.restore();
    }
    expect(await rawEventsOf('2036')).toHaveLength(0);
  });
});

describe('content usage (issue 26 item 4)', () => {
  const usageOf = async (contentId: string) => {
    const [item] = await queryAll(contentUsagePartition(contentId), 'USAGE');
    return item ? { downloads: item.downloads, schools: item.schools } : null;
  };
  const schoolsOf = async (contentId: string) =>
    (await queryAll(contentUsagePartition(contentId), CONTENT_USAGE_SCHOOL_PREFIX)).map((item) => item.businessUnitId);

  it('counts a download, a school once, another school once more, and no school for a government unit or none', async () => {
    const item = { contentId: 'usage-lab' };
    await recordDownload(download('una', '2042-01-10T10:00:00.000Z', 'file-a', item));
    expect(await usageOf('usage-lab')).toEqual({ downloads: 1, schools: 1 });
    // uri is at the same school as una: one more download, no more school.
    await recordDownload(download('uri', '2042-01-10T11:00:00.000Z', 'file-a', item));
    expect(await usageOf('usage-lab')).toEqual({ downloads: 2, schools: 1 });
    // val is at another school.
    await recordDownload(download('val', '2042-01-11T11:00:00.000Z', 'file-b', item));
    expect(await usageOf('usage-lab')).toEqual({ downloads: 3, schools: 2 });
    // A government unit and a user without a unit download, but are no schools.
    await recordDownload(download('gil', '2042-01-12T11:00:00.000Z', 'file-b', item));
    await recordDownload(download('sam', '2042-01-12T12:00:00.000Z', 'file-b', item));
    expect(await usageOf('usage-lab')).toEqual({ downloads: 5, schools: 2 });
    expect((await schoolsOf('usage-lab')).sort()).toEqual(['unit-mason', 'unit-omaha']);
  });

  it('never counts a preview, nor a category bundle', async () => {
    await recordDownload(
      download('una', '2042-02-10T10:00:00.000Z', 'file-a', { contentId: 'usage-preview' }),
      PREVIEW_STATISTIC_CATEGORY,
    );
    expect(await usageOf('usage-preview')).toBeNull();
    expect(await schoolsOf('usage-preview')).toEqual([]);
    const before = await usageOf('lab-1');
    await recordDownload(download('una', '2042-02-10T11:00:00.000Z', 'file-a', { category: true }));
    expect(await usageOf('lab-1')).toEqual(before);
  });

  it('counts a school once when its people download concurrently', async () => {
    const item = { contentId: 'usage-race' };
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        recordDownload(download(i % 2 === 0 ? 'una' : 'uri', `2042-03-10T10:00:0${i}.000Z`, 'file-a', item)),
      ),
    );
    expect(await usageOf('usage-race')).toEqual({ downloads: 10, schools: 1 });
  });
});

describe('DownloadStatisticsAggregate', () => {
  it('builds exactly the items recordDownload leaves after the same downloads, one by one', async () => {
    const lab = { contentId: 'lab-2040' };
    const events = [
      download('una', '2040-03-02T10:00:00.000Z', 'file-a', lab),
      download('una', '2040-03-02T11:00:00.000Z', 'file-b', lab),
      download('val', '2040-03-09T08:00:00.000Z', 'file-a', lab),
      download('uri', '2040-03-09T09:00:00.000Z', 'file-a', { contentId: 'lab-2040b' }),
      download('sam', '2040-04-01T08:00:00.000Z', 'file-c', lab),
      download('gil', '2040-04-01T08:30:00.000Z', 'file-c', lab),
      download('una', '2040-04-01T09:00:00.000Z', 'file-a', { category: true }),
    ];
    const aggregate = new DownloadStatisticsAggregate();
    const eventItems = events.map((event) => aggregate.add(event));
    for (const event of events) await recordDownload(event);

    expect(await rawEventsOf('2040')).toEqual(expect.arrayContaining(eventItems));
    const counterItems = aggregate.counterItems();
    const stored = (
      await Promise.all(
        [...new Set(counterItems.map((item) => item.pk))].map((pk) =>
          queryAll(pk, '').then((items) => items.filter((item) => String(item.sk).startsWith('2040'))),
        ),
      )
    ).flat();
    expect(stored).toHaveLength(counterItems.length);
    expect(stored).toEqual(expect.arrayContaining(counterItems));
    const markers = aggregate.markerItems(new Date('2040-01-01T00:00:00Z'));
    // una: 4 periods in March, day, week and month again in April; val, uri, sam and gil: 4 each.
    expect(markers).toHaveLength(7 + 4 + 4 + 4 + 4);
    for (const marker of markers) expect(await queryAll(marker.pk, 'SEEN')).toEqual([marker]);
    // Markers of ended periods are left out: they would only wait for their TTL.
    expect(aggregate.markerItems(new Date('2041-06-01T00:00:00Z'))).toEqual([]);

    // Content usage (issue 26 item 4): the same downloads and schools, the same markers; the
    // aggregate's usage items say they are complete (`backfilled`), the live ones when they began.
    const usage = aggregate.contentUsageItems();
    const storedUsage = (
      await Promise.all(['lab-2040', 'lab-2040b'].map((id) => queryAll(contentUsagePartition(id), '')))
    ).flat();
    const withoutMarks = (item: object) => {
      const { since: _since, backfilled: _backfilled, ...rest } = item as Record<string, unknown>;
      return rest;
    };
    expect(storedUsage.map(withoutMarks)).toEqual(expect.arrayContaining(usage.map(withoutMarks)));
    expect(storedUsage).toHaveLength(usage.length);
    expect(usage).toContainEqual(
      expect.objectContaining({ contentId: 'lab-2040', downloads: 5, schools: 2, backfilled: true }),
    );
    expect(usage).toContainEqual(expect.objectContaining({ contentId: 'lab-2040b', downloads: 1, schools: 1 }));
    expect(storedUsage).toContainEqual(
      expect.objectContaining({ sk: 'USAGE', contentId: 'lab-2040', since: '2040-03-02T10:00:00.000Z' }),
    );
  });

  it('marks a synthetic event, and only that one', () => {
    const aggregate = new DownloadStatisticsAggregate();
    expect(aggregate.add({ ...download('una', '2040-05-01T10:00:00.000Z'), synthetic: true }).synthetic).toBe(true);
    expect('synthetic' in aggregate.add(download('una', '2040-05-01T10:00:00.000Z'))).toBe(false);
  });
});
