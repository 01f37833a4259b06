import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of the coverage screens and the CAE worksheet, with their paths below
 * `/api/v1` (decision record 040): loaded with this feature's lazily loaded code, not with the
 * first render. An operation the first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`)
 * instead.
 */
export const CAE_COVERAGE_API_PATHS = {
  getContentCoverageReport: '/content-coverage/{idOrAlias+}',
  getCollectionCoverageReport: '/collections/{id}/coverage-report',
  getCollectionCaeWorksheet: '/collections/{id}/cae-worksheet',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link CAE_COVERAGE_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const caeCoverageApiUrl = apiUrlFor(CAE_COVERAGE_API_PATHS);
