import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Claim,
  IdentityProvider,
  Message,
  PersonaName,
  PortalTokenClaims,
  UserSummary,
} from '#shared/contracts/identity';
import { dynamoDbClient } from '../../adapters/aws-clients.ts';
import { resetSessionEpochCache } from '../../data/sessions.ts';
import { userAccountOf } from '../../data/users.ts';
import { principalFor } from '../../domain/entitlement.ts';
import { writeUpstreamJwks } from '../../lib/auth/test-support.ts';
import { DEFAULT_DATA_ROOT, runSeed } from '../../seed/import.ts';
import { PERSONA_ACCOUNTS, planPersonas, readSchools } from '../../seed/personas.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as entitlement } from '../entitlement/index.ts';
import { handler as productSubscription } from '../product-subscription/index.ts';
import { handler as user } from '../user/index.ts';
import { handler as authentication } from './index.ts';

const UPSTREAM = { issuer: 'https://login.test.example', audience: 'courseware-portal-dev' };
const ENV_NAMES = [
  'VCR_ISSUER',
  'VCR_AUDIENCE',
  'VCR_JWKS_FILE',
  'SSO_ISSUER',
  'SSO_AUDIENCE',
  'SSO_JWKS_FILE',
  'PORTAL_ISSUER',
  'PORTAL_SIGNING_KEY_FILE',
  'BRAND',
] as const;

let stack: Awaited<ReturnType<typeof startTestStack>>;
let dir: string;
let upstreamKey: CryptoKey;
const savedEnv: Record<string, string | undefined> = {};
const sent: string[] = [];
const persona = (name: PersonaName) => {
  const account = PERSONA_ACCOUNTS.find((candidate) => candidate.persona === name);
  if (!account) throw new Error(name);
  return account;
};

beforeAll(async () => {
  stack = await startTestStack();
  dir = mkdtempSync(path.join(tmpdir(), 'portal-identity-'));
  const upstream = await writeUpstreamJwks(dir, 'dev-idp-jwks.json', 'dev');
  upstreamKey = upstream.privateKey;
  const { jwksFile } = upstream;
  for (const name of ENV_NAMES) savedEnv[name] = process.env[name];
  Object.assign(process.env, {
    VCR_ISSUER: UPSTREAM.issuer,
    VCR_AUDIENCE: UPSTREAM.audience,
    VCR_JWKS_FILE: jwksFile,
    SSO_ISSUER: UPSTREAM.issuer,
    SSO_AUDIENCE: UPSTREAM.audience,
    SSO_JWKS_FILE: jwksFile,
    PORTAL_ISSUER: 'https://portal.test.example/api/v1/auth',
    PORTAL_SIGNING_KEY_FILE: path.join(dir, 'portal-key.json'),
    BRAND: 'USCR',
  });
  await runSeed({ log: () => undefined });
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'countIdentityRequestsForTest' },
  );
});

afterAll(async () => {
  dynamoDbClient.middlewareStack.remove('countIdentityRequestsForTest');
  for (const name of ENV_NAMES) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  rmSync(dir, { recursive: true, force: true });
  await stack?.stop();
});

beforeEach(() => {
  sent.length = 0;
});

function upstreamToken(subject: string): Promise<string> {
  return new SignJWT({ email: 'someone@example.edu', name: 'Someone', token_use: 'id' })
    .setProtectedHeader({ alg: 'RS256', kid: 'dev' })
    .setIssuer(UPSTREAM.issuer)
    .setAudience(UPSTREAM.audience)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(upstreamKey);
}

async function authenticate(body: {
  provider: IdentityProvider;
  token: string;
  impersonateUserId?: string;
}): Promise<APIGatewayProxyStructuredResultV2> {
  const event = loadEvent('authentication/authenticate');
  event.body = JSON.stringify(body);
  return authentication(event, lambdaContext());
}

async function signIn(name: PersonaName, provider: IdentityProvider = 'vcr'): Promise<string> {
  const result = await authenticate({ provider, token: await upstreamToken(persona(name).subject) });
  expect(result.statusCode, String(result.body)).toBe(200);
  return jsonBody<{ token: string }>(result).token;
}

const as = (token: string, event: APIGatewayProxyEventV2) => withHeaders(event, { authorization: `Bearer ${token}` });

describe('signing in with the seeded personas', () => {
  it("answers each persona a portal token carrying the persona's roles, claims and subscriptions", async () => {
    // Prepare
    const plan = planPersonas(await readSchools(DEFAULT_DATA_ROOT), new Date());
    for (const account of plan.accounts) {
      const expected = principalFor(userAccountOf(account), 'USCR');
      const name = PERSONA_ACCOUNTS.find((candidate) => candidate.userId === account.user.id)?.persona as PersonaName;
      sent.length = 0;
      // Act
      const claims = decodeJwt(await signIn(name)) as unknown as PortalTokenClaims;
      // Assess
      expect(claims, name).toMatchObject({
        sub: account.user.id,
        displayName: account.user.displayName,
        email: account.user.email,
        provider: 'vcr',
        roles: expected.roles,
        subscriptions: expected.subscriptions,
      });
      expect(sortClaims(claims.claims), name).toEqual(sortClaims(expected.claims));
      // The identity link, the account and, for a user with one, the business unit read fresh (decision record 030).
      const unitRead = account.user.businessUnitId ? ['GetItemCommand'] : [];
      // First the sign-in's rate-limit counter per caller (issue 21 item 4, decision record 033).
      expect(sent, name).toEqual(['UpdateItemCommand', 'GetItemCommand', 'QueryCommand', ...unitRead]);
    }
  });

  it('signs the same person in through provider sso with the same subject', async () => {
    const claims = decodeJwt(await signIn('faculty-uscr', 'sso')) as unknown as PortalTokenClaims;
    expect(claims).toMatchObject({ sub: persona('faculty-uscr').userId, provider: 'sso' });
    expect(claims.claims).toContainEqual({ type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] });
  });

  it('answers 401 "Your account could not be found." for an upstream subject linked to no user', async () => {
    const result = await authenticate({ provider: 'vcr', token: await upstreamToken('dev|nobody') });
    expect(result.statusCode).toBe(401);
    expect(jsonBody(result).message).toBe('Your account could not be found.');
  });
});

