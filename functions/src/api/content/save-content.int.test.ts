import { type CancellationReason, InternalServerError, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { CONTENT_HAS_LESSONS_MESSAGE, CONTENT_STALE_MESSAGE } from '#shared/contracts/content';
import {
  CHILD_MISSING_MESSAGE,
  SAVE_TOO_LARGE_MESSAGE,
  type SaveContentRequest,
  SavedContent,
} from '#shared/contracts/content-save';
import { CONTRIBUTOR_STALE_MESSAGE } from '#shared/contracts/contributor';
import { CreatedUpload } from '#shared/contracts/file';
import { dynamoDocumentClient, s3Client } from '../../adapters/aws-clients.ts';
import { headObject } from '../../adapters/file-objects.ts';
import { getCatalogRevision } from '../../data/catalog.ts';
import { getContentByAlias } from '../../data/content.ts';
import { UPLOAD_GONE_MESSAGE } from '../../data/content-save.ts';
import { listContributors } from '../../data/contributors.ts';
import { tableName } from '../../data/dynamo.ts';
import { getFile, isUnattachedReady } from '../../data/files.ts';
import { contentKey, contributorKey } from '../../data/keys.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  adminTokenInput,
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
} from '../../lib/auth/test-support.ts';
import { env } from '../../lib/env.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as fileHandler } from '../file/index.ts';
import { handler } from './index.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
const tokens = { editor: '', admin: '', deleter: '' };
type Who = keyof typeof tokens;

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.editor = await signPortalToken(editorTokenInput());
  // Another user (own id): uploads of one user are not the other's to attach.
  tokens.admin = await signPortalToken(adminTokenInput({ userId: '01jd8z5a4b3c2d1e0f9g8h7j6a' }));
  tokens.deleter = await signPortalToken(
    editorTokenInput({
      claims: [
        { type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent },
        { type: CLAIM_TYPES.api, value: API_CLAIMS.deleteContent },
      ],
    }),
  );
});
afterAll(async () => {
  await stack?.stop();
});

async function invoke(
  group: typeof handler,
  who: Who,
  name: string,
  body?: unknown,
  path?: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let event: APIGatewayProxyEventV2 = loadEvent(name);
  if (path) event = withPathParameters(event, path);
  event = { ...event, body: body === undefined ? '' : JSON.stringify(body) };
  event = withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
  const result = await group(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

const save = (body: SaveContentRequest, who: Who = 'editor') => invoke(handler, who, 'content/save-content', body);
const stored = async (key: { pk: string; sk: string }) =>
  (await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const PDF = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(Buffer.from('%PDF-1.7\n', 'latin1'));
  return bytes;
};
const PNG = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  return bytes;
};

/** A real upload: createUpload, a presigned POST of the bytes to s3rver, then completeUpload. */
async function upload(
  kind: 'content' | 'portrait',
  bytes: Uint8Array,
  options: { who?: Who; declaredAs?: string; complete?: boolean } = {},
): Promise<string> {
  const type = options.declaredAs ?? (kind === 'content' ? 'application/pdf' : 'image/png');
  const name = type === 'application/pdf' ? 'guide.pdf' : 'portrait.png';
  const who = options.who ?? 'editor';
  const created = await invoke(fileHandler, who, 'file/create-upload', { kind, name, type, size: bytes.length });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { fileId, upload: post } = CreatedUpload.parse(created.body);
  const form = new FormData();
  for (const [field, value] of Object.entries(post.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }));
  expect((await fetch(post.url, { method: 'POST', body: form })).status).toBe(204);
  if (options.complete !== false) await invoke(fileHandler, who, 'file/complete-upload', undefined, { id: fileId });
  return fileId;
}

/** True when neither the object nor the record of an upload is left. */
async function gone(fileId: string, visibility: 'private' | 'public'): Promise<boolean> {
  const bucket = visibility === 'public' ? env().publicBucket : env().privateBucket;
  return (await getFile(fileId)) === null && (await headObject(bucket, `files/${fileId}`)) === null;
}

