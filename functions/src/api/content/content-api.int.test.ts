import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChildContent, Content, ContentDetail, ContentSummary } from '#shared/contracts/content';
import type { Contributor } from '#shared/contracts/contributor';
import type { Knowledge } from '#shared/contracts/knowledge';
import type { ContentStatus } from '#shared/enums';
import { UPDATED_WITHIN_DAYS } from '#shared/limits';
import { dynamoDbClient, dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { createContent } from '../../data/content.ts';
import { tableName } from '../../data/dynamo.ts';
import type { ContentRecord } from '../../data/items.ts';
import { knowledgeKey } from '../../data/keys.ts';
import { bumpKnowledgeRevision, putKnowledgeBatch } from '../../data/knowledge.ts';
import { childAlias } from '../../domain/alias.ts';
import { seedId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  adminTokenInput,
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { ConflictError } from '../../lib/errors.ts';
import { encodePageToken } from '../../lib/page-token.ts';
import { DEFAULT_DATA_ROOT, runSeed } from '../../seed/import.ts';
import { readSeedSources } from '../../seed/sources.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

type Page<T> = { items: T[]; nextPageToken: string | null };

const COURSE = 'SEED Labs: Hands-on Labs for Security Education';
const COURSE_ID = seedId('content', COURSE);
const COURSE_ALIAS = 'seed-labs-hands-on-labs-for-security-education';
const MODULE_ID = seedId('content', 'SEED Labs – Software Security');
const MODULE_ALIAS = `${COURSE_ALIAS}/seed-labs-software-security`;

let stack: Awaited<ReturnType<typeof startTestStack>>;
const sent: string[] = [];

const tokens: Record<'student' | 'editor' | 'admin', string> = { student: '', editor: '', admin: '' };

/** The event as sent by a signed-in caller. */
function as(who: keyof typeof tokens, event: APIGatewayProxyEventV2): APIGatewayProxyEventV2 {
  return withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
}

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.student = await signPortalToken(studentTokenInput());
  tokens.editor = await signPortalToken(editorTokenInput());
  tokens.admin = await signPortalToken(adminTokenInput());
  await runSeed({ log: () => undefined });
  // Counts every DynamoDB command the handlers send (the request budget of the data layer).
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'countRequestsForTest' },
  );
});

afterAll(async () => {
  dynamoDbClient.middlewareStack.remove('countRequestsForTest');
  await stack?.stop();
});

afterEach(() => {
  sent.length = 0;
});

async function call(event: APIGatewayProxyEventV2) {
  sent.length = 0;
  return handler(event, lambdaContext());
}

async function allPages<T>(event: APIGatewayProxyEventV2, query: Record<string, string>, key = 'items') {
  const pages: T[][] = [];
  let token: string | null = null;
  do {
    const result = await call(withQuery(event, { ...query, ...(token ? { pageToken: token } : {}) }));
    expect(result.statusCode).toBe(200);
    const body = jsonBody<Record<string, unknown>>(result);
    pages.push(body[key] as T[]);
    token = body.nextPageToken as string | null;
  } while (token);
  return pages;
}

function record(
  name: string,
  status: ContentStatus,
  parent: { id: string; alias: string; ancestors: string[] },
  index: number,
): ContentRecord {
  return contentRecord(name, {
    urlAlias: childAlias(parent.alias, name),
    status,
    parentId: parent.id,
    index,
    ancestorIds: parent.ancestors,
  });
}

