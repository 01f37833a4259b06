import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATISTIC_GROUPS } from '#shared/contracts/statistics';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { getBusinessUnitsByIds } from '../data/business-units.ts';
import { SCHOOL_CATEGORIES } from '../data/content-usage.ts';
import { recordDownload } from '../data/downloads.ts';
import { tableName } from '../data/dynamo.ts';
import {
  contentUsageBackfillKey,
  contentUsagePartition,
  statisticCounterPartition,
  statisticEventsPartition,
} from '../data/keys.ts';
import {
  DOWNLOAD_METRICS,
  DOWNLOAD_STATISTIC_CATEGORY,
  periodOf,
  TIME_FRAMES,
  type TimeFrame,
  USERS_METRIC,
} from '../domain/download-statistics.ts';
import { backfillContentUsage } from '../services/content-usage-backfill.ts';
import { startTestStack } from '../test-support/stack.ts';
import {
  HistoryRefusedError,
  type HistoryReport,
  historyWindow,
  seasonality,
  seedDownloadHistory,
  seededRandom,
} from './download-history.ts';
import { runSeed } from './import.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
const COUNT = 2000;

let stack: Awaited<ReturnType<typeof startTestStack>>;
let report: HistoryReport;
type Item = Record<string, unknown>;
let events: Item[];

async function queryAll(pk: string): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((output.Items ?? []) as Item[]));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** The `YYYY-MM` months from `from` (inclusive) to `to` (exclusive). */
function monthsOf(from: Date, to: Date): string[] {
  const months: string[] = [];
  for (let at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1)); at < to; ) {
    months.push(at.toISOString().slice(0, 7));
    at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  }
  return months;
}

type Unit = { name: string; category: string; region: string };
const unitOf = (event: Item) => {
  const [entry] = Object.entries((event.metadata as { businessUnits: Record<string, Unit> }).businessUnits);
  return entry ? { id: entry[0], ...entry[1] } : null;
};
const SUBJECTS: Record<(typeof DOWNLOAD_METRICS)[number], (event: Item) => string | null> = {
  total: () => 'all',
  businessUnit: (event) => unitOf(event)?.id ?? 'unknown',
  businessUnitCategory: (event) => unitOf(event)?.category ?? 'unknown',
  region: (event) => unitOf(event)?.region ?? 'unknown',
  content: (event) => (event.contentId as string | null) ?? null,
  file: (event) => (event.metadata as { fileId: string }).fileId,
};

