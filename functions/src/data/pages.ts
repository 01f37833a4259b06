import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { UPLOAD_KINDS } from '#shared/contracts/file';
import { isStoredHtml } from '#shared/contracts/html-images';
import {
  PAGE_CHANGED_MESSAGE,
  PAGE_HREF_TAKEN_MESSAGE,
  Page,
  type PageAncestor,
  type PageSection,
  type PageSummary,
} from '#shared/contracts/page';

export { PAGE_CHANGED_MESSAGE, PAGE_HREF_TAKEN_MESSAGE };

import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { sanitizeDescription } from '../domain/html.ts';
import { pageDeleteBatches, WIDGET_FILE_UNAVAILABLE_MESSAGE, type WidgetFileAttach } from '../domain/page-files.ts';
import { ConflictError, ValidationError } from '../lib/errors.ts';
import type { TransactWriteItem } from './catalog.ts';
import { type TransactionStep, transact } from './content.ts';
import { type Page as ListPage, queryPage, tableName } from './dynamo.ts';
import { attachUploadStep, detachFileStep } from './files.ts';
import {
  ENTITY_TYPES,
  PAGE_SECTION_PREFIX,
  PAGE_SORT_KEY,
  PAGES_PARTITION,
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
 * Widget files (uploads of kind `widgetImage` / `widgetFile`) belong to their
 * section (owner = section id): section writes attach and detach them in the
 * section's own transaction, section and page deletes detach them (decision records
 * 020, 026).
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
 * descriptions, contentBox widgets' content and a team member's HTML description (issue
 * 25 item 1; its older plain text is left as text) through the news allow-list
 * ({@link sanitizeDescription}); nothing else changes. Pure.
 */
export function sanitizedPage(page: Page): Page {
  return {
    ...page,
    sections: page.sections.map((section) => ({
      ...section,
      description: sanitizeDescription(section.description),
      widgets: section.widgets.map((widget) =>
        widget.kind === 'contentBox' || (widget.kind === 'teamMember' && isStoredHtml(widget.content))
          ? { ...widget, content: sanitizeDescription(widget.content) }
          : widget,
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

/** The summary (no sections) of a page item. */
export function toPageSummary(item: PageItem): PageSummary {
  return Object.fromEntries(PAGE_FIELDS.map((field) => [field, item[field]])) as PageSummary;
}

/** One page item without its sections (a strongly consistent GetItem), or null. */
export async function getPageItem(id: string): Promise<PageItem | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: pageKey(id), ConsistentRead: true }),
  );
  return (output.Item as PageItem | undefined) ?? null;
}

/** Most ancestors {@link getPageAncestors} climbs (a guard against deep or cyclic parent chains). */
export const PAGE_ANCESTORS_MAX = 16;

/**
 * The breadcrumbs of a page: its ancestors by `parentId`, from the top page down to
 * its parent, keeping those `visible` accepts (the chain goes on above a hidden
 * one). Stops at a missing parent, a cycle or {@link PAGE_ANCESTORS_MAX}. One GetItem
 * per ancestor.
 */
export async function getPageAncestors(
  page: Pick<Page, 'id' | 'parentId'>,
  visible: (ancestor: PageSummary) => boolean,
): Promise<PageAncestor[]> {
  const ancestors: PageAncestor[] = [];
  const seen = new Set([page.id]);
  let parentId = page.parentId;
  while (parentId !== null && !seen.has(parentId) && seen.size <= PAGE_ANCESTORS_MAX) {
    seen.add(parentId);
    const item = await getPageItem(parentId);
    if (!item) break;
    const summary = toPageSummary(item);
    if (visible(summary)) ancestors.unshift({ id: summary.id, title: summary.title, href: summary.href });
    parentId = summary.parentId;
  }
  return ancestors;
}

/**
 * Every page without sections, by href (gsi1 `PAGES`), `limit` a page; one Query.
 * @throws ValidationError for a foreign or tampered page token.
 */
export async function listPages(options: {
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<ListPage<PageSummary>> {
  const page = await queryPage<PageItem>({
    index: 'gsi1',
    partitions: [PAGES_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
  });
  return { items: page.items.map(toPageSummary), nextPageToken: page.nextPageToken };
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
 * The transaction step that claims `href` for a page: puts its guard, conditional on
 * no page holding the link (else 409 {@link PAGE_HREF_TAKEN_MESSAGE}).
 */
function putHrefGuardStep(href: string, pageId: string): TransactionStep {
  const guard: PageHrefGuardItem = { ...pageHrefKey(href), entityType: ENTITY_TYPES.pageHref, pageId };
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: guard,
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      },
    },
    conflict: PAGE_HREF_TAKEN_MESSAGE,
  };
}

/**
 * The transaction step that frees a page's current link: deletes its guard,
 * conditional on the guard still naming the page (else 409 {@link PAGE_CHANGED_MESSAGE}).
 */
function deleteHrefGuardStep(page: Pick<PageItem, 'id' | 'href'>): TransactionStep {
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: pageHrefKey(page.href),
        ConditionExpression: '#pageId = :pageId',
        ExpressionAttributeNames: { '#pageId': 'pageId' },
        ExpressionAttributeValues: { ':pageId': page.id },
      },
    },
    conflict: PAGE_CHANGED_MESSAGE,
  };
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
  const steps: TransactionStep[] = [
    { item: { Put: { TableName: tableName(), Item: item, ...absent } }, conflict: PAGE_EXISTS_MESSAGE },
    putHrefGuardStep(stored.href, stored.id),
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

/** The fields of a page a page write sets (its sections are written by the section routes). */
export type PageFields = Omit<Page, 'sections' | 'id' | 'createdTimestamp' | 'modifiedTimestamp'>;

/**
 * Replaces a page item's fields in ONE TransactWriteItems: a Put at
 * `previous.version + 1` conditional on the stored version still being
 * `previous.version`; when the href changes, the old guard is deleted (conditional on
 * naming this page) and the new one put (conditional on absence) in the same
 * transaction. Sections are untouched.
 * @returns the page item as stored.
 * @throws ConflictError {@link PAGE_CHANGED_MESSAGE} when the page changed or is
 *   gone, {@link PAGE_HREF_TAKEN_MESSAGE} when another page has the new link,
 *   {@link PAGE_BUSY_MESSAGE} after 3 transaction conflicts.
 */
export async function updatePageItem(
  previous: PageItem,
  fields: PageFields,
  now: Date = new Date(),
): Promise<PageItem> {
  const item: PageItem = {
    ...Page.omit({ sections: true }).parse({
      ...fields,
      id: previous.id,
      createdTimestamp: previous.createdTimestamp,
      modifiedTimestamp: now.toISOString(),
    }),
    ...pageKey(previous.id),
    ...pageListIndexKey(fields.href, previous.id),
    entityType: ENTITY_TYPES.page,
    version: previous.version + 1,
  };
  const steps: TransactionStep[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: item,
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': previous.version },
        },
      },
      conflict: PAGE_CHANGED_MESSAGE,
    },
  ];
  if (fields.href !== previous.href) {
    steps.push(deleteHrefGuardStep(previous), putHrefGuardStep(fields.href, previous.id));
  }
  await transact(steps, PAGE_BUSY_MESSAGE);
  return item;
}