describe('GET /api/v1/content', () => {
  it('pages through all published content, newest change first, with one Query a page', async () => {
    const pages = await allPages<Content>(loadEvent('content/list-content'), { limit: '25', condense: 'false' });
    // 60 + 81 seeded items of both catalogues (issue 24 item 0).
    expect(pages.map((page) => page.length)).toEqual([25, 25, 25, 25, 25, 16]);
    const items = pages.flat();
    expect(new Set(items.map((item) => item.id)).size).toBe(60 + 81);
    const order = items.map((item) => `${item.modifiedTimestamp}#${item.id}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(items[0]).toHaveProperty('description');
    expect(items[0]).not.toHaveProperty('pk');
    expect(items[0]).not.toHaveProperty('summary');
  });

  it('costs exactly one DynamoDB request for a page', async () => {
    await call(withQuery(loadEvent('content/list-content'), { limit: '10' }));
    expect(sent).toEqual(['QueryCommand']);
  });

  it('answers condensed summaries with plain-text summary and author', async () => {
    const result = await call(loadEvent('content/list-content'));
    const page = jsonBody<Page<ContentSummary>>(result);
    expect(page.items).toHaveLength(10);
    const lab = page.items.find((item) => item.categories.includes('exercise') && item.tags.includes('lab'));
    expect(page.items[0]).not.toHaveProperty('description');
    for (const item of page.items) expect(item.summary).not.toMatch(/<|&quot;/);
    if (lab) expect(lab.author).toMatch(/Wenliang Du|Collin Howland/);
  });

  it('keeps new-or-updated content (changed within 90 days): the seeded items whose source changed then, not all', async () => {
    const { dates } = await readSeedSources(DEFAULT_DATA_ROOT);
    const cutoff = Date.now() - UPDATED_WITHIN_DAYS * 86_400_000;
    const pages = await allPages<ContentSummary>(loadEvent('content/list-content'), {
      newOrUpdated: 'true',
      condense: 'true',
    });
    const recent = dates.filter((item) => Date.parse(item.modified.at) >= cutoff).map((item) => item.title);
    expect(
      pages
        .flat()
        .map((item) => item.name)
        .sort(),
    ).toEqual(recent.sort());
    expect(recent.length).toBeLessThan(60);
  });
});

describe('GET /api/v1/content/{idOrAlias+}', () => {
  it('finds content by id with its ancestors top-level first and contributors, in two requests', async () => {
    const event = withPathParameters(loadEvent('content/get-content'), {
      idOrAlias: seedId('content', 'Clickjacking Lab'),
    });
    const result = await call(event);
    expect(result.statusCode).toBe(200);
    const detail = jsonBody<ContentDetail>(result);
    expect(detail.content.name).toBe('Clickjacking Lab');
    expect(detail.ancestors.map((a) => a.name)).toEqual([COURSE, 'SEED Labs – Web Security']);
    expect(detail.contributors.map((c) => c.lastName)).toEqual(['Howland', 'Letzkus', 'Trujillo', 'Cole']);
    expect(sent).toEqual(['GetItemCommand', 'BatchGetItemCommand']);
  });

  it('finds content by a mixed-case, URL-encoded alias (the sample event), in two requests', async () => {
    const event = withPathParameters(loadEvent('content/get-content'), {
      idOrAlias: 'SEED-Labs-Hands-On-Labs-For-Security-Education%2Fseed-labs-SOFTWARE-security',
    });
    const result = await call(event);
    expect(result.statusCode).toBe(200);
    const detail = jsonBody<ContentDetail>(result);
    expect(detail.content.id).toBe(MODULE_ID);
    expect(detail.content.urlAlias).toBe(MODULE_ALIAS);
    expect(detail.ancestors).toEqual([{ id: COURSE_ID, name: COURSE, urlAlias: COURSE_ALIAS, status: 'published' }]);
    expect(detail.contributors.map((c) => `${c.firstName} ${c.lastName}`)).toEqual(['Wenliang Du']);
    expect(sent).toEqual(['QueryCommand', 'BatchGetItemCommand']);
  });

  it('finds content by an alias that arrives already decoded', async () => {
    const result = await call(loadEvent('content/get-content'));
    expect(jsonBody<ContentDetail>(result).content.id).toBe(MODULE_ID);
    const decoded = await call(withPathParameters(loadEvent('content/get-content'), { idOrAlias: MODULE_ALIAS }));
    expect(jsonBody<ContentDetail>(decoded).content.id).toBe(MODULE_ID);
  });

  it('answers 404 "Content does not exist." for an unknown alias and an unknown id', async () => {
    for (const idOrAlias of ['no-such-course', '00000000000000000000000000']) {
      const result = await call(withPathParameters(loadEvent('content/get-content'), { idOrAlias }));
      expect(result.statusCode).toBe(404);
      expect(jsonBody(result)).toEqual({ statusCode: 404, message: 'Content does not exist.' });
    }
  });
});

describe('hidden content', () => {
  const parent = { id: MODULE_ID, alias: MODULE_ALIAS, ancestors: [COURSE_ID, MODULE_ID] };
  const hidden = record('Hidden Draft Lesson', 'unpublished', parent, 100);
  const unlisted = record('Unlisted Lesson', 'unlisted', parent, 101);

  beforeAll(async () => {
    await createContent(hidden);
    await createContent(unlisted);
  });

  it('answers an unpublished item exactly like a missing one, by id and by alias', async () => {
    const missing = await call(withPathParameters(loadEvent('content/get-content'), { idOrAlias: 'never-existed' }));
    for (const idOrAlias of [hidden.id, encodeURIComponent(hidden.urlAlias)]) {
      const result = await call(withPathParameters(loadEvent('content/get-content'), { idOrAlias }));
      expect(result.statusCode).toBe(404);
      expect(result.body).toBe(missing.body);
      expect(result.headers).toEqual(missing.headers);
    }
  });

  it('answers 404 for the children of an unpublished item', async () => {
    const event = withPathParameters(loadEvent('content/list-content-children'), { id: hidden.id });
    const result = await call(event);
    expect(result.statusCode).toBe(404);
    expect(jsonBody(result).message).toBe('Content does not exist.');
  });

  it('opens unlisted content by its address, never lists it, and shows it among its parent’s children', async () => {
    const opened = await call(withPathParameters(loadEvent('content/get-content'), { idOrAlias: unlisted.urlAlias }));
    expect(opened.statusCode).toBe(200);
    const listed = (await allPages<ContentSummary>(loadEvent('content/list-content'), { condense: 'true' })).flat();
    expect(listed.map((item) => item.id)).not.toContain(unlisted.id);
    const children = (
      await allPages<ChildContent>(
        withPathParameters(loadEvent('content/list-content-children'), { id: MODULE_ID }),
        {},
      )
    ).flat();
    expect(children.map((child) => child.id)).toContain(unlisted.id);
    expect(children.map((child) => child.id)).not.toContain(hidden.id);
  });

  it('opens unpublished content for a caller who may update content, and for nobody else', async () => {
    const missing = await call(withPathParameters(loadEvent('content/get-content'), { idOrAlias: 'never-existed' }));
    const event = withPathParameters(loadEvent('content/get-content'), { idOrAlias: hidden.id });
    expect((await call(as('editor', event))).statusCode).toBe(200);
    expect((await call(as('admin', event))).statusCode).toBe(200);
    const student = await call(as('student', event));
    expect(student.statusCode).toBe(404);
    expect(student.body).toBe(missing.body);
    const children = withPathParameters(loadEvent('content/list-content-children'), { id: hidden.id });
    expect((await call(as('editor', children))).statusCode).toBe(200);
    expect((await call(as('student', children))).statusCode).toBe(404);
  });

  it('shows an editor unpublished children too', async () => {
    const event = withPathParameters(loadEvent('content/list-content-children'), { id: MODULE_ID });
    const ids = jsonBody<Page<ChildContent>>(await call(as('editor', event))).items.map((child) => child.id);
    expect(ids).toEqual(expect.arrayContaining([hidden.id, unlisted.id]));
  });

  it('refuses a second item with a taken alias and leaves no trace of it', async () => {
    const clash = { ...record('Another Lesson', 'published', parent, 102), urlAlias: unlisted.urlAlias };
    await expect(createContent(clash)).rejects.toThrow(ConflictError);
    await expect(createContent(clash)).rejects.toThrow('URL alias is already in use.');
    const byId = await call(withPathParameters(loadEvent('content/get-content'), { idOrAlias: clash.id }));
    expect(byId.statusCode).toBe(404);
  });

  it('refuses to create the same content twice', async () => {
    await expect(createContent(hidden)).rejects.toThrow('Content already exists.');
  });
});

describe('GET /api/v1/content-children/{id}', () => {
  it('lists the modules of a course in catalog order (the sample event)', async () => {
    const result = await call(loadEvent('content/list-content-children'));
    expect(result.statusCode).toBe(200);
    const page = jsonBody<Page<ChildContent>>(result);
    expect(page.items.map((child) => child.name)).toEqual([
      'SEED Labs – Software Security',
      'SEED Labs – Network Security',
      'SEED Labs – Web Security',
      'SEED Labs – Cryptography',
      'SEED Labs – Hardware Security',
      'SEED Labs – Mobile Security',
      'SEED Labs – Blockchain Security',
    ]);
    expect(page.items.map((child) => child.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(page.nextPageToken).toBeNull();
  });

  it('keeps index order across pages', async () => {
    const pages = await allPages<ChildContent>(loadEvent('content/list-content-children'), { limit: '3' });
    expect(pages.flat().map((child) => child.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('resumes right after the last child returned when hidden children are filtered out', async () => {
    // Prepare: a parent whose children alternate between visible and hidden.
    const topic = record(
      'Paging Topic',
      'published',
      { id: COURSE_ID, alias: COURSE_ALIAS, ancestors: [COURSE_ID] },
      50,
    );
    await createContent(topic);
    const statuses: ContentStatus[] = ['published', 'unpublished', 'published', 'published', 'archived', 'unlisted'];
    const parent = { id: topic.id, alias: topic.urlAlias, ancestors: [COURSE_ID, topic.id] };
    for (const [index, status] of statuses.entries())
      await createContent(record(`Paging child ${index}`, status, parent, index));
    // Act
    const pages = await allPages<ChildContent>(
      withPathParameters(loadEvent('content/list-content-children'), { id: topic.id }),
      {
        limit: '2',
      },
    );
    // Assess
    expect(pages.flat().map((child) => child.name)).toEqual([
      'Paging child 0',
      'Paging child 2',
      'Paging child 3',
      'Paging child 5',
    ]);
    expect(pages[0]).toHaveLength(2);
  });

  it('answers 400 for a token taken from another parent', async () => {
    const foreign = encodePageToken({
      pk: 'CONTENT#x',
      sk: 'CONTENT',
      gsi2pk: `PARENT#${MODULE_ID}`,
      gsi2sk: '000001#x',
    });
    const event = withQuery(loadEvent('content/list-content-children'), { pageToken: foreign });
    const result = await call(event);
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'query.pageToken', message: 'Invalid page token.' }]);
  });
});

