import writeXlsxFile from 'write-excel-file/node';
import { can } from '#shared/capabilities';
import { contentPath } from '#shared/content-address';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { CONTENT_SUBTREE_MAX_DESCENDANTS, SUBTREE_TOO_LARGE_MESSAGE } from '#shared/contracts/content-subtree';
import {
  CAE_WORKSHEET_COLUMNS,
  CAE_WORKSHEET_GAP_COLUMNS,
  type Coverage,
  type KuOutcomeMarking,
} from '#shared/contracts/coverage';
import type { Knowledge } from '#shared/contracts/knowledge';
import type { WorkRole } from '#shared/contracts/work-role';
import { getContentByAlias, getContentById } from '../data/content.ts';
import { getKeptDescendants } from '../data/content-subtree.ts';
import type { ContentItem } from '../data/items.ts';
import { knowledgeSnapshot } from '../data/knowledge.ts';
import { listWorkRoles } from '../data/work-roles.ts';
import { type CoverageInputs, type CoverageItemInput, caeWorksheetRows, computeCoverage } from '../domain/coverage.ts';
import { looksLikeEntityId } from '../domain/ids.ts';
import { type Viewer, visibleAsChild, visibleInDetail } from '../domain/visibility.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { readableCollection } from './collections.ts';
import { libraryItemState, summariesOf } from './library.ts';

/**
 * Coverage reports (issue 27 item 2; decision record 080): which CAE KUs and NICE work
 * roles a content item with its descendants, or a collection, covers, computed by
 * `domain/coverage.ts` from the items the caller may read. DynamoDB requests: the
 * subject (a GetItem, or a Query of the alias), one BatchGetItem per 100 items (per
 * level of the hierarchy for content), projected on what coverage needs; the KUs
 * and work roles come from their per-container snapshots (a GetItem of the knowledge
 * revision each while it stays the same).
 */

/** The attributes of a content item coverage reads (a projection). */
export const COVERAGE_ATTRIBUTES = [
  'id',
  'name',
  'urlAlias',
  'status',
  'children',
  'files',
  'ksas',
  'kus',
  'tkss',
  'kuOutcomes',
] as const;

/** A content item as read for coverage (projected on {@link COVERAGE_ATTRIBUTES}). */
export type CoverageRead = Pick<ContentItem, 'id' | 'name' | 'urlAlias' | 'status' | 'children' | 'files'> &
  Partial<Pick<ContentItem, 'ksas' | 'kus' | 'tkss'>> & { readonly kuOutcomes?: readonly KuOutcomeMarking[] | null };

/** The URL alias without slashes at either end, or null when it has none. */
function aliasOf(item: Pick<ContentItem, 'urlAlias'>): string | null {
  const alias = (item.urlAlias ?? '').trim().replace(/^\/+|\/+$/g, '');
  return alias || null;
}

/**
 * What coverage needs of an item read for `viewer`: file names only when the viewer
 * may download courseware files (`viewFiles`, spec §6; brand eligibility is the
 * download's own check).
 */
export function toCoverageInput(item: CoverageRead, viewer: Viewer): CoverageItemInput {
  return {
    id: item.id,
    alias: aliasOf(item),
    name: item.name,
    files: can(viewer, 'viewFiles') ? (item.files ?? []).map((file) => file.filename) : [],
    ksas: item.ksas ?? [],
    kus: item.kus ?? [],
    tkss: item.tkss ?? [],
    kuOutcomes: item.kuOutcomes ?? null,
  };
}

/** The KUs and work roles every coverage is computed against. */
async function references(): Promise<Pick<CoverageInputs, 'knowledgeUnits' | 'workRoles'>> {
  const [knowledge, workRoles] = await Promise.all([knowledgeSnapshot(), listWorkRoles()]);
  return {
    knowledgeUnits: knowledge.filter((item: Knowledge) => item.type === 'KU'),
    workRoles: workRoles as readonly WorkRole[],
  };
}

/**
 * `GET /api/v1/content-coverage/{idOrAlias+}`: the coverage of a content item and its
 * descendants the caller may read (a hidden child hides its subtree, as the item
 * page), the item first, then breadth-first. The item resolves as `getContent`: by
 * id when it looks like one, else (or when hidden) by URL alias.
 * @throws NotFoundError for an item missing or hidden from the caller; ValidationError
 *   (400) beyond {@link CONTENT_SUBTREE_MAX_DESCENDANTS} readable descendants.
 */
