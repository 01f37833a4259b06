import { describe, expect, it } from 'vitest';
import { roundUsage } from './content-usage.ts';

describe('roundUsage (issue 26 item 4, decision record 071)', () => {
  it('says none for 0 and "fewer than 10" for 1 to 9, never the exact small figure', () => {
    expect(roundUsage(0)).toEqual({ value: 0, qualifier: 'none' });
    for (const count of [1, 2, 9]) expect(roundUsage(count)).toEqual({ value: 10, qualifier: 'fewerThan' });
  });

  it('rounds 10 and more down to two significant figures, as a lower bound', () => {
    expect(roundUsage(10)).toEqual({ value: 10, qualifier: 'atLeast' });
    expect(roundUsage(47)).toEqual({ value: 47, qualifier: 'atLeast' });
    expect(roundUsage(99)).toEqual({ value: 99, qualifier: 'atLeast' });
    expect(roundUsage(100)).toEqual({ value: 100, qualifier: 'atLeast' });
    expect(roundUsage(109)).toEqual({ value: 100, qualifier: 'atLeast' });
    expect(roundUsage(1234)).toEqual({ value: 1200, qualifier: 'atLeast' });
    expect(roundUsage(98_765)).toEqual({ value: 98_000, qualifier: 'atLeast' });
    expect(roundUsage(1_000_001)).toEqual({ value: 1_000_000, qualifier: 'atLeast' });
  });

  it('never rounds up', () => {
    for (let count = 10; count < 5000; count += 7) expect(roundUsage(count).value).toBeLessThanOrEqual(count);
  });

  it('refuses a negative or fractional count', () => {
    expect(() => roundUsage(-1)).toThrow(RangeError);
    expect(() => roundUsage(1.5)).toThrow(RangeError);
  });
});