describe('content.children of a detail shows only the children the caller may see', () => {
  const parentName = 'Children Visibility Topic';
  const parent = record(parentName, 'published', { id: COURSE_ID, alias: COURSE_ALIAS, ancestors: [COURSE_ID] }, 60);
  const under = { id: parent.id, alias: parent.urlAlias, ancestors: [COURSE_ID, parent.id] };
  const statuses: ContentStatus[] = ['published', 'unpublished', 'unlisted', 'archived'];
  const children = statuses.map((status, index) => record(`Visibility child ${status}`, status, under, index));
  const detail = withPathParameters(loadEvent('content/get-content'), { idOrAlias: parent.id });
  const childIds = (result: Awaited<ReturnType<typeof call>>) =>
    jsonBody<ContentDetail>(result).content.children.map((child) => child.id);
  const idOf = (status: ContentStatus) => children[statuses.indexOf(status)]?.id;

  beforeAll(async () => {
    await createContent({
      ...parent,
      children: children.map((child) => ({ id: child.id, index: child.index })),
      contributors: [{ id: seedId('contributor', 'Wenliang Du'), index: 0 }],
    });
    for (const child of children) await createContent(child);
  });

  it('leaves hidden children out for a visitor, still in two DynamoDB requests', async () => {
    const result = await call(detail);
    expect(result.statusCode).toBe(200);
    expect(childIds(result)).toEqual([idOf('published'), idOf('unlisted')]);
    expect(jsonBody<ContentDetail>(result).content.children.map((child) => child.index)).toEqual([0, 2]);
    expect(sent).toEqual(['GetItemCommand', 'BatchGetItemCommand']);
  });

  it('shows an editor unpublished children, and archived ones only to who may view archived content', async () => {
    expect(childIds(await call(as('student', detail)))).toEqual([idOf('published'), idOf('unlisted')]);
    expect(childIds(await call(as('editor', detail)))).toEqual([
      idOf('published'),
      idOf('unpublished'),
      idOf('unlisted'),
    ]);
    expect(childIds(await call(as('admin', detail)))).toEqual(children.map((child) => child.id));
  });

  it('opens archived content only for who may view archived content, else exactly like missing content', async () => {
    const missing = await call(withPathParameters(loadEvent('content/get-content'), { idOrAlias: 'never-existed' }));
    const archived = withPathParameters(loadEvent('content/get-content'), { idOrAlias: idOf('archived') ?? '' });
    for (const result of [await call(archived), await call(as('editor', archived))]) {
      expect(result.statusCode).toBe(404);
      expect(result.body).toBe(missing.body);
    }
    expect((await call(as('admin', archived))).statusCode).toBe(200);
  });
});

