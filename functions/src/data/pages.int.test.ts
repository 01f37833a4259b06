import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, type PageSection, SectionWidget } from '#shared/contracts/page';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { newId } from '../domain/ids.ts';
import { ConflictError } from '../lib/errors.ts';
import { startTestStack } from '../test-support/stack.ts';
import { tableName } from './dynamo.ts';
import { ENTITY_TYPES, PAGES_PARTITION, pageHrefKey, pageKey, pageSectionKey } from './keys.ts';
import {
  createPage,
  getPageByHref,
  getPageById,
  getPageIdByHref,
  PAGE_EXISTS_MESSAGE,
  PAGE_HREF_TAKEN_MESSAGE,
  sanitizedPage,
} from './pages.ts';

/** The CMS page access patterns against the embedded DynamoDB (decision record 026). */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const stamp = '2026-11-21T10:00:00.000Z';

function section(index: number, overrides: Partial<PageSection> = {}): PageSection {
  return {
    id: newId(),
    index,
    key: '',
    name: `Section ${index}`,
    description: '',
    widgets: [SectionWidget.parse({ kind: 'heading', content: `Heading ${index}` })],
    layout: { name: 'oneColumn' },
    ...overrides,
  };
}

function page(overrides: Partial<Page> = {}): Page {
  const id = newId();
  return {
    id,
    title: 'A page',
    href: `/test-${id}`,
    parentId: null,
    status: 'published',
    meta: { description: 'For a test', images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections: [section(0), section(1)],
    createdTimestamp: stamp,
    modifiedTimestamp: stamp,
    ...overrides,
  };
}

const getItem = async (key: { pk: string; sk: string }) =>
  (await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: key }))).Item;

describe('createPage and getPageByHref', () => {
  it('stores the page item, its href guard and one item per section, and reads the page back', async () => {
    const created = page();
    expect(await createPage(created)).toEqual(created);

    expect(await getItem(pageKey(created.id))).toMatchObject({
      entityType: ENTITY_TYPES.page,
      version: 1,
      href: created.href,
      gsi1pk: PAGES_PARTITION,
      gsi1sk: `${created.href}#${created.id}`,
    });
    expect(await getItem(pageKey(created.id))).not.toHaveProperty('sections');
    expect(await getItem(pageHrefKey(created.href))).toMatchObject({
      entityType: ENTITY_TYPES.pageHref,
      pageId: created.id,
    });
    const [first] = created.sections;
    expect(await getItem(pageSectionKey(created.id, first?.id ?? ''))).toMatchObject({
      entityType: ENTITY_TYPES.pageSection,
      pageId: created.id,
      index: 0,
    });

    expect(await getPageIdByHref(created.href)).toBe(created.id);
    expect(await getPageByHref(created.href)).toEqual(created);
    expect(await getPageById(created.id)).toEqual(created);
  });

  it('orders sections by their index attribute, so a reorder updates indexes only', async () => {
    const created = page({ sections: [section(0), section(1), section(2)] });
    await createPage(created);
    const [a, b, c] = created.sections as [PageSection, PageSection, PageSection];
    for (const [moved, index] of [
      [c, 0],
      [a, 1],
      [b, 2],
    ] as const) {
      await dynamoDocumentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: pageSectionKey(created.id, moved.id),
          UpdateExpression: 'SET #index = :index',
          ExpressionAttributeNames: { '#index': 'index' },
          ExpressionAttributeValues: { ':index': index },
        }),
      );
    }
    const read = await getPageByHref(created.href);
    expect(read?.sections.map((s) => s.id)).toEqual([c.id, a.id, b.id]);
    expect(read?.sections.map((s) => s.index)).toEqual([0, 1, 2]);
  });

  it('answers null for an unknown href and for a guard that names a page with another href', async () => {
    expect(await getPageByHref('/no-such-page')).toBeNull();
    const created = page();
    await createPage(created);
    // A stale guard (as during an interrupted change of link) must not serve the page.
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pageKey(created.id),
        UpdateExpression: 'SET href = :href',
        ExpressionAttributeValues: { ':href': `${created.href}-moved` },
      }),
    );
    expect(await getPageByHref(created.href)).toBeNull();
  });

  it('refuses a second page at the same href, and the same id twice, writing nothing', async () => {
    const first = page();
    await createPage(first);
    const second = page({ href: first.href });
    await expect(createPage(second)).rejects.toThrow(new ConflictError(PAGE_HREF_TAKEN_MESSAGE));
    expect(await getItem(pageKey(second.id))).toBeUndefined();
    await expect(createPage({ ...first, href: `${first.href}-again` })).rejects.toThrow(
      new ConflictError(PAGE_EXISTS_MESSAGE),
    );
    expect(await getItem(pageHrefKey(`${first.href}-again`))).toBeUndefined();
  });

  it('sanitises section descriptions and contentBox HTML before storing them', async () => {
    const created = page({
      sections: [
        section(0, {
          description: '<p onclick="steal()">Intro</p><script>alert(1)</script>',
          widgets: [
            SectionWidget.parse({
              kind: 'contentBox',
              content: '<p>Hi<img src="x" onerror="steal()"></p><a href="javascript:alert(1)">j</a><iframe></iframe>',
            }),
            SectionWidget.parse({ kind: 'calloutBox', content: '<b>kept as text</b>' }),
          ],
        }),
      ],
    });
    const stored = await createPage(created);
    const [storedSection] = stored.sections;
    expect(storedSection?.description).toBe('<p>Intro</p>');
    expect(storedSection?.widgets[0]).toMatchObject({
      content: '<p>Hi<img src="x" /></p><a rel="noopener noreferrer">j</a>',
    });
    // Plain-text fields are rendered as text by the SPA, never as HTML: stored as given.
    expect(storedSection?.widgets[1]).toMatchObject({ content: '<b>kept as text</b>' });
    expect(await getPageByHref(created.href)).toEqual(stored);
  });

  it('sanitizedPage cleans a team member description written as HTML and leaves plain text as text (issue 25 item 1)', () => {
    const member = (content: string) => SectionWidget.parse({ kind: 'teamMember', name: 'Ada', content });
    const stored = page();
    const withMembers = {
      ...stored,
      sections: [
        section(0, { widgets: [member('<p>Leads <b>labs</b>.</p><img src="x" onerror="alert(1)">')] }),
        section(1, { widgets: [member('Teaches <networks> & more.')] }),
      ],
    };
    const [html, plain] = sanitizedPage(withMembers).sections.map((s) => s.widgets[0]?.content);
    expect(html).toContain('<b>labs</b>');
    expect(html).not.toContain('onerror');
    expect(plain).toBe('Teaches <networks> & more.');
  });

  it('sanitizedPage leaves a page without HTML unchanged', () => {
    const plain = page();
    expect(sanitizedPage(plain)).toEqual(plain);
  });
});
