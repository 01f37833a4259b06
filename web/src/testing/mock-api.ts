import { vi } from 'vitest';

export interface MockResponse {
  readonly status?: number;
  readonly body: unknown;
}

export type MockHandler = (url: URL) => MockResponse | Promise<MockResponse>;

/**
 * Replaces `fetch` with `handler`, which sees each request's URL (relative ones
 * resolved against http://localhost). Returns the spy to inspect the calls.
 */
export function mockApi(handler: MockHandler) {
  const spy = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { status = 200, body } = await handler(new URL(raw, 'http://localhost'));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** The paths (with query) of the calls made to the mocked API. */
export function calledUrls(spy: ReturnType<typeof mockApi>): string[] {
  return spy.mock.calls.map(([input]) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    return `${url.pathname}${url.search}`;
  });
}
