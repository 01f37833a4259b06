import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { ApiError, apiGet, apiPost, retryDelayOf, WRITE_ATTEMPTS } from './api-client.ts';

/** Retried writes keep their Idempotency-Key (issue 28 item 2; decision record 084). */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const Answer = z.object({ id: z.string() });

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function keysOf(spy: ReturnType<typeof vi.fn>): (string | undefined)[] {
  return spy.mock.calls
    .map(([, init]) => (init as RequestInit).headers as Record<string, string>)
    .map((h) => h['Idempotency-Key']);
}

describe('a write whose answer is lost', () => {
  it('is sent again after a network failure with the same Idempotency-Key', async () => {
    vi.useFakeTimers();
    const spy = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(201, { id: 'a' }));
    vi.stubGlobal('fetch', spy);
    const answer = apiPost('/api/v1/content', { name: 'Lab' }, Answer);
    await vi.advanceTimersByTimeAsync(499);
    expect(spy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ id: 'a' });
    const keys = keysOf(spy);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(spy.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ name: 'Lab' }));
  });

  it('gives up after its attempts and shows the last failure', async () => {
    vi.useFakeTimers();
    const spy = vi.fn().mockImplementation(async () => json(503, { statusCode: 503, message: 'Busy.' }));
    vi.stubGlobal('fetch', spy);
    const answer = apiPost('/api/v1/content', {}, Answer).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500 + 1000);
    const error = await answer;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(503);
    expect(spy).toHaveBeenCalledTimes(WRITE_ATTEMPTS);
    expect(new Set(keysOf(spy)).size).toBe(1);
  });

  it('sends a new key with each new write, and none with a read, which is not retried here', async () => {
    const spy = vi.fn().mockImplementation(async () => json(201, { id: 'b' }));
    vi.stubGlobal('fetch', spy);
    await apiPost('/api/v1/content', {}, Answer);
    await apiPost('/api/v1/content', {}, Answer);
    const keys = keysOf(spy);
    expect(keys[0]).not.toBe(keys[1]);
    spy.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiGet('/api/v1/content', Answer)).rejects.toMatchObject({ statusCode: 0 });
    expect(spy).toHaveBeenCalledTimes(3);
    expect(keysOf(spy)[2]).toBeUndefined();
  });
});

describe('retryDelayOf', () => {
  it('retries what may pass later, and nothing else', () => {
    expect(retryDelayOf(undefined, 1)).toBe(500);
    expect(retryDelayOf(json(504, {}), 2)).toBe(1000);
    expect(retryDelayOf(json(409, {}, { 'retry-after': '1' }), 1)).toBe(1000);
    expect(retryDelayOf(json(429, {}, { 'retry-after': '3' }), 1)).toBe(3000);
    expect(retryDelayOf(json(429, {}, { 'retry-after': '60' }), 1)).toBeNull();
    expect(retryDelayOf(json(409, {}), 1)).toBeNull();
    expect(retryDelayOf(json(500, {}), 1)).toBeNull();
    expect(retryDelayOf(json(400, {}), 1)).toBeNull();
  });
});
