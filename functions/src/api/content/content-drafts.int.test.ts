import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STALE_MESSAGE } from '#shared/contracts/content';
import {
  ContentDraft,
  DRAFT_EXISTS_MESSAGE,
  DRAFT_STALE_MESSAGE,
  PublicContentDetail,
  PublishedContent,
  Revision,
  RevisionDiff,
  RevisionPage,
} from '#shared/contracts/content-draft';
import { type SaveContentRequest, SavedContent } from '#shared/contracts/content-save';
import { CreatedUpload } from '#shared/contracts/file';
import { getFile } from '../../data/files.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { editorTokenInput, portalTokenTestEnv, resetPortalTokenCaches } from '../../lib/auth/test-support.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as fileHandler } from '../file/index.ts';
import { handler } from './index.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
const tokens = { editor: '', other: '', visitor: '' };
type Who = keyof typeof tokens;

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.editor = await signPortalToken(editorTokenInput());
  tokens.other = await signPortalToken(editorTokenInput({ userId: '01jd8z5a4b3c2d1e0f9g8h7j6b' }));
});
afterAll(async () => {
  await stack?.stop();
});

async function invoke(
  who: Who,
  name: string,
  options: { body?: unknown; path?: Record<string, string>; query?: Record<string, string> } = {},
  group: typeof handler = handler,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let event: APIGatewayProxyEventV2 = loadEvent(name);
  if (options.path) event = withPathParameters(event, options.path);
  if (options.query) event = withQuery(event, options.query);
  event = { ...event, body: options.body === undefined ? '' : JSON.stringify(options.body) };
  if (tokens[who]) event = withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
  const result = await group(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

let unique = 0;
const uniqueName = (label: string) => `${label} ${Date.now()} ${++unique}`;

/** A published item with two children, made by the save route (which stores its first revision). */
async function publishedItem() {
  const result = await invoke('editor', 'content/save-content', {
    body: {
      fields: { name: uniqueName('Drafted lab'), description: '<p>Task 3 uses Ubuntu 20.04 images.</p>' },
      children: [
        { key: 'a', name: 'Alpha' },
        { key: 'b', name: 'Beta' },
      ],
    } satisfies SaveContentRequest,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  const created = SavedContent.parse(result.body).content;
  const published = await invoke('editor', 'content/patch-content', {
    path: { id: created.id },
    body: { status: 'published', version: created.version },
  });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return published.body as { id: string; version: number; name: string; children: { id: string }[] };
}

const publicGet = async (id: string, who: Who = 'visitor') => {
  const result = await invoke(who, 'content/get-content', { path: { idOrAlias: id } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return PublicContentDetail.parse(result.body);
};
const putDraft = (who: Who, id: string, save: SaveContentRequest, draftVersion?: number) =>
  invoke(who, 'content/put-content-draft', {
    path: { id },
    body: draftVersion === undefined ? { save } : { save, draftVersion },
  });
const getDraft = (id: string) => invoke('editor', 'content/get-content-draft', { path: { id } });
const publish = (who: Who, id: string, draftVersion: number, note?: string) =>
  invoke(who, 'content/publish-content-draft', {
    path: { id },
    body: note ? { draftVersion, note } : { draftVersion },
  });
const revisions = async (id: string) => {
  const result = await invoke('editor', 'content/list-content-revisions', { path: { id } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return RevisionPage.parse(result.body).items;
};
const draftOf = (item: { id: string; version: number; children: { id: string }[] }, description: string) =>
  ({
    id: item.id,
    version: item.version,
    fields: { name: 'Drafted lab, new edition', description, status: 'published' },
    children: [...item.children].reverse().map(({ id }) => ({ id })),
  }) satisfies SaveContentRequest;

describe('drafts, publish and revisions (issue 25 items 2–4)', () => {
  it('keeps a draft out of the public view, publishes it in one step and stores a revision with its note', async () => {
    const item = await publishedItem();
    expect((await revisions(item.id)).length).toBe(1);
    const before = await publicGet(item.id);

    const put = await putDraft('editor', item.id, draftOf(item, '<p>Task 3 uses Ubuntu 22.04 images.</p>'));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const draft = ContentDraft.parse(put.body);
    expect(draft).toMatchObject({ contentId: item.id, draftVersion: 1 });
    expect(ContentDraft.parse((await getDraft(item.id)).body).save.fields.description).toContain('22.04');
    // The visitors' view is unchanged by the draft.
    expect(await publicGet(item.id)).toEqual(before);
    // Preview as a visitor: the draft in the public GET's shape, hidden children left out; nothing written.
    const preview = await invoke('editor', 'content/preview-content-draft', { path: { id: item.id } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const previewed = PublicContentDetail.parse(preview.body);
    expect(previewed.content).toMatchObject({ name: 'Drafted lab, new edition', status: 'published', children: [] });
    expect(previewed.content.description).toContain('22.04');
    expect(await publicGet(item.id)).toEqual(before);
    expect((await invoke('other', 'content/preview-content-draft', { path: { id: item.id } })).status).toBe(200);

    const published = await publish('editor', item.id, 1, 'Task 3 uses Ubuntu 22.04 images');
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const { content, revision } = PublishedContent.parse(published.body);
    expect(content).toMatchObject({ name: 'Drafted lab, new edition', version: item.version + 1 });
    expect(revision).toMatchObject({ contentId: item.id, note: 'Task 3 uses Ubuntu 22.04 images' });
    expect(revision.storedBytes).toBeGreaterThan(0);

    const after = await publicGet(item.id);
    expect(after.content.description).toContain('22.04');
    // The children are unpublished (visitors do not see them): the editor's view has the draft's order.
    const reordered = [...item.children].reverse().map((c) => c.id);
    expect(content.children.map((child) => child.id)).toEqual(reordered);
    expect((await publicGet(item.id, 'editor')).content.children.map((child) => child.id)).toEqual(reordered);
    expect(after.changeLog).toEqual([{ date: revision.publishedTimestamp.slice(0, 10), note: revision.note }]);
    expect(after.lastPublishedTimestamp).toBe(revision.publishedTimestamp);
    expect(after.firstPublishedTimestamp).toBe(before.firstPublishedTimestamp);
    expect(before.firstPublishedTimestamp).not.toBeNull();
    expect((await getDraft(item.id)).status).toBe(404);

    const list = await revisions(item.id);
    expect(list.map((entry) => entry.id)).toEqual([revision.id, list[1]?.id]);
    const stored = await invoke('editor', 'content/get-content-revision', {
      path: { id: item.id, revisionId: revision.id },
    });
    expect(stored.status).toBe(200);
    expect(Revision.parse(stored.body).content).toMatchObject({
      description: content.description,
      version: content.version,
    });
  });

  it('stores a revision when a status PATCH publishes an unpublished item, and none for an unpublished edit', async () => {
    const result = await invoke('editor', 'content/save-content', {
      body: { fields: { name: uniqueName('Patched'), description: '<p>x</p>' } } satisfies SaveContentRequest,
    });
    const created = SavedContent.parse(result.body).content;
    expect(await revisions(created.id)).toEqual([]);
    const patched = await invoke('editor', 'content/patch-content', {
      path: { id: created.id },
      body: { status: 'published', version: created.version },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const list = await revisions(created.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ note: null, publishedBy: { id: expect.any(String) } });
    expect((await publicGet(created.id)).lastPublishedTimestamp).toBe(list[0]?.publishedTimestamp);
  });

  it('restores an older revision as a draft equal to it, and diffs two revisions', async () => {
    const item = await publishedItem();
    const [original] = await revisions(item.id);
    expect((await putDraft('editor', item.id, draftOf(item, '<p>Task 3 uses Ubuntu 24.04 images.</p>'))).status).toBe(
      200,
    );
    expect((await publish('editor', item.id, 1, 'Ubuntu 24.04')).status).toBe(200);
    const [latest] = await revisions(item.id);

    const diff = await invoke('editor', 'content/diff-content-revisions', {
      path: { id: item.id },
      query: { from: original?.id as string, to: latest?.id as string },
    });
    expect(diff.status, JSON.stringify(diff.body)).toBe(200);
    const { description, fields, lists } = RevisionDiff.parse(diff.body);
    expect(description.filter((part) => part.kind === 'removed').map((part) => part.text.trim())).toEqual(['20']);
    expect(description.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual(['24']);
    expect(fields.map((field) => field.field)).toContain('name');
    expect(lists.children).toBeUndefined();

    const restored = await invoke('editor', 'content/restore-content-revision', {
      path: { id: item.id, revisionId: original?.id as string },
      body: {},
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const draft = ContentDraft.parse(restored.body);
    const old = Revision.parse(
      (
        await invoke('editor', 'content/get-content-revision', {
          path: { id: item.id, revisionId: original?.id as string },
        })
      ).body,
    ).content;
    expect(draft.save.fields).toMatchObject({ name: old.name, description: old.description, status: 'published' });
    expect(draft.save.children?.map((slot) => ('id' in slot ? slot.id : ''))).toEqual(old.children.map((c) => c.id));

    // A second restore without the draft's version is a conflict; with it, it replaces the draft.
    const again = await invoke('editor', 'content/restore-content-revision', {
      path: { id: item.id, revisionId: latest?.id as string },
      body: {},
    });
    expect(again).toMatchObject({ status: 409, body: { message: DRAFT_EXISTS_MESSAGE } });
    const replaced = await invoke('editor', 'content/restore-content-revision', {
      path: { id: item.id, revisionId: latest?.id as string },
      body: { draftVersion: draft.draftVersion },
    });
    expect(replaced.status).toBe(200);

    // Publishing the restored original makes the public page equal to it again.
    const restoreOriginal = await invoke('editor', 'content/restore-content-revision', {
      path: { id: item.id, revisionId: original?.id as string },
      body: { draftVersion: ContentDraft.parse(replaced.body).draftVersion },
    });
    const back = await publish('editor', item.id, ContentDraft.parse(restoreOriginal.body).draftVersion);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const view = await publicGet(item.id);
    expect(view.content).toMatchObject({ name: old.name, description: old.description });
    const editorView = await publicGet(item.id, 'editor');
    expect(editorView.content.children.map((c) => c.id)).toEqual(old.children.map((c) => c.id));
  });

  it('is conflict-safe under two concurrent editors: one wins, the other gets 409 and nothing half written', async () => {
    const item = await publishedItem();
    const created = await putDraft('editor', item.id, draftOf(item, '<p>First draft.</p>'));
    expect(created.status).toBe(200);
    // Both autosave on draftVersion 1 at once.
    const [a, b] = await Promise.all([
      putDraft('editor', item.id, draftOf(item, '<p>Editor A.</p>'), 1),
      putDraft('other', item.id, draftOf(item, '<p>Editor B.</p>'), 1),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, loser] = a.status === 200 ? ['Editor A.', b] : ['Editor B.', a];
    expect(loser.body.message).toBe(DRAFT_STALE_MESSAGE);
    const stored = ContentDraft.parse((await getDraft(item.id)).body);
    expect(stored.draftVersion).toBe(2);
    expect(stored.save.fields.description).toContain(winner);
    // A second create is a conflict too.
    expect((await putDraft('other', item.id, draftOf(item, '<p>C</p>'))).body.message).toBe(DRAFT_EXISTS_MESSAGE);

    // Both publish draftVersion 2 at once: exactly one publish, one revision.
    const revisionsBefore = (await revisions(item.id)).length;
    const [p, q] = await Promise.all([publish('editor', item.id, 2), publish('other', item.id, 2)]);
    expect([p.status, q.status].sort()).toEqual([200, 409]);
    expect((await revisions(item.id)).length).toBe(revisionsBefore + 1);
    expect((await publicGet(item.id)).content.description).toContain(winner);

    // A draft based on a stale item version: publish is a 409 and the draft stays, the item unchanged.
    const stale = await putDraft('editor', item.id, draftOf(item, '<p>Stale.</p>'));
    expect(stale.status).toBe(200);
    const refused = await publish('editor', item.id, 1);
    expect(refused).toMatchObject({ status: 409, body: { message: CONTENT_STALE_MESSAGE } });
    expect(ContentDraft.parse((await getDraft(item.id)).body).save.fields.description).toContain('Stale.');
    expect((await publicGet(item.id)).content.description).toContain(winner);
    expect((await revisions(item.id)).length).toBe(revisionsBefore + 1);

    // Discard: a stale version is refused, the right one removes it.
    expect(
      (await invoke('editor', 'content/discard-content-draft', { path: { id: item.id }, query: { draftVersion: '9' } }))
        .status,
    ).toBe(409);
    expect(
      (await invoke('editor', 'content/discard-content-draft', { path: { id: item.id }, query: { draftVersion: '1' } }))
        .status,
    ).toBe(200);
    expect((await getDraft(item.id)).status).toBe(404);
  });

  it('keeps an upload a draft names alive past its unattached day, and publishing attaches it', async () => {
    const item = await publishedItem();
    const bytes = new Uint8Array(300).fill(0x20);
    bytes.set(Buffer.from('%PDF-1.7\n', 'latin1'));
    const upload = await invoke(
      'editor',
      'file/create-upload',
      {
        body: { kind: 'content', name: 'guide.pdf', type: 'application/pdf', size: bytes.length },
      },
      fileHandler,
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const { fileId, upload: post } = CreatedUpload.parse(upload.body);
    const form = new FormData();
    for (const [field, value] of Object.entries(post.fields)) form.append(field, value);
    form.append('file', new Blob([bytes], { type: 'application/pdf' }));
    expect((await fetch(post.url, { method: 'POST', body: form })).status).toBe(204);
    await invoke('editor', 'file/complete-upload', { path: { id: fileId } }, fileHandler);
    const readyUntil = (await getFile(fileId))?.expiresAt ?? 0;

    const save = { ...draftOf(item, '<p>With a guide.</p>'), files: [{ id: fileId, name: 'Guide' }] };
    expect((await putDraft('editor', item.id, save)).status).toBe(200);
    expect((await getFile(fileId))?.expiresAt ?? 0).toBeGreaterThan(readyUntil + 20 * 86_400);

    const published = await publish('editor', item.id, 1);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(await getFile(fileId)).toMatchObject({ metadata: { id: item.id } });
    expect((await getFile(fileId))?.expiresAt).toBeUndefined();
  });
});
