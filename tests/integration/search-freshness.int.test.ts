import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchContentPage } from '#shared/contracts/search';
import { bumpCatalogRevision } from '../../functions/src/data/catalog.ts';
import { createContent } from '../../functions/src/data/content.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';

/**
 * "Write → searchable" on the local stack (decision record 014): a content write that
 * records itself in the catalog revision is found by a search over HTTP within a
 * second, with nothing but the portal's own local indexer (polling the revision every
 * 200 ms) and the search group's freshness check (every 250 ms) in between.
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

describe('write → searchable on the local portal', () => {
  it('finds the seeded courseware over HTTP', async () => {
    const page = await search('buffer overflow');
    expect(page.items[0]?.name).toMatch(/Buffer Overflow/);
  });

  it('finds a newly published item within 1 s of its write', async () => {
    const record = contentRecord('Quokka steganography workshop');
    expect((await search('quokka steganography')).items.map((item) => item.id)).not.toContain(record.id);

    const started = performance.now();
    await createContent(record);
    await bumpCatalogRevision();
    let found = false;
    while (!found && performance.now() - started < 3000) {
      found = (await search('quokka steganography')).items.some((item) => item.id === record.id);
      if (!found) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const elapsed = Math.round(performance.now() - started);
    console.log(`search freshness: write → searchable over HTTP in ${elapsed} ms (local stack)`);
    expect(found).toBe(true);
    expect(elapsed).toBeLessThan(1000);
  });
});
