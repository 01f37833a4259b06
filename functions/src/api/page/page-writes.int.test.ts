import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import type { ErrorBody } from '#shared/contracts/common';
import {
  type DeletedPage,
  PAGE_DELETE_CONFIRMATION_MESSAGE,
  PAGE_HREF_MESSAGE,
  PAGE_NOT_FOUND_MESSAGE,
  PAGE_PARENT_MESSAGE,
  Page,
  type PageInput,
  SectionWidget,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { tableName } from '../../data/dynamo.ts';
import { pageHrefKey, pagePartition } from '../../data/keys.ts';
import {
  createPage as createStoredPage,
  getPageItem,
  PAGE_CHANGED_MESSAGE,
  PAGE_HREF_TAKEN_MESSAGE,
  updatePageItem,
} from '../../data/pages.ts';
import { newId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * `POST /api/v1/pages`, `PUT /api/v1/pages/{id}`, `DELETE /api/v1/pages/{id}`
 * through the page group's Lambda entry against the embedded emulators (decision
 * record 026): the §5 limits at and past each, a taken link, a concurrent change,
 * the delete's confirmation and that it leaves no guard or section behind, 401/403.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
type Who = 'visitor' | 'student' | 'editor' | 'deleter';
const tokens: Record<Exclude<Who, 'visitor'>, string> = { student: '', editor: '', deleter: '' };
const run = newId();
let counter = 0;

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.student = await signPortalToken(studentTokenInput());
  tokens.editor = await signPortalToken(editorTokenInput());
  tokens.deleter = await signPortalToken(
    editorTokenInput({
      displayName: 'Page Deleter',
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

function uniqueHref(): string {
  counter += 1;
  return `/writes-${run}/page-${counter}`;
}

function input(overrides: Partial<PageInput> = {}): PageInput {
  return {
    title: 'Faculty workshops',
    href: uniqueHref(),
    status: 'unpublished',
    meta: { description: 'Workshops for faculty.' },
    ...overrides,
  };
}

type Event = ReturnType<typeof loadEvent>;
async function send<T>(event: Event, as: Who) {
  const signed = as === 'visitor' ? event : withHeaders(event, { authorization: `Bearer ${tokens[as]}` });
  const result = await handler(signed, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
}

function create<T = Page>(body: unknown, as: Who = 'editor') {
  return send<T>({ ...loadEvent('page/create-page'), body: JSON.stringify(body) }, as);
}

function update<T = Page>(id: string, body: unknown, as: Who = 'editor') {
  return send<T>({ ...withPathParameters(loadEvent('page/update-page'), { id }), body: JSON.stringify(body) }, as);
}

function remove<T = DeletedPage>(id: string, query: Record<string, string>, as: Who = 'deleter') {
  return send<T>(withQuery(withPathParameters(loadEvent('page/delete-page'), { id }), query), as);
}

async function partitionItems(id: string) {
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      ExpressionAttributeValues: { ':pk': pagePartition(id) },
      ConsistentRead: true,
    }),
  );
  return output.Items ?? [];
}

async function guardOf(href: string) {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: pageHrefKey(href), ConsistentRead: true }),
  );
  return output.Item;
}

