import { createGroupHandler } from '../../lib/group.ts';
import { getOpenApiDocument } from './get-openapi-document.ts';

/** Lambda entry of the `meta` group (decision record 003): the API's own description. */
export const handler = createGroupHandler('meta', { getOpenApiDocument });
