import { describe, expect, it } from 'vitest';
import { bumpCatalogRevision } from '../../functions/src/data/catalog.ts';
import { createContent } from '../../functions/src/data/content.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { searchOverHttp, seededLocalPortalForSuite, waitUntilSearchFinds } from '../support/search-over-http.ts';

/**
 * "Write → searchable" on the local stack (decision record 014): a content write that
 * records itself in the catalog revision is found by a search over HTTP, with nothing
 * but the portal's own local indexer (polling the revision every 200 ms) and the search
 * group's freshness check (every 250 ms) in between. The test waits on the search
 * finding it, not on the clock; the two intervals that bound the delay are tested on a
 * fake clock (infra/local/catalog-indexer.test.ts, functions/src/search/snapshot-search.int.test.ts).
 */

const portalOf = seededLocalPortalForSuite();
const search = (text: string) => searchOverHttp(portalOf(), text);

describe('write → searchable on the local portal', () => {
  it('finds the seeded courseware over HTTP', async () => {
    const page = await search('buffer overflow');
    expect(page.items[0]?.name).toMatch(/Buffer Overflow/);
  });

  it('finds a newly published item once it is written', async () => {
    const record = contentRecord('Quokka steganography workshop');
    expect((await search('quokka steganography')).items.map((item) => item.id)).not.toContain(record.id);

    const started = performance.now();
    await createContent(record);
    await bumpCatalogRevision();
    const elapsed = await waitUntilSearchFinds(portalOf(), 'quokka steganography', record.id, started);
    console.log(`search freshness: write → searchable over HTTP in ${elapsed} ms (local stack)`);
  });
});
