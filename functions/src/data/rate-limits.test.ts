import { describe, expect, it } from 'vitest';
import { PUBLIC_FORM_RATE_LIMIT } from '#shared/limits';
import { publicFormRateLimit, RATE_LIMIT_REQUESTS_ENV } from './rate-limits.ts';

describe('publicFormRateLimit (decision record 025)', () => {
  it('is PUBLIC_FORM_RATE_LIMIT unless the environment overrides the request count', () => {
    expect(publicFormRateLimit(undefined)).toEqual(PUBLIC_FORM_RATE_LIMIT);
    expect(publicFormRateLimit('')).toEqual(PUBLIC_FORM_RATE_LIMIT);
    expect(publicFormRateLimit('50')).toEqual({ requests: 50, windowSeconds: PUBLIC_FORM_RATE_LIMIT.windowSeconds });
  });

  it('refuses a value that is not a positive integer, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => publicFormRateLimit(value)).toThrow(RATE_LIMIT_REQUESTS_ENV);
    }
  });
});
