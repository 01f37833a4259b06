import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionVisibility } from '#shared/contracts/collection';
import type { ErrorBody } from '#shared/contracts/common';
import {
  COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE,
  PAGE_NOT_FOUND_MESSAGE,
  type Page,
  SECTION_ORDER_MESSAGE,
  SECTION_SINGLE_WIDGET_MESSAGE,
  SECTION_TOO_LARGE_MESSAGE,
  SECTIONS_FULL_MESSAGE,
  SectionWidget,
  WIDGET_KIND_FIXED_MESSAGE,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { type CollectionRecord, createCollectionRecord } from '../../data/collections.ts';
import { createPage, getPageItem, PAGE_CHANGED_MESSAGE, putSectionItem, sectionItemOf } from '../../data/pages.ts';
import { newId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * The section writes (create, update, delete, reorder) and the group reorder through
 * the page group's Lambda entry against the embedded emulators (decision record
 * 026): the limits at and past each, giant icon buttons the only kind that shares a
 * section, a saved widget's kind fixed, the page's version check, 401/403.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
type Who = 'visitor' | 'student' | 'editor';
const tokens: Record<Exclude<Who, 'visitor'>, string> = { student: '', editor: '' };
const run = newId();
let counter = 0;

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.student = await signPortalToken(studentTokenInput());
  tokens.editor = await signPortalToken(editorTokenInput());
});
afterAll(async () => {
  await stack?.stop();
});

const button = (name: string) => ({ kind: 'giantIconButton', name, content: 'Go.', link: '/courseware' });
const callout = (content: string) => ({ kind: 'calloutBox', content });

async function pageWith(sectionCount: number, parameters: Record<string, string> = {}): Promise<Page> {
  counter += 1;
  return createPage({
    id: newId(),
    title: 'Sections',
    href: `/sections-${run}/${counter}`,
    parentId: null,
    status: 'unpublished',
    meta: { description: 'Sections.', images: [] },
    layout: { name: 'groupedList', parameters },
    sections: Array.from({ length: sectionCount }, (_, index) => ({
      id: newId(),
      index,
      key: '',
      name: `Section ${index}`,
      description: '',
      widgets: [SectionWidget.parse(callout(`Callout ${index}.`))],
      layout: { name: 'oneColumn' as const },
    })),
    createdTimestamp: '2026-11-21T10:00:00.000Z',
    modifiedTimestamp: '2026-11-21T10:00:00.000Z',
  });
}

