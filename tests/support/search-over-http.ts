import { afterAll, beforeAll, expect } from 'vitest';
import { SearchContentPage } from '#shared/contracts/search';
import { type LocalPortal, type LocalPortalOptions, startLocalPortal } from './local-portal.ts';

/**
 * Starts a seeded local portal in `beforeAll` and stops it in `afterAll` of the
 * calling suite; returns a function giving the running portal (call it inside tests
 * or hooks, not at module level). `options` other than `seed` go to `startLocalPortal`.
 */
export function seededLocalPortalForSuite(options: Omit<LocalPortalOptions, 'seed'> = {}): () => LocalPortal {
  let portal: LocalPortal | undefined;
  beforeAll(async () => {
    portal = await startLocalPortal({ ...options, seed: true });
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
 * The longest a condition wait here lasts: the runner's test timeout (`testTimeout` in
 * vitest.config.ts), so the test's own bound is the only one and a busy machine only
 * makes the wait longer, never the test fail.
 */
const RUNNER_TEST_TIMEOUT_MS = 30_000;

/**
 * Searches `text` over HTTP until item `id` is among the results (a wait on that
 * condition, bounded only by the runner's test timeout). Returns the milliseconds since
 * `started` (a `performance.now()` reading), for a log line, never for an assertion.
 */
export async function waitUntilSearchFinds(
  portal: Pick<LocalPortal, 'baseUrl'>,
  text: string,
  id: string,
  started: number = performance.now(),
): Promise<number> {
  await expect
    .poll(async () => (await searchOverHttp(portal, text)).items.map((item) => item.id), {
      timeout: RUNNER_TEST_TIMEOUT_MS,
      interval: 20,
    })
    .toContain(id);
  return Math.round(performance.now() - started);
}
