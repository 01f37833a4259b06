import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS, PORTAL_AUDIENCE } from '#shared/contracts/identity';
import { type LocalPortal, portalTokenFor, signInAs, startLocalPortal } from '../../tests/support/local-portal.ts';
import { securityHeaders } from '../stacks/security-headers.ts';
import { DEV_LOGIN_AUDIENCE, DEV_SSO_AUDIENCE } from './identity-environment.ts';

let dist: string;
let portal: LocalPortal;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
  portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: dist });
});
afterAll(async () => {
  await portal.stop();
  rmSync(dist, { recursive: true, force: true });
});

const get = (pathAndQuery: string, init?: RequestInit) =>
  fetch(`${portal.baseUrl}${pathAndQuery}`, { redirect: 'manual', ...init });

describe('the local server', () => {
  it('sends the CloudFront security headers on every kind of answer', async () => {
    const expected = securityHeaders({ connectSources: [new URL(portal.urls.s3 ?? '').origin] });
    const answers = await Promise.all(
      [
        '/api/v1/content',
        '/api/v1/no-such-route',
        '/api/v1/claims',
        '/env.json',
        '/public/missing.png',
        '/',
        '/courseware',
        '/dev/login',
        '/dev/nothing',
      ].map(async (pathname) => [pathname, await get(pathname)] as const),
    );
    for (const [pathname, response] of answers) {
      for (const [name, value] of Object.entries(expected))
        expect(response.headers.get(name), `${name} of ${pathname}`).toBe(value);
    }
    expect(expected['content-security-policy']).toMatch(/script-src 'self';/);
  });

  it('answers CORS on /api/* for its own origin only', async () => {
    const own = await get('/api/v1/content', { headers: { origin: portal.baseUrl } });
    const foreign = await get('/api/v1/content', { headers: { origin: 'https://evil.example' } });

    expect(own.headers.get('access-control-allow-origin')).toBe(portal.baseUrl);
    expect(own.headers.get('vary')).toMatch(/Origin/);
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight from its own origin, and none from another', async () => {
    const preflight = (origin: string) =>
      get('/api/v1/claims', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const own = await preflight(portal.baseUrl);
    const foreign = await preflight('https://evil.example');

    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(portal.baseUrl);
    expect(own.headers.get('access-control-allow-methods')).toContain('POST');
    expect(own.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('points the SPA at the dev identity provider', async () => {
    const config = (await (await get('/env.json')).json()) as Record<string, unknown>;

    expect(config).toMatchObject({ loginBaseUrl: '/dev', exerciseAppBaseUrl: '/dev/exercises' });
  });
});

describe('the dev identity provider', () => {
  it('lists every persona on an accessible page without script', async () => {
    const response = await get(
      `/dev/login?redirect_url=${encodeURIComponent(`${portal.baseUrl}/courseware`)}&referrer_url=%2F`,
    );
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<h1>Sign in to the local portal</h1>');
    expect(html).not.toContain('<script');
    for (const persona of PERSONAS) expect(html).toContain(`persona=${persona}&amp;`);
  });

  it('returns to redirect_url with a vcr token as t, keeping its query and hash', async () => {
    const target = `${portal.baseUrl}/courseware/intro?tab=files#top`;
    const response = await get(`/dev/login?persona=editor&redirect_url=${encodeURIComponent(target)}`);
    const location = new URL(response.headers.get('location') ?? '');
    const claims = decodeJwt(location.searchParams.get('t') ?? '');

    expect(response.status).toBe(302);
    expect(location.pathname).toBe('/courseware/intro');
    expect(location.searchParams.get('tab')).toBe('files');
    expect(location.hash).toBe('#top');
    expect(claims).toMatchObject({ iss: `${portal.baseUrl}/dev`, aud: DEV_LOGIN_AUDIENCE, sub: 'dev|editor' });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
  });

  it('returns an sso token as s, and takes a relative redirect_url', async () => {
    const response = await get('/dev/login?persona=student&provider=sso&redirect_url=%2Fcourseware');
    const location = new URL(response.headers.get('location') ?? '');

    expect(location.origin).toBe(portal.baseUrl);
    expect(decodeJwt(location.searchParams.get('s') ?? '')).toMatchObject({
      iss: `${portal.baseUrl}/dev/sso`,
      aud: DEV_SSO_AUDIENCE,
      sub: 'dev|student',
    });
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses to redirect to %s',
    async (target) => {
      const response = await get(`/dev/login?persona=editor&redirect_url=${encodeURIComponent(target)}`);

      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    },
  );

  it('answers 400 for an unknown persona', async () => {
    const response = await get('/dev/login?persona=nobody&redirect_url=%2F');

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('nobody');
  });

  it('explains sign-up, and shows the claims of the SSO token the exercise area receives', async () => {
    const signup = await get('/dev/signup');
    const token = await signInAs(portal, 'faculty-uscr', 'sso');
    const exercises = await get(`/dev/exercises?s=${token}`);
    const page = await exercises.text();

    expect(signup.status).toBe(200);
    expect(await signup.text()).toContain('login host');
    expect(page).toContain('The exercise area is a separate application');
    expect(page).toContain('dev|faculty-uscr');
  });
});

describe('the local sign-up (issue 11; decision record 030)', () => {
  it('shows a form of name and e-mail that returns to the portal', async () => {
    const response = await get('/dev/signup?redirect_url=%2Finvitation');
    const page = await response.text();

    expect(response.status).toBe(200);
    expect(page).toContain('<label for="signup-name">Name *</label>');
    expect(page).toContain('<label for="signup-email">E-mail *</label>');
    expect(page).toContain(`value="${portal.baseUrl}/invitation"`);
  });

  it('signs a vcr token for an identity that is no portal user yet, and redirects like a login', async () => {
    const response = await get('/dev/signup?name=Pat%20New&email=Pat.New%40Example.edu&redirect_url=%2Finvitation');
    const location = new URL(response.headers.get('location') ?? '');
    const claims = decodeJwt(location.searchParams.get('t') ?? '');

    expect(response.status).toBe(302);
    expect(location.origin).toBe(portal.baseUrl);
    expect(location.pathname).toBe('/invitation');
    expect(claims).toMatchObject({
      iss: `${portal.baseUrl}/dev`,
      aud: DEV_LOGIN_AUDIENCE,
      sub: 'dev|signup|pat.new@example.edu',
      email: 'Pat.New@Example.edu',
      name: 'Pat New',
    });
  });

  it('escapes what it echoes, refuses bad input with 400, and never redirects elsewhere', async () => {
    const bad = await get('/dev/signup?name=%3Cscript%3Ealert(1)%3C%2Fscript%3E&email=nope&redirect_url=%2F');
    const page = await bad.text();
    const foreign = await get('/dev/signup?name=A&email=a%40example.edu&redirect_url=https%3A%2F%2Fevil.example%2F');

    expect(bad.status).toBe(400);
    expect(page).toContain('Enter a valid e-mail address.');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect(bad.headers.get('location')).toBeNull();
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
  });
});

describe('the gateway authorizer', () => {
  it('answers 401 like API Gateway without a token or with a bad one', async () => {
    const none = await get('/api/v1/claims');
    const bad = await get('/api/v1/claims', { headers: { authorization: 'Bearer abc.def.ghi' } });

    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'Unauthorized' });
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  });

  it('refuses an upstream token, which is not a portal token', async () => {
    const upstream = await signInAs(portal, 'editor');
    const response = await get('/api/v1/claims', { headers: { authorization: `Bearer ${upstream}` } });

    expect(response.status).toBe(401);
  });

  it('lets a portal token through to the handler', async () => {
    const token = await portalTokenFor(portal, 'editor');
    const response = await get('/api/v1/claims', { headers: { authorization: `Bearer ${token}` } });

    expect(decodeJwt(token)).toMatchObject({ iss: `${portal.baseUrl}/api/v1/auth`, aud: PORTAL_AUDIENCE });
    expect(response.status).toBe(200);
  });

  it('leaves public routes open', async () => {
    expect((await get('/api/v1/content')).status).toBe(200);
  });
});
