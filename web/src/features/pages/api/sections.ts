import { Page, type SectionInput } from '#shared/contracts/page';
import { apiDelete, apiPost, apiPut } from '../../../lib/api-client.ts';
import { pagesApiUrl } from './paths.ts';

/**
 * The section writes of the page builder (spec §7 "Pages": create, update and delete
 * a section; decision record 026), over `createSection`, `updateSection` and
 * `deleteSection` of `shared/routes.ts`. Every one answers the whole page with its
 * sections (index order), which the page screen puts in its query cache. Each throws
 * `ApiError`: 400 with field messages at `body.…` (e.g. `body.widgets.0.content`),
 * 404 when the page or section is gone, 409 "The page was changed by someone else.
 * Reload it and try again." when another write of the page came between, 401/403
 * without `updateContent`.
 */

/** Adds a section after the page's last one (`POST /api/v1/pages/{id}/sections`, 201); answers the page. */
export function createSection({ pageId, body }: { pageId: string; body: SectionInput }): Promise<Page> {
  return apiPost(pagesApiUrl('createSection', { id: pageId }), body, Page);
}

/**
 * Replaces a section, keeping its id and place (`PUT /api/v1/pages/{id}/sections/{sectionId}`);
 * answers the page. The server attaches the files the body names and detaches and
 * deletes the ones it no longer names, in the same save.
 */
export function updateSection({
  pageId,
  sectionId,
  body,
}: {
  pageId: string;
  sectionId: string;
  body: SectionInput;
}): Promise<Page> {
  return apiPut(pagesApiUrl('updateSection', { id: pageId, sectionId }), body, Page);
}

/** Deletes one section (`DELETE /api/v1/pages/{id}/sections/{sectionId}`) and its files; answers the page. */
export function deleteSection({ pageId, sectionId }: { pageId: string; sectionId: string }): Promise<Page> {
  return apiDelete(pagesApiUrl('deleteSection', { id: pageId, sectionId }), Page);
}
