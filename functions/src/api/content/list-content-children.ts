import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { getContentById, listChildren } from '../../data/content.ts';
import { toChildContent } from '../../data/items.ts';
import { CHILD_VISIBLE_STATUSES, visibleInDetail } from '../../domain/visibility.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';

/**
 * `GET /api/v1/content-children/{id}` (spec §2.6, §9 "Children loaded 300 per page"):
 * the children a visitor may see, in index order; 404 when the parent is not visible.
 */
export const listContentChildren = defineRoute('listContentChildren', async ({ path, query }) => {
  const parent = await getContentById(path.id);
  if (!parent || !visibleInDetail(parent.status)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  const page = await listChildren({
    parentId: parent.id,
    statuses: CHILD_VISIBLE_STATUSES,
    limit: query.limit,
    pageToken: query.pageToken,
  });
  return { items: page.items.map(toChildContent), nextPageToken: page.nextPageToken };
});
