import { withCurrentBusinessUnit } from '../../data/business-units.ts';
import { getUsersByIds } from '../../data/users.ts';
import { fileAccessOf } from '../../domain/download-rights.ts';
import { deploymentBrand } from '../../lib/deployment.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/file-access` (spec §1, §6 "View files", "View lesson files"; decision
 * record 022): whether the caller may download courseware files and lesson files on
 * this brand and, when not courseware files, the reason to show instead of download
 * buttons (`DOWNLOAD_REFUSALS`). The user and their business unit (as stored now)
 * are read only for a refusal.
 */
export const getFileAccess = defineRoute('getFileAccess', async ({ caller }) =>
  fileAccessOf(caller?.principal ?? null, deploymentBrand(), async () =>
    caller ? await currentUser(caller.sub) : null,
  ),
);

/** The user with their business unit as stored now (decision record 030), or null when gone. */
async function currentUser(userId: string) {
  const [record] = await getUsersByIds([userId]);
  return record ? (await withCurrentBusinessUnit({ user: record })).user : null;
}
