import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '#shared/contracts/common';
import { PAGE_NOT_FOUND_MESSAGE, type Page, PageList, PageWithAncestors } from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { createPage } from '../../data/pages.ts';
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
 * `GET /api/v1/pages/{id}` (breadcrumbs by parentId, who sees an unpublished page)
 * and `GET /api/v1/pages` (editors only, by href, paged by token) through the page
 * group's Lambda entry against the embedded emulators (decision record 026).
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
type Who = 'visitor' | 'student' | 'editor';
const tokens: Record<Exclude<Who, 'visitor'>, string> = { student: '', editor: '' };
const run = newId();
let top: Page;
let middle: Page;
let child: Page;

function pageInput(title: string, href: string, parentId: string | null, status: Page['status']): Page {
  return {
    id: newId(),
    title,
    href,
    parentId,
    status,
    meta: { description: `${title}.`, images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections: [],
    createdTimestamp: '2026-11-21T10:00:00.000Z',
    modifiedTimestamp: '2026-11-21T10:00:00.000Z',
  };
}

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.student = await signPortalToken(studentTokenInput());
  tokens.editor = await signPortalToken(editorTokenInput());
  top = await createPage(pageInput('Programs', `/reads-${run}`, null, 'published'));
  middle = await createPage(pageInput('Hidden level', `/reads-${run}/hidden`, top.id, 'unpublished'));
  child = await createPage(pageInput('Workshops', `/reads-${run}/hidden/workshops`, middle.id, 'published'));
});
afterAll(async () => {
  await stack?.stop();
});

function signedIn(event: ReturnType<typeof loadEvent>, as: Who) {
  return as === 'visitor' ? event : withHeaders(event, { authorization: `Bearer ${tokens[as]}` });
}

async function getById<T = PageWithAncestors>(id: string, as: Who = 'visitor') {
  const event = withPathParameters(loadEvent('page/get-page'), { id });
  const result = await handler(signedIn({ ...event, rawPath: `/api/v1/pages/${id}` }, as), lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result), headers: result.headers ?? {} };
}

async function list<T = PageList>(query: Record<string, string>, as: Who = 'editor') {
  const result = await handler(signedIn(withQuery(loadEvent('page/list-pages'), query), as), lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
}

describe('GET /api/v1/pages/{id}', () => {
  it('serves a published page to a visitor, uncached, with an empty breadcrumb at the top', async () => {
    const { status, body, headers } = await getById(top.id);
    expect(status).toBe(200);
    expect(PageWithAncestors.parse(body)).toEqual({ ...top, ancestors: [] });
    expect(headers['cache-control']).toBe('no-store');
  });

  it('climbs parentId for the breadcrumbs, top first; a visitor does not see an unpublished ancestor', async () => {
    const crumb = (page: Page) => ({ id: page.id, title: page.title, href: page.href });
    expect((await getById(child.id, 'editor')).body.ancestors).toEqual([crumb(top), crumb(middle)]);
    expect((await getById(child.id)).body.ancestors).toEqual([crumb(top)]);
  });

  it('hides an unpublished page from all but content editors with the missing page 404', async () => {
    for (const who of ['visitor', 'student'] as const) {
      const { status, body } = await getById<ErrorBody>(middle.id, who);
      expect(status, who).toBe(404);
      expect(body.message).toBe(PAGE_NOT_FOUND_MESSAGE);
    }
    const { status, body } = await getById(middle.id, 'editor');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: middle.id, status: 'unpublished', ancestors: [{ id: top.id }] });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await getById<ErrorBody>(newId(), 'editor');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(PAGE_NOT_FOUND_MESSAGE);
    const bad = await getById<ErrorBody>('not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.path).toBe('path.id');
  });
});

describe('GET /api/v1/pages', () => {
  it('lists every page by href, unpublished too, without sections, paged by token', async () => {
    const hrefs: string[] = [];
    let pageToken: string | undefined;
    do {
      const { status, body } = await list({ limit: '2', ...(pageToken ? { pageToken } : {}) });
      expect(status).toBe(200);
      const page = PageList.parse(body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      for (const item of page.items) expect(item).not.toHaveProperty('sections');
      hrefs.push(...page.items.map((item) => item.href));
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    expect(hrefs).toEqual([...hrefs].sort());
    expect(hrefs).toEqual(expect.arrayContaining([top.href, middle.href, child.href]));
  });

  it(`takes a limit up to ${PAGE_LIMITS.listMax}, and refuses more and forged tokens with 400`, async () => {
    expect((await list({ limit: String(PAGE_LIMITS.listMax) })).status).toBe(200);
    const tooMany = await list<ErrorBody>({ limit: String(PAGE_LIMITS.listMax + 1) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.path).toBe('query.limit');
    expect((await list({ pageToken: 'forged' })).status).toBe(400);
  });

  it('needs updateContent: 401 for a visitor, 403 for a student', async () => {
    expect((await list({}, 'visitor')).status).toBe(401);
    expect((await list({}, 'student')).status).toBe(403);
  });
});
