import { defineRoute } from './define-route.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

// Built on first request and kept for the life of the container: the routes cannot change.
let document: Record<string, unknown> | undefined;

/** `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of this API. */
export const getOpenApiDocument = defineRoute('getOpenApiDocument', async () => {
  document ??= buildOpenApiDocument();
  return document;
});
