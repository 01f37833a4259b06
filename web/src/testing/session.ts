import type { Claim, PortalTokenClaims } from '#shared/contracts/identity';
import { configureSession, tryLogin } from '../lib/auth/session-store.ts';
import { writeStored } from '../lib/storage.ts';

function base64Url(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const api = (value: string): Claim => ({ type: 'api', value });

/** Claims of the personas the tests use (the dev identity provider has the same kinds). */
export const PERSONA_CLAIMS = {
  student: [] as Claim[],
  faculty: [api('list_v1_courses'), { type: 'scoped-file', value: 'any' }],
  editor: [api('patch_v1_content'), api('delete_v1_content')],
  admin: [
    api('patch_v1_content'),
    api('get_v1_users'),
    api('post_v1_impersonation'),
    { type: 'can-view-archived-content', value: 'any' },
  ],
} satisfies Record<string, Claim[]>;

export const USER_IDS = {
  student: '01jd7k2m3n4p5q6r7s8t9v0s01',
  faculty: '01jd7k2m3n4p5q6r7s8t9v0s02',
  editor: '01jd7k2m3n4p5q6r7s8t9v0s03',
  admin: '01jd7k2m3n4p5q6r7s8t9v0s04',
} as const;

/** An unsigned portal token (the SPA only decodes it) for a persona, valid for an hour unless told. */
export function portalToken(overrides: Partial<PortalTokenClaims> = {}, now: number = Date.now()): string {
  const payload: PortalTokenClaims = {
    iss: 'http://localhost/api/v1/auth',
    aud: 'courseware-portal',
    sub: USER_IDS.student,
    exp: Math.floor(now / 1000) + 3600,
    iat: Math.floor(now / 1000),
    jti: 'test-token',
    displayName: 'Sam Student',
    email: 'sam@example.edu',
    picture: null,
    provider: 'vcr',
    roles: ['USER'],
    claims: PERSONA_CLAIMS.student,
    subscriptions: ['coursewareFeature'],
    ...overrides,
  };
  return `${base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

export const PERSONAS = {
  student: () => portalToken(),
  faculty: () =>
    portalToken({
      sub: USER_IDS.faculty,
      displayName: 'Fay Faculty',
      email: 'fay@example.edu',
      claims: PERSONA_CLAIMS.faculty,
    }),
  editor: () =>
    portalToken({
      sub: USER_IDS.editor,
      displayName: 'Eddie Editor',
      email: 'eddie@example.org',
      claims: PERSONA_CLAIMS.editor,
    }),
  admin: () =>
    portalToken({
      sub: USER_IDS.admin,
      displayName: 'Ada Admin',
      email: 'ada@example.org',
      claims: PERSONA_CLAIMS.admin,
    }),
};

/** Stores a session as a previous visit would have left it, and reads it into the store. */
export function storeSession(
  token: string,
  extra: { originalToken?: string | null; impersonationPath?: string | null } = {},
  version = '1.00',
) {
  writeStored('session', version, {
    token,
    originalToken: extra.originalToken ?? null,
    provider: 'vcr',
    impersonationPath: extra.impersonationPath ?? null,
  });
  configureSession({ storageVersion: version });
}

/** Stores a session and logs in with it. */
export function signIn(token: string): boolean {
  storeSession(token);
  return tryLogin();
}