describe('GET /api/v1/content by capability', () => {
  const drafts = ['unpublished', 'unlisted', 'archived'].map((status) =>
    contentRecord(`Capability list ${status}`, { status: status as ContentStatus }),
  );

  beforeAll(async () => {
    for (const draft of drafts) await createContent(draft);
  });

  it('lists published, unlisted and unpublished content for an editor, resuming across partitions', async () => {
    const visitor = (await allPages<ContentSummary>(loadEvent('content/list-content'), { condense: 'true' })).flat();
    const pages = await allPages<ContentSummary>(as('editor', loadEvent('content/list-content')), {
      condense: 'true',
      limit: '7',
    });
    const items = pages.flat();
    const ids = items.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([drafts[0]?.id, drafts[1]?.id]));
    expect(ids).not.toContain(drafts[2]?.id);
    expect(items.filter((item) => item.status === 'published')).toHaveLength(visitor.length);
    // Partitions are read one after the other: all published first, then unlisted, then unpublished.
    const order = items.map((item) => item.status);
    expect(order.indexOf('unlisted')).toBeGreaterThan(order.lastIndexOf('published'));
    expect(order.indexOf('unpublished')).toBeGreaterThan(order.lastIndexOf('unlisted'));
  });

  it('lists archived content only, with archived=true, for who may view it', async () => {
    const pages = await allPages<ContentSummary>(as('admin', loadEvent('content/list-content')), {
      condense: 'true',
      archived: 'true',
    });
    const items = pages.flat();
    expect(items.map((item) => item.id)).toContain(drafts[2]?.id);
    expect(items.every((item) => item.status === 'archived')).toBe(true);
    const refused = await call(as('editor', withQuery(loadEvent('content/list-content'), { archived: 'true' })));
    expect(refused.statusCode).toBe(403);
  });

  it('refuses to a visitor an editor’s page token that resumes in a hidden partition', async () => {
    // Prepare: a page that ends two items into the unlisted partition.
    const all = (
      await allPages<ContentSummary>(as('editor', loadEvent('content/list-content')), {
        condense: 'true',
        limit: '300',
      })
    ).flat();
    const published = all.filter((item) => item.status === 'published').length;
    const page = jsonBody<Page<ContentSummary>>(
      await call(as('editor', withQuery(loadEvent('content/list-content'), { limit: String(published + 2) }))),
    );
    expect(page.items.at(-1)?.status).toBe('unlisted');
    expect(page.nextPageToken).not.toBeNull();
    // Act
    const result = await call(withQuery(loadEvent('content/list-content'), { pageToken: page.nextPageToken ?? '' }));
    // Assess
    expect(result.statusCode).toBe(400);
    const resumed = await call(
      as('editor', withQuery(loadEvent('content/list-content'), { pageToken: page.nextPageToken ?? '' })),
    );
    expect(resumed.statusCode).toBe(200);
  });
});

