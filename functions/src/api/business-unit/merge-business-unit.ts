import { mergeBusinessUnits } from '../../data/business-units.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/business-units/{id}/merge` (issue 11 "duplicates can be merged
 * without losing their download history"; decision record 030), for administrators
 * (`manageBusinessUnits`): merges the duplicate `{id}` into `intoId` (data/
 * business-units.ts `mergeBusinessUnits`): one transaction marks it merged, bumps
 * both versions, stores the merge map item and the audit event; then its users move
 * to the kept unit. Answers `usersMoved` and `complete`; repeating the same merge
 * finishes an interrupted one. 400 into itself, 404 for a missing unit, 409 into a
 * merged unit, of a unit merged elsewhere, or on a version conflict.
 */
export const mergeBusinessUnit = defineRoute('mergeBusinessUnit', async ({ path, body, caller }) =>
  mergeBusinessUnits(path.id, body, caller),
);