export async function getContentCoverageReport(idOrAlias: string, caller: Caller): Promise<Coverage> {
  const viewer = caller?.principal ?? null;
  const key = idOrAlias.replace(/^\/+|\/+$/g, '');
  let root = looksLikeEntityId(key) ? await getContentById(key) : null;
  if (!root || !visibleInDetail(root.status, viewer)) root = await getContentByAlias(key);
  if (!root || !visibleInDetail(root.status, viewer)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  const descendants = await getKeptDescendants<CoverageRead>(
    root,
    (item) => visibleAsChild(item.status, viewer),
    COVERAGE_ATTRIBUTES,
    CONTENT_SUBTREE_MAX_DESCENDANTS,
  );
  if (!descendants) throw new ValidationError([{ path: 'path.idOrAlias', message: SUBTREE_TOO_LARGE_MESSAGE }]);
  return computeCoverage({
    subject: { kind: 'content', id: root.id, name: root.name },
    items: [root, ...descendants].map((item) => toCoverageInput(item, viewer)),
    ...(await references()),
  });
}

/**
 * The items of a collection `caller` may open now, in collection order, read with one
 * BatchGetItem per 100 projected on {@link COVERAGE_ATTRIBUTES} (the entries only,
 * not their descendants: a collection is a list of chosen items).
 * @throws NotFoundError as `getCollection`.
 */
export async function collectionCoverage(id: string, caller: Caller): Promise<Coverage> {
  const viewer = caller?.principal ?? null;
  const record = await readableCollection(id, caller);
  const ids = record.entries.map((entry) => entry.contentId);
  const [found, refs] = await Promise.all([summariesOf(ids, COVERAGE_ATTRIBUTES), references()]);
  const items = ids.flatMap((contentId) => {
    const item = found.get(contentId);
    return item && libraryItemState(item, viewer) === 'available' ? [toCoverageInput(item, viewer)] : [];
  });
  return computeCoverage({ subject: { kind: 'collection', id: record.id, name: record.name }, items, ...refs });
}

/** `GET /api/v1/collections/{id}/coverage-report`: {@link collectionCoverage}. */
export function getCollectionCoverageReport(id: string, caller: Caller): Promise<Coverage> {
  return collectionCoverage(id, caller);
}

/** The worksheet of a collection: its file name and bytes (xlsx). */
export interface CaeWorksheetFile {
  readonly fileName: string;
  readonly bytes: Buffer;
}

/** The widths (characters) of the "Mapping" sheet's columns. */
const MAPPING_WIDTHS = [10, 20, 12, 36, 36, 48, 60, 60] as const;
/** The widths (characters) of the "Gaps" sheet's columns. */
const GAP_WIDTHS = [10, 20, 12, 48] as const;

/**
 * A file name safe in a Content-Disposition header and on every file system:
 * `cae-worksheet-<name as lower-case ASCII words joined by ->.xlsx` (at most 60
 * characters of name; `collection` when nothing is left).
 */
export function worksheetFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `cae-worksheet-${slug || 'collection'}.xlsx`;
}

/**
 * `GET /api/v1/collections/{id}/cae-worksheet` (issue 27 item 3): the CAE mapping
 * worksheet of a collection as an xlsx — sheet "Mapping", a header row
 * (`CAE_WORKSHEET_COLUMNS`) then one row per (KU, item) by program, group, KU and the
 * collection's order (`caeWorksheetRows`); sheet "Gaps", the KUs no item covers.
 * Links are absolute on `origin` (the site the request came to), at each item's
 * canonical address (`contentPath`).
 * @throws NotFoundError as `getCollection`.
 */
export async function collectionCaeWorksheet(id: string, caller: Caller, origin: string): Promise<CaeWorksheetFile> {
  const coverage = await collectionCoverage(id, caller);
  const { mapping, gaps } = caeWorksheetRows(
    coverage,
    (item) => `${origin}${contentPath({ id: item.id, urlAlias: item.alias ?? '' })}`,
  );
  const header = (titles: readonly string[]) => titles.map((value) => ({ value, fontWeight: 'bold' as const }));
  const cells = (row: readonly string[]) => row.map((value) => ({ value, wrap: true }));
  const bytes = await writeXlsxFile([
    {
      sheet: 'Mapping',
      data: [header(CAE_WORKSHEET_COLUMNS), ...mapping.map(cells)],
      columns: MAPPING_WIDTHS.map((width) => ({ width })),
      stickyRowsCount: 1,
    },
    {
      sheet: 'Gaps',
      data: [header(CAE_WORKSHEET_GAP_COLUMNS), ...gaps.map(cells)],
      columns: GAP_WIDTHS.map((width) => ({ width })),
      stickyRowsCount: 1,
    },
  ]).toBuffer();
  return { fileName: worksheetFileName(coverage.subject.name), bytes };
}