async function send<T = Page>(name: string, pathParameters: Record<string, string>, body: unknown, as: Who = 'editor') {
  let event = withPathParameters(loadEvent(`page/${name}`), pathParameters);
  event = body === undefined ? { ...event, body: undefined } : { ...event, body: JSON.stringify(body) };
  if (as !== 'visitor') event = withHeaders(event, { authorization: `Bearer ${tokens[as]}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
}

describe('POST /api/v1/pages/{id}/sections', () => {
  it('adds a section last, sanitised, 201', async () => {
    const page = await pageWith(2);
    const { status, body } = await send(
      'create-section',
      { id: page.id },
      {
        name: 'New',
        description: '<p>Safe</p><script>alert(1)</script>',
        widgets: [callout('Hello.')],
      },
    );
    expect(status).toBe(201);
    expect(body.sections.map((section) => section.index)).toEqual([0, 1, 2]);
    expect(body.sections[2]).toMatchObject({
      name: 'New',
      description: '<p>Safe</p>',
      key: '',
      layout: { name: 'oneColumn' },
    });
  });

  it(`takes the ${PAGE_LIMITS.sectionsMax}th section and refuses one more`, async () => {
    const page = await pageWith(PAGE_LIMITS.sectionsMax - 1);
    expect((await send('create-section', { id: page.id }, { widgets: [] })).status).toBe(201);
    const { status, body } = await send<ErrorBody>('create-section', { id: page.id }, { widgets: [] });
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'body', message: SECTIONS_FULL_MESSAGE }]);
  });

  it(`takes ${PAGE_LIMITS.sectionWidgetsMax} giant icon buttons and refuses one more`, async () => {
    const page = await pageWith(0);
    const buttons = Array.from({ length: PAGE_LIMITS.sectionWidgetsMax + 1 }, (_, i) => button(`Button ${i}`));
    const ok = await send('create-section', { id: page.id }, { widgets: buttons.slice(0, -1) });
    expect(ok.status).toBe(201);
    expect(ok.body.sections[0]?.widgets).toHaveLength(PAGE_LIMITS.sectionWidgetsMax);
    const { status, body } = await send<ErrorBody>('create-section', { id: page.id }, { widgets: buttons });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.path).toBe('body.widgets');
  });

  it('refuses several widgets unless all are giant icon buttons', async () => {
    const page = await pageWith(0);
    const { status, body } = await send<ErrorBody>(
      'create-section',
      { id: page.id },
      {
        widgets: [button('A'), callout('B')],
      },
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'body.widgets', message: SECTION_SINGLE_WIDGET_MESSAGE }]);
  });

  it(`refuses a section over ${PAGE_LIMITS.sectionItemMaxBytes} bytes, takes one under`, async () => {
    const page = await pageWith(0);
    const contentBox = (text: string) => ({ kind: 'contentBox', content: `<p>${text}</p>` });
    const full = await send('create-section', { id: page.id }, { widgets: [contentBox('a'.repeat(370_000))] });
    expect(full.status).toBe(201);
    const { status, body } = await send<ErrorBody>(
      'create-section',
      { id: page.id },
      {
        widgets: [contentBox('é'.repeat(200_000))],
      },
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'body', message: SECTION_TOO_LARGE_MESSAGE }]);
  });

  it('answers 404 for a missing page, 401 for a visitor, 403 for a student', async () => {
    const missing = await send<ErrorBody>('create-section', { id: newId() }, { widgets: [] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(PAGE_NOT_FOUND_MESSAGE);
    const page = await pageWith(0);
    expect((await send('create-section', { id: page.id }, { widgets: [] }, 'visitor')).status).toBe(401);
    expect((await send('create-section', { id: page.id }, { widgets: [] }, 'student')).status).toBe(403);
  });
});

describe('PUT /api/v1/pages/{id}/sections/{sectionId}', () => {
  it('replaces a section in place; a saved widget keeps its kind', async () => {
    const page = await pageWith(2);
    const target = page.sections[1];
    if (!target) throw new Error('no section');
    const ids = { id: page.id, sectionId: target.id };
    const { status, body } = await send('update-section', ids, {
      key: 'Guides',
      name: 'Renamed',
      widgets: [callout('New.')],
    });
    expect(status).toBe(200);
    expect(body.sections[1]).toMatchObject({ id: target.id, index: 1, key: 'Guides', name: 'Renamed' });
    const changed = await send<ErrorBody>('update-section', ids, { widgets: [{ kind: 'heading', content: 'X' }] });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual([{ path: 'body.widgets.0.kind', message: WIDGET_KIND_FIXED_MESSAGE }]);
    const missing = await send<ErrorBody>('update-section', { id: page.id, sectionId: newId() }, { widgets: [] });
    expect(missing.status).toBe(404);
  });

  it('answers 409 when the page changed since it was read (version check)', async () => {
    const page = await pageWith(1);
    const stale = await getPageItem(page.id);
    const section = page.sections[0];
    if (!stale || !section) throw new Error('no page');
    await putSectionItem(stale, sectionItemOf(page.id, { ...section, name: 'First' }).item, 'replace');
    await expect(
      putSectionItem(stale, sectionItemOf(page.id, { ...section, name: 'Second' }).item, 'replace'),
    ).rejects.toMatchObject({ statusCode: 409, message: PAGE_CHANGED_MESSAGE });
  });
});

describe('the collections widget (issue 26 item 2; decision record 076)', () => {
  async function collection(visibility: CollectionVisibility): Promise<string> {
    const now = new Date().toISOString();
    const record: CollectionRecord = {
      id: newId(),
      ownerId: `owner-${run}`,
      ownerName: 'Eve Editor',
      name: `A ${visibility} collection`,
      description: '',
      visibility,
      entries: [],
      createdTimestamp: now,
      modifiedTimestamp: now,
      version: 1,
    };
    await createCollectionRecord(record);
    return record.id;
  }
  const widget = (ids: readonly string[]) => ({
    kind: 'collections',
    title: 'Curated for you',
    customAttributes: { collectionIds: ids.join(',') },
  });
  const path = 'body.widgets.0.customAttributes.collectionIds';

  it('saves a widget naming curated collections, in their order', async () => {
    const [first, second] = [await collection('curated'), await collection('curated')];
    const page = await pageWith(0);
    const { status, body } = await send('create-section', { id: page.id }, { widgets: [widget([second, first])] });
    expect(status).toBe(201);
    expect(body.sections[0]?.widgets[0]).toMatchObject({
      kind: 'collections',
      title: 'Curated for you',
      customAttributes: { collectionIds: `${second},${first}` },
    });
  });

  it('refuses a missing, private or shared-by-link collection with a 400 at the attribute, saving nothing', async () => {
    const curated = await collection('curated');
    const page = await pageWith(1);
    for (const other of [newId(), await collection('private'), await collection('link')]) {
      const created = await send<ErrorBody>('create-section', { id: page.id }, { widgets: [widget([curated, other])] });
      expect(created.status).toBe(400);
      expect(created.body.errors).toEqual([{ path, message: COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE }]);
    }
    const saved = page.sections[0];
    if (!saved) throw new Error('no section');
    // An update to a collections widget is checked the same way (the stored section is a callout: the kind
    // check would answer first, so the section is a new collections one).
    const withWidget = await send('create-section', { id: page.id }, { widgets: [widget([curated])] });
    const section = withWidget.body.sections[1];
    if (!section) throw new Error('no section');
    const updated = await send<ErrorBody>(
      'update-section',
      { id: page.id, sectionId: section.id },
      { widgets: [widget([curated, newId()])] },
    );
    expect(updated.status).toBe(400);
    expect(updated.body.errors).toEqual([{ path, message: COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE }]);
    // Nothing of the refused writes was saved: the page holds its callout and the one collections section.
    const reread = await send(
      'update-section',
      { id: page.id, sectionId: section.id },
      { widgets: [widget([curated])] },
    );
    expect(reread.status).toBe(200);
    expect(reread.body.sections.map((one) => one.id)).toEqual([saved.id, section.id]);
    expect(reread.body.sections[1]?.widgets[0]?.customAttributes).toEqual({ collectionIds: curated });
  });

  it('refuses more than 12 collections or a malformed list before reading anything', async () => {
    const page = await pageWith(0);
    const ids = Array.from({ length: 13 }, () => newId());
    const { status, body } = await send<ErrorBody>('create-section', { id: page.id }, { widgets: [widget(ids)] });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.path)).toEqual([path]);
  });
});

describe('DELETE /api/v1/pages/{id}/sections/{sectionId}', () => {
  it('deletes one section; the others keep their place', async () => {
    const page = await pageWith(3);
    const [first, second, third] = page.sections;
    if (!first || !second || !third) throw new Error('no sections');
    const { status, body } = await send('delete-section', { id: page.id, sectionId: second.id }, undefined);
    expect(status).toBe(200);
    expect(body.sections.map((section) => [section.id, section.index])).toEqual([
      [first.id, 0],
      [third.id, 2],
    ]);
    expect((await send('delete-section', { id: page.id, sectionId: second.id }, undefined)).status).toBe(404);
  });
});

describe('PUT /api/v1/pages/{id}/section-order', () => {
  it('reorders; every section once or 400', async () => {
    const page = await pageWith(3);
    const ids = page.sections.map((section) => section.id);
    const order = [ids[2], ids[1], ids[0]] as string[];
    const { status, body } = await send('reorder-sections', { id: page.id }, { sectionIds: order });
    expect(status).toBe(200);
    expect(body.sections.map((section) => [section.id, section.index])).toEqual(order.map((id, i) => [id, i]));
    for (const sectionIds of [ids.slice(1), [...ids, ids[0]], [ids[0], ids[1], newId()]]) {
      const bad = await send<ErrorBody>('reorder-sections', { id: page.id }, { sectionIds });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ path: 'body.sectionIds', message: SECTION_ORDER_MESSAGE }]);
    }
  });
});

describe('PUT /api/v1/pages/{id}/group-order', () => {
  it('rewrites the group parameters in the new order and keeps the others', async () => {
    const page = await pageWith(0, { 'group-Old': '0', 'group-Guides': '1', theme: 'dark' });
    const { status, body } = await send('reorder-groups', { id: page.id }, { groups: ['Guides', 'Policies'] });
    expect(status).toBe(200);
    expect(body.layout.parameters).toEqual({ theme: 'dark', 'group-Guides': '0', 'group-Policies': '1' });
    expect((await send('reorder-groups', { id: page.id }, { groups: ['A', 'A'] })).status).toBe(400);
    expect((await send('reorder-groups', { id: page.id }, { groups: [] }, 'student')).status).toBe(403);
  });
});
