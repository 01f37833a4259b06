import { describe, expect, it } from 'vitest';
import { CreatedId } from '#shared/contracts/content';
import { SavedContent } from '#shared/contracts/content-save';
import { portalTokenFor } from '../support/local-portal.ts';
import { searchOverHttp, seededLocalPortalForSuite, waitUntilSearchFinds } from '../support/search-over-http.ts';

/**
 * A content write through the API becomes searchable (issue 5 item 7, decision record
 * 014): `POST /api/v1/content` bumps the catalog revision in its own transaction, and
 * nothing else is called before searching. The tests wait on the search finding the
 * item, not on the clock; the intervals that bound the delay are tested on a fake clock
 * (infra/local/catalog-indexer.test.ts, functions/src/search/snapshot-search.int.test.ts).
 */

const portalOf = seededLocalPortalForSuite();
const search = (text: string) => searchOverHttp(portalOf(), text);

describe('write over HTTP → searchable', () => {
  it('finds an item created by an editor', async () => {
    const token = await portalTokenFor(portalOf(), 'editor');
    // Warm the content group's Lambda module and the search index, as a running portal has them.
    await fetch(`${portalOf().baseUrl}/api/v1/content?limit=1`);
    await search('warm up');
    const started = performance.now();
    const res = await fetch(`${portalOf().baseUrl}/api/v1/content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Wombat cipher clinic', description: '<p>Ciphers.</p>', status: 'published' }),
    });
    expect(res.status).toBe(201);
    const { id } = CreatedId.parse(await res.json());
    const elapsed = await waitUntilSearchFinds(portalOf(), 'wombat cipher', id, started);
    console.log(`search freshness: POST /api/v1/content → searchable over HTTP in ${elapsed} ms`);
  });
});

describe('content save over HTTP → searchable', () => {
  it('finds an item created by a save (POST /api/v1/content-saves), children included', async () => {
    const token = await portalTokenFor(portalOf(), 'editor');
    await search('warm up');
    const res = await fetch(`${portalOf().baseUrl}/api/v1/content-saves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        fields: {
          name: 'Quokka packet module',
          description: '<p>Packets.</p>',
          status: 'published',
          categories: ['module'],
          ksas: [{ id: 'K0070', index: 0 }],
          kus: [{ id: 'CSF', index: 0 }],
        },
        children: [{ key: 'lab', name: 'Quokka capture lab', status: 'published', categories: ['exercise'] }],
      }),
    });
    expect(res.status).toBe(200);
    const saved = SavedContent.parse(await res.json());
    await waitUntilSearchFinds(portalOf(), 'quokka packet module', saved.content.id);
    const child = saved.created.children.lab ?? '';
    expect(child).not.toBe('');
    await waitUntilSearchFinds(portalOf(), 'quokka capture lab', child);
  });
});
