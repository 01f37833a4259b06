import { describe, expect, it } from 'vitest';
import type { StatisticBucket } from '#shared/contracts/statistics';
import { periodOf, periodsBetween, zeroPad } from './zero-pad.ts';

const bucket = (subject: string, period: string, value: number): StatisticBucket => ({
  id: `contentfiledownload#region#${subject}#x#${period}`,
  label: subject.toUpperCase(),
  value,
  period,
  subject,
});

describe('zero-padding (spec §9)', () => {
  it('fills missing days with 0', () => {
    const series = zeroPad([bucket('total', '2025-03-02', 4), bucket('total', '2025-03-04', 1)], {
      from: '2025-03-01',
      to: '2025-03-05',
      resolution: 'day',
    });
    expect(series).toEqual([
      {
        id: 'total',
        label: 'TOTAL',
        points: [
          { period: '2025-03-01', value: 0 },
          { period: '2025-03-02', value: 4 },
          { period: '2025-03-03', value: 0 },
          { period: '2025-03-04', value: 1 },
          { period: '2025-03-05', value: 0 },
        ],
      },
    ]);
  });

  it('fills missing ISO weeks, keyed by their Monday', () => {
    expect(periodOf('2025-03-09', 'week')).toBe('2025-03-03');
    expect(periodOf('2025-03-10', 'week')).toBe('2025-03-10');
    const [series] = zeroPad([bucket('west', '2025-03-10', 7)], {
      from: '2025-03-01',
      to: '2025-03-20',
      resolution: 'week',
    });
    expect(series?.points).toEqual([
      { period: '2025-02-24', value: 0 },
      { period: '2025-03-03', value: 0 },
      { period: '2025-03-10', value: 7 },
      { period: '2025-03-17', value: 0 },
    ]);
  });

  it('fills missing months across a year end', () => {
    expect(periodsBetween('2024-11-15', '2025-02-01', 'month')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    const [series] = zeroPad([bucket('west', '2025-01', 3)], {
      from: '2024-11-15',
      to: '2025-02-01',
      resolution: 'month',
    });
    expect(series?.points.map((point) => point.value)).toEqual([0, 0, 3, 0]);
  });

  it('fills missing years', () => {
    const [series] = zeroPad([bucket('west', '2024', 9)], { from: '2023-06-01', to: '2025-05-31', resolution: 'year' });
    expect(series?.points).toEqual([
      { period: '2023', value: 0 },
      { period: '2024', value: 9 },
      { period: '2025', value: 0 },
    ]);
  });

  it('keeps one series per subject, each with every period', () => {
    const series = zeroPad([bucket('west', '2025-03-01', 1), bucket('east', '2025-03-02', 2)], {
      from: '2025-03-01',
      to: '2025-03-02',
      resolution: 'day',
    });
    expect(series.map((one) => [one.id, one.points.map((point) => point.value)])).toEqual([
      ['west', [1, 0]],
      ['east', [0, 2]],
    ]);
  });
});
