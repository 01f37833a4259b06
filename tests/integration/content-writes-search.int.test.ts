import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedId } from '#shared/contracts/content';
import { SearchContentPage } from '#shared/contracts/search';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/**
 * A content write through the API is searchable within a second (issue 5 item 7,
 * decision record 014): `POST /api/v1/content` bumps the catalog revision in its own
 * transaction, and nothing else is called before searching.
 */

let portal: LocalPortal;

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
});
afterAll(async () => {
  await portal?.stop();
});

async function search(text: string): Promise<SearchContentPage> {
  const res = await fetch(`${portal.baseUrl}/api/v1/search/content`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, limit: 10 }),
  });
  expect(res.status).toBe(200);
  return SearchContentPage.parse(await res.json());
}

describe('write over HTTP → searchable', () => {
  it('finds an item created by an editor within 1 s', async () => {
    const token = await portalTokenFor(portal, 'editor');
    // Warm the content group's Lambda module and the search index, as a running portal has them.
    await fetch(`${portal.baseUrl}/api/v1/content?limit=1`);
    await search('warm up');
    const started = performance.now();
    const res = await fetch(`${portal.baseUrl}/api/v1/content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Wombat cipher clinic', description: '<p>Ciphers.</p>', status: 'published' }),
    });
    expect(res.status).toBe(201);
    const { id } = CreatedId.parse(await res.json());
    let found = false;
    while (!found && performance.now() - started < 3000) {
      found = (await search('wombat cipher')).items.some((item) => item.id === id);
      if (!found) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const elapsed = Math.round(performance.now() - started);
    console.log(`search freshness: POST /api/v1/content → searchable over HTTP in ${elapsed} ms`);
    expect(found).toBe(true);
    expect(elapsed).toBeLessThan(1000);
  });
});
