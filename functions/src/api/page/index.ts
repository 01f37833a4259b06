import { PAGE_ROUTES } from '#shared/routes/page';
import { createGroupHandler } from '../../lib/group.ts';
import { createPage } from './create-page.ts';
import { createSection } from './create-section.ts';
import { deletePage } from './delete-page.ts';
import { deleteSection } from './delete-section.ts';
import { getPage } from './get-page.ts';
import { getPageByHref } from './get-page-by-href.ts';
import { listPageSections } from './list-page-sections.ts';
import { listPages } from './list-pages.ts';
import { reorderGroups } from './reorder-groups.ts';
import { reorderSections } from './reorder-sections.ts';
import { updatePage } from './update-page.ts';
import { updateSection } from './update-section.ts';

/**
 * Lambda entry of the `page` group (spec §7 "Pages"; decision record 026): CMS
 * pages read by link or id, the page builder's list, a page's sections (paged),
 * page create / update / delete, and the section writes and reorders.
 */
export const handler = createGroupHandler(PAGE_ROUTES, {
  getPageByHref,
  getPage,
  listPages,
  listPageSections,
  createPage,
  updatePage,
  deletePage,
  createSection,
  updateSection,
  deleteSection,
  reorderSections,
  reorderGroups,
});
