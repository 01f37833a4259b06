import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteDefinition } from '#shared/route-definition';
import { SingleTablePersistenceLayer } from '../data/idempotency.ts';
import { IdempotencyInProgressError, UnprocessableContentError } from './errors.ts';

/**
 * Idempotency keys of retried writes (issue 28 item 2; decision record 084): a route
 * with `idempotent: true` that receives an `Idempotency-Key` header runs its write
 * once per key, caller and route, and answers a retry with the first answer (status,
 * headers and body, plus `Idempotent-Replayed: true`). Built on Powertools'
 * `makeIdempotent` with its DynamoDB persistence layer on the single table
 * (`data/idempotency.ts`). The handler factory calls {@link runIdempotently} as the
 * last step of its chain, after access, validation (the header's syntax included) and
 * the rate limit, so a replay is counted against the rate limit like any request.
 * A group whose routes opt in passes it to `routeDefiner`; other groups never bundle it.
 */

/** Seconds a record is kept: a retry within a day of the first request gets the first answer. */
export const IDEMPOTENCY_RECORD_SECONDS = 24 * 60 * 60;

/** Retry-After of a 409 for a request still in progress, seconds. */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/** Message of the 422 for a key reused with a different request. */
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Send a new key with a new request.';

/** Message of the 409 for a key whose first request is still being processed. */
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed. Try again shortly.';

/** Header of a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** What {@link runIdempotently} needs of one request, besides the write to run. */
export interface IdempotentRequest {
  readonly route: Pick<RouteDefinition, 'operationId'>;
  readonly event: APIGatewayProxyEventV2;
  readonly context: Context | undefined;
  /** Who the key belongs to: `user:<id>` or, for a visitor, the rate limit's `address:<ip>` (`callerSubjectOf`). */
  readonly callerSubject: string;
}

/** A run of a route's write and its rendering: what the handler returns. */
export type RouteRun = () => Promise<APIGatewayProxyStructuredResultV2>;

/** The shape of {@link runIdempotently}, which `routeDefiner` takes as its `idempotency` option. */
export type IdempotencyRunner = (
  request: IdempotentRequest,
  run: RouteRun,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** What the library hashes: `key` names the record, `request` is what a retry must repeat. */
interface IdempotencyPayload {
  readonly key: { readonly caller: string; readonly key: string };
  readonly request: {
    readonly path: Record<string, string | undefined>;
    readonly query: string;
    readonly body: string | null;
  };
}

const stores = new Map<string, SingleTablePersistenceLayer>();

/** One persistence layer per route: the library configures a layer once and keeps a key prefix on it. */
function storeOf(operationId: string): SingleTablePersistenceLayer {
  let store = stores.get(operationId);
  if (!store) {
    store = new SingleTablePersistenceLayer();
    stores.set(operationId, store);
  }
  return store;
}

/** The request body as sent (base64 decoded), or null. */
function bodyText(event: APIGatewayProxyEventV2): string | null {
  if (event.body === undefined || event.body === '') return null;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * Runs `run` once per `Idempotency-Key`, caller and route; without the header it
 * simply runs it. The record's key is the route's operationId and the SHA-256 of the
 * caller and the client's key; the request it guards is the path parameters, query
 * and body as sent (its SHA-256 is kept). A run that throws leaves no record, so a
 * retry runs again (a 4xx writes nothing; a 5xx may be retried).
 * @returns the answer of the first run of this key (a replay carries `Idempotent-Replayed: true`).
 * @throws UnprocessableContentError (422) when the key was used for a different request;
 *   IdempotencyInProgressError (409, `Retry-After`) while the first request runs;
 *   whatever `run` throws; the library's persistence error when the table cannot be reached.
 */
export const runIdempotently: IdempotencyRunner = async ({ route, event, context, callerSubject }, run) => {
  const key = event.headers?.['idempotency-key'];
  if (key === undefined) return run();
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'request',
    expiresAfterSeconds: IDEMPOTENCY_RECORD_SECONDS,
    hashFunction: 'sha256',
    // The in-progress record expires with the invocation: a crashed run does not lock its key for a day.
    ...(context ? { lambdaContext: context } : {}),
    responseHook: (response) => {
      const answer = response as unknown as APIGatewayProxyStructuredResultV2;
      return { ...answer, headers: { ...answer.headers, [REPLAYED_HEADER]: 'true' } } as unknown as typeof response;
    },
  });
  const idempotent = makeIdempotent(async (_payload: IdempotencyPayload) => run(), {
    persistenceStore: storeOf(route.operationId),
    config,
    keyPrefix: route.operationId,
  });
  const payload: IdempotencyPayload = {
    key: { caller: callerSubject, key },
    request: { path: { ...event.pathParameters }, query: event.rawQueryString ?? '', body: bodyText(event) },
  };
  try {
    return await idempotent(payload);
  } catch (error) {
    if (error instanceof IdempotencyValidationError) throw new UnprocessableContentError(KEY_REUSED_MESSAGE);
    if (error instanceof IdempotencyAlreadyInProgressError) {
      throw new IdempotencyInProgressError(IN_PROGRESS_MESSAGE, IN_PROGRESS_RETRY_AFTER_SECONDS);
    }
    throw error;
  }
};
