import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { roundUsage } from '#shared/contracts/content-usage';
import { getContentUsage as readContentUsage } from '../../data/content-usage.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/content-items/{id}/usage` (issue 26 item 4; decision record 071): the
 * item's all-time downloads and schools, each ROUNDED by `roundUsage` so no raw
 * figure leaves the server. The item must be visible to the caller as its detail is
 * (decision record 008: visitors see published and unlisted items only), else 404
 * "Content does not exist." exactly like a missing item. One BatchGetItem.
 */
export const getContentUsage = defineRoute('getContentUsage', async ({ path, caller }) => {
  const usage = await readContentUsage(path.id);
  if (!usage.status || !visibleInDetail(usage.status, caller?.principal ?? null)) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  return { contentId: path.id, downloads: roundUsage(usage.downloads), schools: roundUsage(usage.schools) };
});
