import { describe, expect, it } from 'vitest';
import { ContentDetail } from '#shared/contracts/content';
import { searchOverHttp, seededLocalPortalForSuite } from '../support/search-over-http.ts';

/**
 * Card thumbnails at write time (issue 24 item 2, decision record 060): the seed writes
 * content with SEED lab PDFs; the thumbnail renderer (locally the poller of
 * infra/local/thumbnails.ts, in the cloud the stream Lambda, both running
 * `syncItemThumbnail`) renders the first page into the public bucket and records it on
 * the item, and the catalog carries it to search; the same pass publishes each PDF's
 * readable first page (decision record 059). The test waits on those conditions,
 * never on the clock (bounded by the test's timeout: the seed's PDFs render one by one).
 */

const portalOf = seededLocalPortalForSuite({ thumbnails: true });
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('thumbnails over HTTP', () => {
  it('gives a seeded SEED lab a first-page thumbnail in search, on the item and in the public bucket', async () => {
    const findLab = async () =>
      (await searchOverHttp(portalOf(), 'clickjacking')).items.find((item) => /clickjacking/i.test(item.name));
    await expect
      .poll(async () => (await findLab())?.thumbnail ?? null, { timeout: 170_000, interval: 250 })
      .not.toBeNull();
    const lab = await findLab();
    const thumbnail = lab?.thumbnail;
    expect(thumbnail?.url).toMatch(/^\/public\/thumbnails\/[^/]+\/[^/]+\.png$/);
    expect(thumbnail?.alt).toMatch(/^First page of /);

    const detail = ContentDetail.parse(
      await (await fetch(`${portalOf().baseUrl}/api/v1/content/${encodeURIComponent(lab?.id ?? '')}`)).json(),
    );
    expect(detail.content.thumbnail).toEqual(thumbnail);
    const pdf = detail.content.files.find((file) => file.type === 'application/pdf');
    expect(thumbnail?.url).toContain(`/${pdf?.id}.png`);
    expect(thumbnail?.alt).toBe(`First page of ${pdf?.name}`);

    const res = await fetch(`${portalOf().baseUrl}${thumbnail?.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    // The same pass gave each of its PDFs a readable first page (issue 24 item 1, decision record 059).
    const pdfs = detail.content.files.filter((file) => file.type === 'application/pdf');
    expect(detail.content.firstPages?.map((page) => page.fileId)).toEqual(pdfs.map((file) => file.id));
    for (const page of detail.content.firstPages ?? []) {
      expect(page.url).toBe(`/public/thumbnails/${lab?.id}/${page.fileId}.page-1.png`);
      const image = await fetch(`${portalOf().baseUrl}${page.url}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect([...new Uint8Array(await image.arrayBuffer()).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    }
  }, 180_000);
});
