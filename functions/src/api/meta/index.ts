import { META_ROUTES } from '#shared/routes/meta';
import { createGroupHandler } from '../../lib/group.ts';
import { getOpenApiDocument } from './get-openapi-document.ts';
import { reportClientError } from './report-client-error.ts';

/**
 * Lambda entry of the `meta` group (decision record 003): the API's own description,
 * and the SPA's client error reports (issue 21 item 24; decision record 037).
 */
export const handler = createGroupHandler(META_ROUTES, { getOpenApiDocument, reportClientError });
