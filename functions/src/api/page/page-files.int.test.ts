import { createHash } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import type { ErrorBody } from '#shared/contracts/common';
import { CreatedUpload, fileTooLargeMessage, type UploadKind } from '#shared/contracts/file';
import { type Page, type PageSection, SectionWidget, type SectionWidgetInput } from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { runLocalHousekeeping } from '../../../../infra/local/housekeeping.ts';
import { dynamoDocumentClient, s3Client } from '../../adapters/aws-clients.ts';
import { headObject, putObject } from '../../adapters/file-objects.ts';
import { tableName } from '../../data/dynamo.ts';
import { createFile, getFile, isUnattachedReady } from '../../data/files.ts';
import type { FileItem } from '../../data/items.ts';
import { pageKey, uploadedFileObjectKey } from '../../data/keys.ts';
import {
  createPage,
  deletePageItems,
  getPageById,
  getPageItem,
  PAGE_CHANGED_MESSAGE,
  putSectionItem,
  sectionItemOf,
} from '../../data/pages.ts';
import { newId } from '../../domain/ids.ts';
import {
  WIDGET_FILE_EXPIRED_MESSAGE,
  WIDGET_FILE_FOREIGN_MESSAGE,
  WIDGET_FILE_IN_USE_MESSAGE,
  WIDGET_FILE_MISSING_MESSAGE,
  WIDGET_FILE_TWICE_MESSAGE,
  WIDGET_FILE_UNAVAILABLE_MESSAGE,
  WIDGET_IMAGE_KIND_MESSAGE,
} from '../../domain/page-files.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  TEST_USER_ID,
} from '../../lib/auth/test-support.ts';
import { env } from '../../lib/env.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as fileHandler } from '../file/index.ts';
import { handler } from './index.ts';

/**
 * Widget files of page sections through the page and file groups' Lambda entries
 * against the embedded emulators (decision records 020, 026 "Widget files"): real
 * uploads (createUpload, the presigned POST, completeUpload) attached by the section
 * write that names them, in its transaction; replaced and removed files detached
 * there and deleted after; section and page deletes (one transaction and the
 * batched path past 100 elements) detaching every file. Fault injection shows that
 * nothing is orphaned either way: a failed write attaches nothing and changes
 * nothing, and a failed clean-up after a successful write leaves the file to the
 * upload sweeper.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
type Who = 'editor' | 'other' | 'deleter';
const tokens: Record<Who, string> = { editor: '', other: '', deleter: '' };
const OTHER_USER_ID = '01jd8z5a4b3c2d1e0f9g8h7j6a';
const run = newId();
let counter = 0;

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.editor = await signPortalToken(editorTokenInput());
  tokens.other = await signPortalToken(editorTokenInput({ userId: OTHER_USER_ID }));
  tokens.deleter = await signPortalToken(
    editorTokenInput({
      claims: [
        { type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent },
        { type: CLAIM_TYPES.api, value: API_CLAIMS.deletePage },
      ],
    }),
  );
});
afterAll(async () => {
  await stack?.stop();
});

/** PNG bytes (signature and IHDR tag, padded) of `size` bytes. */
const png = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  return bytes;
};
const pdf = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(Buffer.from('%PDF-1.7\n', 'ascii'));
  return bytes;
};

/** Invokes the file group with the sample event of `operation`. */
async function fileCall(who: Who, operation: string, body?: unknown, id?: string) {
  let event = loadEvent(`file/${operation}`);
  if (id !== undefined) event = withPathParameters(event, { id });
  event = { ...event, body: body === undefined ? '' : JSON.stringify(body) };
  event = withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
  const result = await fileHandler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

/** A real upload as the section dialog makes it: createUpload, the presigned POST, completeUpload. Its file id. */
async function upload(
  options: { kind?: UploadKind; who?: Who; name?: string; type?: string; bytes?: Uint8Array } = {},
): Promise<string> {
  const { kind = 'widgetImage', who = 'editor', name = 'photo.png', type = 'image/png', bytes = png(512) } = options;
  const created = await fileCall(who, 'create-upload', { kind, name, type, size: bytes.length });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { fileId, upload: post } = CreatedUpload.parse(created.body);
  const form = new FormData();
  for (const [field, value] of Object.entries(post.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }));
  expect((await fetch(post.url, { method: 'POST', body: form })).status).toBe(204);
  const completed = await fileCall(who, 'complete-upload', undefined, fileId);
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  await expectUnattached(fileId);
  return fileId;
}

