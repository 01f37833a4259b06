import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentFile } from '#shared/contracts/content';
import { listObjectKeys, readObjectHead } from '../adapters/file-objects.ts';
import { createContent, getContentById, updateContent } from '../data/content.ts';
import { firstPageObjectKey, thumbnailObjectKey, thumbnailObjectPrefix } from '../data/keys.ts';
import { env } from '../lib/env.ts';
import { contentRecord } from '../test-support/content-record.ts';
import { startTestStack } from '../test-support/stack.ts';
import { storeAttachedFile } from '../test-support/stored-file.ts';
import { FIRST_PAGE_MAX_BYTES, FIRST_PAGE_WIDTH } from './render.ts';
import { syncThumbnail } from './sync.ts';

/**
 * Readable first pages for readers without file rights (issue 24 item 1, decision
 * record 059), against the emulators: the thumbnail renderer's sync puts the first
 * page of every PDF of an item whose licence allows redistribution into the public
 * bucket beside the thumbnail and records it on the item; an unknown licence gets none.
 */

const LABS = path.resolve(import.meta.dirname, '../../seed-data/courseware/files/seed-labs/web');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A stored PDF of the seed attached to `ownerId`, as the item's `files` entry. */
async function attachedPdf(ownerId: string, filename: string): Promise<ContentFile> {
  const file = await storeAttachedFile({
    ownerId,
    name: filename.replace(/\.pdf$/, ''),
    filename,
    type: 'application/pdf',
    bytes: await readFile(path.join(LABS, filename)),
  });
  return { id: file.id, name: file.name, type: file.type, filename: file.filename };
}

async function publicKeys(contentId: string): Promise<string[]> {
  return (await listObjectKeys(env().publicBucket, thumbnailObjectPrefix(contentId))).sort();
}

describe('first pages at write time (issue 24 item 1)', () => {
  it('puts the first page of each PDF of a CC BY-SA item into the public bucket and records it', async () => {
    const item = contentRecord('First pages under CC BY-SA', { licence: 'CC BY-SA 4.0' });
    const first = await attachedPdf(item.id, 'Web_Clickjacking_Cupcakes.pdf');
    const second = await attachedPdf(item.id, 'Web_CSRF_Elgg.pdf');
    await createContent({ ...item, files: [first, second] });

    expect(await syncThumbnail(item.id)).toBe('rendered');

    expect(await publicKeys(item.id)).toEqual(
      [
        thumbnailObjectKey(item.id, first.id),
        firstPageObjectKey(item.id, first.id),
        firstPageObjectKey(item.id, second.id),
      ].sort(),
    );
    const stored = await getContentById(item.id);
    expect(stored?.firstPages).toEqual([
      {
        fileId: first.id,
        url: `/public/${firstPageObjectKey(item.id, first.id)}`,
        alt: 'First page of Web_Clickjacking_Cupcakes',
      },
      {
        fileId: second.id,
        url: `/public/${firstPageObjectKey(item.id, second.id)}`,
        alt: 'First page of Web_CSRF_Elgg',
      },
    ]);
    const png = await readObjectHead(
      env().publicBucket,
      firstPageObjectKey(item.id, second.id),
      FIRST_PAGE_MAX_BYTES + 1,
    );
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(png.byteLength).toBeLessThanOrEqual(FIRST_PAGE_MAX_BYTES);
    expect((await loadImage(Buffer.from(png))).width).toBe(FIRST_PAGE_WIDTH);

    // In line: nothing to do, no render.
    expect(await syncThumbnail(item.id)).toBe('unchanged');
  }, 120_000);

  it('gives no first page under a licence the portal does not know, and removes them when the licence closes', async () => {
    // Apache 2.0 is open for a card thumbnail (decision record 060) but not a licence the portal knows.
    const unknown = contentRecord('First pages under an unknown licence', { licence: 'Apache 2.0' });
    const pdf = await attachedPdf(unknown.id, 'Web_SQL_Injection.pdf');
    await createContent({ ...unknown, files: [pdf] });
    await syncThumbnail(unknown.id);
    expect(await publicKeys(unknown.id)).toEqual([thumbnailObjectKey(unknown.id, pdf.id)]);
    expect((await getContentById(unknown.id))?.firstPages).toEqual([]);

    const closing = contentRecord('First pages until the licence closes', { licence: 'MIT' });
    const handout = await attachedPdf(closing.id, 'Web_XSS_Elgg.pdf');
    await createContent({ ...closing, files: [handout] });
    await syncThumbnail(closing.id);
    expect(await publicKeys(closing.id)).toContain(firstPageObjectKey(closing.id, handout.id));

    const stored = await getContentById(closing.id);
    if (!stored) throw new Error('The item was not stored');
    await updateContent({ ...stored, licence: 'All rights reserved' }, stored.version, stored.urlAlias);
    await syncThumbnail(closing.id);
    expect(await publicKeys(closing.id)).toEqual([]);
    expect((await getContentById(closing.id))?.firstPages).toEqual([]);
  }, 120_000);
});
