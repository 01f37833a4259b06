import { afterAll, beforeAll, expect } from 'vitest';
import { SearchContentPage } from '#shared/contracts/search';
import { type LocalPortal, startLocalPortal } from './local-portal.ts';

/**
 * Starts a seeded local portal in `beforeAll` and stops it in `afterAll` of the
 * calling suite; returns a function giving the running portal (call it inside tests
 * or hooks, not at module level).
 */
export function seededLocalPortalForSuite(): () => LocalPortal {
  let portal: LocalPortal | undefined;
  beforeAll(async () => {
    portal = await startLocalPortal({ seed: true });
  });
  afterAll(async () => {
    await portal?.stop();
  });
  return () => {
    if (!portal) throw new Error('The seeded local portal has not started');
    return portal;
  };
}

/** `POST /api/v1/search/content` for `text` (first 10 results), expecting 200 and a valid page. */
export async function searchOverHttp(portal: Pick<LocalPortal, 'baseUrl'>, text: string): Promise<SearchContentPage> {
  const res = await fetch(`${portal.baseUrl}/api/v1/search/content`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, limit: 10 }),
  });
  expect(res.status).toBe(200);
  return SearchContentPage.parse(await res.json());
}

/**
 * Searches `text` over HTTP every 20 ms until item `id` is among the results or
 * `timeoutMs` (default 3000) have passed since `started` (a `performance.now()`
 * reading); returns whether it was found and the milliseconds since `started`.
 */
export async function pollSearchUntilFound(
  portal: Pick<LocalPortal, 'baseUrl'>,
  text: string,
  id: string,
  started: number,
  timeoutMs = 3000,
): Promise<{ found: boolean; elapsed: number }> {
  let found = false;
  while (!found && performance.now() - started < timeoutMs) {
    found = (await searchOverHttp(portal, text)).items.some((item) => item.id === id);
    if (!found) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { found, elapsed: Math.round(performance.now() - started) };
}
