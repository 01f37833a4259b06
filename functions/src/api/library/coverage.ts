import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { CAE_WORKSHEET_MEDIA_TYPE } from '#shared/contracts/coverage';
import type { RouteHandler } from '../../lib/handler.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import {
  type CaeWorksheetFile,
  collectionCaeWorksheet,
  getCollectionCoverageReport as coverageOf,
} from '../../services/coverage.ts';
import { defineRoute } from './define-route.ts';

/**
 * The coverage routes of collections (issue 27 items 2 and 3; decision record 080).
 */

/** `GET /api/v1/collections/{id}/coverage-report`: the CAE and NICE coverage of the items the caller may open. */
export const getCollectionCoverageReport = defineRoute('getCollectionCoverageReport', ({ path, caller }) =>
  coverageOf(path.id, caller),
);

/** The worksheets made by the JSON-checked route, handed to the binary answer by event. */
const worksheets = new WeakMap<APIGatewayProxyEventV2, CaeWorksheetFile>();

/**
 * Access, validation and error answers as every route (`defineRoute`); the body it
 * would answer (the file name, a string as the route's schema says) is replaced below.
 */
const checked = defineRoute('getCollectionCaeWorksheet', async ({ path, caller, event }) => {
  const file = await collectionCaeWorksheet(path.id, caller, siteOrigin(event));
  worksheets.set(event, file);
  return file.fileName;
});

/**
 * `GET /api/v1/collections/{id}/cae-worksheet` (issue 27 item 3): the xlsx as a
 * download — 200 with `content-type` {@link CAE_WORKSHEET_MEDIA_TYPE},
 * `content-disposition: attachment; filename="…"` (a safe ASCII name), the bytes
 * base64-encoded for API Gateway (`isBase64Encoded`), the cache rule of the route
 * (`no-store`: a collection may be private). Errors (404, 401 for a bad token)
 * answer JSON as every route.
 */
export const getCollectionCaeWorksheet: RouteHandler<'getCollectionCaeWorksheet'> = Object.assign(
  async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const answer = await checked(event, context);
    const file = worksheets.get(event);
    worksheets.delete(event);
    if (answer.statusCode !== 200 || !file) return answer;
    return {
      statusCode: 200,
      headers: {
        'content-type': CAE_WORKSHEET_MEDIA_TYPE,
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
      isBase64Encoded: true,
      body: file.bytes.toString('base64'),
    };
  },
  { operationId: 'getCollectionCaeWorksheet' as const, route: checked.route },
);
