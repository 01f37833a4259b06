import type * as z from 'zod';
import {
  type GroupOrderInput,
  PAGE_GROUP_PREFIX,
  PAGE_NOT_FOUND_MESSAGE,
  type Page,
  type PageInput,
  SECTION_ORDER_MESSAGE,
  SECTIONS_FULL_MESSAGE,
  type SectionInput,
  type SectionOrderInput,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import {
  deletePageItems,
  deleteSectionItem,
  getPageById,
  getPageItem,
  putSectionItem,
  reorderSectionItems,
  updatePageItem,
  createPage as writePage,
} from '../data/pages.ts';
import { newId } from '../domain/ids.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import { keepNamedHtmlImages } from './html-images.ts';
import {
  checkedSectionItem,
  checkPageParent,
  checkSectionCollections,
  checkSectionFiles,
  discardDetachedFiles,
  loadPageForWrite,
  reloadPage,
  sectionsToDelete,
} from './page-writes.ts';

/**
 * The page and section writes (spec §2.14, §3 "Section", §5 "Pages", "Widgets", §7
 * "Pages"; decision record 026), for content editors. Every write is conditional on
 * the page's version (a concurrent change is a 409); widget files are attached and
 * detached in the write's transaction and detached ones deleted after it, best effort.
 */

/**
 * Creates a page without sections (they are added one by one) whose parent exists
 * (400 at `body.parentId` otherwise); the page item and its href guard in one
 * transaction. Returns the page.
 * @throws ValidationError (400 at `body.parentId`); ConflictError (409) for a link
 *   another page holds.
 */
export async function createPage(input: z.output<typeof PageInput>): Promise<Page> {
  await checkPageParent(input.parentId, null);
  const now = new Date().toISOString();
  return writePage({ ...input, id: newId(), sections: [], createdTimestamp: now, modifiedTimestamp: now });
}

/**
 * Replaces the page's title, link, parent, status, meta and layout (not its sections)
 * in one transaction conditional on the version read; a new link moves the href
 * guard in that transaction. Returns the page with its sections.
 * @throws NotFoundError (404) "Page does not exist."; ValidationError (400 at
 *   `body.parentId`); ConflictError (409) for a concurrent change or a taken link.
 */
export async function updatePage(id: string, input: z.output<typeof PageInput>): Promise<Page> {
  const previous = await getPageItem(id);
  if (!previous) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  await checkPageParent(input.parentId, previous.id);
  await updatePageItem(previous, input);
  const page = await getPageById(previous.id);
  if (!page) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  return page;
}

/**
 * Deletes the page item, its href guard and every section, detaching every widget
 * file attached to a section, conditional on the page's version (read before its
 * sections, so a section added meanwhile makes it a 409, not an orphan) — one
 * transaction, or, past 100 elements, section batches first and the page last
 * (`deletePageItems`). The detached files are then deleted (best effort), also when a
 * later batch fails: the files of the sections already deleted go, those still
 * attached stay with their sections. Returns the id and the number of sections deleted.
 * @throws NotFoundError (404) for a missing page; ConflictError (409).
 */
export async function deletePage(id: string): Promise<{ id: string; sectionsDeleted: number }> {
  const now = new Date();
  const item = await getPageItem(id);
  if (!item) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  const page = await getPageById(id);
  const { sections, detached } = await sectionsToDelete(page?.sections ?? []);
  try {
    await deletePageItems(item, sections, now);
  } finally {
    // Also after a 409 between batches: the files of the sections already deleted are
    // detached (a TTL) and go; files still attached have no TTL and are left alone.
    await discardDetachedFiles(detached);
  }
  return { id: item.id, sectionsDeleted: sections.length };
}

/**
 * Adds a section after the last one (at most `PAGE_LIMITS.sectionsMax`), with the
 * widget files it names — `uploadedBy`'s Ready, unattached page uploads — attached
 * to it in the same transaction as the page's version check. Returns the page with
 * its sections.
 * @throws NotFoundError (404); ValidationError (400: sections full, a refused file
 *   at `body.widgets.<i>.files.<j>`, a section too large); ConflictError (409).
 */
export async function createSection(
  pageId: string,
  input: z.output<typeof SectionInput>,
  uploadedBy: string,
): Promise<Page> {
  const now = new Date();
  const { item, page } = await loadPageForWrite(pageId);
  if (page.sections.length >= PAGE_LIMITS.sectionsMax) {
    throw new ValidationError([{ path: 'body', message: SECTIONS_FULL_MESSAGE }]);
  }
  const index = page.sections.reduce((max, section) => Math.max(max, section.index + 1), 0);
  const id = newId();
  await checkSectionCollections(input.widgets);
  const files = await checkSectionFiles(id, input.widgets, null, uploadedBy, now);
  const section = checkedSectionItem(item.id, { ...input, widgets: files.widgets, id, index }, null);
  // The editor's images its HTML names are kept before the write (decision record 063).
  await keepNamedHtmlImages(input, uploadedBy, now);
  await putSectionItem(item, section, 'create', now, files.change);
  return reloadPage(item.id);
}

/**
 * Replaces a section's group key, name, description, widgets and layout, keeping its
 * place; a saved widget keeps its kind. The uploads it newly names are checked and
 * attached as on create, files it no longer names detached — all in the one
 * transaction with the page's version check — and the detached files then deleted,
 * best effort. Returns the page with its sections.
 * @throws NotFoundError (404) for a missing page or section; ValidationError (400);
 *   ConflictError (409).
 */
export async function updateSection(
  pageId: string,
  sectionId: string,
  input: z.output<typeof SectionInput>,
  uploadedBy: string,
): Promise<Page> {
  const now = new Date();
  const { item, page } = await loadPageForWrite(pageId);
  const stored = page.sections.find((section) => section.id === sectionId);
  if (!stored) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  checkedSectionItem(item.id, { ...input, id: stored.id, index: stored.index }, stored);
  await checkSectionCollections(input.widgets);
  const files = await checkSectionFiles(stored.id, input.widgets, stored, uploadedBy, now);
  const section = checkedSectionItem(
    item.id,
    { ...input, widgets: files.widgets, id: stored.id, index: stored.index },
    stored,
  );
  // The editor's images its HTML names are kept before the write (decision record 063).
  await keepNamedHtmlImages(input, uploadedBy, now);
  await putSectionItem(item, section, 'replace', now, files.change);
  await discardDetachedFiles(files.detached);
  return reloadPage(item.id);
}

/**
 * Deletes one section with the page's version check, detaching its widget files in
 * the same transaction, then deletes those files (best effort). The others keep their
 * `index`. Returns the page with its sections.
 * @throws NotFoundError (404) for a missing page or section; ConflictError (409).
 */
export async function deleteSection(pageId: string, sectionId: string): Promise<Page> {
  const now = new Date();
  const { item, page } = await loadPageForWrite(pageId);
  const section = page.sections.find((candidate) => candidate.id === sectionId);
  if (!section) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  const { sections, detached } = await sectionsToDelete([section]);
  await deleteSectionItem(item, section.id, now, sections[0]?.fileIds ?? []);
  await discardDetachedFiles(detached);
  return reloadPage(item.id);
}

/**
 * Puts the page's sections in the order of `input.sectionIds` (every section once,
 * else 400 at `body.sectionIds`): sets `index` (0…) on the moved sections only, with
 * the page's version check, in one transaction. Returns the page with its sections.
 * @throws NotFoundError (404); ValidationError (400); ConflictError (409).
 */
export async function reorderSections(pageId: string, input: z.output<typeof SectionOrderInput>): Promise<Page> {
  const { item, page } = await loadPageForWrite(pageId);
  const current = new Map(page.sections.map((section) => [section.id, section.index]));
  const ids = input.sectionIds;
  if (ids.length !== current.size || new Set(ids).size !== ids.length || ids.some((id) => !current.has(id))) {
    throw new ValidationError([{ path: 'body.sectionIds', message: SECTION_ORDER_MESSAGE }]);
  }
  const moves = new Map(ids.flatMap((id, index) => (current.get(id) === index ? [] : [[id, index] as const])));
  if (moves.size > 0) await reorderSectionItems(item, moves);
  return reloadPage(item.id);
}

/**
 * Puts the groups of a grouped list in the order of `input.groups`: replaces every
 * `group-<name>` layout parameter by `group-<name>` = its position (other parameters
 * stay), with the page's version check. A group left out is removed; its sections
 * keep their `key`. Returns the page with its sections.
 * @throws NotFoundError (404); ConflictError (409).
 */
export async function reorderGroups(pageId: string, input: z.output<typeof GroupOrderInput>): Promise<Page> {
  const { item } = await loadPageForWrite(pageId);
  const kept = Object.entries(item.layout.parameters).filter(([key]) => !key.startsWith(PAGE_GROUP_PREFIX));
  const groups = input.groups.map((name, index) => [`${PAGE_GROUP_PREFIX}${name}`, String(index)] as const);
  await updatePageItem(item, {
    title: item.title,
    href: item.href,
    parentId: item.parentId,
    status: item.status,
    meta: item.meta,
    layout: { name: item.layout.name, parameters: Object.fromEntries([...kept, ...groups]) },
  });
  return reloadPage(item.id);
}
