import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import {
  ALIAS_TAKEN_MESSAGE,
  CONTENT_HAS_CHILDREN_MESSAGE,
  CONTENT_STALE_MESSAGE,
  type Content,
  type ContentDetail,
} from '#shared/contracts/content';
import { CONTRIBUTOR_STALE_MESSAGE, type Contributor } from '#shared/contracts/contributor';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { getCatalogRevision } from '../../data/catalog.ts';
import { tableName } from '../../data/dynamo.ts';
import { aliasGuardKey, contentKey } from '../../data/keys.ts';
import { parseSearchTags } from '../../domain/search-tags.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  adminTokenInput,
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
const tokens: Record<'student' | 'editor' | 'admin', string> = { student: '', editor: '', admin: '' };
type Who = keyof typeof tokens | 'visitor';

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.student = await signPortalToken(studentTokenInput());
  tokens.editor = await signPortalToken(editorTokenInput());
  // The admin of these tests may also delete content (delete_v1_content, spec §6).
  const admin = adminTokenInput();
  tokens.admin = await signPortalToken({
    ...admin,
    claims: [...admin.claims, { type: CLAIM_TYPES.api, value: API_CLAIMS.deleteContent }],
  });
});
afterAll(async () => {
  await stack?.stop();
});

/** Calls the content group as `who` with the sample event `name`, a JSON body and path parameters. */
async function call(who: Who, name: string, body?: unknown, path?: Record<string, string>) {
  let event: APIGatewayProxyEventV2 = loadEvent(`content/${name}`);
  if (path) event = withPathParameters(event, path);
  if (body !== undefined) event = { ...event, body: JSON.stringify(body) };
  if (who !== 'visitor') event = withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

async function create(fields: Record<string, unknown>): Promise<string> {
  const result = await call('editor', 'create-content', { description: '<p>d</p>', ...fields });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.id as string;
}

const get = (who: Who, idOrAlias: string) => call(who, 'get-content', undefined, { idOrAlias });
const stored = async (key: { pk: string; sk: string }) =>
  (await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: key }))).Item;