describe('impersonation', () => {
  it('gives an administrator a token of the target with act, whose claims list the target', async () => {
    // Prepare
    const admin = await signIn('admin');
    resetSessionEpochCache();
    sent.length = 0;
    // Act
    const result = await authenticate({ provider: 'vcr', token: admin, impersonateUserId: persona('student').userId });
    // Assess
    expect(result.statusCode).toBe(200);
    // The administrator's session epoch (decision record 032), the target's account, then the
    // impersonation's audit event (issue 11), stored before the token exists.
    // Before them, the sign-in's rate-limit counters per caller and per impersonated user (decision record 033).
    expect(sent).toEqual([
      'UpdateItemCommand',
      'UpdateItemCommand',
      'GetItemCommand',
      'QueryCommand',
      'PutItemCommand',
    ]);
    const token = jsonBody<{ token: string }>(result).token;
    expect(decodeJwt(token)).toMatchObject({ sub: persona('student').userId, act: { sub: persona('admin').userId } });
    const claims = await entitlement(as(token, loadEvent('entitlement/list-claims')), lambdaContext());
    expect(jsonBody<{ items: Claim[] }>(claims).items).toEqual([
      { type: 'api', value: 'list_v1_courses' },
      { type: 'api', value: 'post_v1_course_support' },
      { type: 'role', value: 'USER' },
    ]);
  });

  it('answers 403 when an editor tries to impersonate', async () => {
    const editor = await signIn('editor');
    const result = await authenticate({ provider: 'vcr', token: editor, impersonateUserId: persona('student').userId });
    expect(result.statusCode).toBe(403);
    expect(jsonBody(result).message).toBe('Forbidden');
  });
});

describe('claims, messages and subscriptions with the portal token', () => {
  it("lists the caller's claims and messages, one Query each", async () => {
    const token = await signIn('faculty-uscr');
    resetSessionEpochCache();
    sent.length = 0;
    const claims = await entitlement(as(token, loadEvent('entitlement/list-claims')), lambdaContext());
    expect(claims.statusCode).toBe(200);
    expect(jsonBody<{ items: Claim[] }>(claims).items).toContainEqual({
      type: 'scoped-file',
      value: 'any',
      scopes: ['courseware', 'lesson'],
    });
    const messages = await entitlement(as(token, loadEvent('entitlement/list-messages')), lambdaContext());
    expect(jsonBody<{ items: Message[] }>(messages).items).toContainEqual(
      expect.objectContaining({
        message: 'Welcome to the courseware portal. Browse the SEED Labs and GenCyber courseware.',
        link: '/courseware',
      }),
    );
    // The caller's session epoch (decision record 032; remembered for the second call), the claims'
    // Query, the caller's business unit (eligibility as data, decision record 030), the messages' Query.
    expect(sent).toEqual(['GetItemCommand', 'QueryCommand', 'GetItemCommand', 'QueryCommand']);
  });

  it('drops file rights of VACR faculty on the national brand', async () => {
    const token = await signIn('faculty-vacr');
    const claims = await entitlement(as(token, loadEvent('entitlement/list-claims')), lambdaContext());
    expect(jsonBody<{ items: Claim[] }>(claims).items.map((claim) => claim.type)).not.toContain('scoped-file');
  });

  it('answers whether the caller is subscribed to coursewareFeature; 401 to a login without it (spec §4)', async () => {
    const subscribed = await productSubscription(
      as(await signIn('student'), loadEvent('product-subscription/get-product-subscription')),
      lambdaContext(),
    );
    expect(jsonBody(subscribed)).toEqual({ product: 'coursewareFeature', subscribed: true });
    const unsubscribed = await productSubscription(
      withPathParameters(
        as(await signIn('no-subscription'), loadEvent('product-subscription/get-product-subscription')),
        {
          product: 'coursewareFeature',
        },
      ),
      lambdaContext(),
    );
    // No coursewareFeature: not a valid login (spec §4 "Session"; issue 21 item 3).
    expect(unsubscribed.statusCode).toBe(401);
  });

  it('refuses the token of a persona without the USER role on protected routes', async () => {
    const result = await entitlement(
      as(await signIn('no-role'), loadEvent('entitlement/list-claims')),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(401);
  });
});

describe('listing users', () => {
  it('lists the personas by e-mail for an administrator and refuses an editor', async () => {
    const result = await user(as(await signIn('admin'), loadEvent('user/list-users')), lambdaContext());
    expect(result.statusCode).toBe(200);
    const emails = jsonBody<{ items: UserSummary[] }>(result).items.map((summary) => summary.email);
    expect(emails).toEqual(PERSONA_ACCOUNTS.map((account) => account.email).sort());
    const refused = await user(as(await signIn('editor'), loadEvent('user/list-users')), lambdaContext());
    expect(refused.statusCode).toBe(403);
  });
});

function sortClaims(claims: readonly Claim[]): string[] {
  return claims.map((claim) => JSON.stringify([claim.type, claim.value, [...(claim.scopes ?? [])].sort()])).sort();
}