describe('POST /api/v1/pages', () => {
  it('creates a page without sections, 201, with its guard; hyphens and upper case in the link are fine', async () => {
    const href = `${uniqueHref()}-Extra/`;
    const { status, body } = await create(
      input({ href, layout: { name: 'groupedList', parameters: { 'group-A': '1' } } }),
    );
    expect(status).toBe(201);
    expect(Page.parse(body)).toMatchObject({
      href: href.toLowerCase().replace(/\/$/, ''),
      parentId: null,
      sections: [],
      meta: { description: 'Workshops for faculty.', images: [] },
      layout: { name: 'groupedList', parameters: { 'group-A': '1' } },
    });
    expect(await guardOf(body.href)).toMatchObject({ pageId: body.id });
  });

  it.each([
    ['title', PAGE_LIMITS.titleMaxChars, (text: string) => ({ title: text })],
    ['meta.description', PAGE_LIMITS.descriptionMaxChars, (text: string) => ({ meta: { description: text } })],
  ] as const)('takes a %s of %i characters and refuses one more, and an empty one', async (field, max, set) => {
    expect((await create(input(set('a'.repeat(max))))).status).toBe(201);
    for (const text of ['a'.repeat(max + 1), '  ']) {
      const { status, body } = await create<ErrorBody>(input(set(text)));
      expect(status).toBe(400);
      expect(body.errors?.map((error) => error.path)).toEqual([`body.${field}`]);
    }
  });

  it('takes a link of 1024 characters, refuses 1025 and one that is not a page link', async () => {
    const base = uniqueHref();
    expect((await create(input({ href: `${base}/${'a'.repeat(1023 - base.length)}` }))).status).toBe(201);
    expect((await create(input({ href: `${base}/${'a'.repeat(1024 - base.length)}` }))).status).toBe(400);
    const { status, body } = await create<ErrorBody>(input({ href: 'no-slash' }));
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'body.href', message: PAGE_HREF_MESSAGE }]);
  });

  it('needs title, description and status', async () => {
    const { status, body } = await create<ErrorBody>({ href: uniqueHref() });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.path).sort()).toEqual(['body.meta', 'body.status', 'body.title']);
  });

  it('answers 409 when another page has the link', async () => {
    const first = await create(input());
    const { status, body } = await create<ErrorBody>(input({ href: first.body.href }));
    expect(status).toBe(409);
    expect(body.message).toBe(PAGE_HREF_TAKEN_MESSAGE);
  });

  it('needs an existing parent', async () => {
    const parent = await create(input());
    expect((await create(input({ parentId: parent.body.id }))).body.parentId).toBe(parent.body.id);
    const { status, body } = await create<ErrorBody>(input({ parentId: newId() }));
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'body.parentId', message: PAGE_PARENT_MESSAGE }]);
  });

  it('needs updateContent: 401 for a visitor, 403 for a student', async () => {
    expect((await create(input(), 'visitor')).status).toBe(401);
    expect((await create(input(), 'student')).status).toBe(403);
  });
});

