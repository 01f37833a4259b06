import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of site pages, their sections and the curated collections widget, with their
 * paths below `/api/v1` (decision record 040): loaded with this feature's lazily loaded code,
 * not with the first render. An operation the first render calls is in `FIRST_RENDER_API_PATHS`
 * (`apiUrl`) instead.
 */
export const PAGES_API_PATHS = {
  createSection: '/pages/{id}/sections',
  updateSection: '/pages/{id}/sections/{sectionId}',
  deleteSection: '/pages/{id}/sections/{sectionId}',
  getPage: '/pages/{id}',
  listPages: '/pages',
  createPage: '/pages',
  updatePage: '/pages/{id}',
  deletePage: '/pages/{id}',
  reorderSections: '/pages/{id}/section-order',
  reorderGroups: '/pages/{id}/group-order',
  listCuratedCollections: '/collections',
  getCollection: '/collections/{id}',
  getPageByHref: '/pages/by-href',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link PAGES_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const pagesApiUrl = apiUrlFor(PAGES_API_PATHS);
