import { describe, expect, it } from 'vitest';
import { historyBusinessUnits } from './business-units.ts';
import {
  FACULTY_POPULATION,
  generateDownloadHistory,
  type HistoryFile,
  historyWindow,
  seasonality,
  syntheticFaculty,
} from './download-history.ts';
import { DEFAULT_DATA_ROOT } from './import.ts';
import { readSchools } from './personas.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
const SEED = 'test-seed';

const files: HistoryFile[] = Array.from({ length: 12 }, (_, i) => ({
  file: { id: `file-${i}`, name: `File ${i}.pdf` },
  downloadedFrom: { id: `item-${i}`, name: `Item ${i}`, tags: ['lab'] },
  topMostContent: { id: `top-${i % 3}`, name: `Top ${i % 3}` },
  forSchools: i % 4 === 0,
}));

async function population() {
  return syntheticFaculty(historyBusinessUnits(await readSchools(DEFAULT_DATA_ROOT)), SEED);
}

describe('syntheticFaculty', () => {
  it('is a fixed population, each member in one business unit of every category', async () => {
    const faculty = await population();
    expect(faculty).toHaveLength(FACULTY_POPULATION);
    expect(new Set(faculty.map((member) => member.id)).size).toBe(FACULTY_POPULATION);
    expect(new Set(faculty.map((member) => member.unit.category))).toEqual(
      new Set(['university', 'college', 'K12', 'government']),
    );
    expect(await population()).toEqual(faculty);
  });
});

describe('generateDownloadHistory', () => {
  it('gives the same history for the same seed and count, and another for another seed', async () => {
    const faculty = await population();
    const run = (seed: string) => [...generateDownloadHistory({ count: 500, seed, now: NOW, faculty, files })];
    const first = run(SEED);
    expect(first).toHaveLength(500);
    expect(run(SEED)).toEqual(first);
    expect(run('another seed').map((event) => event.timestamp)).not.toEqual(first.map((event) => event.timestamp));
  });

  it('draws synthetic events in time order within the two years before today, users from the population', async () => {
    const faculty = await population();
    const events = [...generateDownloadHistory({ count: 2000, seed: SEED, now: NOW, faculty, files })];
    const { from, to } = historyWindow(NOW);
    expect(from.toISOString()).toBe('2024-11-21T00:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    const timestamps = events.map((event) => event.timestamp);
    expect([...timestamps].sort()).toEqual(timestamps);
    expect(timestamps[0] && timestamps[0] >= from.toISOString()).toBe(true);
    expect((timestamps.at(-1) ?? '') < to.toISOString()).toBe(true);
    expect(events.every((event) => event.synthetic === true)).toBe(true);
    const ids = new Set(faculty.map((member) => member.id));
    expect(events.every((event) => ids.has(event.user.id))).toBe(true);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('follows the academic calendar: summer months and weekends lower than October and weekdays', async () => {
    const faculty = await population();
    const byMonth = new Array<number>(12).fill(0);
    let weekend = 0;
    const events = [...generateDownloadHistory({ count: 20_000, seed: SEED, now: NOW, faculty, files })];
    for (const event of events) {
      const at = new Date(event.timestamp);
      byMonth[at.getUTCMonth()] = (byMonth[at.getUTCMonth()] ?? 0) + 1;
      if (at.getUTCDay() === 0 || at.getUTCDay() === 6) weekend += 1;
    }
    const october = byMonth[9] ?? 0;
    for (const summer of [5, 6]) expect(byMonth[summer] ?? 0).toBeLessThan(october / 2);
    expect(byMonth[7] ?? 0).toBeLessThan(october);
    // 2 of 7 days are weekend days; at 0.3× they hold well under 2/7 of the downloads.
    expect(weekend / events.length).toBeLessThan(0.15);
    expect(seasonality(new Date('2026-12-24T00:00:00Z'))).toBeLessThan(seasonality(new Date('2026-12-08T00:00:00Z')));
  });

  it('keeps the population whatever the count', async () => {
    const faculty = await population();
    const users = (count: number) =>
      new Set([...generateDownloadHistory({ count, seed: SEED, now: NOW, faculty, files })].map((e) => e.user.id));
    const members = new Set(faculty.map((member) => member.id));
    const big = users(50_000);
    expect(big.size).toBeGreaterThan(users(300).size);
    for (const id of big) expect(members.has(id)).toBe(true);
  });
});
