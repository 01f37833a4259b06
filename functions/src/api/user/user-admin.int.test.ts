import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { AllOrganizationsPage, type AuditEvent, AuditEventPage, UserDetail } from '#shared/contracts/administration';
import type { ErrorBody } from '#shared/contracts/common';
import { type Claim, COURSEWARE_FEATURE, USER_ROLE, UserPage } from '#shared/contracts/identity';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { listAuditEvents as readAuditLog } from '../../data/audit.ts';
import { businessUnitItemOf, createBusinessUnit } from '../../data/business-units.ts';
import { addOrganizationMember, listOrganizationMembers } from '../../data/courses.ts';
import { queryPage, tableName } from '../../data/dynamo.ts';
import { businessUnitUsersPartition } from '../../data/keys.ts';
import { createOrganization } from '../../data/organizations.ts';
import { createUserAccount, getUserAccount, replaceUserRights, type UserRecord } from '../../data/users.ts';
import { newId } from '../../domain/ids.ts';
import { SELF_LOCKOUT_MESSAGES } from '../../domain/user-rights.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { portalTokenTestEnv, resetPortalTokenCaches, studentTokenInput } from '../../lib/auth/test-support.ts';
import { ConflictError } from '../../lib/errors.ts';
import { loadEvent } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { authenticate } from '../authentication/authenticate.ts';
import { listAllOrganizations } from '../organization/list-all-organizations.ts';
import { getUser } from './get-user.ts';
import { listAuditEvents } from './list-audit-events.ts';
import { listUsers } from './list-users.ts';
import { moveUserBusinessUnit } from './move-user-business-unit.ts';
import { moveUserOrganization } from './move-user-organization.ts';
import { updateUserRights } from './update-user-rights.ts';

/**
 * User administration and the audit log (issue 11 item 2) against the embedded
 * emulators: search, a user's detail, rights edits, business-unit and team moves,
 * each version-checked and audited in the same transaction, and the audit log.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

const api = (value: string): Claim => ({ type: CLAIM_TYPES.api, value });
const ROLE_USER: Claim = { type: CLAIM_TYPES.role, value: USER_ROLE };
const ADMIN_CLAIMS: Claim[] = [
  ROLE_USER,
  api(API_CLAIMS.listUsers),
  api(API_CLAIMS.manageUsers),
  api(API_CLAIMS.readAuditLog),
  api(API_CLAIMS.impersonateUsers),
];
const STUDENT_CLAIMS: Claim[] = [ROLE_USER, { type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] }];

const admin = { id: newId(), name: 'Ada Admin', token: '' };
/** A second administrator, impersonated by Ada in one test. */
const deputy = { id: newId(), name: 'Dee Deputy', token: '' };
const units = { a: newId(), b: newId(), merged: newId() };
const organizations = {
  x: { id: newId(), name: 'Alpha College courses', businessUnitId: null },
  y: { id: newId(), name: 'Beta University courses', businessUnitId: null },
  z: { id: newId(), name: 'Gamma Institute courses', businessUnitId: null },
};

/** Creates a user with `claims`, the coursewareFeature subscription and optional memberships; answers its id. */
async function newUser(
  name: string,
  email: string | null,
  claims: Claim[] = STUDENT_CLAIMS,
  memberships: { id: string; name: string; roles: string[] }[] = [],
  id = newId(),
): Promise<string> {
  await createUserAccount({
    user: {
      id,
      displayName: name,
      email,
      picture: null,
      businessUnitId: null,
      businessUnit: null,
      ranges: ['USCR'],
      createdTimestamp: new Date().toISOString(),
    },
    claims,
    subscriptions: [COURSEWARE_FEATURE],
    messages: [],
    organizations: memberships,
    identities: [],
  });
  for (const membership of memberships) {
    await addOrganizationMember(membership.id, { userId: id, roles: membership.roles });
  }
  return id;
}