/** The upload is still there, record and object, attached to nothing: a resend can name it. */
async function keptUnattached(fileId: string, visibility: 'private' | 'public'): Promise<boolean> {
  const bucket = visibility === 'public' ? env().publicBucket : env().privateBucket;
  const file = await getFile(fileId);
  return file !== null && isUnattachedReady(file) && (await headObject(bucket, `files/${fileId}`)) !== null;
}

let unique = 0;
const uniqueName = (label: string) => `${label} ${Date.now()} ${++unique}`;
const person = (lastName: string) => ({ firstName: 'Ada', lastName, school: 'GMU', email: 'ada@example.org' });

/** Saves a new item with one child, one file and one contributor; answers what it stored. */
async function existingItem() {
  const pdf = await upload('content', PDF(300));
  const name = uniqueName('Existing');
  const result = await save({
    fields: { name, description: '<p>Existing</p>' },
    contributors: [{ key: 'c' }],
    newContributors: [{ key: 'c', ...person(uniqueName('Kept')) }],
    children: [
      { key: 'a', name: 'Alpha' },
      { key: 'b', name: 'Beta' },
    ],
    files: [{ id: pdf, name: 'Guide' }],
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  const saved = SavedContent.parse(result.body);
  return { ...saved, pdf };
}

describe('POST /api/v1/content-saves: happy paths (spec §4 "Saving content, in order")', () => {
  it('saves a new item with 2 new children, a new contributor with a portrait and an uploaded PDF', async () => {
    const revision = await getCatalogRevision();
    const pdf = await upload('content', PDF(2048));
    const portrait = await upload('portrait', PNG(512));
    const lastName = uniqueName('Lovelace');
    const name = uniqueName('Saved Course');
    const result = await save({
      fields: { name, description: '<p>A course</p>', categories: ['course'] },
      contributors: [{ key: 'ada' }],
      newContributors: [{ key: 'ada', ...person(lastName), portraitFileId: portrait }],
      children: [
        { key: 'lab-1', name: 'Lab <1>' },
        { key: 'lab-2', name: 'Lab 2', status: 'published', categories: ['exercise'] },
      ],
      files: [{ id: pdf, name: 'Lab guide' }],
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const { content, created } = SavedContent.parse(result.body);
    const contributorId = created.contributors.ada as string;
    const [first, second] = [created.children['lab-1'] as string, created.children['lab-2'] as string];
    expect(content).toMatchObject({
      name,
      version: 1,
      status: 'unpublished',
      contributors: [{ id: contributorId, index: 0 }],
      children: [
        { id: first, index: 0 },
        { id: second, index: 1 },
      ],
      files: [{ id: pdf, name: 'Lab guide', type: 'application/pdf', filename: 'guide.pdf' }],
    });
    expect(await stored(contentKey(content.id))).toMatchObject({ author: `Ada ${lastName}`, version: 1 });
    expect(await stored(contentKey(first))).toMatchObject({
      name: 'Lab <1>',
      description: '<p>Lab &lt;1&gt;</p>',
      status: 'unpublished',
      parentId: content.id,
      index: 0,
      urlAlias: `${content.urlAlias}/lab-less1greater`,
      ancestorIds: [content.id],
    });
    expect(await stored(contentKey(second))).toMatchObject({ status: 'published', categories: ['exercise'], index: 1 });
    expect(await stored(contributorKey(contributorId))).toMatchObject({ lastName, portraitFileId: portrait });
    const file = await getFile(pdf);
    expect(file).toMatchObject({ name: 'Lab guide', metadata: { id: content.id, type: 'Content' } });
    expect(file?.expiresAt).toBeUndefined();
    expect((await getFile(portrait))?.metadata.id).toBe(contributorId);
    expect((await getFile(portrait))?.expiresAt).toBeUndefined();
    expect(await getCatalogRevision()).toBe(revision + 1);
  });

  it('renames and reorders children, adds and removes files, and changes a contributor on an existing item', async () => {
    const before = await existingItem();
    const [alpha, beta] = before.content.children.map((child) => child.id) as [string, string];
    const contributorId = before.content.contributors[0]?.id as string;
    const oldPortrait = await upload('portrait', PNG(100));
    // Give the contributor a portrait first, then replace it.
    const withPortrait = await save({
      id: before.content.id,
      version: 1,
      fields: { name: before.content.name, description: '<p>Existing</p>' },
      contributors: [{ id: contributorId }],
      changedContributors: [{ id: contributorId, version: 1, ...person('Changed'), portraitFileId: oldPortrait }],
      children: [{ id: alpha }, { id: beta }],
      files: [{ id: before.pdf, name: 'Guide' }],
    });
    expect(withPortrait.status, JSON.stringify(withPortrait.body)).toBe(200);
    const newPdf = await upload('content', PDF(400));
    const newPortrait = await upload('portrait', PNG(200));
    const revision = await getCatalogRevision();

    const result = await save({
      id: before.content.id,
      version: 2,
      fields: { name: before.content.name, description: '<p>Edited</p>' },
      contributors: [{ id: contributorId }],
      changedContributors: [{ id: contributorId, version: 2, ...person('Renamed'), portraitFileId: newPortrait }],
      children: [{ id: beta, name: 'Beta, renamed', version: 1 }, { id: alpha }, { key: 'c', name: 'Gamma' }],
      files: [{ id: newPdf, name: 'New guide' }],
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const { content, created } = SavedContent.parse(result.body);
    expect(content.version).toBe(3);
    expect(content.children).toEqual([
      { id: beta, index: 0 },
      { id: alpha, index: 1 },
      { id: created.children.c, index: 2 },
    ]);
    expect(content.files).toEqual([{ id: newPdf, name: 'New guide', type: 'application/pdf', filename: 'guide.pdf' }]);
    expect(await stored(contentKey(beta))).toMatchObject({ name: 'Beta, renamed', index: 0, version: 2 });
    expect(await stored(contentKey(alpha))).toMatchObject({ name: 'Alpha', index: 1, version: 2 });
    expect((await stored(contentKey(alpha)))?.gsi2sk).toMatch(/^000001#/);
    expect(await stored(contributorKey(contributorId))).toMatchObject({ lastName: 'Renamed', version: 3 });
    expect(await stored(contentKey(content.id))).toMatchObject({ author: 'Ada Renamed' });
    expect(await gone(before.pdf, 'private')).toBe(true);
    expect(await gone(oldPortrait, 'public')).toBe(true);
    expect((await getFile(newPortrait))?.metadata.id).toBe(contributorId);
    expect(await getCatalogRevision()).toBe(revision + 1);
  });

  it('renames a kept file', async () => {
    const before = await existingItem();
    const result = await save({
      id: before.content.id,
      version: 1,
      fields: { name: before.content.name, description: '<p>x</p>' },
      contributors: before.content.contributors.map(({ id }) => ({ id })),
      children: before.content.children.map(({ id }) => ({ id })),
      files: [{ id: before.pdf, name: 'Renamed guide' }],
    });
    expect(result.status).toBe(200);
    expect((await getFile(before.pdf))?.name).toBe('Renamed guide');
  });
});

describe('conflicts', () => {
  it('answers 409 to a stale version, writes nothing and deletes the uploads it named', async () => {
    const before = await existingItem();
    const item = await stored(contentKey(before.content.id));
    const pdf = await upload('content', PDF(100));
    const body: SaveContentRequest = {
      id: before.content.id,
      version: 1,
      fields: { name: before.content.name, description: '<p>first</p>' },
      contributors: before.content.contributors.map(({ id }) => ({ id })),
      children: before.content.children.map(({ id }) => ({ id })),
      files: [{ id: before.pdf, name: 'Guide' }],
    };
    expect((await save(body)).status).toBe(200);
    const after = await stored(contentKey(before.content.id));
    expect(after?.version).toBe(2);
    const second = await save({
      ...body,
      fields: { ...body.fields, description: '<p>second</p>' },
      children: [...(body.children ?? []), { key: 'x', name: 'Orphan to be' }],
      files: [...(body.files ?? []), { id: pdf, name: 'New' }],
    });
    expect(second).toMatchObject({ status: 409, body: { message: CONTENT_STALE_MESSAGE } });
    expect(await stored(contentKey(before.content.id))).toEqual(after);
    expect(await getContentByAlias(`${item?.urlAlias}/orphan-to-be`)).toBeNull();
    expect(await gone(pdf, 'private')).toBe(true);
  });

  it('answers 409 for a stale contributor', async () => {
    const before = await existingItem();
    const id = before.content.contributors[0]?.id as string;
    const result = await save({
      id: before.content.id,
      version: 1,
      fields: { name: before.content.name, description: '<p>x</p>' },
      contributors: [{ id }],
      changedContributors: [{ id, version: 7, ...person('Stale') }],
      children: before.content.children.map((child) => ({ id: child.id })),
      files: [{ id: before.pdf, name: 'Guide' }],
    });
    expect(result).toMatchObject({ status: 409, body: { message: CONTRIBUTOR_STALE_MESSAGE } });
  });
});

/** Fails the next TransactWriteItems at the element `pick` finds; every other command reaches the emulator. */
function failTransaction(
  pick: (items: Record<string, Record<string, unknown>>[]) => number,
  fault: 'condition' | 'service',
) {
  const realSend = Object.getPrototypeOf(dynamoDocumentClient).send as (command: unknown) => Promise<never>;
  const mock = mockClient(dynamoDocumentClient);
  const seen: number[] = [];
  mock.send.callsFake((command) => {
    if (command instanceof TransactWriteCommand) {
      const items = (command.input.TransactItems ?? []) as Record<string, Record<string, unknown>>[];
      const index = pick(items);
      seen.push(index);
      if (index < 0) return Promise.reject(new Error('The step to fail is not in the transaction.'));
      if (fault === 'service') {
        return Promise.reject(new InternalServerError({ message: 'Internal server error', $metadata: {} }));
      }
      const reasons: CancellationReason[] = items.map((_, i) =>
        i === index ? { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' } : { Code: 'None' },
      );
      return Promise.reject(
        new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata: {},
          CancellationReasons: reasons,
        }),
      );
    }
    return realSend.call(dynamoDocumentClient, command);
  });
  return { restore: () => mock.restore(), seen };
}

type Element = Record<string, Record<string, unknown>>;
const putOf =
  (entityType: string, test: (item: Record<string, unknown>) => boolean = () => true) =>
  (items: Element[]) =>
    items.findIndex((element) => {
      const item = element.Put?.Item as Record<string, unknown> | undefined;
      return item?.entityType === entityType && test(item);
    });
const updateOf =
  (pkPrefix: string, test: (element: Record<string, unknown>) => boolean = () => true) =>
  (items: Element[]) =>
    items.findIndex((element) => {
      const key = element.Update?.Key as { pk?: string } | undefined;
      return Boolean(key?.pk?.startsWith(pkPrefix)) && test(element.Update as Record<string, unknown>);
    });

// A refused save (409) deletes the uploads it named (decision record 020); a service
// failure (500) keeps them, unattached, for the SPA's resend with its key (decision record 083).
describe('fault injection: one transaction, nothing written, uploads deleted on a refusal, kept on a failure', () => {
  for (const fault of ['condition', 'service'] as const) {
    const status = fault === 'condition' ? 409 : 500;
    const uploads = fault === 'condition' ? 'uploads gone' : 'uploads kept';

    describe(`a new item (${fault} failure)`, () => {
      const steps: [string, (items: Element[]) => number, string][] = [
        ['contributor write', putOf('Contributor'), 'Contributor already exists.'],
        [
          'new item',
          putOf('Content', (item) => item.parentId !== null && (item.children as unknown[]).length > 0),
          'Content already exists.',
        ],
        ['new child', putOf('Content', (item) => (item.children as unknown[]).length === 0), 'Content already exists.'],
        [
          'new file attach',
          updateOf('FILE#', (u) => JSON.stringify(u.ExpressionAttributeValues).includes('Lab guide')),
          UPLOAD_GONE_MESSAGE,
        ],
      ];
      for (const [step, pick, message] of steps) {
        it(`fails at the ${step}: no item, no child, no contributor, parent unchanged, ${uploads}`, async () => {
          const parentName = uniqueName('Parent');
          const parentSave = await save({ fields: { name: parentName, description: '<p>p</p>' } });
          const parent = SavedContent.parse(parentSave.body).content;
          const parentBefore = await stored(contentKey(parent.id));
          const pdf = await upload('content', PDF(700));
          const portrait = await upload('portrait', PNG(300));
          const lastName = uniqueName('Faulty');
          const revision = await getCatalogRevision();
          const failing = failTransaction(pick, fault);
          let result: Awaited<ReturnType<typeof save>>;
          const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
          try {
            result = await save({
              parentId: parent.id,
              fields: { name: 'Faulty child', description: '<p>f</p>' },
              contributors: [{ key: 'f' }],
              newContributors: [{ key: 'f', ...person(lastName), portraitFileId: portrait }],
              children: [{ key: 'g', name: 'Grandchild' }],
              files: [{ id: pdf, name: 'Lab guide' }],
            });
          } finally {
            failing.restore();
            log.mockRestore();
          }
          expect(failing.seen[0]).toBeGreaterThanOrEqual(0);
          expect(result.status).toBe(status);
          if (fault === 'condition') expect(result.body.message).toBe(message);
          expect(await getContentByAlias(`${parent.urlAlias}/faulty-child`)).toBeNull();
          expect(await getContentByAlias(`${parent.urlAlias}/faulty-child/grandchild`)).toBeNull();
          const contributors = await listContributors({ limit: 1000 });
          expect(contributors.items.some((c) => c.lastName === lastName)).toBe(false);
          expect(await stored(contentKey(parent.id))).toEqual(parentBefore);
          const left = fault === 'condition' ? gone : keptUnattached;
          expect(await left(pdf, 'private')).toBe(true);
          expect(await left(portrait, 'public')).toBe(true);
          expect(await getCatalogRevision()).toBe(revision);
        });
      }
    });

    describe(`an existing item (${fault} failure)`, () => {
      const steps: [string, (items: Element[]) => number, string][] = [
        ['contributor write', putOf('Contributor'), CONTRIBUTOR_STALE_MESSAGE],
        ['new child', putOf('Content'), 'Content already exists.'],
        [
          'renamed child',
          updateOf('CONTENT#', (u) => String(u.UpdateExpression).includes('#name')),
          CONTENT_STALE_MESSAGE,
        ],
        [
          'new file attach',
          updateOf('FILE#', (u) => String(u.UpdateExpression).includes('REMOVE')),
          UPLOAD_GONE_MESSAGE,
        ],
        ['item update', putOf('Content', (item) => item.version === 2), CONTENT_STALE_MESSAGE],
      ];
      for (const [step, pick, message] of steps) {
        it(`fails at the ${step}: item, children and contributor unchanged, ${uploads}`, async () => {
          const before = await existingItem();
          const [alpha, beta] = before.content.children.map((child) => child.id) as [string, string];
          const contributorId = before.content.contributors[0]?.id as string;
          const snapshot = async () => ({
            item: await stored(contentKey(before.content.id)),
            alpha: await stored(contentKey(alpha)),
            beta: await stored(contentKey(beta)),
            contributor: await stored(contributorKey(contributorId)),
            file: await getFile(before.pdf),
          });
          const was = await snapshot();
          const pdf = await upload('content', PDF(800));
          const portrait = await upload('portrait', PNG(400));
          const failing = failTransaction(pick, fault);
          let result: Awaited<ReturnType<typeof save>>;
          const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
          try {
            result = await save({
              id: before.content.id,
              version: 1,
              fields: { name: `${before.content.name} edited`, description: '<p>edited</p>' },
              contributors: [{ id: contributorId }],
              changedContributors: [{ id: contributorId, version: 1, ...person('Edited'), portraitFileId: portrait }],
              children: [{ id: beta, name: 'Beta renamed', version: 1 }, { id: alpha }, { key: 'n', name: 'Newcomer' }],
              files: [{ id: pdf, name: 'Another guide' }],
            });
          } finally {
            failing.restore();
            log.mockRestore();
          }
          expect(failing.seen[0]).toBeGreaterThanOrEqual(0);
          expect(result.status).toBe(status);
          if (fault === 'condition') expect(result.body.message).toBe(message);
          expect(await snapshot()).toEqual(was);
          expect(await getContentByAlias(`${before.content.urlAlias}/newcomer`)).toBeNull();
          const left = fault === 'condition' ? gone : keptUnattached;
          expect(await left(pdf, 'private')).toBe(true);
          expect(await left(portrait, 'public')).toBe(true);
        });
      }
    });
  }

  it('answers the original error when S3 DeleteObject fails during cleanup, leaving the records with a TTL of now', async () => {
    const pdf = await upload('content', PDF(900));
    const failing = failTransaction(putOf('Content'), 'condition');
    const s3 = mockClient(s3Client);
    const realS3Send = Object.getPrototypeOf(s3Client).send as (command: unknown) => Promise<never>;
    s3.send.callsFake((command) =>
      command instanceof DeleteObjectCommand
        ? Promise.reject(new Error('SlowDown'))
        : realS3Send.call(s3Client, command),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const result = await save({
        fields: { name: uniqueName('Cleanup'), description: '<p>c</p>' },
        files: [{ id: pdf, name: 'Guide' }],
      });
      expect(result).toMatchObject({ status: 409, body: { message: 'Content already exists.' } });
    } finally {
      failing.restore();
      s3.restore();
      warn.mockRestore();
    }
    // Claimed for deletion (TTL now: no save may attach it any more), left to TTL and the upload sweeper.
    const record = await getFile(pdf);
    expect(record?.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(await headObject(env().privateBucket, `files/${pdf}`)).not.toBeNull();
  });
});

describe('validation: 400 with field messages', () => {
  const base = (name: string) => ({ fields: { name: uniqueName(name), description: '<p>v</p>' } });
  const errorsOf = (body: Record<string, unknown>) => body.errors as { path: string; message: string }[];

  it('accepts a child name of 1000 characters and refuses 1001', async () => {
    expect((await save({ ...base('Child 1000'), children: [{ key: 'a', name: 'n'.repeat(1000) }] })).status).toBe(200);
    const past = await save({ ...base('Child 1001'), children: [{ key: 'a', name: 'n'.repeat(1001) }] });
    expect(past.status).toBe(400);
    expect(errorsOf(past.body).map((e) => e.path)).toContain('body.children.0.name');
  });

  it('accepts a file name of 120 characters and refuses 121', async () => {
    const pdf = await upload('content', PDF(120));
    expect((await save({ ...base('File 120'), files: [{ id: pdf, name: 'f'.repeat(120) }] })).status).toBe(200);
    const other = await upload('content', PDF(121));
    const past = await save({ ...base('File 121'), files: [{ id: other, name: 'f'.repeat(121) }] });
    expect(past.status).toBe(400);
    expect(errorsOf(past.body).map((e) => e.path)).toContain('body.files.0.name');
  });

  it('refuses a save of more than 100 writes', async () => {
    const children = Array.from({ length: 50 }, (_, i) => ({ key: `c${i}`, name: `Child ${i}` }));
    const result = await save({ ...base('Too large'), children });
    expect(result).toMatchObject({ status: 400, body: { message: SAVE_TOO_LARGE_MESSAGE } });
  });

  it('refuses a save that leaves out an existing child, and an unknown child id', async () => {
    const before = await existingItem();
    const common = {
      id: before.content.id,
      version: 1,
      fields: { name: before.content.name, description: '<p>x</p>' },
      files: [{ id: before.pdf, name: 'Guide' }],
    };
    const missing = await save({ ...common, children: [{ id: before.content.children[0]?.id as string }] });
    expect(missing).toMatchObject({ status: 400, body: { message: CHILD_MISSING_MESSAGE } });
    const unknown = await save({
      ...common,
      children: [...before.content.children.map(({ id }) => ({ id })), { id: '00000000000000000000000000' }],
    });
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown.body)).toContainEqual({ path: 'body.children.2.id', message: 'Not a child of this item.' });
  });

  it("refuses another user's upload, a Failed one and an attached one, at the file's field", async () => {
    const others = await upload('content', PDF(130), { who: 'admin' });
    const failed = await upload('content', PNG(140), { declaredAs: 'application/pdf' });
    expect((await getFile(failed))?.status).toBe('Failed');
    const before = await existingItem();
    const result = await save({
      ...base('Bad files'),
      files: [
        { id: others, name: 'a' },
        { id: failed, name: 'b' },
        { id: before.pdf, name: 'c' },
      ],
    });
    expect(result.status).toBe(400);
    expect(errorsOf(result.body)).toEqual([
      { path: 'body.files.0.id', message: 'No upload of yours has this id.' },
      { path: 'body.files.1.id', message: 'The upload was refused; upload the file again.' },
      { path: 'body.files.2.id', message: 'The file is already attached.' },
    ]);
    expect(await getFile(others)).not.toBeNull();
  });
});

describe('deleting content removes its files (decision record 020)', () => {
  it('deletes a child, its attached file and the object; the parent loses the child and moves on a version', async () => {
    const pdf = await upload('content', PDF(400));
    const name = uniqueName('Deleting');
    const created = await save({
      fields: { name, description: '<p>Parent</p>' },
      children: [{ key: 'only', name: 'Only child' }],
    });
    const parent = SavedContent.parse(created.body);
    const childId = parent.created.children.only ?? '';
    const child = await save({
      id: childId,
      version: 1,
      fields: { name: 'Only child', description: '<p>Child</p>' },
      files: [{ id: pdf, name: 'Child guide' }],
    });
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    expect((await getFile(pdf))?.metadata.id).toBe(childId);

    const deleted = await invoke(handler, 'deleter', 'content/delete-content', undefined, { id: childId });

    expect(deleted).toEqual({ status: 200, body: { id: childId, parentId: parent.content.id } });
    expect(await gone(pdf, 'private')).toBe(true);
    const after = await stored(contentKey(parent.content.id));
    expect(after?.children).toEqual([]);
    expect(after?.version).toBe(parent.content.version + 1);
  });

  it('refuses to delete content that still has lessons', async () => {
    const { handler: lessonHandler } = await import('../lesson/index.ts');
    const created = await save({ fields: { name: uniqueName('With lesson'), description: '<p>Lessons</p>' } });
    const item = SavedContent.parse(created.body).content;
    const lesson = await invoke(lessonHandler, 'editor', 'lesson/create-lesson', {
      contentId: item.id,
      name: 'Lesson one',
    });
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);

    const refused = await invoke(handler, 'deleter', 'content/delete-content', undefined, { id: item.id });

    expect(refused).toEqual({ status: 409, body: { statusCode: 409, message: CONTENT_HAS_LESSONS_MESSAGE } });
    expect(await stored(contentKey(item.id))).toBeDefined();
  });
});
