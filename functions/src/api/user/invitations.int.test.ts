import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { INVITATION_MESSAGES } from '#shared/contracts/administration';
import { type Claim, COURSEWARE_FEATURE, type PortalTokenClaims, USER_ROLE } from '#shared/contracts/identity';
import { type OperationId, ROUTES, routeKey } from '#shared/routes';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { addOrganizationMember, listOrganizationMembers } from '../../data/courses.ts';
import { tableName } from '../../data/dynamo.ts';
import { getInvitation } from '../../data/invitations.ts';
import { auditTargetPartition, invitationKey, organizationInvitationsPartition } from '../../data/keys.ts';
import { getOutboxMessage } from '../../data/messages.ts';
import { createOrganization } from '../../data/organizations.ts';
import { createUserAccount, getUserAccount, getUserIdByIdentity } from '../../data/users.ts';
import { newId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { resetPortalTokenCaches, studentTokenInput, writeUpstreamJwks } from '../../lib/auth/test-support.ts';
import { resetUpstreamVerifiers } from '../../lib/auth/upstream.ts';
import { deliverPendingMessages } from '../../messages/outbox.ts';
import { ALREADY_MEMBER_MESSAGE, INVITATION_NOT_FOUND_MESSAGE } from '../../services/invitations.ts';
import { jsonBody, loadEvent } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as authentication } from '../authentication/index.ts';
import { handler as user } from './index.ts';

/**
 * Invitations (issue 11 item 3; spec §1, §6; decision record 030) against the
 * embedded emulators and the local SES inbox: who may invite where, the e-mail and
 * its link, and accepting through the login flow — once, before it expires, never
 * forged, revoked or superseded, and never twice even at the same time.
 */

const UPSTREAM = { issuer: 'https://login.invitations.test', audience: 'courseware-portal-invitations' };
const ENV = [
  'VCR_ISSUER',
  'VCR_AUDIENCE',
  'VCR_JWKS_FILE',
  'PORTAL_ISSUER',
  'PORTAL_SIGNING_KEY_FILE',
  'BRAND',
] as const;

let stack: Awaited<ReturnType<typeof startTestStack>>;
let dir: string;
let upstreamKey: CryptoKey;
const savedEnv: Record<string, string | undefined> = {};

const api = (value: string, scopes?: string[]): Claim => ({
  type: CLAIM_TYPES.api,
  value,
  ...(scopes ? { scopes } : {}),
});
const orgA = { id: newId(), name: 'Alpha College cyber range courses', businessUnitId: null };
const orgB = { id: newId(), name: 'Beta University cyber range courses', businessUnitId: null };
const ids = { faculty: newId(), admin: newId(), member: newId(), bystander: newId() };
const tokens = {} as Record<'faculty' | 'admin' | 'bystander', string>;

beforeAll(async () => {
  stack = await startTestStack();
  dir = mkdtempSync(path.join(tmpdir(), 'portal-invitations-'));
  const upstream = await writeUpstreamJwks(dir, 'upstream-jwks.json', 'up');
  upstreamKey = upstream.privateKey;
  for (const name of ENV) savedEnv[name] = process.env[name];
  Object.assign(process.env, {
    VCR_ISSUER: UPSTREAM.issuer,
    VCR_AUDIENCE: UPSTREAM.audience,
    VCR_JWKS_FILE: upstream.jwksFile,
    PORTAL_ISSUER: 'https://portal.invitations.test/api/v1/auth',
    PORTAL_SIGNING_KEY_FILE: path.join(dir, 'portal-key.json'),
    BRAND: 'USCR',
  });
  resetPortalTokenCaches();
  resetUpstreamVerifiers();
  await createOrganization(orgA);
  await createOrganization(orgB);
  const person = async (id: string, name: string, email: string, claims: Claim[], subject: string | null) => {
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
      claims: [{ type: CLAIM_TYPES.role, value: USER_ROLE }, ...claims],
      subscriptions: [COURSEWARE_FEATURE],
      messages: [],
      organizations: [],
      identities: subject ? [{ provider: 'vcr', subject }] : [],
    });
    return signPortalToken(studentTokenInput({ userId: id, displayName: name, email, claims }));
  };
  tokens.faculty = await person(
    ids.faculty,
    'Fay Faculty',
    'fay@alpha.example.edu',
    [api(API_CLAIMS.inviteUsers, [orgA.id])],
    null,
  );
  tokens.admin = await person(ids.admin, 'Ada Admin', 'ada@range.example.org', [api(API_CLAIMS.inviteUsers)], null);
  // A signed-in user without exercise-area rights (no list_v1_courses): linked to an upstream identity.
  tokens.bystander = await person(ids.bystander, 'Bea Bystander', 'bea@example.edu', [], 'up|bystander');
  await person(ids.member, 'Mo Member', 'mo@alpha.example.edu', [], null);
  await addOrganizationMember(orgA.id, { userId: ids.member, roles: ['student'] });
});

