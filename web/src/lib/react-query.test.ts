import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { MAX_READ_RETRY_AFTER_SECONDS, retryDelay, shouldRetry } from './react-query.ts';

const busy = (statusCode: number, retryAfterSeconds: number | null) =>
  new ApiError(statusCode, 'busy', [], { retryAfterSeconds });

describe('the retry rule of reads (issue 28 item 4)', () => {
  it('retries a 429 or 503 twice, each after its Retry-After', () => {
    for (const status of [429, 503]) {
      expect(shouldRetry(0, busy(status, 3))).toBe(true);
      expect(shouldRetry(1, busy(status, 3))).toBe(true);
      expect(shouldRetry(2, busy(status, 3))).toBe(false);
      expect(retryDelay(0, busy(status, 3))).toBe(3000);
    }
  });

  it('shows a 429 at once when it says nothing of when, or asks for longer than the bound', () => {
    expect(shouldRetry(0, busy(429, null))).toBe(false);
    expect(shouldRetry(0, busy(429, MAX_READ_RETRY_AFTER_SECONDS + 1))).toBe(false);
    expect(shouldRetry(0, busy(429, MAX_READ_RETRY_AFTER_SECONDS))).toBe(true);
  });

  it('keeps the other rules: no retry of a 4xx, two of a 5xx or no answer with the default backoff', () => {
    expect(shouldRetry(0, new ApiError(404, 'Not Found'))).toBe(false);
    expect(shouldRetry(1, new ApiError(500, 'Internal server error.'))).toBe(true);
    expect(shouldRetry(1, busy(503, null))).toBe(true);
    expect(retryDelay(1, busy(503, null))).toBe(2000);
    expect(retryDelay(0, new ApiError(0, 'no answer'))).toBe(1000);
  });
});