/** A section a page delete removes, with the files attached to it (owner = the section id) to detach. */
export interface SectionDelete {
  readonly id: string;
  readonly fileIds: readonly string[];
}

/** The Delete of a section item (unconditional: the page's version step or Delete guards the page). */
function sectionDeleteStep(pageId: string, sectionId: string): TransactionStep {
  return { item: { Delete: { TableName: tableName(), Key: pageSectionKey(pageId, sectionId) } } };
}

/** The detach ({@link detachFileStep}: TTL now, conditional on the owner) of each file; a failure is a 409 changed. */
function detachSteps(fileIds: readonly string[], ownerId: string, now: Date): TransactionStep[] {
  return fileIds.map((fileId) => ({ item: detachFileStep(fileId, ownerId, now), conflict: PAGE_CHANGED_MESSAGE }));
}

/**
 * Deletes a page, its href guard and its sections, detaching every file attached
 * to a section (decision record 026, "Widget files"; the caller discards them after).
 * When page item + guard + sections + detaches fit DynamoDB's 100 elements (always,
 * unless sections hold many files), this is ONE TransactWriteItems: the page item's
 * Delete conditional on `previous.version` (a section added meanwhile bumps the
 * version, so it is a 409 rather than an orphan), the guard's conditional on naming
 * the page, the sections' and the detaches. Otherwise ({@link pageDeleteBatches})
 * sections are deleted first, in order, in batches of at most 100 elements: each
 * batch is one consistent transaction of the page's version step (conditional on
 * the version the previous batch left, so a concurrent edit stops the delete with a
 * 409), whole sections and their detaches; then the page item, its guard and the
 * last sections go in a final transaction. A 409 between batches leaves the page
 * with fewer sections, but never a section without its page nor a file attached to
 * a deleted section; deleting again finishes it.
 * @returns how many transactions were written.
 * @throws ConflictError {@link PAGE_CHANGED_MESSAGE} when the page changed or is
 *   gone (or a file is no longer attached to its section); {@link PAGE_BUSY_MESSAGE}
 *   after 3 transaction conflicts.
 */
