import { CONTRIBUTOR_NOT_FOUND_MESSAGE } from '#shared/contracts/contributor';
import { getContributorById } from '../../data/contributors.ts';
import { toContributor } from '../../data/items.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/contributors/{id}` (issue 24 item 6; decision record 057): one
 * contributor's profile for their public page, the same fields as the public list
 * (`listContributors`) and a content item's contributors.
 * @throws NotFoundError (404 "Contributor does not exist.") for an unknown id.
 */
export const getContributor = defineRoute('getContributor', async ({ path }) => {
  const contributor = await getContributorById(path.id);
  if (!contributor) throw new NotFoundError(CONTRIBUTOR_NOT_FOUND_MESSAGE);
  return toContributor(contributor);
});
