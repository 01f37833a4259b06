import {
  PAGE_NOT_FOUND_MESSAGE,
  PAGE_PARENT_MESSAGE,
  type Page,
  type PageSection,
  SECTION_TOO_LARGE_MESSAGE,
  WIDGET_KIND_FIXED_MESSAGE,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import {
  getPageAncestors,
  getPageById,
  getPageItem,
  type PageItem,
  type PageSectionItem,
  sectionItemOf,
} from '../../data/pages.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';

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
