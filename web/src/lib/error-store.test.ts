import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NO_RESPONSE_MESSAGE, retryAfterSecondsOf } from './api-client.ts';
import { clearErrors, dismissError, getShownErrors, reportError } from './error-store.ts';

describe('reportError (spec §8)', () => {
  beforeEach(clearErrors);

  it('drops a 502 and a request without response silently', () => {
    reportError(new ApiError(502, 'Bad Gateway'));
    reportError(new ApiError(0, NO_RESPONSE_MESSAGE));
    expect(getShownErrors()).toEqual([]);
  });

  it('drops the not-found answers the screens handle', () => {
    reportError(new ApiError(404, 'Content does not exist.'));
    reportError(new ApiError(404, 'News does not exist.'));
    expect(getShownErrors()).toEqual([]);
  });

  it('shows every other error with message, status code and details', () => {
    reportError(
      new ApiError(400, 'The request is invalid.', [{ path: 'query.limit', message: 'Must be at most 300.' }]),
    );
    reportError(new ApiError(404, 'Page does not exist.'));
    expect(getShownErrors()).toMatchObject([
      { message: 'The request is invalid.', statusCode: 400, details: ['query.limit: Must be at most 300.'] },
      { message: 'Page does not exist.', statusCode: 404, details: [] },
    ]);
    dismissError();
    expect(getShownErrors()).toHaveLength(1);
  });

  it('shows a non-Error value as JSON', () => {
    reportError({ code: 'E42' });
    expect(getShownErrors()[0]?.message).toBe('{"code":"E42"}');
  });

  it('keeps one "account could not be found" at a time', () => {
    reportError(new Error('Your account could not be found (id 7)'));
    reportError(new Error('Your account could not be found again'));
    expect(getShownErrors().map((error) => error.message)).toEqual(['Your account could not be found.']);
  });
});

describe('a 429 (issue 21 item 4)', () => {
  beforeEach(clearErrors);

  it('says how long to wait, from Retry-After, instead of the server’s words', () => {
    reportError(new ApiError(429, 'Too many requests.', [], { retryAfterSeconds: 300 }));
    reportError(new ApiError(429, 'Slow down', [], { retryAfterSeconds: 59 }));
    reportError(new ApiError(429, 'Slow down'));
    expect(getShownErrors().map((error) => error.message)).toEqual([
      'Too many requests. Try again in 5 minutes.',
      'Too many requests. Try again in 59 seconds.',
      'Too many requests. Please wait a few minutes and try again.',
    ]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(retryAfterSecondsOf('120', now)).toBe(120);
    expect(retryAfterSecondsOf('Fri, 27 Nov 2026 10:02:30 GMT', now)).toBe(150);
    expect(retryAfterSecondsOf(null, now)).toBeNull();
    expect(retryAfterSecondsOf('soon', now)).toBeNull();
  });
});
