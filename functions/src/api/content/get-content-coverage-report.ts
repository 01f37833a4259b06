import { getContentCoverageReport as coverageOf } from '../../services/coverage.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/content-coverage/{idOrAlias+}` (issue 27 item 2; decision record 080):
 * the CAE and NICE coverage of an item and its descendants the caller may read; 404
 * as `getContent`.
 */
export const getContentCoverageReport = defineRoute('getContentCoverageReport', ({ path, caller }) =>
  coverageOf(path.idOrAlias, caller),
);
