import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_HAS_CHILDREN_MESSAGE,
  CONTENT_NOT_FOUND_MESSAGE,
  CONTENT_STALE_MESSAGE,
} from '#shared/contracts/content';
import { BULK_NOT_ARCHIVED_MESSAGE, ContentBulkActionResponse } from '#shared/contracts/content-bulk';
import type { PersonaName } from '#shared/contracts/identity';
import { createContent, getContentById } from '../../functions/src/data/content.ts';
import type { ContentRecord } from '../../functions/src/data/items.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/**
 * Bulk actions of Courseware Info over HTTP against the embedded stack (issue 25 item 8;
 * decision record 069): each item all or nothing through its single-item service, a mix
 * of items that succeed and fail answered item by item, the per-action capabilities.
 */

let portal: LocalPortal;
const tokens = new Map<PersonaName, string>();

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  for (const persona of ['editor', 'admin', 'student'] as const) {
    tokens.set(persona, await portalTokenFor(portal, persona));
  }
});
afterAll(async () => {
  await portal?.stop();
});

async function bulk(as: PersonaName, body: unknown) {
  const res = await fetch(`${portal.baseUrl}/api/v1/content-bulk-actions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.get(as)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function stored(name: string, overrides: Partial<ContentRecord> = {}): Promise<ContentRecord> {
  const record = contentRecord(name, overrides);
  await createContent(record, { attachToParent: record.parentId !== null });
  return record;
}

const MISSING_ID = '00000000000000000000000000';

describe('POST /api/v1/content-bulk-actions (issue 25 item 8)', () => {
  it('archives what it can and reports each failure with its reason, leaving failed items unchanged', async () => {
    const first = await stored('Bulk archive first');
    const second = await stored('Bulk archive second');
    const stale = await stored('Bulk archive stale');
    const result = await bulk('admin', {
      action: 'archive',
      items: [
        { id: first.id, version: 1 },
        { id: stale.id, version: 7 },
        { id: MISSING_ID, version: 1 },
        { id: second.id, version: 1 },
      ],
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const answer = ContentBulkActionResponse.parse(result.body);
    expect(answer).toEqual({
      action: 'archive',
      done: 2,
      failed: 2,
      results: [
        { id: first.id, outcome: 'done', version: 2 },
        { id: stale.id, outcome: 'failed', status: 409, reason: CONTENT_STALE_MESSAGE },
        { id: MISSING_ID, outcome: 'failed', status: 404, reason: CONTENT_NOT_FOUND_MESSAGE },
        { id: second.id, outcome: 'done', version: 2 },
      ],
    });
    expect((await getContentById(first.id))?.status).toBe('archived');
    expect((await getContentById(second.id))?.status).toBe('archived');
    expect(await getContentById(stale.id)).toMatchObject({ status: 'published', version: 1 });
  });

  it('deletes leaves and refuses an item with children ("has children"), which stays whole', async () => {
    const parent = await stored('Bulk delete parent');
    await stored('Bulk delete child', {
      parentId: parent.id,
      urlAlias: `${parent.urlAlias}/bulk-delete-child`,
      ancestorIds: [parent.id],
    });
    // The parent lists its child (as a save leaves it), so it has children.
    const withChild = await getContentById(parent.id);
    const leaf = await stored('Bulk delete leaf');
    const result = await bulk('editor', {
      action: 'delete',
      items: [
        { id: parent.id, version: withChild?.version ?? 1 },
        { id: leaf.id, version: 1 },
      ],
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const answer = ContentBulkActionResponse.parse(result.body);
    expect(answer.done).toBe(1);
    expect(answer.results).toEqual([
      { id: parent.id, outcome: 'failed', status: 409, reason: CONTENT_HAS_CHILDREN_MESSAGE },
      { id: leaf.id, outcome: 'done' },
    ]);
    expect(await getContentById(leaf.id)).toBeNull();
    expect(await getContentById(parent.id)).not.toBeNull();
  });

  it('restores archived items only, and needs the right to view archived content', async () => {
    const archived = await stored('Bulk restore archived', { status: 'archived' });
    const published = await stored('Bulk restore published');
    const items = [
      { id: archived.id, version: 1 },
      { id: published.id, version: 1 },
    ];
    const refused = await bulk('editor', { action: 'restore', items });
    expect(refused.status).toBe(403);
    expect((await getContentById(archived.id))?.status).toBe('archived');
    const result = await bulk('admin', { action: 'restore', items });
    expect(ContentBulkActionResponse.parse(result.body).results).toEqual([
      { id: archived.id, outcome: 'done', version: 2 },
      { id: published.id, outcome: 'failed', status: 409, reason: BULK_NOT_ARCHIVED_MESSAGE },
    ]);
    expect((await getContentById(archived.id))?.status).toBe('unpublished');
  });

  it('publishes and unpublishes through the status PATCH, which clears a schedule', async () => {
    const item = await stored('Bulk publish scheduled', { status: 'unpublished' });
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await fetch(`${portal.baseUrl}/api/v1/content-items/${item.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${tokens.get('editor')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ publishAt, version: 1 }),
    });
    expect(scheduled.status).toBe(200);
    const published = await bulk('editor', { action: 'publish', items: [{ id: item.id, version: 2 }] });
    expect(ContentBulkActionResponse.parse(published.body)).toMatchObject({ done: 1, failed: 0 });
    expect(await getContentById(item.id)).toMatchObject({ status: 'published', publishAt: null, version: 3 });
    const unpublished = await bulk('editor', { action: 'unpublish', items: [{ id: item.id, version: 3 }] });
    expect(ContentBulkActionResponse.parse(unpublished.body)).toMatchObject({ done: 1 });
    expect((await getContentById(item.id))?.status).toBe('unpublished');
  });

  it('refuses more than 100 items, duplicates and a student (400, 400, 403)', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ id: String(i).padStart(26, '0'), version: 1 }));
    expect((await bulk('editor', { action: 'publish', items: many })).status).toBe(400);
    const twice = [
      { id: MISSING_ID, version: 1 },
      { id: MISSING_ID, version: 1 },
    ];
    expect((await bulk('editor', { action: 'publish', items: twice })).status).toBe(400);
    expect((await bulk('student', { action: 'publish', items: [{ id: MISSING_ID, version: 1 }] })).status).toBe(403);
  });
});