describe('GET /api/v1/knowledge', () => {
  it('pages through every type in the order KSA, KU, TKS', async () => {
    const pages = await allPages<Knowledge>(loadEvent('content/list-knowledge'), { limit: '1000' });
    expect(pages.map((page) => page.length)).toEqual([1000, 1000, 1000, 395]);
    const items = pages.flat();
    expect(new Set(items.map((item) => `${item.type}#${item.id}`)).size).toBe(3395);
    const firstOf = (type: string) => items.findIndex((item) => item.type === type);
    const lastOf = (type: string) => items.map((item) => item.type).lastIndexOf(type as Knowledge['type']);
    expect(lastOf('KSA')).toBeLessThan(firstOf('KU'));
    expect(lastOf('KU')).toBeLessThan(firstOf('TKS'));
  });

  it('answers one type in one page (the sample event: KU)', async () => {
    const result = await call(loadEvent('content/list-knowledge'));
    const page = jsonBody<Page<Knowledge>>(result);
    expect(page.items).toHaveLength(67);
    expect(page.nextPageToken).toBeNull();
    expect(page.items.find((item) => item.id === 'CSF')).toMatchObject({
      name: 'Cybersecurity Foundations',
      program: 'CAE-CD',
      group: 'Foundational',
    });
    expect(result.headers?.['cache-control']).toBe('public, max-age=300');
  });

  it('answers everything in one page with the default limit of 10000', async () => {
    const result = await call(withQuery(loadEvent('content/list-knowledge'), {}));
    const page = jsonBody<Page<Knowledge>>(result);
    expect(page.items).toHaveLength(3395);
    expect(page.nextPageToken).toBeNull();
  });

  it('answers only the asked ids of one type, in list order, for the chips of a filter address', async () => {
    const result = await call(withQuery(loadEvent('content/list-knowledge'), { type: 'KU', ids: 'CO-M.9,CSF,NOPE' }));
    expect(result.statusCode).toBe(200);
    const page = jsonBody<Page<Knowledge>>(result);
    expect(page.items.map((item) => item.id)).toEqual(['CO-M.9', 'CSF']);
    expect(page.items[1]).toMatchObject({ type: 'KU', name: 'Cybersecurity Foundations' });
    expect(page.nextPageToken).toBeNull();
  });

  it('answers an id of both KSA and TKS once per type without a type', async () => {
    const page = jsonBody<Page<Knowledge>>(
      await call(withQuery(loadEvent('content/list-knowledge'), { ids: 'S0177' })),
    );
    expect(page.items.map((item) => `${item.type}#${item.id}`)).toEqual(['KSA#S0177', 'TKS#S0177']);
  });

  it('pages through the asked ids with tokens that resume after the last item', async () => {
    const pages = await allPages<Knowledge>(loadEvent('content/list-knowledge'), {
      ids: 'K0001,K0002,S0177,CSF,T0006',
      limit: '2',
    });
    expect(pages.map((page) => page.map((item) => `${item.type}#${item.id}`))).toEqual([
      ['KSA#K0001', 'KSA#K0002'],
      ['KSA#S0177', 'KU#CSF'],
      ['TKS#S0177', 'TKS#T0006'],
    ]);
  });

  it('reads the knowledge revision only (one GetItem) once the list is cached', async () => {
    await call(withQuery(loadEvent('content/list-knowledge'), {}));
    const result = await call(withQuery(loadEvent('content/list-knowledge'), {}));
    expect(jsonBody<Page<Knowledge>>(result).items).toHaveLength(3395);
    expect(sent).toEqual(['GetItemCommand']);
  });

  it('reads the list again after a knowledge write bumps the revision', async () => {
    const before = jsonBody<Page<Knowledge>>(
      await call(withQuery(loadEvent('content/list-knowledge'), { type: 'KU', ids: 'ZZ-TEST.1' })),
    );
    expect(before.items).toEqual([]);
    await putKnowledgeBatch([{ id: 'ZZ-TEST.1', type: 'KU', name: 'A unit written after the list was cached' }]);
    const after = jsonBody<Page<Knowledge>>(
      await call(withQuery(loadEvent('content/list-knowledge'), { type: 'KU', ids: 'ZZ-TEST.1' })),
    );
    expect(after.items).toEqual([{ id: 'ZZ-TEST.1', type: 'KU', name: 'A unit written after the list was cached' }]);
    expect(sent).toContain('QueryCommand');
    await dynamoDocumentClient.send(
      new DeleteCommand({ TableName: tableName(), Key: knowledgeKey('KU', 'ZZ-TEST.1') }),
    );
    await bumpKnowledgeRevision();
  });
});

