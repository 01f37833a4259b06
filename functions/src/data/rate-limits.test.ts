import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_SCALE_ENV, rateLimitScale, scaledLimit } from './rate-limits.ts';

describe('rateLimitScale (decision record 033)', () => {
  it('is 1 unless the environment sets a positive integer, which multiplies every limit', () => {
    expect(rateLimitScale(undefined)).toBe(1);
    expect(rateLimitScale('')).toBe(1);
    expect(rateLimitScale('50')).toBe(50);
    expect(scaledLimit({ requests: 5, windowSeconds: 600 }, 3)).toEqual({ requests: 15, windowSeconds: 600 });
  });

  it('refuses a value that is not a positive integer, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => rateLimitScale(value)).toThrow(RATE_LIMIT_SCALE_ENV);
    }
  });
});