afterAll(async () => {
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  resetUpstreamVerifiers();
  rmSync(dir, { recursive: true, force: true });
  await stack?.stop();
});

/** An API Gateway event for the route `operationId`, built from the route table. */
function eventOf(
  operationId: OperationId,
  options: { path?: Record<string, string>; query?: Record<string, string>; body?: unknown; token?: string } = {},
): APIGatewayProxyEventV2 {
  const route = ROUTES.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(operationId);
  const base = loadEvent('user/list-users');
  const rawPath = Object.entries(options.path ?? {}).reduce(
    (current, [name, value]) => current.replace(`{${name}}`, value),
    route.path as string,
  );
  const rawQueryString = new URLSearchParams(options.query ?? {}).toString();
  return {
    ...base,
    routeKey: routeKey(route),
    rawPath,
    rawQueryString,
    headers: {
      ...base.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.query ? { queryStringParameters: options.query } : { queryStringParameters: undefined }),
    ...(options.path ? { pathParameters: options.path } : {}),
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    requestContext: {
      ...base.requestContext,
      routeKey: routeKey(route),
      http: { ...base.requestContext.http, method: route.method, path: rawPath },
    },
  };
}

async function call(operationId: OperationId, options: Parameters<typeof eventOf>[1] = {}) {
  const handler = operationId === 'authenticate' || operationId === 'getSsoToken' ? authentication : user;
  const result: APIGatewayProxyStructuredResultV2 = await handler(eventOf(operationId, options), lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

function upstreamToken(subject: string, email: string | null, name = 'New Person'): Promise<string> {
  return new SignJWT({ ...(email ? { email } : {}), name, token_use: 'id' })
    .setProtectedHeader({ alg: 'RS256', kid: 'up' })
    .setIssuer(UPSTREAM.issuer)
    .setAudience(UPSTREAM.audience)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(upstreamKey);
}

async function accept(subject: string, email: string | null, invitationToken: string) {
  return call('authenticate', {
    body: { provider: 'vcr', token: await upstreamToken(subject, email), invitationToken },
  });
}

interface InboxEmail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string };
}

/** The link tokens e-mailed to `email`, oldest first (the local SES inbox), once the outbox consumer has run. */
async function linkTokensFor(email: string): Promise<string[]> {
  await deliverPendingMessages();
  const store = (await (await fetch(`${stack.sesInboxUrl}/store`)).json()) as { emails: InboxEmail[] };
  return store.emails
    .filter((message) => message.destination.to.join(',').includes(email))
    .flatMap((message) => {
      const match = /\/invitation\?token=(\S+)/.exec(message.body.text?.replace(/=\r?\n/g, '') ?? '');
      return match?.[1] ? [decodeURIComponent(match[1])] : [];
    });
}

let counter = 0;
/** A fresh address and a new invitation to it, by `who`; answers the invitation and its link token. */
async function invite(who: 'faculty' | 'admin' = 'faculty', role = 'student', organizationId = orgA.id) {
  counter += 1;
  const email = `invitee${counter}.${Date.now()}@example.edu`;
  const created = await call('createInvitation', {
    token: tokens[who],
    body: { email: email.toUpperCase(), displayName: `Invitee ${counter}`, organizationId, role },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [link] = await linkTokensFor(email);
  if (!link) throw new Error(`No invitation e-mail to ${email}`);
  return { id: created.body.id as string, email, link, body: created.body };
}

const auditActions = async (targetId: string) => {
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': auditTargetPartition(targetId) },
    }),
  );
  return (output.Items ?? []).map((item) => item.action as string);
};