describe('content life cycle (spec §4, §7)', () => {
  it('creates, reads, updates, refuses a stale save, archives, restores and deletes', async () => {
    const revisionBefore = await getCatalogRevision();
    const id = await create({
      name: 'Write API Course',
      status: 'published',
      searchKeywords: ['zebra', 'Zebra', 'pcap'],
      tags: ['lab'],
      lastCuratedTimestamps: { courseware: '2026-01-02T12:00:00.000Z', environment: '' },
    });
    expect(await getCatalogRevision()).toBeGreaterThan(revisionBefore);

    const read = ContentOf(await get('visitor', id));
    expect(read).toMatchObject({ urlAlias: 'write-api-course', status: 'published', version: 1 });
    expect(read.lastCuratedTimestamps).toEqual({ courseware: '2026-01-02' });
    expect(parseSearchTags(read.description)).toEqual(['zebra', 'pcap']);

    // Two editors read version 1; the first saves, the second gets the conflict.
    const first = await call('editor', 'patch-content', { name: 'Write API Course, revised', version: 1 }, { id });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const second = await call(
      'admin',
      'replace-content',
      { name: 'Other', description: '<p>o</p>', version: 1 },
      { id },
    );
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(CONTENT_STALE_MESSAGE);
    expect(ContentOf(await get('visitor', id))).toMatchObject({ name: 'Write API Course, revised', version: 2 });

    const archived = await call('editor', 'patch-content', { status: 'archived', version: 2 }, { id });
    expect(archived.status).toBe(200);
    expect((await get('visitor', id)).status).toBe(404);
    expect((await get('editor', id)).status).toBe(404);
    expect((await get('admin', id)).status).toBe(200);
    // Only the admin (viewArchivedContent) can see it, so only the admin can restore it.
    expect((await call('editor', 'patch-content', { status: 'unpublished', version: 3 }, { id })).status).toBe(404);
    const edit = await call('admin', 'patch-content', { name: 'x', version: 3 }, { id });
    expect(edit.status).toBe(409);
    const restored = await call('admin', 'patch-content', { status: 'unpublished', version: 3 }, { id });
    expect(restored.body).toMatchObject({ status: 'unpublished', version: 4 });
    expect((await get('visitor', id)).status).toBe(404);
    expect((await get('editor', id)).status).toBe(200);

    const deleted = await call('admin', 'delete-content', undefined, { id });
    expect(deleted).toEqual({ status: 200, body: { id, parentId: null } });
    expect((await get('admin', id)).status).toBe(404);
    expect(await stored(aliasGuardKey('write-api-course'))).toBeUndefined();
  });

  it('creates a child under the parent alias, attaches it, refuses to delete the parent, and detaches on delete', async () => {
    const parentId = await create({ name: 'Write API Parent', status: 'published' });
    const childId = await create({ name: 'First Lab', parentId });
    const child = ContentOf(await get('editor', childId));
    expect(child).toMatchObject({ urlAlias: 'write-api-parent/first-lab', status: 'unpublished', parentId });
    expect((await stored(contentKey(parentId)))?.children).toEqual([{ id: childId, index: 0 }]);

    const refused = await call('admin', 'delete-content', undefined, { id: parentId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CONTENT_HAS_CHILDREN_MESSAGE);

    expect((await call('admin', 'delete-content', undefined, { id: childId })).body).toEqual({ id: childId, parentId });
    expect((await stored(contentKey(parentId)))?.children).toEqual([]);
    expect((await call('admin', 'delete-content', undefined, { id: parentId })).status).toBe(200);
  });

  it('refuses a taken alias with 409 and writes nothing: no item, no guard, no orphan child', async () => {
    const parentId = await create({ name: 'Alias Parent', status: 'published' });
    await create({ name: 'Taken', urlAlias: 'alias-taken' });
    const clash = await call('editor', 'create-content', {
      name: 'Clash',
      description: '<p>c</p>',
      parentId,
      urlAlias: '/courseware/Alias Taken',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(ALIAS_TAKEN_MESSAGE);
    expect((await stored(contentKey(parentId)))?.children).toEqual([]);
    expect((await stored(aliasGuardKey('alias-taken')))?.contentId).not.toBeUndefined();

    // Renaming the alias of an item onto a taken one: 409, and both guards stay as they were.
    const otherId = await create({ name: 'Other Alias Holder' });
    const rename = await call('editor', 'patch-content', { urlAlias: 'alias-taken', version: 1 }, { id: otherId });
    expect(rename.status).toBe(409);
    expect((await stored(aliasGuardKey('other-alias-holder')))?.contentId).toBe(otherId);
    const moved = await call('editor', 'patch-content', { urlAlias: 'new-home', version: 1 }, { id: otherId });
    expect(moved.body.urlAlias).toBe('new-home');
    expect(await stored(aliasGuardKey('other-alias-holder'))).toBeUndefined();
    expect((await stored(aliasGuardKey('new-home')))?.contentId).toBe(otherId);
  });

  it('answers 400 for unknown contributors and knowledge ids, naming the field', async () => {
    const result = await call('editor', 'create-content', {
      name: 'Refs',
      description: '<p>r</p>',
      contributors: [{ id: '00000000000000000000000000', index: 0 }],
      ksas: [{ id: 'K9999', index: 0 }],
    });
    expect(result.status).toBe(400);
    expect((result.body.errors as { path: string }[]).map((e) => e.path)).toEqual([
      'body.contributors.0.id',
      'body.ksas.0.id',
    ]);
  });

  it('refuses writes to callers without the capability', async () => {
    expect((await call('visitor', 'create-content', { name: 'x', description: 'y' })).status).toBe(401);
    expect((await call('student', 'create-content', { name: 'x', description: 'y' })).status).toBe(403);
  });
});

describe('HTML safety of content descriptions (issue 9 item 6)', () => {
  it('sanitises the description and section descriptions on create, patch and replace, keeping the search-tags block', async () => {
    const unsafe = '<p onclick="steal()">Lab</p><script>steal()</script><img src="x" onerror="steal()" alt="">';
    const id = await create({
      name: 'Sanitised Lab',
      description: unsafe,
      searchKeywords: ['gdb'],
      sections: [{ name: 'Part 1', description: '<a href="javascript:steal()">go</a><iframe src="//evil"></iframe>' }],
    });
    let read = ContentOf(await get('editor', id));
    expect(read.description).toBe('<!--search-tags:gdb--><p>Lab</p><img src="x" alt="" />');
    expect(read.sections.map((section) => section.description)).toEqual(['<a rel="noopener noreferrer">go</a>']);

    const patched = await call(
      'editor',
      'patch-content',
      {
        description: '<!--search-tags:heap--><svg onload="steal()"><text>S</text></svg><p style="x">P</p>',
        version: 1,
      },
      { id },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    read = ContentOf(await get('editor', id));
    expect(read.description).toBe('<!--search-tags:heap-->S<p>P</p>');
    expect(parseSearchTags(read.description)).toEqual(['heap']);

    const replaced = await call(
      'editor',
      'replace-content',
      {
        name: 'Sanitised Lab',
        description: '<p>R</p><math><mi>x</mi></math>',
        sections: [{ name: 'Part 2', description: '<form action="javascript:steal()"><b>B</b></form>' }],
        version: 2,
      },
      { id },
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    read = ContentOf(await get('editor', id));
    expect(read.description).toBe('<p>R</p>x');
    expect(read.sections.map((section) => section.description)).toEqual(['<b>B</b>']);
  });
});

describe('validation limits (spec §5 "Content editing")', () => {
  const limits: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
    ['name', { name: 'n'.repeat(1000) }, { name: 'n'.repeat(1001) }, 'body.name'],
    ['description', { description: 'd'.repeat(100_000) }, { description: 'd'.repeat(100_001) }, 'body.description'],
    [
      'tags count',
      { tags: Array.from({ length: 20 }, (_, i) => `t${i}`) },
      { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      'body.tags',
    ],
    ['tag length', { tags: ['t'.repeat(50)] }, { tags: ['t'.repeat(51)] }, 'body.tags.0'],
    [
      'search keywords count',
      { searchKeywords: Array.from({ length: 20 }, (_, i) => `k${i}`) },
      { searchKeywords: Array.from({ length: 21 }, (_, i) => `k${i}`) },
      'body.searchKeywords',
    ],
    [
      'last-curated date',
      { lastCuratedTimestamps: { courseware: new Date().toISOString().slice(0, 10) } },
      { lastCuratedTimestamps: { courseware: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) } },
      'body.lastCuratedTimestamps.courseware',
    ],
  ];
  for (const [label, atLimit, pastLimit, path] of limits) {
    it(`accepts ${label} at the limit and refuses it past the limit`, async () => {
      const base = { name: `Limit ${label}`, description: '<p>x</p>' };
      expect((await call('editor', 'create-content', { ...base, ...atLimit })).status).toBe(201);
      const past = await call('editor', 'create-content', { ...base, ...pastLimit });
      expect(past.status).toBe(400);
      expect((past.body.errors as { path: string }[]).map((e) => e.path)).toContain(path);
    });
  }

  it('requires name and description', async () => {
    const result = await call('editor', 'create-content', {});
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'Is required.' },
        { path: 'body.description', message: 'Is required.' },
      ]),
    );
  });
});

