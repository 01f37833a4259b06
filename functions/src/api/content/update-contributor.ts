import { CONTRIBUTOR_NOT_FOUND_MESSAGE, CONTRIBUTOR_STALE_MESSAGE } from '#shared/contracts/contributor';
import { getContributorById, updateContributor as updateContributorItem } from '../../data/contributors.ts';
import { toContributor } from '../../data/items.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PUT /api/v1/contributors/{id}` (spec §5 "Contributor", §7 "Update a contributor by
 * id"): replaces every field; 404 for an unknown id, 409 for a stale `version`.
 * Answers the saved contributor with its new version.
 */
export const updateContributor = defineRoute('updateContributor', async ({ path, body }) => {
  const current = await getContributorById(path.id);
  if (!current) throw new NotFoundError(CONTRIBUTOR_NOT_FOUND_MESSAGE);
  const { version, ...fields } = body;
  if (current.version !== version) throw new ConflictError(CONTRIBUTOR_STALE_MESSAGE);
  const saved = await updateContributorItem(
    { id: path.id, ...fields, portraitFileId: fields.portraitFileId ?? null },
    version,
  );
  return toContributor(saved);
});
