import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import type { SaveContentRequest } from '#shared/contracts/content-save';
import { CreatedUpload } from '#shared/contracts/file';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { deleteContent as deleteContentItem, getContentById } from '../../data/content.ts';
import { tableName } from '../../data/dynamo.ts';
import { getFile } from '../../data/files.ts';
import {
  contentDownloadersPartition,
  contentKey,
  contentPurgeKey,
  publishScheduleKey,
  updateNoticeKey,
} from '../../data/keys.ts';
import { recordContentDownloaders } from '../../data/update-notices.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { adminTokenInput, portalTokenTestEnv, resetPortalTokenCaches } from '../../lib/auth/test-support.ts';
import { purgeDeletedContentRemains } from '../../services/content-purge.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as fileHandler } from '../file/index.ts';
import { handler } from './index.ts';

/**
 * Issue 25 item 3 gaps (decision record 065): every write that leaves an item
 * published stores one revision (create, a save's new children), and deleting an
 * item — alone, in bulk or with its subtree — leaves nothing under its keys: draft,
 * revisions, downloader records, update notices, schedule, purge marker, the draft's
 * uploads. Real routes and SDK clients against the embedded emulators; the table is
 * queried directly.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let token = '';
const DOWNLOADER = '01jd8z5a4b3c2d1e0f9g8h7j6c';

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  const admin = adminTokenInput();
  token = await signPortalToken({
    ...admin,
    claims: [...admin.claims, { type: CLAIM_TYPES.api, value: API_CLAIMS.deleteContent }],
  });
});
afterAll(async () => {
  await stack?.stop();
});

async function invoke(
  name: string,
  options: { body?: unknown; path?: Record<string, string>; query?: Record<string, string> } = {},
  group: typeof handler = handler,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let event: APIGatewayProxyEventV2 = loadEvent(name);
  if (options.path) event = withPathParameters(event, options.path);
  if (options.query) event = withQuery(event, options.query);
  event = { ...event, body: options.body === undefined ? '' : JSON.stringify(options.body) };
  event = withHeaders(event, { authorization: `Bearer ${token}` });
  const result = await group(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

let unique = 0;
const uniqueName = (label: string) => `${label} ${Date.now()} ${++unique}`;

/** Every item of partition `pk` (consistent Query). */
async function partition(pk: string): Promise<Record<string, unknown>[]> {
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'pk' },
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return output.Items ?? [];
}

const revisionsOf = async (id: string) =>
  (await partition(contentKey(id).pk)).filter((item) => String(item.sk).startsWith('REVISION#'));

/** Everything stored under the keys of content `id` (nothing once it is deleted and purged). */
async function remainsOf(id: string): Promise<Record<string, unknown>[]> {
  const parts = await Promise.all([
    partition(contentKey(id).pk),
    partition(contentDownloadersPartition(id)),
    partition(updateNoticeKey(id, '').pk),
    partition(publishScheduleKey('content', id).pk),
    partition(contentPurgeKey(id).pk),
  ]);
  return parts.flat();
}

async function create(status: 'published' | 'unpublished', parentId?: string): Promise<string> {
  const result = await invoke('content/create-content', {
    body: { name: uniqueName('Remains'), description: '<p>d</p>', status, ...(parentId ? { parentId } : {}) },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.id as string;
}

const versionOf = async (id: string) => (await getContentById(id))?.version ?? 0;
const patch = (id: string, body: Record<string, unknown>) => invoke('content/patch-content', { path: { id }, body });

async function upload(): Promise<string> {
  const bytes = new Uint8Array(300).fill(0x20);
  bytes.set(Buffer.from('%PDF-1.7\n', 'latin1'));
  const created = await invoke(
    'file/create-upload',
    { body: { kind: 'content', name: 'guide.pdf', type: 'application/pdf', size: bytes.length } },
    fileHandler,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { fileId, upload: post } = CreatedUpload.parse(created.body);
  const form = new FormData();
  for (const [field, value] of Object.entries(post.fields)) form.append(field, value);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }));
  expect((await fetch(post.url, { method: 'POST', body: form })).status).toBe(204);
  expect((await invoke('file/complete-upload', { path: { id: fileId } }, fileHandler)).status).toBe(200);
  return fileId;
}

/**
 * An item with everything a delete must remove: two revisions (created published,
 * then re-published), the second's pending update notice, a downloader record, a
 * publishing schedule (unpublished with a future `publishAt`) and a draft naming a
 * new upload. Returns its id and the upload's id.
 */
async function itemWithRemains(parentId?: string): Promise<{ id: string; fileId: string }> {
  const id = await create('published', parentId);
  await recordContentDownloaders(DOWNLOADER, [id], new Date().toISOString());
  expect((await patch(id, { description: '<p>again</p>', version: 1 })).status).toBe(200);
  const publishAt = new Date(Date.now() + 3_600_000).toISOString();
  const scheduled = await patch(id, { status: 'unpublished', publishAt, version: 2 });
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
  const fileId = await upload();
  const item = await getContentById(id);
  const save = {
    id,
    version: item?.version ?? 0,
    fields: { name: item?.name ?? '', description: '<p>drafted</p>', status: 'published' },
    files: [{ id: fileId, name: 'Guide' }],
  } satisfies SaveContentRequest;
  const draft = await invoke('content/put-content-draft', { path: { id }, body: { save } });
  expect(draft.status, JSON.stringify(draft.body)).toBe(200);

  const kinds = (await remainsOf(id)).map((stored) => String(stored.sk).split('#')[0]);
  expect(kinds.filter((kind) => kind === 'REVISION')).toHaveLength(2 + 1); // 2 revisions, 1 notice
  expect(kinds).toEqual(expect.arrayContaining(['CONTENT', 'DRAFT', 'USER', 'SCHEDULE']));
  return { id, fileId };
}

