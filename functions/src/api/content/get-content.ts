import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { getContentByAlias, getContentById, getContentRelations } from '../../data/content.ts';
import { toContent, toContentLink, toContributor } from '../../data/items.ts';
import { looksLikeEntityId } from '../../domain/ids.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';

/**
 * `GET /api/v1/content/{idOrAlias+}` (spec §2.6): by id when the parameter looks like
 * one, else (or when no visible item has that id) by URL alias. Hidden content
 * answers exactly like missing content (decision record 008).
 */
export const getContent = defineRoute('getContent', async ({ path }) => {
  const idOrAlias = path.idOrAlias.replace(/^\/+|\/+$/g, '');
  let item = looksLikeEntityId(idOrAlias) ? await getContentById(idOrAlias) : null;
  if (!item || !visibleInDetail(item.status)) item = await getContentByAlias(idOrAlias);
  if (!item || !visibleInDetail(item.status)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);

  const { ancestors, contributors } = await getContentRelations(item);
  return {
    content: toContent(item),
    // A hidden ancestor must not leak its name through the breadcrumbs.
    ancestors: ancestors.filter((ancestor) => visibleInDetail(ancestor.status)).map(toContentLink),
    contributors: contributors.map(toContributor),
  };
});