describe('contributors (spec §5 "Contributor")', () => {
  const ada = { firstName: 'Ada', lastName: 'Lovelace', school: 'GMU', email: 'ada@example.org' };

  it('creates, updates with the version, and refuses a stale update', async () => {
    const created = await call('editor', 'create-contributor', { ...ada, prefix: 'Dr.' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const updated = await call('editor', 'update-contributor', { ...ada, lastName: 'King', version: 1 }, { id });
    expect(updated.status).toBe(200);
    expect((updated.body as unknown as Contributor).version).toBe(2);
    const stale = await call('editor', 'update-contributor', { ...ada, version: 1 }, { id });
    expect(stale).toEqual({ status: 409, body: { statusCode: 409, message: CONTRIBUTOR_STALE_MESSAGE } });
    const missing = await call(
      'editor',
      'update-contributor',
      { ...ada, version: 1 },
      { id: '00000000000000000000000000' },
    );
    expect(missing.status).toBe(404);
  });

  it('accepts 1000 characters per field and refuses 1001; requires a valid email', async () => {
    for (const field of ['prefix', 'firstName', 'middleName', 'lastName', 'suffix', 'title', 'school']) {
      expect((await call('editor', 'create-contributor', { ...ada, [field]: 'x'.repeat(1000) })).status).toBe(201);
      const past = await call('editor', 'create-contributor', { ...ada, [field]: 'x'.repeat(1001) });
      expect(past.status, field).toBe(400);
    }
    const email = await call('editor', 'create-contributor', { ...ada, email: 'nope' });
    expect(email.status).toBe(400);
    expect(email.body.errors).toEqual([{ path: 'body.email', message: 'Must be a valid e-mail address.' }]);
  });

  it('names the first contributor as the author of content that lists it', async () => {
    const id = (await call('editor', 'create-contributor', { ...ada, prefix: 'Dr.' })).body.id as string;
    const contentId = await create({ name: 'Authored Lab', contributors: [{ id, index: 0 }], status: 'published' });
    const detail = (await get('visitor', contentId)).body as unknown as ContentDetail;
    expect(detail.contributors.map((c) => c.lastName)).toEqual(['Lovelace']);
    expect((await stored(contentKey(contentId)))?.author).toBe('Dr. Ada Lovelace');
  });
});

function ContentOf(result: { status: number; body: Record<string, unknown> }): Content {
  expect(result.status).toBe(200);
  return (result.body as unknown as ContentDetail).content;
}
