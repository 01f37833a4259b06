import {
  COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE,
  collectionIdsOf,
  PAGE_NOT_FOUND_MESSAGE,
  PAGE_PARENT_MESSAGE,
  type Page,
  type PageSection,
  SECTION_TOO_LARGE_MESSAGE,
  WIDGET_KIND_FIXED_MESSAGE,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { curatedCollectionIds } from '../data/collections.ts';
import { discardFiles, getFilesByIds } from '../data/files.ts';
import type { FileItem } from '../data/items.ts';
import {
  getPageAncestors,
  getPageById,
  getPageItem,
  type PageItem,
  type PageSectionItem,
  type SectionDelete,
  type SectionFileChange,
  sectionItemOf,
} from '../data/pages.ts';
import { attachedSectionFiles, planSectionFiles, sectionFileIds } from '../domain/page-files.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import { bucketOf } from './file-rules.ts';

/**
 * Checks a page write's `parentId` (decision record 026): null is a top page; any
 * other must name an existing page that is neither the page itself (`selfId`) nor
 * one of the pages below it, so breadcrumbs never loop. One GetItem per level.
 * @throws ValidationError at `body.parentId` ({@link PAGE_PARENT_MESSAGE}).
 */
export async function checkPageParent(parentId: string | null, selfId: string | null): Promise<void> {
  if (parentId === null) return;
  const invalid = new ValidationError([{ path: 'body.parentId', message: PAGE_PARENT_MESSAGE }]);
  if (parentId === selfId) throw invalid;
  const parent = await getPageItem(parentId);
  if (!parent) throw invalid;
  if (selfId === null) return;
  const above = await getPageAncestors(parent, () => true);
  if (above.some((ancestor) => ancestor.id === selfId)) throw invalid;
}

/**
 * The page item (read first, for its version) and the page with its sections, or a
 * 404 "Page does not exist.". Reading the item before the sections means a section
 * written in between makes the caller's version check fail (409), never go unseen.
 */
export async function loadPageForWrite(id: string): Promise<{ item: PageItem; page: Page }> {
  const item = await getPageItem(id);
  const page = item ? await getPageById(id) : null;
  if (!item || !page) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  return { item, page };
}

/** The page with its sections after a write (404 if it vanished meanwhile). */
export async function reloadPage(id: string): Promise<Page> {
  const page = await getPageById(id);
  if (!page) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  return page;
}

/**
 * The stored item of a section write, refused with a 400 when a saved widget's kind
 * changes (widgets compared by position with `stored`) or the item would exceed
 * `PAGE_LIMITS.sectionItemMaxBytes`.
 */
export function checkedSectionItem(pageId: string, section: PageSection, stored: PageSection | null): PageSectionItem {
  if (stored) {
    const changed = section.widgets.findIndex((widget, i) => {
      const before = stored.widgets[i];
      return before !== undefined && before.kind !== widget.kind;
    });
    if (changed >= 0) {
      throw new ValidationError([{ path: `body.widgets.${changed}.kind`, message: WIDGET_KIND_FIXED_MESSAGE }]);
    }
  }
  const { item, bytes } = sectionItemOf(pageId, section);
  if (bytes > PAGE_LIMITS.sectionItemMaxBytes) {
    throw new ValidationError([{ path: 'body', message: SECTION_TOO_LARGE_MESSAGE }]);
  }
  return item;
}

/**
 * Checks the collections widgets of a section write (issue 26 item 2; decision record
 * 076): every collection a widget names must exist and be curated now (one
 * BatchGetItem for the whole section; none when it has no collections widget).
 * @throws ValidationError at `body.widgets.<i>.customAttributes.collectionIds`
 *   ({@link COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE}) for each widget naming another one.
 */
export async function checkSectionCollections(widgets: PageSection['widgets']): Promise<void> {
  const named = widgets.map((widget) =>
    widget.kind === 'collections' ? collectionIdsOf(widget.customAttributes.collectionIds) : [],
  );
  const ids = [...new Set(named.flat())];
  if (ids.length === 0) return;
  const curated = await curatedCollectionIds(ids);
  const errors = named.flatMap((list, index) =>
    list.every((id) => curated.has(id))
      ? []
      : [
          {
            path: `body.widgets.${index}.customAttributes.collectionIds`,
            message: COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE,
          },
        ],
  );
  if (errors.length > 0) throw new ValidationError(errors);
}

/** A section write's widget files, planned and checked: the widgets to store, the transaction's part, what to discard after. */
export interface CheckedSectionFiles {
  /** The widgets to store (each file's `mimeType` the record's media type). */
  readonly widgets: PageSection['widgets'];
  /** The attaches and detaches for the section's transaction. */
  readonly change: SectionFileChange;
  /** The records of the detached files, for {@link discardDetachedFiles} once the write succeeded. */
  readonly detached: readonly FileItem[];
}

/**
 * Reads the file records of every file the new and the stored section name (one
 * BatchGetItem; a section names at most two) and plans the write's files
 * (`planSectionFiles`, decision record 026 "Widget files"): new uploads must be the
 * caller's (`uploadedBy`) Ready, unattached uploads of the widget's kind — a team
 * member's avatar and logo at most 50,000 bytes — and are attached; files the
 * section no longer names are detached.
 * @throws ValidationError (400 at `body.widgets.<i>.files.<j>`) naming every refused file.
 */
export async function checkSectionFiles(
  sectionId: string,
  widgets: PageSection['widgets'],
  stored: PageSection | null,
  uploadedBy: string,
  now: Date,
): Promise<CheckedSectionFiles> {
  const ids = [...new Set([...sectionFileIds({ widgets }), ...sectionFileIds(stored)])];
  const records = ids.length > 0 ? await getFilesByIds(ids) : [];
  const plan = planSectionFiles({ widgets, stored, sectionId, records, uploadedBy, now });
  if (plan.errors.length > 0) throw new ValidationError(plan.errors);
  const detach = new Set(plan.detach);
  return {
    widgets: plan.widgets,
    change: { attach: plan.attach, detach: plan.detach, uploadedBy },
    detached: records.filter((record) => detach.has(record.id)),
  };
}

/**
 * The sections a delete removes, each with the files attached to it (owner = the
 * section id; one BatchGetItem per 100 files), and those files' records for
 * {@link discardDetachedFiles} after the delete.
 */
export async function sectionsToDelete(
  sections: readonly PageSection[],
): Promise<{ sections: SectionDelete[]; detached: FileItem[] }> {
  const ids = [...new Set(sections.flatMap((section) => sectionFileIds(section)))];
  const records = ids.length > 0 ? await getFilesByIds(ids) : [];
  const planned = attachedSectionFiles(sections, records);
  const detach = new Set(planned.flatMap((section) => section.fileIds));
  return { sections: planned, detached: records.filter((record) => detach.has(record.id)) };
}

/**
 * Deletes files a successful write detached (record and object; `discardFiles`),
 * best effort: a failure is logged and the file, which has a TTL of now, is left to
 * DynamoDB's TTL and the upload sweeper. Never throws.
 */
export async function discardDetachedFiles(files: readonly FileItem[]): Promise<void> {
  if (files.length > 0) await discardFiles(files, bucketOf);
}