export async function deletePageItems(
  previous: PageItem,
  sections: readonly SectionDelete[],
  now: Date = new Date(),
): Promise<number> {
  const { batches, final } = pageDeleteBatches(sections);
  let version = previous.version;
  for (const batch of batches) {
    await transact(
      [
        pageVersionStep({ ...previous, version }, now),
        ...batch.flatMap((section) => [
          sectionDeleteStep(previous.id, section.id),
          ...detachSteps(section.fileIds, section.id, now),
        ]),
      ],
      PAGE_BUSY_MESSAGE,
    );
    version += 1;
  }
  const steps: TransactionStep[] = [
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: pageKey(previous.id),
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': version },
        },
      },
      conflict: PAGE_CHANGED_MESSAGE,
    },
    deleteHrefGuardStep(previous),
    ...final.flatMap((section) => [
      sectionDeleteStep(previous.id, section.id),
      ...detachSteps(section.fileIds, section.id, now),
    ]),
  ];
  await transact(steps, PAGE_BUSY_MESSAGE);
  return batches.length + 1;
}

/**
 * The step every section write carries: the page item's version goes from
 * `previous.version` to the next, conditional on it still being `previous.version`
 * (409 {@link PAGE_CHANGED_MESSAGE} otherwise), and its modified time is set.
 */
function pageVersionStep(previous: PageItem, now: Date): TransactionStep {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: pageKey(previous.id),
        UpdateExpression: 'SET #version = :next, #modified = :now',
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version', '#modified': 'modifiedTimestamp' },
        ExpressionAttributeValues: {
          ':version': previous.version,
          ':next': previous.version + 1,
          ':now': now.toISOString(),
        },
      },
    },
    conflict: PAGE_CHANGED_MESSAGE,
  };
}

