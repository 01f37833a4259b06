import { vi } from 'vitest';

export interface MockResponse {
  readonly status?: number;
  readonly body: unknown;
  /** Extra response headers (e.g. `Retry-After`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Answers a request; `init` carries the method and the JSON body (`requestOf` reads them). */
export type MockHandler = (url: URL, init?: RequestInit) => MockResponse | Promise<MockResponse>;

/** The method (GET when none) and the parsed JSON body of a request the mock saw. */
export function requestOf(init?: RequestInit): { method: string; body: unknown } {
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  return { method: init?.method ?? 'GET', body };
}

/**
 * Replaces `fetch` with `handler`, which sees each request's URL (relative ones
 * resolved against http://localhost). Returns the spy to inspect the calls.
 */
export function mockApi(handler: MockHandler) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { status = 200, body, headers = {} } = await handler(new URL(raw, 'http://localhost'), init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
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

/** The calls with `method` the mocked API saw: path and parsed JSON body. */
export function calledWith(spy: ReturnType<typeof mockApi>, method: string): { path: string; body: unknown }[] {
  return spy.mock.calls.flatMap(([input, init]) => {
    const request = requestOf(init);
    if (request.method !== method) return [];
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return [{ path: new URL(raw, 'http://localhost').pathname, body: request.body }];
  });
}