describe('creating an invitation', () => {
  it('stores it (e-mail lower-cased, 14 days, only a hash of the secret), audits it and e-mails a single link', async () => {
    // Act
    const { id, email, link, body } = await invite();
    // Assess
    expect(body).toMatchObject({
      email,
      displayName: 'Invitee 1',
      organization: { id: orgA.id, name: orgA.name },
      role: 'student',
      status: 'pending',
      invitedBy: { id: ids.faculty, displayName: 'Fay Faculty' },
      sentCount: 1,
      // Stored; the outbox consumer sends it (decision record 033).
      emailStatus: 'pending',
      acceptedTimestamp: null,
      importId: null,
      version: 1,
    });
    const days =
      (Date.parse(body.expiresTimestamp as string) - Date.parse(body.createdTimestamp as string)) / 86_400_000;
    expect(days).toBe(14);
    expect(link).toMatch(new RegExp(`^${id}\\.[A-Za-z0-9_-]{43}$`));
    const stored = await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: invitationKey(id) }));
    expect(JSON.stringify(stored.Item)).not.toContain(link.split('.')[1]);
    expect(stored.Item?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const outbox = await getOutboxMessage(stored.Item?.outboxMessageId as string);
    expect(outbox).toMatchObject({ kind: 'invitationEmail', emailStatus: 'sent', email: { to: [email] } });
    expect(outbox?.email.text).toContain('https://portal.invitations.test/invitation?token=');
    expect(await auditActions(id)).toEqual(['invitation.create']);
  });

  it("refuses an organization the caller's claim does not cover (403) and writes nothing", async () => {
    const email = `elsewhere.${Date.now()}@example.edu`;
    const refused = await call('createInvitation', {
      token: tokens.faculty,
      body: { email, organizationId: orgB.id, role: 'student' },
    });
    expect(refused.status).toBe(403);
    const page = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': organizationInvitationsPartition(orgB.id) },
      }),
    );
    expect(page.Items ?? []).toEqual([]);
    expect(await linkTokensFor(email)).toEqual([]);
    // The administrator's unscoped claim covers every organization.
    const allowed = await call('createInvitation', {
      token: tokens.admin,
      body: { email, organizationId: orgB.id, role: 'organization admin' },
    });
    expect(allowed.status).toBe(201);
  });

  it('answers 409 for a second pending invitation of the same address, and for a member', async () => {
    const { email } = await invite();
    const again = await call('createInvitation', {
      token: tokens.faculty,
      body: { email, organizationId: orgA.id, role: 'organization instructor' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/pending invitation/);
    const member = await call('createInvitation', {
      token: tokens.faculty,
      body: { email: 'MO@alpha.example.edu', organizationId: orgA.id, role: 'student' },
    });
    expect(member).toEqual({ status: 409, body: { statusCode: 409, message: ALREADY_MEMBER_MESSAGE } });
  });

  it('answers 404 for an organization that does not exist', async () => {
    const missing = await call('createInvitation', {
      token: tokens.admin,
      body: { email: 'x@example.edu', organizationId: newId(), role: 'student' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('listing invitations', () => {
  it("shows only the organizations the caller's claim covers, newest first, filtered by status", async () => {
    await invite('admin', 'student', orgB.id);
    const faculty = await call('listInvitations', { token: tokens.faculty, query: { limit: '300' } });
    const admin = await call('listInvitations', { token: tokens.admin, query: { limit: '300' } });
    const facultyItems = faculty.body.items as { organization: { id: string }; createdTimestamp: string }[];
    const adminItems = admin.body.items as { organization: { id: string } }[];
    expect(faculty.status).toBe(200);
    expect(facultyItems.length).toBeGreaterThan(0);
    expect(facultyItems.every((item) => item.organization.id === orgA.id)).toBe(true);
    expect(adminItems.some((item) => item.organization.id === orgB.id)).toBe(true);
    const times = facultyItems.map((item) => item.createdTimestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect((await call('listInvitations', { token: tokens.faculty, query: { organizationId: orgB.id } })).status).toBe(
      403,
    );
    const accepted = await call('listInvitations', { token: tokens.admin, query: { status: 'revoked' } });
    expect((accepted.body.items as { status: string }[]).every((item) => item.status === 'revoked')).toBe(true);
  });
});

describe('the invitation preview', () => {
  it('shows organization, role, inviter, expiry and status for a real link', async () => {
    const { link, body } = await invite('faculty', 'organization instructor');
    const preview = await call('getInvitationPreview', { query: { token: link } });
    expect(preview).toEqual({
      status: 200,
      body: {
        organizationName: orgA.name,
        role: 'organization instructor',
        invitedByName: 'Fay Faculty',
        expiresTimestamp: body.expiresTimestamp,
        status: 'pending',
      },
    });
  });

  it('answers 404 alike for a wrong secret, an unknown id and garbage', async () => {
    const { id, link } = await invite();
    const wrongSecret = `${id}.${'A'.repeat(43)}`;
    for (const token of [wrongSecret, `${newId()}.${link.split('.')[1]}`, 'garbage', `${id}.`]) {
      const preview = await call('getInvitationPreview', { query: { token } });
      expect(preview, token).toEqual({ status: 404, body: { statusCode: 404, message: INVITATION_MESSAGES.invalid } });
    }
  });
});

describe('accepting an invitation through the login flow', () => {
  it('creates the account with its membership and rights once; the exercise area opens', async () => {
    // Prepare
    const { id, email, link } = await invite();
    const subject = `up|new|${id}`;
    // Act
    const accepted = await accept(subject, email, link);
    // Assess
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const claims = decodeJwt(accepted.body.token as string) as unknown as PortalTokenClaims;
    expect(claims.roles).toEqual([USER_ROLE]);
    expect(claims.subscriptions).toEqual([COURSEWARE_FEATURE]);
    expect(claims.claims.map((claim) => claim.value).sort()).toEqual(
      [USER_ROLE, API_CLAIMS.listCourses, API_CLAIMS.requestCourseSupport].sort(),
    );
    expect(claims.claims.some((claim) => claim.type === CLAIM_TYPES.scopedFile)).toBe(false);
    const userId = await getUserIdByIdentity('vcr', subject);
    expect(userId).toBe(claims.sub);
    const account = await getUserAccount(claims.sub);
    expect(account?.user).toMatchObject({ email, displayName: 'New Person', ranges: ['USCR'] });
    expect(account?.organizations).toEqual([{ id: orgA.id, name: orgA.name, roles: ['student'] }]);
    expect(await listOrganizationMembers(orgA.id)).toContainEqual({ userId: claims.sub, roles: ['student'] });
    expect(await getInvitation(id)).toMatchObject({ status: 'accepted', acceptedUserId: claims.sub, version: 2 });
    expect(await auditActions(id)).toEqual(['invitation.create', 'invitation.accept']);
    const sso = await call('getSsoToken', { token: accepted.body.token as string });
    expect(sso.status).toBe(200);
    // A second use — by the same identity or another — is refused and writes nothing.
    const again = await accept(subject, email, link);
    const other = await accept(`up|other|${id}`, email, link);
    expect(again).toEqual({ status: 409, body: { statusCode: 409, message: INVITATION_MESSAGES.used } });
    expect(other).toEqual({ status: 409, body: { statusCode: 409, message: INVITATION_MESSAGES.used } });
    expect(await getUserIdByIdentity('vcr', `up|other|${id}`)).toBeNull();
    expect(await getInvitation(id)).toMatchObject({ version: 2 });
  });

  it('refuses an expired invitation and writes nothing', async () => {
    const { id, email, link } = await invite();
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: invitationKey(id),
        UpdateExpression: 'SET expiresTimestamp = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const refused = await accept(`up|late|${id}`, email, link);
    expect(refused).toEqual({ status: 409, body: { statusCode: 409, message: INVITATION_MESSAGES.expired } });
    expect(await getUserIdByIdentity('vcr', `up|late|${id}`)).toBeNull();
    expect((await call('getInvitationPreview', { query: { token: link } })).body.status).toBe('expired');
    expect(await getInvitation(id)).toMatchObject({ status: 'pending', acceptedUserId: null });
  });

  it('refuses forged links (wrong secret, unknown id, garbage) with 404 and writes nothing', async () => {
    const { id, email, link } = await invite();
    for (const token of [`${id}.${'B'.repeat(43)}`, `${newId()}.${link.split('.')[1]}`, 'not-a-token']) {
      const refused = await accept(`up|forger|${id}`, email, token);
      expect(refused, token).toEqual({ status: 404, body: { statusCode: 404, message: INVITATION_MESSAGES.invalid } });
    }
    expect(await getUserIdByIdentity('vcr', `up|forger|${id}`)).toBeNull();
    expect(await getInvitation(id)).toMatchObject({ status: 'pending', version: 1 });
  });

  it('refuses an identity with another e-mail address (403)', async () => {
    const { id, link } = await invite();
    const refused = await accept(`up|wrong|${id}`, 'someone.else@example.edu', link);
    expect(refused).toEqual({ status: 403, body: { statusCode: 403, message: INVITATION_MESSAGES.emailMismatch } });
    const noEmail = await accept(`up|wrong|${id}`, null, link);
    expect(noEmail.status).toBe(403);
    expect(await getUserIdByIdentity('vcr', `up|wrong|${id}`)).toBeNull();
  });

  it('refuses a revoked invitation; revoking twice is a 409', async () => {
    const { id, email, link } = await invite();
    const revoked = await call('revokeInvitation', { token: tokens.faculty, path: { id } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    const refused = await accept(`up|revoked|${id}`, email, link);
    expect(refused).toEqual({ status: 409, body: { statusCode: 409, message: INVITATION_MESSAGES.revoked } });
    expect((await call('revokeInvitation', { token: tokens.faculty, path: { id } })).status).toBe(409);
    expect(await getUserIdByIdentity('vcr', `up|revoked|${id}`)).toBeNull();
    expect(await auditActions(id)).toEqual(['invitation.create', 'invitation.revoke']);
    // Withdrawn, the address may be invited again.
    const fresh = await call('createInvitation', {
      token: tokens.faculty,
      body: { email, organizationId: orgA.id, role: 'student' },
    });
    expect(fresh.status).toBe(201);
  });

  it('re-invite: the old link stops working, the new one works, and the expiry starts again', async () => {
    const { id, email, link: oldLink } = await invite();
    const resent = await call('resendInvitation', { token: tokens.faculty, path: { id } });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ sentCount: 2, version: 2, status: 'pending', emailStatus: 'pending' });
    const links = await linkTokensFor(email);
    expect(links).toHaveLength(2);
    const newLink = links[1] as string;
    expect(newLink).not.toBe(oldLink);
    const old = await accept(`up|resent|${id}`, email, oldLink);
    expect(old).toEqual({ status: 404, body: { statusCode: 404, message: INVITATION_MESSAGES.invalid } });
    expect(await getUserIdByIdentity('vcr', `up|resent|${id}`)).toBeNull();
    const accepted = await accept(`up|resent|${id}`, email, newLink);
    expect(accepted.status).toBe(200);
    expect((await call('resendInvitation', { token: tokens.faculty, path: { id } })).status).toBe(409);
  });

  it('lets exactly one of two concurrent acceptances win', async () => {
    const { id, email, link } = await invite();
    const results = await Promise.all([accept(`up|race1|${id}`, email, link), accept(`up|race2|${id}`, email, link)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const linked = await Promise.all([
      getUserIdByIdentity('vcr', `up|race1|${id}`),
      getUserIdByIdentity('vcr', `up|race2|${id}`),
    ]);
    expect(linked.filter((userId) => userId !== null)).toHaveLength(1);
    const members = (await listOrganizationMembers(orgA.id)).filter((member) => linked.includes(member.userId));
    expect(members).toHaveLength(1);
  });

  it('gives an existing user what the role grants; before that, the exercise area is refused', async () => {
    // Prepare: the bystander has a valid login but no exercise-area rights.
    expect((await call('getSsoToken', { token: tokens.bystander })).status).toBe(403);
    const created = await call('createInvitation', {
      token: tokens.faculty,
      body: { email: 'bea@example.edu', organizationId: orgA.id, role: 'organization admin' },
    });
    expect(created.status).toBe(201);
    const [link] = await linkTokensFor('bea@example.edu');
    // Act
    const accepted = await accept('up|bystander', 'Bea@Example.edu', link as string);
    // Assess
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const claims = decodeJwt(accepted.body.token as string) as unknown as PortalTokenClaims;
    expect(claims.sub).toBe(ids.bystander);
    expect(claims.claims).toContainEqual({ type: CLAIM_TYPES.api, value: API_CLAIMS.inviteUsers, scopes: [orgA.id] });
    expect(claims.claims).toContainEqual({ type: CLAIM_TYPES.api, value: API_CLAIMS.listCourses });
    const account = await getUserAccount(ids.bystander);
    expect(account?.organizations).toEqual([{ id: orgA.id, name: orgA.name, roles: ['organization admin'] }]);
    expect((await call('getSsoToken', { token: accepted.body.token as string })).status).toBe(200);
  });
});

describe('re-invite and revoke outside the caller organizations', () => {
  it("answer 404 for an invitation of an organization the caller's claim does not cover", async () => {
    const { id } = await invite('admin', 'student', orgB.id);
    for (const operationId of ['resendInvitation', 'revokeInvitation'] as const) {
      const refused = await call(operationId, { token: tokens.faculty, path: { id } });
      expect(refused).toEqual({ status: 404, body: { statusCode: 404, message: INVITATION_NOT_FOUND_MESSAGE } });
    }
    expect(await getInvitation(id)).toMatchObject({ status: 'pending', version: 1 });
  });
});
