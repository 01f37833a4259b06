import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { CLAIM_TYPES, FILE_SCOPES } from '#shared/capabilities';
import type { Claim } from '#shared/contracts/identity';
import { createUserAccount } from '../data/users.ts';
import { newId } from '../domain/ids.ts';
import { signPortalToken } from '../lib/auth/portal-tokens.ts';
import { studentTokenInput } from '../lib/auth/test-support.ts';
import type { GroupHandler } from '../lib/group.ts';
import type { Caller } from '../lib/handler.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from './events.ts';
import { lambdaContext } from './stack.ts';

/**
 * Test support for the library group's integration tests (issue 26 items 2 and 5): a
 * stored user with a portal token, the caller a use case receives for them, and a
 * call of the group's Lambda entry with an event sample of `events/library/`.
 */

/** The claim that lets a reader view and download courseware files (spec §6 `viewFiles`: scoped file, any, courseware). */
export const VIEW_COURSEWARE_FILES: Claim = {
  type: CLAIM_TYPES.scopedFile,
  value: 'any',
  scopes: [FILE_SCOPES.courseware],
};

/** A stored user, their display name and a portal token of theirs. */
export interface TestPerson {
  readonly id: string;
  readonly name: string;
  readonly token: string;
  readonly claims: readonly Claim[];
}

/** Stores a user named `name` (USCR, the USER role and `claims`, one welcome message) and signs a token. */
export async function storedPerson(name: string, claims: readonly Claim[]): Promise<TestPerson> {
  const id = newId();
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${id.slice(-6).toLowerCase()}@example.edu`;
  await createUserAccount({
    user: {
      id,
      displayName: name,
      email,
      picture: null,
      businessUnitId: null,
      businessUnit: null,
      ranges: ['USCR'],
      createdTimestamp: '2026-01-05T09:00:00.000Z',
    },
    claims: [{ type: CLAIM_TYPES.role, value: 'USER' }, ...claims],
    subscriptions: ['coursewareFeature'],
    messages: [{ id: newId(), message: `Welcome, ${name}`, link: '/courseware' }],
    organizations: [],
    identities: [],
  });
  const token = await signPortalToken(studentTokenInput({ userId: id, displayName: name, email, claims: [...claims] }));
  return { id, name, token, claims };
}

/** The caller a use case receives for `who` (as the route would pass it). */
export function callerOf(who: TestPerson): NonNullable<Caller> {
  return {
    sub: who.id,
    principal: { roles: ['USER'], claims: [...who.claims], subscriptions: ['coursewareFeature'] },
    claims: { displayName: who.name },
  } as unknown as NonNullable<Caller>;
}

/** What {@link callLibrary} sends besides the event: path parameters, query, JSON body. */
export interface LibraryCallOptions {
  readonly path?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
}

/**
 * Calls `handler` (the library group's entry) with the event sample `library/<name>`,
 * as `who` (a visitor when null). Answers the status and the parsed JSON body.
 */
export async function callLibrary(
  handler: GroupHandler,
  who: TestPerson | null,
  name: string,
  options: LibraryCallOptions = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  let event: APIGatewayProxyEventV2 = loadEvent(`library/${name}`);
  if (options.path) event = withPathParameters(event, options.path);
  if (options.query) event = withQuery(event, options.query);
  if (options.body !== undefined) event = { ...event, body: JSON.stringify(options.body) };
  if (who) event = withHeaders(event, { authorization: `Bearer ${who.token}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

/**
 * The caller a use case receives for a reader who is not stored: the USER role with
 * {@link VIEW_COURSEWARE_FILES} (faculty who may download), subject `sub`, named `displayName`.
 */
export function fileReaderCaller(sub: string, displayName: string): NonNullable<Caller> {
  return {
    sub,
    principal: { roles: ['USER'], claims: [VIEW_COURSEWARE_FILES], subscriptions: ['coursewareFeature'] },
    claims: { displayName },
  } as unknown as NonNullable<Caller>;
}
