import type { StatisticBucket, StatisticResolution } from '#shared/contracts/statistics';
import { addDays } from './dates.ts';

/**
 * The period key of a UTC date at a resolution, as the buckets carry it (spec §3
 * "Statistic bucket"): `YYYY-MM-DD` for day, the ISO week's Monday for week,
 * `YYYY-MM` for month, `YYYY` for year.
 */
export function periodOf(date: string, resolution: StatisticResolution): string {
  switch (resolution) {
    case 'day':
      return date;
    case 'week': {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      return addDays(date, -((weekday + 6) % 7));
    }
    case 'month':
      return date.slice(0, 7);
    case 'year':
      return date.slice(0, 4);
  }
}

function nextPeriod(period: string, resolution: StatisticResolution): string {
  switch (resolution) {
    case 'day':
      return addDays(period, 1);
    case 'week':
      return addDays(period, 7);
    case 'month': {
      const [year, month] = period.split('-').map(Number) as [number, number];
      return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    }
    case 'year':
      return String(Number(period) + 1);
  }
}

/** Every period from the one holding `from` to the one holding `to` (inclusive UTC dates), ascending. */
export function periodsBetween(from: string, to: string, resolution: StatisticResolution): string[] {
  const last = periodOf(to, resolution);
  const periods: string[] = [];
  for (let period = periodOf(from, resolution); period <= last; period = nextPeriod(period, resolution)) {
    periods.push(period);
  }
  return periods;
}

export interface PaddedSeries {
  /** The subject (a region, `total`…). */
  readonly id: string;
  /** What people read for the subject. */
  readonly label: string;
  /** One point per period of the range, zero where no bucket came (spec §9 "zero-padded"). */
  readonly points: readonly { readonly period: string; readonly value: number }[];
}

/**
 * Chart buckets as one series per subject with every period of the range, missing
 * periods as 0 (spec §9: "Missing periods (day, week, month, year) are zero-padded").
 * Subjects keep the order in which they first appear.
 */
export function zeroPad(
  buckets: readonly StatisticBucket[],
  { from, to, resolution }: { from: string; to: string; resolution: StatisticResolution },
): PaddedSeries[] {
  const periods = periodsBetween(from, to, resolution);
  const bySubject = new Map<string, { label: string; values: Map<string, number> }>();
  for (const bucket of buckets) {
    if (bucket.period === null) continue;
    let subject = bySubject.get(bucket.subject);
    if (!subject) {
      subject = { label: bucket.label, values: new Map() };
      bySubject.set(bucket.subject, subject);
    }
    subject.values.set(bucket.period, (subject.values.get(bucket.period) ?? 0) + bucket.value);
  }
  return [...bySubject].map(([id, { label, values }]) => ({
    id,
    label,
    points: periods.map((period) => ({ period, value: values.get(period) ?? 0 })),
  }));
}