/**
 * Signs the administrator and the deputy (who impersonates with the administrator as
 * `act`) in with their session epochs as stored now (decision record 032).
 */
async function signInAdministrators(): Promise<void> {
  const epochOf = async (id: string) => (await getUserAccount(id, { consistent: true }))?.sessionEpoch ?? 0;
  const adminEpoch = await epochOf(admin.id);
  admin.token = await signPortalToken(
    studentTokenInput({ userId: admin.id, displayName: admin.name, claims: ADMIN_CLAIMS, sessionEpoch: adminEpoch }),
  );
  deputy.token = await signPortalToken(
    studentTokenInput({
      userId: deputy.id,
      displayName: deputy.name,
      claims: ADMIN_CLAIMS,
      sessionEpoch: await epochOf(deputy.id),
      actorUserId: admin.id,
      actorSessionEpoch: adminEpoch,
    }),
  );
}

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv(), { BRAND: 'USCR' });
  resetPortalTokenCaches();
  await newUser(admin.name, 'ada.admin@example.org', ADMIN_CLAIMS, [], admin.id);
  await newUser(deputy.name, 'dee.deputy@example.org', ADMIN_CLAIMS, [], deputy.id);
  await signInAdministrators();
  const unit = (id: string, name: string) => ({
    id,
    name,
    category: 'university' as const,
    state: 'VA',
    region: 'Northern Virginia',
    public: true,
    eligibleBrands: ['VACR' as const],
  });
  await createBusinessUnit(unit(units.a, 'Alpha University'));
  await createBusinessUnit(unit(units.b, 'Beta University'));
  const merged = businessUnitItemOf(unit(units.merged, 'Alpha Univ. (duplicate)'), new Date());
  await dynamoDocumentClient.send(
    new PutCommand({ TableName: tableName(), Item: { ...merged, mergedIntoId: units.a } }),
  );
  for (const organization of Object.values(organizations)) await createOrganization(organization);
});

afterAll(async () => {
  await stack?.stop();
});