describe('a revision for every publish (issue 25 item 3)', () => {
  it('stores one revision for an item created published, and none for one created unpublished', async () => {
    const published = await create('published');
    const revisions = await revisionsOf(published);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ entityType: 'ContentRevision' });
    expect(await getContentById(published)).toMatchObject({ firstPublishedTimestamp: expect.any(String) });
    // A new item has no downloaders: no notice is queued.
    expect(await partition(updateNoticeKey(published, '').pk)).toEqual([]);

    expect(await revisionsOf(await create('unpublished'))).toEqual([]);
  });

  it('stores the revision of each child a save creates published, in the save', async () => {
    const result = await invoke('content/save-content', {
      body: {
        fields: { name: uniqueName('Parent'), description: '<p>p</p>', status: 'unpublished' },
        children: [
          { key: 'a', name: 'Published child', status: 'published' },
          { key: 'b', name: 'Unpublished child' },
        ],
      } satisfies SaveContentRequest,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const { created, content } = result.body as {
      created: { children: Record<string, string> };
      content: { id: string };
    };
    expect(await revisionsOf(content.id)).toEqual([]);
    const child = created.children.a ?? '';
    expect(await revisionsOf(child)).toHaveLength(1);
    expect(await getContentById(child)).toMatchObject({
      status: 'published',
      lastPublishedTimestamp: expect.any(String),
    });
    expect(await revisionsOf(created.children.b ?? '')).toEqual([]);
  });
});

describe('a delete leaves nothing behind (issue 25 item 3)', () => {
  it('deletes the draft, revisions, downloaders, notices, schedule and the draft upload of a deleted item', async () => {
    const { id, fileId } = await itemWithRemains();
    const deleted = await invoke('content/delete-content', { path: { id } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await remainsOf(id)).toEqual([]);
    expect(await getFile(fileId)).toBeNull();
  });

  it('does the same for each item of a bulk delete', async () => {
    const first = await itemWithRemains();
    const second = await itemWithRemains();
    const items = await Promise.all([first.id, second.id].map(async (id) => ({ id, version: await versionOf(id) })));
    const result = await invoke('content/run-content-bulk-action', { body: { action: 'delete', items } });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ done: 2, failed: 0 });
    for (const { id, fileId } of [first, second]) {
      expect(await remainsOf(id)).toEqual([]);
      expect(await getFile(fileId)).toBeNull();
    }
  });

  it('does the same for every item of a deleted subtree', async () => {
    const root = await create('published');
    const child = await itemWithRemains(root);
    const version = await versionOf(root);
    const result = await invoke('content/delete-content-subtree', {
      path: { id: root },
      query: { version: String(version), descendants: '1' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(await remainsOf(root)).toEqual([]);
    expect(await remainsOf(child.id)).toEqual([]);
    expect(await getFile(child.fileId)).toBeNull();
  });

  it('leaves a purge the delete could not run to housekeeping, which finishes it once', async () => {
    const { id, fileId } = await itemWithRemains();
    const item = await getContentById(id);
    if (!item) throw new Error('item missing');
    // The delete's transaction alone, as when the process stops right after it.
    await deleteContentItem(item, null);
    expect((await remainsOf(id)).map((stored) => stored.pk)).toContain(contentPurgeKey(id).pk);

    const run = await purgeDeletedContentRemains();
    expect(run.purged).toBeGreaterThanOrEqual(1);
    expect(await remainsOf(id)).toEqual([]);
    expect(await getFile(fileId)).toBeNull();
    await purgeDeletedContentRemains();
    expect(await remainsOf(id)).toEqual([]);
  });

  it('stays consistent when two deletes of one item race', async () => {
    const { id } = await itemWithRemains();
    const results = await Promise.all([1, 2].map(() => invoke('content/delete-content', { path: { id } })));
    const statuses = results.map((result) => result.status).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 404, 409]).toContain(statuses[1]);
    expect(await remainsOf(id)).toEqual([]);
  });

  it('stays consistent when a publish and a delete of one item race', async () => {
    const id = await create('unpublished');
    const [published, deleted] = await Promise.all([
      patch(id, { status: 'published', version: 1 }),
      invoke('content/delete-content', { path: { id } }),
    ]);
    if (deleted.status === 200) {
      // The publish lost (or ran first and was deleted with the item): nothing is left either way.
      expect(await remainsOf(id)).toEqual([]);
    } else {
      expect(published.status).toBe(200);
      expect(await revisionsOf(id)).toHaveLength(1);
    }
  });

  it('refuses a draft for an item deleted meanwhile: no draft outlives its item', async () => {
    const id = await create('published');
    const save = {
      id,
      version: 1,
      fields: { name: 'Late draft', description: '<p>late</p>', status: 'published' },
    } satisfies SaveContentRequest;
    const [draft, deleted] = await Promise.all([
      invoke('content/put-content-draft', { path: { id }, body: { save } }),
      invoke('content/delete-content', { path: { id } }),
    ]);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect([200, 404, 409]).toContain(draft.status);
    expect(await remainsOf(id)).toEqual([]);
  });
});