describe('GET /api/v1/knowledge/{type}/{id}', () => {
  it('answers one knowledge item, told apart by type (S0177 is in both KSA and TKS)', async () => {
    const ksa = jsonBody<Knowledge>(await call(loadEvent('content/get-knowledge')));
    expect(ksa).toEqual({
      id: 'K0001',
      type: 'KSA',
      kind: 'knowledge',
      name: expect.stringMatching(/^Knowledge of computer networking/),
    });
    const a = jsonBody<Knowledge>(
      await call(withPathParameters(loadEvent('content/get-knowledge'), { type: 'KSA', id: 'S0177' })),
    );
    const b = jsonBody<Knowledge>(
      await call(withPathParameters(loadEvent('content/get-knowledge'), { type: 'TKS', id: 'S0177' })),
    );
    expect(a.type).toBe('KSA');
    expect(b.type).toBe('TKS');
    expect(a.name).toBe("Skill in analyzing a target's communication networks.");
    expect(b.name).toBe('Skill in performing network analysis on targets');
  });

  it('answers 404 "Knowledge item does not exist." for an unknown id', async () => {
    const result = await call(withPathParameters(loadEvent('content/get-knowledge'), { type: 'KSA', id: 'K9999' }));
    expect(result.statusCode).toBe(404);
    expect(jsonBody(result)).toEqual({ statusCode: 404, message: 'Knowledge item does not exist.' });
  });
});

describe('GET /api/v1/contributors', () => {
  it('pages through the 12 + 9 contributors of both seed catalogues by last name', async () => {
    const pages = await allPages<Contributor>(loadEvent('content/list-contributors'), { limit: '5' }, 'contributors');
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 1]);
    const names = pages.flat().map((c) => `${c.lastName} ${c.firstName}`.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(pages.flat()[0]).not.toHaveProperty('gsi1sk');
  });
});