type Handler = (
  event: APIGatewayProxyEventV2,
  context: ReturnType<typeof lambdaContext>,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Calls a route handler with an event as API Gateway delivers it. */
async function call(
  handler: Handler,
  options: {
    method?: string;
    path?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    token?: string | null;
  } = {},
): Promise<{ status: number; body: unknown }> {
  const base = loadEvent('user/list-users');
  const token = options.token === undefined ? admin.token : options.token;
  const query = options.query ?? {};
  const rawQueryString = new URLSearchParams(query).toString();
  const event: APIGatewayProxyEventV2 = {
    ...base,
    rawQueryString,
    ...(rawQueryString ? { queryStringParameters: query } : { queryStringParameters: undefined }),
    ...(options.path ? { pathParameters: options.path } : {}),
    headers: {
      ...base.headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    requestContext: { ...base.requestContext, http: { ...base.requestContext.http, method: options.method ?? 'GET' } },
  };
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: JSON.parse(String(result.body)) };
}

const errorsOf = (body: unknown) => (body as ErrorBody).errors ?? [];
const eventsOf = async (targetId: string): Promise<AuditEvent[]> =>
  (await readAuditLog({ targetId, limit: 100 })).items;
const detailOf = async (id: string) => UserDetail.parse((await call(getUser, { path: { id } })).body);

describe('GET /api/v1/users with q', () => {
  it('finds users by any part of the name or e-mail, case-insensitively, and pages through the matches', async () => {
    // Prepare
    const byName = await newUser('Quinn Zephyrsearch', 'quinn@example.org');
    const byEmail = await newUser('Rory Other', 'rory.ZEPHYRSEARCH@example.org');
    await newUser('Sam Elsewhere', 'sam@example.org');
    // Act
    const first = await call(listUsers, { query: { q: 'zephyrSEARCH', limit: '1' } });
    const found = [...UserPage.parse(first.body).items];
    let token = UserPage.parse(first.body).nextPageToken;
    for (let pages = 1; token !== null && pages < 10; pages += 1) {
      const page = UserPage.parse(
        (await call(listUsers, { query: { q: 'zephyrSEARCH', limit: '1', pageToken: token } })).body,
      );
      found.push(...page.items);
      token = page.nextPageToken;
    }
    // Assess
    expect(first.status).toBe(200);
    expect(found.map((user) => user.id)).toEqual([byName, byEmail]);
    expect(token).toBeNull();
    expect(found[0]).toMatchObject({ displayName: 'Quinn Zephyrsearch', businessUnitName: null });
  });

  it('answers 400 at query.q for one character, and 401/403 without the capability', async () => {
    const short = await call(listUsers, { query: { q: 'z' } });
    expect(short.status).toBe(400);
    expect(errorsOf(short.body)).toContainEqual({ path: 'query.q', message: 'Type at least 2 characters.' });
    expect((await call(listUsers, { token: null })).status).toBe(401);
    const student = await signPortalToken(studentTokenInput());
    expect((await call(listUsers, { token: student })).status).toBe(403);
  });
});

describe('GET /api/v1/users/{id}', () => {
  it('answers the user with claims grouped as stored, subscriptions, organizations and version', async () => {
    const id = await newUser('Uma Detail', 'uma@example.org', STUDENT_CLAIMS, [
      { id: organizations.x.id, name: organizations.x.name, roles: ['student'] },
    ]);
    const result = await call(getUser, { path: { id } });
    expect(result.status).toBe(200);
    expect(UserDetail.parse(result.body)).toEqual({
      id,
      displayName: 'Uma Detail',
      email: 'uma@example.org',
      picture: null,
      businessUnit: null,
      ranges: ['USCR'],
      roles: [USER_ROLE],
      claims: expect.arrayContaining(STUDENT_CLAIMS),
      subscriptions: [COURSEWARE_FEATURE],
      organizations: [{ id: organizations.x.id, name: organizations.x.name, roles: ['student'] }],
      createdTimestamp: expect.any(String),
      version: 1,
    });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await call(getUser, { path: { id: newId() } })).status).toBe(404);
    const malformed = await call(getUser, { path: { id: 'not-an-id' } });
    expect(malformed.status).toBe(400);
    expect(errorsOf(malformed.body)[0]?.path).toBe('path.id');
  });
});

