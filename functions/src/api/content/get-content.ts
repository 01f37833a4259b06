import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { getContentByAlias, getContentById, getContentRelations } from '../../data/content.ts';
import { toContent, toContentLink, toContributor } from '../../data/items.ts';
import { looksLikeEntityId } from '../../domain/ids.ts';
import { visibleAsChild, visibleInDetail } from '../../domain/visibility.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/content/{idOrAlias+}` (spec §2.6): by id when the parameter looks like
 * one, else (or when the caller may not see the item with that id) by URL alias.
 * Content the caller may not see answers exactly like missing content (decision
 * record 008), and so do its traces: hidden ancestors are left out of the
 * breadcrumbs, hidden children out of `content.children`. Two DynamoDB requests in
 * the normal case: the item, then one BatchGetItem for ancestors, contributors and
 * the children's statuses.
 */
export const getContent = defineRoute('getContent', async ({ path, caller }) => {
  const viewer = caller?.principal ?? null;
  const idOrAlias = path.idOrAlias.replace(/^\/+|\/+$/g, '');
  let item = looksLikeEntityId(idOrAlias) ? await getContentById(idOrAlias) : null;
  if (!item || !visibleInDetail(item.status, viewer)) item = await getContentByAlias(idOrAlias);
  if (!item || !visibleInDetail(item.status, viewer)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);

  const { ancestors, contributors, childStatuses } = await getContentRelations(item);
  const children = item.children.filter((ref) => {
    const status = childStatuses.get(ref.id);
    return status !== undefined && visibleAsChild(status, viewer);
  });
  return {
    content: { ...toContent(item), children },
    ancestors: ancestors.filter((ancestor) => visibleInDetail(ancestor.status, viewer)).map(toContentLink),
    contributors: contributors.map(toContributor),
    // The public change log and the real publish dates (issue 25 item 4; decision record 065).
    changeLog: [...(item.changeLog ?? [])],
    firstPublishedTimestamp: item.firstPublishedTimestamp ?? null,
    lastPublishedTimestamp: item.lastPublishedTimestamp ?? null,
  };
});