/** A real `widgetFile` upload of a PDF (createUpload, the presigned POST, completeUpload). Its file id. */
function pdfUpload(who: Who = 'editor', bytes: Uint8Array = pdf(2048)): Promise<string> {
  return upload({ kind: 'widgetFile', who, name: 'guide.pdf', type: 'application/pdf', bytes });
}

async function send<T = Page>(name: string, pathParameters: Record<string, string>, body: unknown, as: Who = 'editor') {
  let event = withPathParameters(loadEvent(`page/${name}`), pathParameters);
  if (name === 'delete-page') event = withQuery(event, { confirmed: 'true' });
  event = body === undefined ? { ...event, body: undefined } : { ...event, body: JSON.stringify(body) };
  event = withHeaders(event, { authorization: `Bearer ${tokens[as]}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
}

/** An empty unpublished page. */
async function emptyPage(sections: PageSection[] = []): Promise<Page> {
  counter += 1;
  return createPage({
    id: newId(),
    title: 'Files',
    href: `/files-${run}/${counter}`,
    parentId: null,
    status: 'unpublished',
    meta: { description: 'Widget files.', images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections,
    createdTimestamp: '2026-11-21T10:00:00.000Z',
    modifiedTimestamp: '2026-11-21T10:00:00.000Z',
  });
}

const widgetFile = (fileId: string, filename = 'photo.png', mimeType = 'application/octet-stream') => ({
  fileId,
  filename,
  mimeType,
  alt: 'A photo.',
});
const imageWidget = (fileId: string, filename?: string): SectionWidgetInput => ({
  kind: 'image',
  files: [widgetFile(fileId, filename)],
});
const teamMember = (avatar: string, logo: string): SectionWidgetInput => ({
  kind: 'teamMember',
  name: 'Ada Lovelace',
  files: [widgetFile(avatar, 'ada.png'), widgetFile(logo, 'logo.png')],
  customAttributes: { avatarFileId: avatar, logoFileId: logo },
});

/** Creates a section through the API; answers the new section. */
async function createSection(page: Page, widgets: SectionWidgetInput[]): Promise<PageSection> {
  const created = await send('create-section', { id: page.id }, { name: 'With files', widgets });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const section = created.body.sections.at(-1);
  if (!section) throw new Error('no section');
  return section;
}

/** The file's record is attached to `ownerId` (no TTL) and its object is stored. */
async function expectAttached(fileId: string, ownerId: string, name?: string): Promise<FileItem> {
  const file = await getFile(fileId);
  expect(file, fileId).not.toBeNull();
  expect(file?.expiresAt).toBeUndefined();
  expect(file?.metadata).toEqual({ id: ownerId, type: 'Page' });
  if (name !== undefined) expect(file?.name).toBe(name);
  expect(await headObject(env().publicBucket, uploadedFileObjectKey(fileId))).not.toBeNull();
  return file as FileItem;
}

/** Still an unattached upload: Ready, a TTL in the future, owned by itself. */
async function expectUnattached(fileId: string) {
  const file = await getFile(fileId);
  expect(file?.status).toBe('Ready');
  expect(file?.expiresAt).toBeGreaterThan(Date.now() / 1000);
  expect(file?.metadata.id).toBe(fileId);
  expect(file && isUnattachedReady(file)).toBe(true);
}

/** Neither the record nor the object of the file is left. */
async function expectGone(fileId: string) {
  expect(await getFile(fileId), fileId).toBeNull();
  expect(await headObject(env().publicBucket, uploadedFileObjectKey(fileId))).toBeNull();
}

describe('section writes attach the files they newly name (issue 9 item 2)', () => {
  it('attaches new uploads to the section in its transaction, named after the file, with the server’s media type', async () => {
    const page = await emptyPage();
    const image = await upload();
    const section = await createSection(page, [imageWidget(image, 'campus.png')]);
    await expectAttached(image, section.id, 'campus.png');
    expect(section.widgets[0]?.files[0]).toEqual({
      fileId: image,
      filename: 'campus.png',
      mimeType: 'image/png',
      alt: 'A photo.',
    });

    const avatar = await upload({ bytes: png(PAGE_LIMITS.teamAvatarMaxBytes) });
    const logo = await upload();
    const member = await createSection(page, [teamMember(avatar, logo)]);
    await expectAttached(avatar, member.id, 'ada.png');
    await expectAttached(logo, member.id, 'logo.png');

    const guide = await pdfUpload();
    const download = await createSection(page, [
      { kind: 'file', name: 'Guide', files: [widgetFile(guide, 'guide.pdf', 'text/html')] },
    ]);
    await expectAttached(guide, download.id, 'guide.pdf');
    expect(download.widgets[0]?.files[0]?.mimeType).toBe('application/pdf');
  });

  it('cuts a long filename to a file record name of 120 characters', async () => {
    const page = await emptyPage();
    const image = await upload();
    const long = `${'Long name '.repeat(20)}.png`;
    const section = await createSection(page, [imageWidget(image, long)]);
    await expectAttached(image, section.id, long.slice(0, 120).trim());
  });
});

describe('a failed section write attaches nothing and changes nothing (issue 9 item 3)', () => {
  /** A page with one image section whose file is attached; the page and file as stored. */
  async function pageWithImage() {
    const page = await emptyPage();
    const kept = await upload();
    const section = await createSection(page, [imageWidget(kept)]);
    const stored = await getPageById(page.id);
    if (!stored) throw new Error('no page');
    return { page: stored, section, kept, keptRecord: await expectAttached(kept, section.id) };
  }

  /** The page, its version and the kept file are exactly as before. */
  async function expectUnchanged(before: Awaited<ReturnType<typeof pageWithImage>>) {
    expect(await getPageById(before.page.id)).toEqual(before.page);
    expect(await getFile(before.kept)).toEqual(before.keptRecord);
  }

  it('400 at the file’s path for a foreign, attached-elsewhere, wrong-kind, missing or twice-named file', async () => {
    const before = await pageWithImage();
    const elsewhere = await pageWithImage();
    const foreign = await upload({ who: 'other' });
    const contentImage = await upload({ kind: 'image' });
    const pdfFile = await pdfUpload();
    const fresh = await upload();
    const cases: [string, SectionWidgetInput, string, string][] = [
      ["someone else's upload", imageWidget(foreign), 'body.widgets.0.files.0', WIDGET_FILE_FOREIGN_MESSAGE],
      ['a file of another section', imageWidget(elsewhere.kept), 'body.widgets.0.files.0', WIDGET_FILE_IN_USE_MESSAGE],
      ['a content image upload', imageWidget(contentImage), 'body.widgets.0.files.0', WIDGET_IMAGE_KIND_MESSAGE],
      ['a PDF in an image widget', imageWidget(pdfFile), 'body.widgets.0.files.0', WIDGET_IMAGE_KIND_MESSAGE],
      ['a file that does not exist', imageWidget(newId()), 'body.widgets.0.files.0', WIDGET_FILE_MISSING_MESSAGE],
      ['the same file twice', teamMember(fresh, fresh), 'body.widgets.0.files.1', WIDGET_FILE_TWICE_MESSAGE],
    ];
    for (const [what, widget, path, message] of cases) {
      const created = await send<ErrorBody>('create-section', { id: before.page.id }, { widgets: [widget] });
      expect(created.status, what).toBe(400);
      expect(created.body.errors, what).toEqual([{ path, message }]);
      if (widget.kind !== 'image') continue; // the stored section's widget is an image (its kind is fixed)
      const refused = await send<ErrorBody>(
        'update-section',
        { id: before.page.id, sectionId: before.section.id },
        { name: 'Not saved', widgets: [widget] },
      );
      expect(refused.status, what).toBe(400);
      expect(refused.body.errors, what).toEqual([{ path, message }]);
    }
    await expectUnchanged(before);
    await expectUnchanged(elsewhere);
    for (const fileId of [foreign, contentImage, pdfFile, fresh]) await expectUnattached(fileId);
  });

  it(`400 for a team avatar over ${PAGE_LIMITS.teamAvatarMaxBytes} bytes; the valid logo stays unattached too`, async () => {
    const page = await emptyPage();
    const avatar = await upload({ bytes: png(PAGE_LIMITS.teamAvatarMaxBytes + 1) });
    const logo = await upload();
    const refused = await send<ErrorBody>('create-section', { id: page.id }, { widgets: [teamMember(avatar, logo)] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'body.widgets.0.files.0', message: fileTooLargeMessage(PAGE_LIMITS.teamAvatarMaxBytes) },
    ]);
    expect((await getPageById(page.id))?.sections).toEqual([]);
    await expectUnattached(avatar);
    await expectUnattached(logo);
  });

  it('409 on a stale page version: the new upload keeps its TTL, the replaced file stays attached', async () => {
    const before = await pageWithImage();
    const stale = await getPageItem(before.page.id);
    if (!stale) throw new Error('no page');
    // Someone else saves the page meanwhile (its version moves on).
    const other = await send('create-section', { id: before.page.id }, { widgets: [] });
    expect(other.status).toBe(201);
    const current = await getPageById(before.page.id);
    const replacing = await upload();
    const { item } = sectionItemOf(before.page.id, {
      ...before.section,
      widgets: [SectionWidget.parse(imageWidget(replacing))],
    });
    await expect(
      putSectionItem(stale, item, 'replace', new Date(), {
        attach: [{ fileId: replacing, name: 'photo.png', path: 'body.widgets.0.files.0' }],
        detach: [before.kept],
        uploadedBy: TEST_USER_ID,
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: PAGE_CHANGED_MESSAGE });
    expect(await getPageById(before.page.id)).toEqual(current);
    expect(await getFile(before.kept)).toEqual(before.keptRecord);
    await expectUnattached(replacing);
  });

  it('the attach in the transaction is the race guard: a file taken after the check is a 400 and nothing is written', async () => {
    const before = await pageWithImage();
    const taken = await pageWithImage();
    const good = await upload();
    const foreign = await upload({ who: 'other' });
    const page = await getPageItem(before.page.id);
    if (!page) throw new Error('no page');
    const { item } = sectionItemOf(before.page.id, {
      ...before.section,
      widgets: [SectionWidget.parse(teamMember(good, taken.kept))],
    });
    // As if both had passed the check and a concurrent save had attached `taken.kept` since.
    await expect(
      putSectionItem(page, item, 'replace', new Date(), {
        attach: [
          { fileId: good, name: 'ada.png', path: 'body.widgets.0.files.0' },
          { fileId: taken.kept, name: 'logo.png', path: 'body.widgets.0.files.1' },
        ],
        detach: [before.kept],
        uploadedBy: TEST_USER_ID,
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ path: 'body.widgets.0.files.1', message: WIDGET_FILE_UNAVAILABLE_MESSAGE }],
    });
    // Someone else's upload fails the creator condition the same way.
    await expect(
      putSectionItem(page, item, 'replace', new Date(), {
        attach: [{ fileId: foreign, name: 'ada.png', path: 'body.widgets.0.files.0' }],
        detach: [],
        uploadedBy: TEST_USER_ID,
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ path: 'body.widgets.0.files.0', message: WIDGET_FILE_UNAVAILABLE_MESSAGE }],
    });
    await expectUnchanged(before);
    await expectUnchanged(taken);
    await expectUnattached(good);
    await expectUnattached(foreign);
  });
});

describe('a successful update attaches the new files and deletes the replaced ones (issue 9 item 3)', () => {
  it('keeps unchanged files, attaches the replacing one, detaches and deletes the replaced one', async () => {
    const page = await emptyPage();
    const avatar = await upload();
    const logo = await upload();
    const section = await createSection(page, [teamMember(avatar, logo)]);
    const keptRecord = await expectAttached(avatar, section.id);

    const newLogo = await upload();
    const updated = await send(
      'update-section',
      { id: page.id, sectionId: section.id },
      { name: 'New logo', widgets: [teamMember(avatar, newLogo)] },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.sections[0]?.widgets[0]?.files.map((file) => file.fileId)).toEqual([avatar, newLogo]);
    expect(await getFile(avatar)).toEqual(keptRecord);
    await expectAttached(newLogo, section.id, 'logo.png');
    await expectGone(logo);
  });

  it('deletes a removed file (a content box whose image is cleared)', async () => {
    const page = await emptyPage();
    const first = await upload();
    const section = await createSection(page, [
      { kind: 'contentBox', content: '<p>Hi</p>', files: [widgetFile(first)] },
    ]);
    await expectAttached(first, section.id);
    const cleared = await send(
      'update-section',
      { id: page.id, sectionId: section.id },
      { widgets: [{ kind: 'contentBox', content: '<p>Hi</p>' }] },
    );
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    await expectGone(first);
  });

  it('when deleting the replaced file fails (S3 fault), it is detached with a TTL of now and the sweeper removes it', async () => {
    const page = await emptyPage();
    const replaced = await upload();
    const section = await createSection(page, [imageWidget(replaced)]);
    const replacing = await upload();
    const s3 = mockClient(s3Client);
    s3.on(DeleteObjectCommand).rejects(new Error('S3 is down'));
    let updated: Awaited<ReturnType<typeof send>>;
    try {
      updated = await send(
        'update-section',
        { id: page.id, sectionId: section.id },
        { widgets: [imageWidget(replacing)] },
      );
    } finally {
      s3.restore();
    }
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await expectAttached(replacing, section.id);
    // The save succeeded; the replaced file is detached: a TTL of now, never attachable again.
    const detached = await getFile(replaced);
    expect(detached?.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(detached && isUnattachedReady(detached)).toBe(false);
    expect(await headObject(env().publicBucket, uploadedFileObjectKey(replaced))).not.toBeNull();
    // Naming it again is refused.
    const again = await send<ErrorBody>('create-section', { id: page.id }, { widgets: [imageWidget(replaced)] });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ path: 'body.widgets.0.files.0', message: WIDGET_FILE_EXPIRED_MESSAGE }]);
    // The TTL (here its local emulation) and the upload sweeper remove record and object.
    const housekeeping = await runLocalHousekeeping(new Date(Date.now() + 1_000));
    expect(housekeeping.swept).toBeGreaterThanOrEqual(1);
    await expectGone(replaced);
    await expectAttached(replacing, section.id);
  });
});

describe('deletes leave no file attached to a deleted owner (issue 9 item 3)', () => {
  it('a section delete detaches and deletes its files; other sections keep theirs', async () => {
    const page = await emptyPage();
    const avatar = await upload();
    const logo = await upload();
    const member = await createSection(page, [teamMember(avatar, logo)]);
    const otherImage = await upload();
    const other = await createSection(page, [imageWidget(otherImage)]);
    const deleted = await send('delete-section', { id: page.id, sectionId: member.id }, undefined);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.sections.map((section) => section.id)).toEqual([other.id]);
    await expectGone(avatar);
    await expectGone(logo);
    await expectAttached(otherImage, other.id);
  });

  it('a page delete detaches and deletes every section’s files in one transaction', async () => {
    const page = await emptyPage();
    const image = await upload();
    const avatar = await upload();
    const logo = await upload();
    await createSection(page, [imageWidget(image)]);
    await createSection(page, [teamMember(avatar, logo)]);
    const deleted = await send<{ id: string; sectionsDeleted: number }>(
      'delete-page',
      { id: page.id },
      undefined,
      'deleter',
    );
    expect(deleted).toEqual({ status: 200, body: { id: page.id, sectionsDeleted: 2 } });
    expect(await getPageItem(page.id)).toBeNull();
    for (const fileId of [image, avatar, logo]) await expectGone(fileId);
  });

  /** An attached page file as a section save leaves it: object in the public bucket, record Ready, no TTL. */
  async function attachedFile(sectionId: string): Promise<string> {
    const id = newId();
    const bytes = png(128);
    const objectKey = uploadedFileObjectKey(id);
    await putObject(env().publicBucket, objectKey, bytes, 'image/png');
    await createFile({
      id,
      name: 'photo.png',
      filename: 'photo.png',
      type: 'image/png',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      status: 'Ready',
      visibility: 'public',
      objectKey,
      metadata: { id: sectionId, type: 'Page' },
      createdTimestamp: new Date().toISOString(),
      createdBy: TEST_USER_ID,
    });
    return id;
  }

  /** A page of `count` team member sections, each with an attached avatar and logo. */
  async function pageOfTeamSections(count: number) {
    const sections: PageSection[] = [];
    const fileIds: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const id = newId();
      const [avatar, logo] = [await attachedFile(id), await attachedFile(id)];
      fileIds.push(avatar, logo);
      sections.push({
        id,
        index,
        key: '',
        name: `Member ${index}`,
        description: '',
        widgets: [SectionWidget.parse(teamMember(avatar, logo))],
        layout: { name: 'oneColumn' },
      });
    }
    return { page: await emptyPage(sections), fileIds };
  }

  it('a page past 100 elements (40 sections, 80 files) is deleted in consistent batches, leaving no file', async () => {
    const { page, fileIds } = await pageOfTeamSections(40); // 2 + 40 + 80 = 122 elements
    const deleted = await send<{ id: string; sectionsDeleted: number }>(
      'delete-page',
      { id: page.id },
      undefined,
      'deleter',
    );
    expect(deleted).toEqual({ status: 200, body: { id: page.id, sectionsDeleted: 40 } });
    expect(await getPageById(page.id)).toBeNull();
    for (const fileId of fileIds) await expectGone(fileId);
  });

  it('a concurrent edit between batches is a 409 that leaves a consistent page: no orphan, no stray file', async () => {
    const { page, fileIds } = await pageOfTeamSections(40); // batches: 33 sections, then the page with 7
    const send_ = dynamoDocumentClient.send.bind(dynamoDocumentClient) as (command: unknown) => Promise<unknown>;
    let transactions = 0;
    const spy = vi.spyOn(dynamoDocumentClient, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof TransactWriteCommand && ++transactions === 2) {
        // Someone else edits the page after the first batch committed.
        await send_(
          new UpdateCommand({
            TableName: tableName(),
            Key: pageKey(page.id),
            UpdateExpression: 'SET #version = #version + :one',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':one': 1 },
          }),
        );
      }
      return send_(command);
    }) as never);
    let refused: Awaited<ReturnType<typeof send<ErrorBody>>>;
    try {
      refused = await send<ErrorBody>('delete-page', { id: page.id }, undefined, 'deleter');
    } finally {
      spy.mockRestore();
    }
    expect(refused).toEqual({ status: 409, body: { statusCode: 409, message: PAGE_CHANGED_MESSAGE } });
    // The first batch is gone with its files; the rest of the page is intact with its files attached.
    const left = await getPageById(page.id);
    expect(left?.sections.map((section) => section.id)).toEqual(page.sections.slice(33).map((section) => section.id));
    for (const fileId of fileIds.slice(0, 66)) await expectGone(fileId);
    for (const [position, fileId] of fileIds.slice(66).entries()) {
      await expectAttached(fileId, page.sections[33 + Math.floor(position / 2)]?.id ?? '');
    }
    // Deleting again finishes it.
    const again = await send<{ id: string; sectionsDeleted: number }>(
      'delete-page',
      { id: page.id },
      undefined,
      'deleter',
    );
    expect(again).toEqual({ status: 200, body: { id: page.id, sectionsDeleted: 7 } });
    for (const fileId of fileIds) await expectGone(fileId);
  });

  it('the batched delete takes two transactions, and a stale version stops it before anything is written', async () => {
    const { page, fileIds } = await pageOfTeamSections(34); // 2 + 34 + 68 = 104 elements
    const item = await getPageItem(page.id);
    if (!item) throw new Error('no page');
    const sections = page.sections.map((section) => ({
      id: section.id,
      fileIds: section.widgets.flatMap((widget) => widget.files.map((file) => file.fileId)),
    }));
    await expect(deletePageItems({ ...item, version: item.version - 1 }, sections)).rejects.toMatchObject({
      statusCode: 409,
      message: PAGE_CHANGED_MESSAGE,
    });
    expect(await getPageById(page.id)).toEqual(page);
    for (const fileId of fileIds.slice(0, 3)) expect((await getFile(fileId))?.expiresAt).toBeUndefined();

    expect(await deletePageItems(item, sections)).toBe(2);
    expect(await getPageById(page.id)).toBeNull();
    // Detached (a TTL of now) though not yet discarded: the route discards them; here the sweeper would.
    for (const fileId of fileIds) {
      const file = await getFile(fileId);
      expect(file?.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    }
    await runLocalHousekeeping(new Date(Date.now() + 1_000));
    for (const fileId of fileIds) await expectGone(fileId);
  });
});