describe('PUT /api/v1/users/{id}/rights', () => {
  const rightsOf = (version: number, claims: Claim[], subscriptions = [COURSEWARE_FEATURE]) => ({
    version,
    claims,
    subscriptions,
    ranges: ['USCR', 'VACR'],
  });

  it('replaces claims, subscriptions and ranges with exactly one audit event of before and after', async () => {
    // Prepare
    const id = await newUser('Vic Rights', 'vic@example.org');
    const claims: Claim[] = [
      ROLE_USER,
      { type: CLAIM_TYPES.role, value: 'EDITOR' },
      { type: 'scoped-file', value: 'any', scopes: ['courseware'] },
      api(API_CLAIMS.updateContent),
    ];
    // Act
    const result = await call(updateUserRights, {
      method: 'PUT',
      path: { id },
      body: rightsOf(1, claims, [COURSEWARE_FEATURE, 'adminFeature']),
    });
    // Assess
    expect(result.status).toBe(200);
    const detail = UserDetail.parse(result.body);
    expect(detail.version).toBe(2);
    expect(new Set(detail.roles)).toEqual(new Set([USER_ROLE, 'EDITOR']));
    const stored = await getUserAccount(id);
    expect(new Set(stored?.claims.map((claim) => JSON.stringify(claim)))).toEqual(
      new Set(claims.map((claim) => JSON.stringify(claim))),
    );
    expect(stored?.subscriptions).toEqual(['adminFeature', COURSEWARE_FEATURE]);
    expect(stored?.user.ranges).toEqual(['USCR', 'VACR']);
    expect(stored?.version).toBe(2);
    expect(await detailOf(id)).toEqual(detail);
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'user.rights.update',
      actor: { id: admin.id, displayName: admin.name, impersonatorId: null },
      target: { type: 'user', id, name: 'Vic Rights' },
      before: {
        roles: [USER_ROLE],
        claims: [ROLE_USER, { type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] }],
        subscriptions: [COURSEWARE_FEATURE],
        ranges: ['USCR'],
      },
      after: {
        roles: ['EDITOR', USER_ROLE],
        claims: [
          api(API_CLAIMS.updateContent),
          { type: CLAIM_TYPES.role, value: 'EDITOR' },
          ROLE_USER,
          { type: 'scoped-file', value: 'any', scopes: ['courseware'] },
        ],
        subscriptions: ['adminFeature', COURSEWARE_FEATURE],
        ranges: ['USCR', 'VACR'],
      },
    });
  });

  it('answers 409 "User changed meanwhile." for a stale version and writes nothing, no event either', async () => {
    const id = await newUser('Wes Stale', 'wes@example.org');
    const before = await getUserAccount(id);
    const result = await call(updateUserRights, { method: 'PUT', path: { id }, body: rightsOf(7, [ROLE_USER]) });
    expect(result.status).toBe(409);
    expect((result.body as ErrorBody).message).toBe('User changed meanwhile.');
    expect(await getUserAccount(id)).toEqual(before);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('loses a race inside the transaction whole: the version moved after the read, nothing and no event is written', async () => {
    const id = await newUser('Xan Race', 'xan@example.org');
    const read = await getUserAccount(id, { consistent: true });
    if (!read) throw new Error('user');
    const first = await call(updateUserRights, { method: 'PUT', path: { id }, body: rightsOf(1, [ROLE_USER]) });
    expect(first.status).toBe(200);
    const afterFirst = await getUserAccount(id);
    const event = {
      id: newId(),
      timestamp: new Date().toISOString(),
      action: 'user.rights.update' as const,
      actor: { id: admin.id, displayName: admin.name, impersonatorId: null },
      target: { type: 'user' as const, id, name: 'Xan Race' },
      before: null,
      after: null,
    };
    await expect(
      replaceUserRights(read, { claims: STUDENT_CLAIMS, subscriptions: [], ranges: ['VACR'] }, event),
    ).rejects.toThrow(new ConflictError('User changed meanwhile.'));
    expect(await getUserAccount(id)).toEqual(afterFirst);
    expect((await eventsOf(id)).map((item) => item.id)).not.toContain(event.id);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('answers 400 with field paths for a claim named twice, # and * in keys, and a change beyond one transaction', async () => {
    const id = await newUser('Yara Invalid', 'yara@example.org');
    const twice = await call(updateUserRights, {
      method: 'PUT',
      path: { id },
      body: rightsOf(1, [
        ROLE_USER,
        { type: 'api', value: 'a#b' },
        { type: 'scoped-file', value: 'any', scopes: ['*'] },
        ROLE_USER,
      ]),
    });
    expect(twice.status).toBe(400);
    expect(errorsOf(twice.body).map((error) => error.path)).toEqual([
      'body.claims.1.value',
      'body.claims.2.scopes.0',
      'body.claims.3',
    ]);
    const wide = Array.from({ length: 50 }, (_, index) => ({
      type: 'scoped-file',
      value: `v${index}`,
      scopes: ['courseware', 'lesson'],
    }));
    const tooMany = await call(updateUserRights, {
      method: 'PUT',
      path: { id },
      body: rightsOf(1, [ROLE_USER, ...wide]),
    });
    expect(tooMany.status).toBe(400);
    expect(errorsOf(tooMany.body)).toEqual([
      {
        path: 'body.claims',
        message: expect.stringMatching(/^This change writes 104 items; one transaction takes at most 100/),
      },
    ]);
    const noVersion = await call(updateUserRights, {
      method: 'PUT',
      path: { id },
      body: { claims: [], subscriptions: [], ranges: [] },
    });
    expect(noVersion.status).toBe(400);
    expect(errorsOf(noVersion.body)).toContainEqual({ path: 'body.version', message: 'Is required.' });
    expect(await eventsOf(id)).toEqual([]);
    expect((await getUserAccount(id))?.version).toBe(1);
  });

  it('answers 404 for a user that does not exist', async () => {
    const result = await call(updateUserRights, {
      method: 'PUT',
      path: { id: newId() },
      body: rightsOf(1, [ROLE_USER]),
    });
    expect(result.status).toBe(404);
    expect((result.body as ErrorBody).message).toBe('User does not exist.');
  });

  it('refuses an administrator removing their own put_v1_users claim or USER role', async () => {
    const version = (await getUserAccount(admin.id))?.version ?? 0;
    const withoutManage = ADMIN_CLAIMS.filter((claim) => claim.value !== API_CLAIMS.manageUsers);
    const lockedOut = await call(updateUserRights, {
      method: 'PUT',
      path: { id: admin.id },
      body: rightsOf(version, withoutManage),
    });
    expect(lockedOut.status).toBe(400);
    expect(errorsOf(lockedOut.body)).toEqual([{ path: 'body.claims', message: SELF_LOCKOUT_MESSAGES.manageUsers }]);
    const withoutUser = ADMIN_CLAIMS.filter((claim) => claim.type !== CLAIM_TYPES.role);
    const noRole = await call(updateUserRights, {
      method: 'PUT',
      path: { id: admin.id },
      body: rightsOf(version, withoutUser),
    });
    expect(noRole.status).toBe(400);
    expect(errorsOf(noRole.body)).toEqual([{ path: 'body.claims', message: SELF_LOCKOUT_MESSAGES.userRole }]);
    const scoped = ADMIN_CLAIMS.map((claim) =>
      claim.value === API_CLAIMS.manageUsers ? { ...claim, scopes: ['some-organization'] } : claim,
    );
    expect(
      (await call(updateUserRights, { method: 'PUT', path: { id: admin.id }, body: rightsOf(version, scoped) })).status,
    ).toBe(400);
    // Keeping the way in, an administrator may edit their own rights.
    const kept = await call(updateUserRights, {
      method: 'PUT',
      path: { id: admin.id },
      body: rightsOf(version, [...ADMIN_CLAIMS, { type: CLAIM_TYPES.role, value: 'ADMIN' }]),
    });
    expect(kept.status).toBe(200);
    expect(await eventsOf(admin.id)).toHaveLength(1);
    // Their own change ended the administrator's sessions (decision record 032): sign in again.
    expect((await call(getUser, { path: { id: admin.id } })).status).toBe(401);
    await signInAdministrators();
  });

  it('records the impersonating administrator as impersonatorId', async () => {
    const id = await newUser('Zoe Impersonated Edit', 'zoe@example.org');
    const result = await call(updateUserRights, {
      method: 'PUT',
      path: { id },
      token: deputy.token,
      body: rightsOf(1, [ROLE_USER]),
    });
    expect(result.status).toBe(200);
    const [event] = await eventsOf(id);
    expect(event?.actor).toEqual({ id: deputy.id, displayName: deputy.name, impersonatorId: admin.id });
  });

  it('answers 403 without put_v1_users, even with get_v1_users', async () => {
    const id = await newUser('Abe Untouched', 'abe@example.org');
    const reader = await signPortalToken(studentTokenInput({ claims: [api(API_CLAIMS.listUsers)] }));
    const result = await call(updateUserRights, {
      method: 'PUT',
      path: { id },
      token: reader,
      body: rightsOf(1, [ROLE_USER]),
    });
    expect(result.status).toBe(403);
    expect(await eventsOf(id)).toEqual([]);
  });
});

describe('PUT /api/v1/users/{id}/business-unit', () => {
  const usersOfUnit = async (unitId: string) =>
    (
      await queryPage<UserRecord>({ index: 'gsi2', partitions: [businessUnitUsersPartition(unitId)], limit: 100 })
    ).items.map((user) => user.id);

  it('moves a user into a unit and out again, keeping the users-by-unit index true, one event each', async () => {
    const id = await newUser('Bo Mover', 'bo@example.org');
    const into = await call(moveUserBusinessUnit, {
      method: 'PUT',
      path: { id },
      body: { version: 1, businessUnitId: units.a },
    });
    expect(into.status).toBe(200);
    expect(UserDetail.parse(into.body)).toMatchObject({
      businessUnit: { id: units.a, name: 'Alpha University' },
      version: 2,
    });
    expect((await getUserAccount(id))?.user.businessUnit).toEqual({
      id: units.a,
      name: 'Alpha University',
      state: 'VA',
      public: true,
      eligibleBrands: ['VACR'],
    });
    expect(await usersOfUnit(units.a)).toContain(id);
    const listed = UserPage.parse((await call(listUsers, { query: { q: 'bo mover' } })).body).items;
    expect(listed).toEqual([
      expect.objectContaining({ id, businessUnitId: units.a, businessUnitName: 'Alpha University' }),
    ]);

    const out = await call(moveUserBusinessUnit, {
      method: 'PUT',
      path: { id },
      body: { version: 2, businessUnitId: null },
    });
    expect(out.status).toBe(200);
    expect(UserDetail.parse(out.body).businessUnit).toBeNull();
    expect(await usersOfUnit(units.a)).not.toContain(id);
    const events = await eventsOf(id);
    expect(events.map((event) => [event.action, event.before, event.after])).toEqual([
      ['user.businessUnit.move', { businessUnit: { id: units.a, name: 'Alpha University' } }, { businessUnit: null }],
      ['user.businessUnit.move', { businessUnit: null }, { businessUnit: { id: units.a, name: 'Alpha University' } }],
    ]);
  });

  it('answers 404 for an unknown unit or user, 400 for a merged unit and 409 for a stale version, writing nothing', async () => {
    const id = await newUser('Cy Refused', 'cy@example.org');
    const unknownUnit = await call(moveUserBusinessUnit, {
      method: 'PUT',
      path: { id },
      body: { version: 1, businessUnitId: newId() },
    });
    expect(unknownUnit.status).toBe(404);
    const unknownUser = await call(moveUserBusinessUnit, {
      method: 'PUT',
      path: { id: newId() },
      body: { version: 1, businessUnitId: units.a },
    });
    expect(unknownUser.status).toBe(404);
    const merged = await call(moveUserBusinessUnit, {
      method: 'PUT',
      path: { id },
      body: { version: 1, businessUnitId: units.merged },
    });
    expect(merged.status).toBe(400);
    expect(errorsOf(merged.body)[0]?.path).toBe('body.businessUnitId');
    const stale = await call(moveUserBusinessUnit, {
      method: 'PUT',
      path: { id },
      body: { version: 3, businessUnitId: units.b },
    });
    expect(stale.status).toBe(409);
    expect((await getUserAccount(id))?.user.businessUnitId).toBeNull();
    expect(await usersOfUnit(units.b)).not.toContain(id);
    expect(await eventsOf(id)).toEqual([]);
  });
});

describe('PUT /api/v1/users/{id}/organization (move team)', () => {
  const rosterOf = async (organizationId: string) =>
    (await listOrganizationMembers(organizationId)).map((member) => member.userId);

  it('leaves one team and joins another on both sides, with one event of the memberships before and after', async () => {
    // Prepare
    const id = await newUser('Di Team', 'di@example.org', STUDENT_CLAIMS, [
      { id: organizations.x.id, name: organizations.x.name, roles: ['student'] },
    ]);
    expect(await rosterOf(organizations.x.id)).toContain(id);
    // Act
    const result = await call(moveUserOrganization, {
      method: 'PUT',
      path: { id },
      body: {
        version: 1,
        fromOrganizationId: organizations.x.id,
        toOrganizationId: organizations.y.id,
        roles: ['organization instructor'],
      },
    });
    // Assess
    expect(result.status).toBe(200);
    expect(UserDetail.parse(result.body).organizations).toEqual([
      { id: organizations.y.id, name: organizations.y.name, roles: ['organization instructor'] },
    ]);
    expect((await getUserAccount(id))?.organizations).toEqual([
      { id: organizations.y.id, name: organizations.y.name, roles: ['organization instructor'] },
    ]);
    expect(await rosterOf(organizations.x.id)).not.toContain(id);
    expect(await listOrganizationMembers(organizations.y.id)).toContainEqual({
      userId: id,
      roles: ['organization instructor'],
    });
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'user.organization.move',
      before: { organizations: [{ id: organizations.x.id, name: organizations.x.name, roles: ['student'] }] },
      after: {
        organizations: [{ id: organizations.y.id, name: organizations.y.name, roles: ['organization instructor'] }],
      },
    });
  });

  it('joins without leaving, and changes the roles when moving from a team to itself', async () => {
    const id = await newUser('Ed Joiner', 'ed@example.org', STUDENT_CLAIMS, [
      { id: organizations.x.id, name: organizations.x.name, roles: ['student'] },
    ]);
    const join = await call(moveUserOrganization, {
      method: 'PUT',
      path: { id },
      body: { version: 1, fromOrganizationId: null, toOrganizationId: organizations.z.id, roles: ['student'] },
    });
    expect(join.status).toBe(200);
    expect(UserDetail.parse(join.body).organizations.map((membership) => membership.id)).toEqual([
      organizations.x.id,
      organizations.z.id,
    ]);
    const promote = await call(moveUserOrganization, {
      method: 'PUT',
      path: { id },
      body: {
        version: 2,
        fromOrganizationId: organizations.z.id,
        toOrganizationId: organizations.z.id,
        roles: ['organization admin'],
      },
    });
    expect(promote.status).toBe(200);
    expect(await listOrganizationMembers(organizations.z.id)).toContainEqual({
      userId: id,
      roles: ['organization admin'],
    });
    expect(await rosterOf(organizations.x.id)).toContain(id);
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('answers 400 for a team the user is not in or is in already, 404 for an unknown team, 409 for a stale version', async () => {
    const id = await newUser('Flo Refused', 'flo@example.org', STUDENT_CLAIMS, [
      { id: organizations.x.id, name: organizations.x.name, roles: ['student'] },
    ]);
    const move = (body: Record<string, unknown>) =>
      call(moveUserOrganization, { method: 'PUT', path: { id }, body: { version: 1, roles: ['student'], ...body } });
    const notMember = await move({ fromOrganizationId: organizations.y.id, toOrganizationId: organizations.z.id });
    expect(notMember.status).toBe(400);
    expect(errorsOf(notMember.body)[0]?.path).toBe('body.fromOrganizationId');
    const already = await move({ fromOrganizationId: null, toOrganizationId: organizations.x.id });
    expect(already.status).toBe(400);
    expect(errorsOf(already.body)[0]?.path).toBe('body.toOrganizationId');
    expect((await move({ fromOrganizationId: null, toOrganizationId: newId() })).status).toBe(404);
    const badRole = await move({ fromOrganizationId: null, toOrganizationId: organizations.y.id, roles: ['owner'] });
    expect(badRole.status).toBe(400);
    expect(errorsOf(badRole.body)[0]?.path).toBe('body.roles.0');
    const stale = await move({
      version: 5,
      fromOrganizationId: organizations.x.id,
      toOrganizationId: organizations.y.id,
    });
    expect(stale.status).toBe(409);
    expect((await getUserAccount(id))?.organizations.map((membership) => membership.id)).toEqual([organizations.x.id]);
    expect(await rosterOf(organizations.x.id)).toContain(id);
    expect(await rosterOf(organizations.y.id)).not.toContain(id);
    expect(await eventsOf(id)).toEqual([]);
  });
});

describe('GET /api/v1/audit-events', () => {
  it('lists the whole log newest first, pages by token, and narrows to one target', async () => {
    const id = await newUser('Gus Audited', 'gus@example.org');
    for (const [version, businessUnitId] of [
      [1, units.a],
      [2, units.b],
      [3, null],
    ] as const) {
      const moved = await call(moveUserBusinessUnit, {
        method: 'PUT',
        path: { id },
        body: { version, businessUnitId },
      });
      expect(moved.status).toBe(200);
    }
    const first = AuditEventPage.parse((await call(listAuditEvents, { query: { limit: '2' } })).body);
    const second = AuditEventPage.parse(
      (await call(listAuditEvents, { query: { limit: '2', pageToken: first.nextPageToken ?? '' } })).body,
    );
    const newest = [...first.items, ...second.items];
    expect(newest.slice(0, 3).map((event) => event.after)).toEqual([
      { businessUnit: null },
      { businessUnit: { id: units.b, name: 'Beta University' } },
      { businessUnit: { id: units.a, name: 'Alpha University' } },
    ]);
    const timestamps = newest.map((event) => event.timestamp);
    expect(timestamps).toEqual([...timestamps].sort().reverse());
    const narrowed = AuditEventPage.parse((await call(listAuditEvents, { query: { targetId: id } })).body);
    expect(narrowed.items.map((event) => event.target.id)).toEqual([id, id, id]);
  });

  it('answers 400 for a forged page token or a bad target id, 403 without get_v1_audit_events', async () => {
    expect((await call(listAuditEvents, { query: { pageToken: 'forged' } })).status).toBe(400);
    expect((await call(listAuditEvents, { query: { targetId: 'x' } })).status).toBe(400);
    const reader = await signPortalToken(studentTokenInput({ claims: [api(API_CLAIMS.listUsers)] }));
    expect((await call(listAuditEvents, { token: reader })).status).toBe(403);
  });

  it('records the start of an impersonation: the administrator as actor, the impersonated user as target', async () => {
    const id = await newUser('Hal Impersonated', 'hal@example.org');
    const result = await call(authenticate, {
      method: 'POST',
      token: null,
      body: { provider: 'vcr', token: admin.token, impersonateUserId: id },
    });
    expect(result.status).toBe(200);
    const events = await eventsOf(id);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'impersonation.start',
        actor: { id: admin.id, displayName: admin.name, impersonatorId: null },
        target: { type: 'user', id, name: 'Hal Impersonated' },
      }),
    ]);
    const refused = await call(authenticate, {
      method: 'POST',
      token: null,
      body: { provider: 'vcr', token: deputy.token, impersonateUserId: id },
    });
    expect(refused.status).toBe(403);
    expect(await eventsOf(id)).toHaveLength(1);
  });
});

describe('GET /api/v1/organizations/all', () => {
  it('lists every organization in name order, paged', async () => {
    const first = AllOrganizationsPage.parse((await call(listAllOrganizations, { query: { limit: '2' } })).body);
    const second = AllOrganizationsPage.parse(
      (await call(listAllOrganizations, { query: { limit: '2', pageToken: first.nextPageToken ?? '' } })).body,
    );
    expect([...first.items, ...second.items]).toEqual([organizations.x, organizations.y, organizations.z]);
    expect(second.nextPageToken).toBeNull();
    const student = await signPortalToken(studentTokenInput());
    expect((await call(listAllOrganizations, { token: student })).status).toBe(403);
  });
});
