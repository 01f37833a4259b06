import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { getContentById, listChildren } from '../../data/content.ts';
import { toChildContent } from '../../data/items.ts';
import { childStatuses, visibleInDetail } from '../../domain/visibility.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/content-children/{id}` (spec §2.6, §9 "Children loaded 300 per page"):
 * the children the caller may see, in index order; 404 "Content does not exist." when
 * the caller may not see the parent (exactly like a missing one, decision record 008).
 */
export const listContentChildren = defineRoute('listContentChildren', async ({ path, query, caller }) => {
  const viewer = caller?.principal ?? null;
  const parent = await getContentById(path.id);
  if (!parent || !visibleInDetail(parent.status, viewer)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  const page = await listChildren({
    parentId: parent.id,
    statuses: childStatuses(viewer),
    limit: query.limit,
    pageToken: query.pageToken,
  });
  return { items: page.items.map(toChildContent), nextPageToken: page.nextPageToken };
});
