import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { Page, type PageSection } from '#shared/contracts/page';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { sanitizeDescription } from '../domain/html.ts';
import { type TransactionStep, transact } from './content.ts';
import { tableName } from './dynamo.ts';
import {
  ENTITY_TYPES,
  PAGE_SECTION_PREFIX,
  PAGE_SORT_KEY,
  pageHrefKey,
  pageKey,
  pageListIndexKey,
  pagePartition,
  pageSectionKey,
  type TableKey,
} from './keys.ts';

/**
 * Access patterns of CMS pages (keys.ts section "CMS pages"; spec §2.14, §3 "Page",
 * "Section", §7 "Pages"; decision record 026). A page is one item collection — the
 * page item (`PAGE`) and one item per section (`SECTION#<id>`, ordered by its
 * `index` attribute) — plus an href guard naming the page. Issue 8 reads pages by
 * href and creates them (seed, tests); issue 9 adds updates, deletes and reorders
 * on the same keys, each one transaction with a version check on the page item.
 */

/** A stored page item: the page without its sections, with keys, list index, entity type and version. */
export type PageItem = Omit<Page, 'sections'> &
  TableKey & {
    readonly entityType: string;
    readonly version: number;
    readonly gsi1pk: string;
    readonly gsi1sk: string;
  };

/** A stored section item: the section with its page's id, keys and entity type. */
export type PageSectionItem = PageSection &
  TableKey & {
    readonly entityType: string;
    readonly pageId: string;
  };

/** A stored href guard: which page has the link. */
interface PageHrefGuardItem extends TableKey {
  readonly entityType: string;
  readonly pageId: string;
}

/** 409 message when another page has the link. */
export const PAGE_HREF_TAKEN_MESSAGE = 'This link is already used by another page.';
/** 409 message when a page with the id exists already. */
export const PAGE_EXISTS_MESSAGE = 'The page already exists.';
/** 409 message when concurrent writers kept colliding on the same page. */
export const PAGE_BUSY_MESSAGE = 'The page is being changed by someone else right now. Try again.';

const PAGE_FIELDS = Object.keys(Page.shape).filter((field) => field !== 'sections') as (keyof Omit<Page, 'sections'>)[];
const SECTION_FIELDS = [
  'id',
  'index',
  'key',
  'name',
  'description',
  'widgets',
  'layout',
] as const satisfies readonly (keyof PageSection)[];

/**
 * A page with every stored HTML made safe (decision record 026): section
 * descriptions and contentBox widgets' content through the news allow-list
 * ({@link sanitizeDescription}); nothing else changes. Pure.
 */
export function sanitizedPage(page: Page): Page {
  return {
    ...page,
    sections: page.sections.map((section) => ({
      ...section,
      description: sanitizeDescription(section.description),
      widgets: section.widgets.map((widget) =>
        widget.kind === 'contentBox' ? { ...widget, content: sanitizeDescription(widget.content) } : widget,
      ),
    })),
  };
}

/** The contract object of a page item and its section items: sections in `index` order (ties by id). */
export function toPage(item: PageItem, sections: readonly PageSectionItem[]): Page {
  const fields = Object.fromEntries(PAGE_FIELDS.map((field) => [field, item[field]])) as Omit<Page, 'sections'>;
  const ordered = [...sections]
    .sort((a, b) => a.index - b.index || a.id.localeCompare(b.id))
    .map((section) => Object.fromEntries(SECTION_FIELDS.map((field) => [field, section[field]])) as PageSection);
  return { ...fields, sections: ordered };
}

/**
 * One page by id with its sections (a strongly consistent Query of its partition,
 * paged past DynamoDB's 1 MB pages), or null when there is no page item. Costs one
 * request for a page of less than 1 MB.
 */
export async function getPageById(id: string): Promise<Page | null> {
  let page: PageItem | null = null;
  const sections: PageSectionItem[] = [];
  let start: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': pagePartition(id) },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of (output.Items ?? []) as (PageItem | PageSectionItem)[]) {
      if (item.sk === PAGE_SORT_KEY) page = item as PageItem;
      else if (item.sk.startsWith(PAGE_SECTION_PREFIX)) sections.push(item as PageSectionItem);
    }
    start = output.LastEvaluatedKey;
  } while (start);
  return page ? toPage(page, sections) : null;
}

/** The id of the page whose link is `href` (its guard; strongly consistent), or null. */
export async function getPageIdByHref(href: string): Promise<string | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: pageHrefKey(href), ConsistentRead: true }),
  );
  return (output.Item as PageHrefGuardItem | undefined)?.pageId ?? null;
}

/**
 * One page by its link (`href` already normalised: `normalizePageHref`), with its
 * sections, or null — also when the guard names a page that no longer has that link.
 * Costs 2 requests (1 when no page has the link). Whether the caller may see an
 * unpublished page is the route's business.
 */
export async function getPageByHref(href: string): Promise<Page | null> {
  const pageId = await getPageIdByHref(href);
  if (pageId === null) return null;
  const page = await getPageById(pageId);
  return page && page.href === href ? page : null;
}

/**
 * Creates a page (version 1), its href guard and its sections in ONE
 * TransactWriteItems, each conditional on its key being absent, after checking the
 * page against the contract and sanitising its HTML ({@link sanitizedPage}). Nothing
 * is written when any condition fails. Used by the seed and tests; issue 9's create
 * writes a page without sections and adds them one by one (a transaction is at
 * most 4 MB, a section up to 390 KB).
 * @returns the page as stored.
 * @throws ConflictError {@link PAGE_EXISTS_MESSAGE} when the id is taken,
 *   {@link PAGE_HREF_TAKEN_MESSAGE} when another page has the link,
 *   {@link PAGE_BUSY_MESSAGE} after 3 transaction conflicts; a ZodError when the
 *   page breaks the contract.
 */
export async function createPage(page: Page): Promise<Page> {
  const stored = Page.parse(sanitizedPage(page));
  const { sections, ...fields } = stored;
  const absent = {
    ConditionExpression: 'attribute_not_exists(#pk)',
    ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
  };
  const item: PageItem = {
    ...fields,
    ...pageKey(stored.id),
    ...pageListIndexKey(stored.href, stored.id),
    entityType: ENTITY_TYPES.page,
    version: 1,
  };
  const guard: PageHrefGuardItem = {
    ...pageHrefKey(stored.href),
    entityType: ENTITY_TYPES.pageHref,
    pageId: stored.id,
  };
  const steps: TransactionStep[] = [
    { item: { Put: { TableName: tableName(), Item: item, ...absent } }, conflict: PAGE_EXISTS_MESSAGE },
    { item: { Put: { TableName: tableName(), Item: guard, ...absent } }, conflict: PAGE_HREF_TAKEN_MESSAGE },
    ...sections.map(
      (section): TransactionStep => ({
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...section,
              ...pageSectionKey(stored.id, section.id),
              entityType: ENTITY_TYPES.pageSection,
              pageId: stored.id,
            } satisfies PageSectionItem,
            ...absent,
          },
        },
        conflict: PAGE_EXISTS_MESSAGE,
      }),
    ),
  ];
  await transact(steps, PAGE_BUSY_MESSAGE);
  return stored;
}