describe('PUT /api/v1/pages/{id}', () => {
  it('replaces the fields, keeps the sections, and moves the guard to a new link', async () => {
    const page = await createStoredPage({
      ...Page.parse({
        id: newId(),
        title: 'Old',
        href: uniqueHref(),
        parentId: null,
        status: 'unpublished',
        meta: { description: 'Old.', images: [] },
        layout: { name: 'handSortedList', parameters: {} },
        sections: [
          {
            id: newId(),
            index: 0,
            key: '',
            name: 'Kept',
            description: '',
            widgets: [SectionWidget.parse({ kind: 'calloutBox', content: 'Kept.' })],
            layout: { name: 'oneColumn' },
          },
        ],
        createdTimestamp: '2026-11-21T10:00:00.000Z',
        modifiedTimestamp: '2026-11-21T10:00:00.000Z',
      }),
    });
    const href = uniqueHref();
    const { status, body } = await update(page.id, input({ title: 'New', href, status: 'published' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: page.id, title: 'New', href, status: 'published', sections: page.sections });
    expect(body.createdTimestamp).toBe(page.createdTimestamp);
    expect(await guardOf(page.href)).toBeUndefined();
    expect(await guardOf(href)).toMatchObject({ pageId: page.id });
    expect((await create(input({ href: page.href }))).status).toBe(201);
  });

  it('answers 409 for a link another page has, and changes nothing', async () => {
    const a = await create(input());
    const b = await create(input());
    const { status } = await update<ErrorBody>(a.body.id, input({ href: b.body.href }));
    expect(status).toBe(409);
    expect(await guardOf(a.body.href)).toMatchObject({ pageId: a.body.id });
    expect(await guardOf(b.body.href)).toMatchObject({ pageId: b.body.id });
  });

  it('answers 409 when the page changed since it was read (version check)', async () => {
    const { body } = await create(input());
    const read = await getPageItem(body.id);
    if (!read) throw new Error('page not stored');
    await updatePageItem(read, { ...read, title: 'First writer' });
    await expect(updatePageItem(read, { ...read, title: 'Second writer' })).rejects.toMatchObject({
      statusCode: 409,
      message: PAGE_CHANGED_MESSAGE,
    });
    expect((await getPageItem(body.id))?.title).toBe('First writer');
  });

  it('refuses itself or a page below it as parent, and answers 404 for a missing page', async () => {
    const top = await create(input());
    const below = await create(input({ parentId: top.body.id }));
    for (const parentId of [top.body.id, below.body.id]) {
      const { status, body } = await update<ErrorBody>(top.body.id, input({ href: top.body.href, parentId }));
      expect(status).toBe(400);
      expect(body.errors).toEqual([{ path: 'body.parentId', message: PAGE_PARENT_MESSAGE }]);
    }
    const missing = await update<ErrorBody>(newId(), input());
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(PAGE_NOT_FOUND_MESSAGE);
  });

  it('needs updateContent: 401 for a visitor, 403 for a student', async () => {
    expect((await update(newId(), input(), 'visitor')).status).toBe(401);
    expect((await update(newId(), input(), 'student')).status).toBe(403);
  });
});

describe('DELETE /api/v1/pages/{id}', () => {
  async function pageWithSections(count: number): Promise<Page> {
    return createStoredPage({
      id: newId(),
      title: 'Doomed',
      href: uniqueHref(),
      parentId: null,
      status: 'published',
      meta: { description: 'Doomed.', images: [] },
      layout: { name: 'handSortedList', parameters: {} },
      sections: Array.from({ length: count }, (_, index) => ({
        id: newId(),
        index,
        key: '',
        name: `Section ${index}`,
        description: '',
        widgets: [SectionWidget.parse({ kind: 'calloutBox', content: `Callout ${index}.` })],
        layout: { name: 'oneColumn' as const },
      })),
      createdTimestamp: '2026-11-21T10:00:00.000Z',
      modifiedTimestamp: '2026-11-21T10:00:00.000Z',
    });
  }

  it('needs the ticked confirmation: 400 at query.confirmed, nothing deleted', async () => {
    const page = await pageWithSections(1);
    for (const query of [{}, { confirmed: 'false' }] as Record<string, string>[]) {
      const { status, body } = await remove<ErrorBody>(page.id, query);
      expect(status).toBe(400);
      expect(body.errors).toEqual([{ path: 'query.confirmed', message: PAGE_DELETE_CONFIRMATION_MESSAGE }]);
    }
    expect(await partitionItems(page.id)).toHaveLength(2);
  });

  it(`removes the page, its guard and all ${PAGE_LIMITS.sectionsMax} sections in one go`, async () => {
    const page = await pageWithSections(PAGE_LIMITS.sectionsMax);
    expect(await partitionItems(page.id)).toHaveLength(PAGE_LIMITS.sectionsMax + 1);
    const { status, body } = await remove(page.id, { confirmed: 'true' });
    expect(status).toBe(200);
    expect(body).toEqual({ id: page.id, sectionsDeleted: PAGE_LIMITS.sectionsMax });
    expect(await partitionItems(page.id)).toEqual([]);
    expect(await guardOf(page.href)).toBeUndefined();
    expect((await remove<ErrorBody>(page.id, { confirmed: 'true' })).status).toBe(404);
  });

  it('needs delete_v1_page: 401 for a visitor, 403 for a student and an editor without it', async () => {
    const page = await pageWithSections(0);
    expect((await remove(page.id, { confirmed: 'true' }, 'visitor')).status).toBe(401);
    expect((await remove(page.id, { confirmed: 'true' }, 'student')).status).toBe(403);
    expect((await remove(page.id, { confirmed: 'true' }, 'editor')).status).toBe(403);
    expect(await guardOf(page.href)).toMatchObject({ pageId: page.id });
  });
});
