import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { detailStatuses, listStatuses } from '../../domain/visibility.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { relatedCourseware } from '../../search/related.ts';
import { currentCatalogIndex } from '../../search/snapshot-search.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/search/related/{id}` (issue 24 item 5; decision record 056): the
 * courseware that shares the most knowledge items and tags with one content item,
 * answered from the search catalog index. The item must be one the caller may open
 * (`detailStatuses`), else 404 "Content does not exist."; related items are only
 * those the caller finds in search (`listStatuses`), never the item, its ancestors
 * or its descendants.
 * @throws NotFoundError (404) for an unknown item or one the caller may not open.
 */
export const relatedContent = defineRoute('relatedContent', async ({ path, query, caller }) => {
  const viewer = caller?.principal ?? null;
  const items = relatedCourseware(await currentCatalogIndex(), {
    id: path.id,
    itemStatuses: detailStatuses(viewer),
    statuses: listStatuses(viewer),
    limit: query.limit,
  });
  if (items === null) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  return { items };
});
