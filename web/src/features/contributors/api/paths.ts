import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of the contributors list, with their paths below `/api/v1` (decision record
 * 040): loaded with this feature's lazily loaded code, not with the first render. An operation
 * the first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`) instead.
 */
export const CONTRIBUTORS_API_PATHS = {
  listContributors: '/contributors',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link CONTRIBUTORS_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const contributorsApiUrl = apiUrlFor(CONTRIBUTORS_API_PATHS);
