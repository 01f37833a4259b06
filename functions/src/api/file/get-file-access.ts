import { getUserAccount } from '../../data/users.ts';
import { fileAccessOf } from '../../domain/download-rights.ts';
import { brandOf } from '../../domain/entitlement.ts';
import { defineRoute } from '../../lib/handler.ts';

/**
 * `GET /api/v1/file-access` (spec §1, §6 "View files", "View lesson files"; decision
 * record 022): whether the caller may download courseware files and lesson files on
 * this brand and, when not courseware files, the reason to show instead of download
 * buttons (`DOWNLOAD_REFUSALS`). The account is read only for a refusal.
 */
export const getFileAccess = defineRoute('getFileAccess', async ({ caller }) =>
  fileAccessOf(caller?.principal ?? null, brandOf(), async () =>
    caller ? ((await getUserAccount(caller.sub))?.user ?? null) : null,
  ),
);