/** The stored item of a section (HTML sanitised), and its UTF-8 size as JSON. */
export function sectionItemOf(pageId: string, section: PageSection): { item: PageSectionItem; bytes: number } {
  const [safe] = sanitizedPage({
    id: pageId,
    title: 'x',
    href: '/',
    parentId: null,
    status: 'unpublished',
    meta: { description: '', images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections: [section],
    createdTimestamp: new Date(0).toISOString(),
    modifiedTimestamp: new Date(0).toISOString(),
  }).sections;
  const item: PageSectionItem = {
    ...(safe as PageSection),
    ...pageSectionKey(pageId, section.id),
    entityType: ENTITY_TYPES.pageSection,
    pageId,
  };
  return { item, bytes: Buffer.byteLength(JSON.stringify(item), 'utf8') };
}

/** What a section write does to its widget files, inside the section's transaction (decision record 026). */
export interface SectionFileChange {
  /** Uploads the section newly names (checked before: `planSectionFiles`), attached with owner = the section id. */
  readonly attach: readonly WidgetFileAttach[];
  /** Files attached to the section that it no longer names: detached (TTL now); the caller discards them after. */
  readonly detach: readonly string[];
  /** The caller's portal user id: every attached upload must be theirs. */
  readonly uploadedBy: string;
}

/** No file changes (a section write without files, or one that keeps them all). */
export const NO_FILE_CHANGE: SectionFileChange = { attach: [], detach: [], uploadedBy: '' };

/**
 * The element attaching a widget file to its section (`attachFileStep` via {@link attachUploadStep}: Ready,
 * unattached — a TTL after `now` —, not a bundle; a missing record fails too; sets
 * the name and owner, removes the TTL), further conditional on the file being a page
 * upload (public, owner type `Page`: `widgetImage` or `widgetFile`) by `uploadedBy`.
 */
function attachWidgetFileStep(
  file: WidgetFileAttach,
  sectionId: string,
  uploadedBy: string,
  now: Date,
): TransactWriteItem {
  return attachUploadStep(file.fileId, { id: sectionId, name: file.name }, UPLOAD_KINDS.widgetImage, uploadedBy, now);
}

/**
 * Runs a section transaction ({@link transact}); when the first failed condition is
 * a file attach, the answer is a 400 {@link WIDGET_FILE_UNAVAILABLE_MESSAGE} at the
 * field path of every attach whose condition failed (`attachPaths`: element index →
 * `body.widgets.<i>.files.<j>`). Every other failure stays its step's 409.
 */
async function transactSection(steps: readonly TransactionStep[], attachPaths: ReadonlyMap<number, string>) {
  try {
    await transact(steps, PAGE_BUSY_MESSAGE);
  } catch (error) {
    if (!(error instanceof ConflictError && error.message === WIDGET_FILE_UNAVAILABLE_MESSAGE)) throw error;
    const reasons = error.cause instanceof TransactionCanceledException ? (error.cause.CancellationReasons ?? []) : [];
    const failed = [...attachPaths].filter(([index]) => reasons[index]?.Code === 'ConditionalCheckFailed');
    const paths = failed.length > 0 ? failed.map(([, path]) => path) : [...attachPaths.values()].slice(0, 1);
    throw new ValidationError(
      paths.map((path) => ({ path, message: WIDGET_FILE_UNAVAILABLE_MESSAGE })),
      WIDGET_FILE_UNAVAILABLE_MESSAGE,
      { cause: error },
    );
  }
}

/**
 * Puts one section item (new: conditional on absence; replaced: on presence), bumps
 * the page's version, attaches the uploads the section newly names and detaches the
 * files it no longer names (`files`, decision record 026 "Widget files"), all in ONE
 * TransactWriteItems: nothing is written when any condition fails. The detached
 * files get a TTL of now; the caller discards them after the write.
 * @throws ConflictError {@link PAGE_CHANGED_MESSAGE} when the page changed, the
 *   section appeared / vanished meanwhile or a file to detach is no longer the
 *   section's; {@link PAGE_BUSY_MESSAGE} after 3 transaction conflicts.
 *   ValidationError (400 at `body.widgets.<i>.files.<j>`)
 *   {@link WIDGET_FILE_UNAVAILABLE_MESSAGE} when an upload can no longer be attached.
 */
export async function putSectionItem(
  previous: PageItem,
  item: PageSectionItem,
  mode: 'create' | 'replace',
  now: Date = new Date(),
  files: SectionFileChange = NO_FILE_CHANGE,
): Promise<void> {
  const steps: TransactionStep[] = [
    pageVersionStep(previous, now),
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: item,
          ConditionExpression: mode === 'create' ? 'attribute_not_exists(#pk)' : 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      conflict: PAGE_CHANGED_MESSAGE,
    },
  ];
  const attachPaths = new Map<number, string>();
  for (const file of files.attach) {
    attachPaths.set(steps.length, file.path);
    steps.push({
      item: attachWidgetFileStep(file, item.id, files.uploadedBy, now),
      conflict: WIDGET_FILE_UNAVAILABLE_MESSAGE,
    });
  }
  steps.push(...detachSteps(files.detach, item.id, now));
  await transactSection(steps, attachPaths);
}

/**
 * Deletes one section item (conditional on presence), bumps the page's version and
 * detaches `detach` (files attached to the section; the caller discards them after),
 * in ONE transaction.
 * @throws ConflictError {@link PAGE_CHANGED_MESSAGE} when the page changed, the
 *   section is gone or a file is no longer the section's.
 */
export async function deleteSectionItem(
  previous: PageItem,
  sectionId: string,
  now: Date = new Date(),
  detach: readonly string[] = [],
): Promise<void> {
  await transact(
    [
      pageVersionStep(previous, now),
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: pageSectionKey(previous.id, sectionId),
            ConditionExpression: 'attribute_exists(#pk)',
            ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
          },
        },
        conflict: PAGE_CHANGED_MESSAGE,
      },
      ...detachSteps(detach, sectionId, now),
    ],
    PAGE_BUSY_MESSAGE,
  );
}

/**
 * Sets `index` on the sections whose place changed (`moves`: section id → new index)
 * and bumps the page's version, in ONE transaction (≤ 51 elements).
 * @returns how many section items were updated.
 */
export async function reorderSectionItems(
  previous: PageItem,
  moves: ReadonlyMap<string, number>,
  now: Date = new Date(),
): Promise<number> {
  const steps: TransactionStep[] = [pageVersionStep(previous, now)];
  for (const [sectionId, index] of moves) {
    steps.push({
      item: {
        Update: {
          TableName: tableName(),
          Key: pageSectionKey(previous.id, sectionId),
          UpdateExpression: 'SET #index = :index',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#index': 'index', '#pk': TABLE.partitionKey },
          ExpressionAttributeValues: { ':index': index },
        },
      },
      conflict: PAGE_CHANGED_MESSAGE,
    });
  }
  await transact(steps, PAGE_BUSY_MESSAGE);
  return moves.size;
}