/** What the counters of a metric and time frame must say, counted from the raw events: `{ "<period>#<subject>": n }`. */
function expectedCounts(metric: string, timeFrame: TimeFrame): Map<string, number> {
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  for (const event of events) {
    const period = periodOf(new Date(event.timestamp as string), timeFrame);
    let subject: string | null;
    if (metric === USERS_METRIC) {
      const key = `${period}#${event.userId as string}`;
      if (seen.has(key)) continue;
      seen.add(key);
      subject = unitOf(event)?.region ?? 'unknown';
    } else {
      subject = SUBJECTS[metric as (typeof DOWNLOAD_METRICS)[number]](event);
    }
    if (subject === null) continue;
    const key = `${period}#${subject}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

beforeAll(async () => {
  stack = await startTestStack();
  await runSeed({ log: () => undefined });
  report = await seedDownloadHistory({ count: COUNT, now: NOW });
  const { from, to } = historyWindow(NOW);
  events = (
    await Promise.all(
      monthsOf(from, to).map((month) => queryAll(statisticEventsPartition(DOWNLOAD_STATISTIC_CATEGORY, month))),
    )
  ).flat();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('seedDownloadHistory', () => {
  it('writes every generated download as a synthetic raw event', () => {
    expect(report.events).toBe(COUNT);
    expect(events).toHaveLength(COUNT);
    expect(events.every((event) => event.synthetic === true && event.entityType === 'DownloadEvent')).toBe(true);
  });

  it('keeps every counter equal to the count of raw events in its period, for random ranges, every time frame and metric', async () => {
    const random = seededRandom('property');
    const { from, to } = historyWindow(NOW);
    const span = to.getTime() - from.getTime();
    for (const metric of [...DOWNLOAD_METRICS, USERS_METRIC]) {
      for (const timeFrame of TIME_FRAMES) {
        const stored = new Map(
          (await queryAll(statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, metric, timeFrame))).map((item) => [
            item.sk as string,
            item.value as number,
          ]),
        );
        const expected = expectedCounts(metric, timeFrame);
        // Every bucket of the whole history …
        expect(stored, `${metric} ${timeFrame}`).toEqual(expected);
        // … and bucket totals of random ranges against raw events of the same periods.
        for (let i = 0; i < 10; i += 1) {
          const a = new Date(from.getTime() + random() * span);
          const b = new Date(a.getTime() + random() * (to.getTime() - a.getTime()));
          const [first, last] = [periodOf(a, timeFrame), periodOf(b, timeFrame)];
          const inRange = (period: string) => period >= first && period <= last;
          let counterTotal = 0;
          for (const [sk, value] of stored) if (inRange(sk.split('#')[0] as string)) counterTotal += value;
          let rawTotal = 0;
          if (metric === USERS_METRIC) {
            rawTotal = [...expected]
              .filter(([sk]) => inRange(sk.split('#')[0] as string))
              .reduce((n, [, v]) => n + v, 0);
          } else {
            rawTotal = events.filter(
              (event) =>
                inRange(periodOf(new Date(event.timestamp as string), timeFrame)) &&
                SUBJECTS[metric as (typeof DOWNLOAD_METRICS)[number]](event) !== null,
            ).length;
          }
          expect(counterTotal, `${metric} ${timeFrame} ${first}…${last}`).toBe(rawTotal);
        }
      }
    }
  });

  it('labels businessUnit counters with the group of their unit', async () => {
    const counters = await queryAll(statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, 'businessUnit', 'year'));
    const categories = new Map(events.map((event) => [unitOf(event)?.id, unitOf(event)?.category]));
    expect(counters.length).toBeGreaterThan(0);
    for (const counter of counters) expect(counter.group).toBe(categories.get(counter.subject as string));
    expect(new Set(counters.map((counter) => counter.group))).toEqual(
      new Set(['university', 'college', 'K12', 'government']),
    );
  });

  it("keeps a copy of every businessUnit counter, and nothing else, in its group's partition", async () => {
    for (const timeFrame of TIME_FRAMES) {
      const plain = await queryAll(statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, 'businessUnit', timeFrame));
      for (const group of STATISTIC_GROUPS) {
        const copies = await queryAll(
          statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, 'businessUnit', timeFrame, group),
        );
        const strip = ({ pk: _pk, ...item }: Item) => item;
        expect(copies.map(strip), `${timeFrame} ${group}`).toEqual(
          plain.filter((item) => item.group === group).map(strip),
        );
      }
    }
  });

  it('writes the business units of the synthetic faculty, K12 and government ones marked synthetic', async () => {
    const ids = [...new Set(events.map((event) => unitOf(event)?.id as string))];
    const units = await getBusinessUnitsByIds(ids);
    expect(units).toHaveLength(ids.length);
    for (const unit of units) {
      const synthetic = (unit as unknown as { synthetic?: boolean }).synthetic === true;
      expect(synthetic).toBe(unit.category === 'K12' || unit.category === 'government');
    }
  });

  it("writes each item's all-time usage as the raw events count it, and the usage backfill as done (issue 26 item 4)", async () => {
    const expected = new Map<string, { downloads: number; schools: Set<string> }>();
    for (const event of events) {
      const contentId = event.contentId as string | null;
      if (!contentId) continue;
      const entry = expected.get(contentId) ?? { downloads: 0, schools: new Set<string>() };
      entry.downloads += 1;
      const unit = unitOf(event);
      if (unit && SCHOOL_CATEGORIES.has(unit.category)) entry.schools.add(unit.id);
      expected.set(contentId, entry);
    }
    expect(expected.size).toBeGreaterThan(5);
    expect(report.usageItems).toBe(expected.size + [...expected.values()].reduce((n, e) => n + e.schools.size, 0));
    for (const [contentId, { downloads, schools }] of expected) {
      const stored = await queryAll(contentUsagePartition(contentId));
      expect(stored.find((item) => item.sk === 'USAGE')).toMatchObject({ downloads, schools: schools.size });
      expect(
        stored
          .filter((item) => item.sk !== 'USAGE')
          .map((item) => item.businessUnitId)
          .sort(),
      ).toEqual([...schools].sort());
    }
    expect(await queryAll(contentUsageBackfillKey().pk)).toHaveLength(1);
    expect(await backfillContentUsage()).toEqual({ ran: false, events: 0, items: 0 });
  });

  it('has more downloads in October than in July', () => {
    const month = (m: string) => events.filter((event) => (event.timestamp as string).slice(5, 7) === m).length;
    expect(month('07')).toBeLessThan(month('10'));
    expect(seasonality(new Date('2026-07-15T00:00:00Z'))).toBeLessThan(seasonality(new Date('2026-10-15T00:00:00Z')));
  });

  it('writes counters of the same shape as a recorded download', async () => {
    const [generated] = await queryAll(statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, 'businessUnit', 'month'));
    const event = events[0] as Item;
    const unit = unitOf(event) as Unit & { id: string };
    await recordDownload({
      id: 'real-download-1',
      timestamp: '2031-03-03T10:00:00.000Z',
      user: { id: 'real-user', name: 'Real User', email: null },
      file: { id: 'file-x', name: 'x.pdf' },
      downloadedFrom: { id: 'item-x', name: 'Item X', tags: [] },
      topMostContent: { id: 'item-x', name: 'Item X' },
      businessUnit: unit,
    });
    const recorded = (
      await queryAll(statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, 'businessUnit', 'month'))
    ).find((item) => (item.sk as string).startsWith('2031-03#'));
    expect(Object.keys(recorded ?? {}).sort()).toEqual(Object.keys(generated ?? {}).sort());
  });

  it('refuses a second history on a table that counts downloads, writing nothing', async () => {
    await expect(seedDownloadHistory({ count: 10, now: NOW })).rejects.toThrow(HistoryRefusedError);
    await expect(seedDownloadHistory({ count: 10, now: NOW })).rejects.toThrow(/already counts 2001 downloads/);
  });
});
