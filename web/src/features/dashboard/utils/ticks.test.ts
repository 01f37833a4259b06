import { describe, expect, it } from 'vitest';
import { axisTicks } from './ticks.ts';
import { periodsBetween } from './zero-pad.ts';

const daily = (from: string, to: string) => periodsBetween(from, to, 'day');

describe('axis ticks (spec §9)', () => {
  it('shows every point over 10 days', () => {
    const points = daily('2025-03-01', '2025-03-11');
    expect(axisTicks(points)).toEqual(points);
  });

  it('shows every seventh point over 30 days', () => {
    const points = daily('2025-03-01', '2025-03-31');
    expect(axisTicks(points)).toEqual(['2025-03-01', '2025-03-08', '2025-03-15', '2025-03-22', '2025-03-29']);
  });

  it('shows the first of each month over 200 days', () => {
    const points = daily('2025-01-15', '2025-08-03');
    expect(axisTicks(points)).toEqual([
      '2025-02-01',
      '2025-03-01',
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-07-01',
      '2025-08-01',
    ]);
  });

  it('shows only January 1 over 600 days', () => {
    const points = daily('2024-06-01', '2026-01-22');
    expect(points).toHaveLength(601);
    expect(axisTicks(points)).toEqual(['2025-01-01', '2026-01-01']);
  });

  it('has no ticks for no points', () => {
    expect(axisTicks([])).toEqual([]);
  });
});
