import * as z from 'zod';
import { AcceptedClientError, CLIENT_ERROR_LIMITS, ClientErrorReport } from '../contracts/client-error.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The OpenAPI document itself: a JSON object (its own schema is the OpenAPI 3.1 specification). */
const OpenApiDocument = z
  .record(z.string(), z.unknown())
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document.' });

/** The routes of the `meta` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const META_ROUTES = [
  {
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: '/api/v1/openapi.json',
    group: 'meta',
    access: 'public',
    summary: 'The OpenAPI 3.1 document of this API, generated from the route table and its zod contracts.',
    request: {},
    response: OpenApiDocument,
    cacheSeconds: 300,
  },
  {
    operationId: 'reportClientError',
    method: 'POST',
    path: '/api/v1/client-errors',
    group: 'meta',
    access: 'public',
    summary:
      "Log an uncaught error or failed API call of the SPA as one structured event (scrubbed again of addresses' query strings, tokens and e-mail addresses; nothing stored); a token is optional; rate-limited per caller, body at most 16,384 bytes (spec §8; issue 21 item 24; decision record 037).",
    request: { body: ClientErrorReport },
    response: AcceptedClientError,
    successStatus: 202,
    errorStatuses: [413, 429],
    maxBodyBytes: CLIENT_ERROR_LIMITS.bodyMaxBytes,
  },
] as const satisfies readonly GroupRouteDefinition<'meta'>[];
