import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '#shared/contracts/common';
import {
  PAGE_NOT_FOUND_MESSAGE,
  type Page,
  type PageSection,
  PageSectionList,
  SectionWidget,
} from '#shared/contracts/page';
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
import { sectionPage } from './list-page-sections.ts';

/**
 * `GET /api/v1/pages/{id}/sections` (spec §7 "Pages": "List page sections"; decision
 * record 026) through the page group's Lambda entry against the embedded emulators:
 * index order, paging by token, who sees an unpublished page, 404 and 400 answers.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
type Who = 'visitor' | 'student' | 'editor';
const tokens: Record<Exclude<Who, 'visitor'>, string> = { student: '', editor: '' };
const run = newId();
let published: Page;
let draft: Page;
let empty: Page;

function section(index: number): PageSection {
  return {
    id: newId(),
    index,
    key: '',
    name: `Section at ${index}`,
    description: '',
    widgets: [SectionWidget.parse({ kind: 'heading', content: `Heading at ${index}` })],
    layout: { name: 'oneColumn' },
  };
}

function pageInput(href: string, status: Page['status'], sections: PageSection[]): Page {
  return {
    id: newId(),
    title: 'Sections',
    href,
    parentId: null,
    status,
    meta: { description: 'Sections listed.', images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections,
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
  // Stored out of index order and with gaps (as after a section delete): the answer follows `index`.
  published = await createPage(pageInput(`/section-list-${run}`, 'published', [section(7), section(0), section(3)]));
  draft = await createPage(pageInput(`/section-list-${run}/draft`, 'unpublished', [section(0)]));
  empty = await createPage(pageInput(`/section-list-${run}/empty`, 'published', []));
});
afterAll(async () => {
  await stack?.stop();
});

async function listSections<T = PageSectionList>(id: string, query: Record<string, string> = {}, as: Who = 'visitor') {
  let event = withQuery(withPathParameters(loadEvent('page/list-page-sections'), { id }), query);
  event = { ...event, rawPath: `/api/v1/pages/${id}/sections` };
  if (as !== 'visitor') event = withHeaders(event, { authorization: `Bearer ${tokens[as]}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result), headers: result.headers ?? {} };
}

const byIndex = (page: Page) => [...page.sections].sort((a, b) => a.index - b.index);

describe('GET /api/v1/pages/{id}/sections', () => {
  it('answers every section of a published page to a visitor, in index order, uncached', async () => {
    const { status, body, headers } = await listSections(published.id);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    const list = PageSectionList.parse(body);
    expect(list.items.map((item) => item.index)).toEqual([0, 3, 7]);
    expect(list.items).toEqual(byIndex(published));
    expect(list.nextPageToken).toBeNull();
  });

  it('pages with limit 2 across three sections: two and a token, then the last and null', async () => {
    const first = await listSections(published.id, { limit: '2' });
    expect(first.status).toBe(200);
    const one = PageSectionList.parse(first.body);
    expect(one.items.map((item) => item.index)).toEqual([0, 3]);
    expect(one.nextPageToken).not.toBeNull();
    const second = await listSections(published.id, { limit: '2', pageToken: one.nextPageToken ?? '' });
    expect(second.status).toBe(200);
    const two = PageSectionList.parse(second.body);
    expect(two.items.map((item) => item.index)).toEqual([7]);
    expect(two.nextPageToken).toBeNull();
    expect([...one.items, ...two.items]).toEqual(byIndex(published));
  });

  it('answers an empty list for a page without sections', async () => {
    const { status, body } = await listSections(empty.id);
    expect(status).toBe(200);
    expect(body).toEqual({ items: [], nextPageToken: null });
  });

  it('hides an unpublished page from all but content editors with the missing page 404', async () => {
    for (const who of ['visitor', 'student'] as const) {
      const { status, body } = await listSections<ErrorBody>(draft.id, {}, who);
      expect(status, who).toBe(404);
      expect(body.message).toBe(PAGE_NOT_FOUND_MESSAGE);
    }
    const { status, body } = await listSections(draft.id, {}, 'editor');
    expect(status).toBe(200);
    expect(PageSectionList.parse(body)).toEqual({ items: draft.sections, nextPageToken: null });
  });

  it('answers 404 for an unknown page and 400 for a malformed id', async () => {
    const missing = await listSections<ErrorBody>(newId(), {}, 'editor');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(PAGE_NOT_FOUND_MESSAGE);
    const bad = await listSections<ErrorBody>('not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.path).toBe('path.id');
  });

  it(`takes a limit of 1 to ${PAGE_LIMITS.sectionsMax}, and refuses forged tokens and another page's with 400`, async () => {
    for (const limit of ['0', String(PAGE_LIMITS.sectionsMax + 1), 'two']) {
      const { status, body } = await listSections<ErrorBody>(published.id, { limit });
      expect(status, limit).toBe(400);
      expect(body.errors?.[0]?.path, limit).toBe('query.limit');
    }
    expect((await listSections(published.id, { limit: String(PAGE_LIMITS.sectionsMax) })).status).toBe(200);
    const forged = await listSections<ErrorBody>(published.id, { pageToken: 'forged' });
    expect(forged.status).toBe(400);
    expect(forged.body.errors?.[0]?.path).toBe('query.pageToken');
    const token = PageSectionList.parse((await listSections(published.id, { limit: '1' })).body).nextPageToken;
    expect(token).not.toBeNull();
    const foreign = await listSections<ErrorBody>(empty.id, { pageToken: token ?? '' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0]?.path).toBe('query.pageToken');
  });
});

describe('sectionPage', () => {
  it('resumes after the last section answered, so a section deleted meanwhile skips nothing', () => {
    const sections = [section(0), section(1), section(2), section(3)];
    const first = sectionPage('p', sections, null, 2);
    expect(first.items).toEqual(sections.slice(0, 2));
    const last = sections[1] as PageSection;
    // Section 0 is deleted before the next request: an offset would skip section 2.
    const next = sectionPage('p', sections.slice(1), { index: last.index, id: last.id }, 2);
    expect(next).toEqual({ items: sections.slice(2), nextPageToken: null });
  });
});
