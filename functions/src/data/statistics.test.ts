import { describe, expect, it } from 'vitest';
import { monthsOf, splitRange } from './statistics.ts';

/** Every day of a run list, expanded (day runs day by day, weeks, months and years to their days). */
function daysOf(runs: ReturnType<typeof splitRange>): string[] {
  const days: string[] = [];
  for (const run of runs) {
    const start = new Date(
      `${run.timeFrame === 'year' ? `${run.first}-01-01` : run.timeFrame === 'month' ? `${run.first}-01` : run.first}T00:00:00Z`,
    );
    const lastStart =
      run.timeFrame === 'year' ? `${run.last}-12-31` : run.timeFrame === 'month' ? `${run.last}-01` : run.last;
    const end = new Date(`${lastStart}T00:00:00Z`);
    if (run.timeFrame === 'month') end.setUTCMonth(end.getUTCMonth() + 1, 0);
    if (run.timeFrame === 'week') end.setUTCDate(end.getUTCDate() + 6);
    for (const day = start; day <= end; day.setUTCDate(day.getUTCDate() + 1)) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** Counters read per subject by each time frame of a run list. */
function periodsOf(runs: ReturnType<typeof splitRange>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const run of runs) {
    const periods =
      run.timeFrame === 'day'
        ? daysOf([run]).length
        : run.timeFrame === 'week'
          ? daysOf([run]).length / 7
          : run.timeFrame === 'month'
            ? monthsOf(`${run.first}-01`, `${run.last}-01`).length
            : Number(run.last) - Number(run.first) + 1;
    counts[run.timeFrame] = (counts[run.timeFrame] ?? 0) + periods;
  }
  return counts;
}

describe('splitRange', () => {
  it('reads the ragged ends of a range as ISO weeks and days, whole months as months', () => {
    expect(splitRange('2025-01-20', '2025-04-03')).toEqual([
      { timeFrame: 'week', first: '2025-01-20', last: '2025-01-20' },
      // The week of 2025-01-27 would take the first days of February, which is read whole.
      { timeFrame: 'day', first: '2025-01-27', last: '2025-01-31' },
      { timeFrame: 'month', first: '2025-02', last: '2025-03' },
      { timeFrame: 'day', first: '2025-04-01', last: '2025-04-03' },
    ]);
  });

  it('reads a whole calendar year as one year counter', () => {
    expect(splitRange('2025-01-01', '2026-01-01')).toEqual([
      { timeFrame: 'year', first: '2025', last: '2025' },
      { timeFrame: 'day', first: '2026-01-01', last: '2026-01-01' },
    ]);
  });

  it('reads the default dashboard range of 2026-11-21 as 3 days, 4 weeks and 5 months', () => {
    expect(splitRange('2026-05-23', '2026-11-22')).toEqual([
      { timeFrame: 'day', first: '2026-05-23', last: '2026-05-24' },
      { timeFrame: 'week', first: '2026-05-25', last: '2026-05-25' },
      { timeFrame: 'month', first: '2026-06', last: '2026-10' },
      { timeFrame: 'day', first: '2026-11-01', last: '2026-11-01' },
      { timeFrame: 'week', first: '2026-11-02', last: '2026-11-16' },
    ]);
  });

  it('reads weeks across a month or year boundary when the next month is not read whole', () => {
    expect(splitRange('2025-12-29', '2026-01-20')).toEqual([
      { timeFrame: 'week', first: '2025-12-29', last: '2026-01-12' },
      { timeFrame: 'day', first: '2026-01-19', last: '2026-01-20' },
    ]);
  });

  it('reads whole months across a year boundary', () => {
    expect(splitRange('2025-11-01', '2026-02-28')).toEqual([{ timeFrame: 'month', first: '2025-11', last: '2026-02' }]);
  });

  it('reads a single day, and a range inside one month as days', () => {
    expect(splitRange('2024-02-29', '2024-02-29')).toEqual([
      { timeFrame: 'day', first: '2024-02-29', last: '2024-02-29' },
    ]);
    expect(splitRange('2025-03-02', '2025-03-31')).toEqual([
      { timeFrame: 'day', first: '2025-03-02', last: '2025-03-02' },
      { timeFrame: 'week', first: '2025-03-03', last: '2025-03-24' },
      { timeFrame: 'day', first: '2025-03-31', last: '2025-03-31' },
    ]);
  });

  it('covers every day of the range exactly once with at most 24 days and 10 weeks, for many ranges', () => {
    for (let i = 0; i < 600; i += 1) {
      const start = new Date(Date.UTC(2023, 0, 1 + ((i * 37) % 800)));
      const end = new Date(start.getTime() + ((i * 53) % 366) * 86_400_000);
      const from = start.toISOString().slice(0, 10);
      const to = end.toISOString().slice(0, 10);
      const expected: string[] = [];
      for (const day = new Date(start); day <= end; day.setUTCDate(day.getUTCDate() + 1)) {
        expected.push(day.toISOString().slice(0, 10));
      }
      const runs = splitRange(from, to);
      expect(daysOf(runs), `${from}..${to}`).toEqual(expected);
      const periods = periodsOf(runs);
      expect(periods.day ?? 0, `${from}..${to}`).toBeLessThanOrEqual(24);
      expect(periods.week ?? 0, `${from}..${to}`).toBeLessThanOrEqual(10);
      expect(periods.month ?? 0, `${from}..${to}`).toBeLessThanOrEqual(11 + 12);
    }
  });

  it('answers nothing when from is after to', () => {
    expect(splitRange('2025-02-02', '2025-02-01')).toEqual([]);
  });
});

describe('monthsOf', () => {
  it('lists the months from the month of from to the month of to', () => {
    expect(monthsOf('2025-11-30', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2025-01-31', '2025-01-31')).toEqual(['2025-01']);
  });
});
