import { getImport, listImports, previewImport, runImport } from '../../services/user-imports.ts';
import { defineRoute } from './define-route.ts';

/**
 * The user-import routes (spec §3 "User import", §5 "File picker and user import", §6
 * "import"; issue 11 item 4; decision record 030): thin adapters over
 * `services/user-imports.ts`, which previews a CSV, runs it as invitations and reads
 * the stored imports of the organizations the caller's `importUsers` claim covers.
 */

/** `POST /api/v1/user-imports/preview`: every row with its verdict and reasons; writes nothing. */
export const previewUserImport = defineRoute('previewUserImport', async ({ body, caller }) =>
  previewImport(body, caller),
);

/** `POST /api/v1/user-imports`: the import as invitations, all or nothing or valid rows only. */
export const runUserImport = defineRoute('runUserImport', async ({ body, caller }) => runImport(body, caller));

/** `GET /api/v1/user-imports`: newest first, of the organizations the caller's claim covers, without rows. */
export const listUserImports = defineRoute('listUserImports', async ({ query, caller }) => listImports(caller, query));

/** `GET /api/v1/user-imports/{id}`: one import with every row; 404 outside the caller's organizations. */
export const getUserImport = defineRoute('getUserImport', async ({ path, caller }) => getImport(path.id, caller));
