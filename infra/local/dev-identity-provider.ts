import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import type { IdentityProvider } from '#shared/contracts/identity';
import { loadOrCreateKeyFile } from '../../functions/src/lib/auth/signing-key.ts';
import type { PersonaAccount } from '../../functions/src/seed/personas.ts';

/**
 * The dev identity provider (ARCHITECTURE.md "Identity", local stack only; never part
 * of the CDK build): it stands in for the range's login host (provider `vcr`, a
 * Cognito user pool in AWS) and for the exercise area (provider `sso`). Served under
 * `/dev/` by the local server:
 *
 * | path | answer |
 * |---|---|
 * | `GET /dev/login?redirect_url=&referrer_url=` | a page listing the seeded personas (`PERSONA_ACCOUNTS`) |
 * | `GET /dev/login?persona=&redirect_url=[&provider=sso]` | 302 to `redirect_url` with `?t=<vcr token>` (or `?s=<sso token>`) |
 * | `GET /dev/signup?redirect_url=` | a sign-up form: name and e-mail |
 * | `GET /dev/signup?name=&email=&redirect_url=` | 302 to `redirect_url` with `?t=<vcr token>` of `dev|signup|<e-mail>`, an identity that is no portal user yet (an invitation makes it one) |
 * | `GET /dev/exercises?s=` | stands in for the exercise area: shows the claims of the SSO token it received (decoded, not verified) |
 *
 * Upstream tokens: RS256 by the provider's own key (`<keysDir>/dev-idp-key.json`,
 * created on first use), whose public JWKS is written to `<keysDir>/dev-idp-jwks.json`
 * for the portal's upstream verifier (`VCR_JWKS_FILE`, `SSO_JWKS_FILE`); `iss` and
 * `aud` from `VCR_ISSUER`/`VCR_AUDIENCE` or `SSO_ISSUER`/`SSO_AUDIENCE`, `sub`
 * `dev|<persona>`, `email`, `name`, one hour. `redirect_url` must be relative or of
 * the portal's own origin: anything else is a 400 (no open redirect).
 */

/** Where the dev identity provider answers. */
export const DEV_IDP_PREFIX = '/dev';
/** File names under the keys folder. */
export const DEV_IDP_KEY_FILE = 'dev-idp-key.json';
export const DEV_IDP_JWKS_FILE = 'dev-idp-jwks.json';
/** Lifetime of an upstream token: one hour, in seconds. */
export const UPSTREAM_TOKEN_TTL_SECONDS = 3600;

const ALGORITHM = 'RS256';

/** Limits of the local sign-up form (the portal's own: ADMIN_LIMITS name and e-mail). */
const SIGNUP_NAME_MAX = 256;
const SIGNUP_EMAIL_MAX = 320;
/** A plain `local@domain.tld` address. */
const SIGNUP_EMAIL = /^[^\s@<>"',;\\]+@[^\s@<>"',;\\]+\.[^\s@<>"',;\\]+$/;

/** The query parameter the SPA's entry guard reads per provider (spec §2.1). */
const TOKEN_PARAMETER: Record<IdentityProvider, 't' | 's'> = { vcr: 't', sso: 's' };

export interface DevIdentityProviderOptions {
  /** The portal's own origins (`http://localhost:<port>`, …); the first is canonical. */
  origins: readonly string[];
  /** Folder of the key and JWKS files. */
  keysDir: string;
  /** Issuer and audience per provider; `VCR_*` / `SSO_*` of the environment unless given. */
  upstream?: Record<IdentityProvider, { issuer: string; audience: string }>;
  /** The personas; `PERSONA_ACCOUNTS` (loaded on first start) unless given. */
  personas?: readonly PersonaAccount[];
}

export interface DevIdentityProvider {
  /** Answers a request whose path starts with `/dev/` (or is `/dev`). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Signs an upstream token for a persona, as the login page does. */
  signUpstreamToken(persona: PersonaAccount, provider: IdentityProvider): Promise<string>;
  /** Path of the public JWKS file. */
  jwksFile: string;
}

/** Whether a path belongs to the dev identity provider. */
export function isDevIdentityPath(pathname: string): boolean {
  return pathname === DEV_IDP_PREFIX || pathname.startsWith(`${DEV_IDP_PREFIX}/`);
}

/** Issuer and audience per provider from `VCR_ISSUER`, `VCR_AUDIENCE`, `SSO_ISSUER`, `SSO_AUDIENCE`. */
export function upstreamSettingsFromEnv(
  env: NodeJS.ProcessEnv,
): Record<IdentityProvider, { issuer: string; audience: string }> {
  const missing = ['VCR_ISSUER', 'VCR_AUDIENCE', 'SSO_ISSUER', 'SSO_AUDIENCE'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`Missing environment variables: ${missing.join(', ')}.`);
  return {
    vcr: { issuer: env.VCR_ISSUER ?? '', audience: env.VCR_AUDIENCE ?? '' },
    sso: { issuer: env.SSO_ISSUER ?? '', audience: env.SSO_AUDIENCE ?? '' },
  };
}

/** Creates the provider: loads (or creates) its key and writes its JWKS file. */
export async function createDevIdentityProvider(options: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  const [canonicalOrigin] = options.origins;
  if (!canonicalOrigin) throw new Error('The dev identity provider needs the portal origin');
  const upstream = options.upstream ?? upstreamSettingsFromEnv(process.env);
  // Loaded here, after the emulators started: the module pulls in the data layer.
  const personas = options.personas ?? (await import('../../functions/src/seed/personas.ts')).PERSONA_ACCOUNTS;
  const { privateKey, kid } = await loadOrCreateKey(options.keysDir);
  const jwksFile = path.join(options.keysDir, DEV_IDP_JWKS_FILE);

  const signUpstreamToken = (
    persona: Pick<PersonaAccount, 'email' | 'displayName' | 'subject'>,
    provider: IdentityProvider,
  ) => {
    const { issuer, audience } = upstream[provider];
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: persona.email, name: persona.displayName, token_use: 'id' })
      .setProtectedHeader({ alg: ALGORITHM, kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(persona.subject)
      .setIssuedAt(now)
      .setExpirationTime(now + UPSTREAM_TOKEN_TTL_SECONDS)
      .setJti(randomUUID())
      .sign(privateKey);
  };

  /** The absolute target of a `redirect_url`, or null when it is not the portal's own. */
  const ownUrl = (value: string | null): URL | null => {
    if (value === null || value === '') return new URL('/', canonicalOrigin);
    let url: URL;
    try {
      url = new URL(value, canonicalOrigin);
    } catch {
      return null;
    }
    return options.origins.includes(url.origin) ? url : null;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', canonicalOrigin);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return sendPage(res, 405, 'Method not allowed', '<p>The dev identity provider answers GET only.</p>');
    }
    switch (url.pathname) {
      case `${DEV_IDP_PREFIX}/login`:
        return login(url, res);
      case `${DEV_IDP_PREFIX}/signup`:
        return signup(url, res);
      case `${DEV_IDP_PREFIX}/exercises`:
        return exercises(url, res);
      default:
        return sendPage(
          res,
          404,
          'Not found',
          '<p>The dev identity provider has no such page.</p><p><a href="/">Back to the portal</a></p>',
        );
    }
  }

  async function login(url: URL, res: ServerResponse): Promise<void> {
    const redirectUrl = url.searchParams.get('redirect_url');
    const target = ownUrl(redirectUrl);
    if (!target) {
      return sendPage(
        res,
        400,
        'Bad redirect address',
        '<p>The <code>redirect_url</code> must be an address of this portal: the dev identity provider never sends a token elsewhere.</p><p><a href="/">Back to the portal</a></p>',
      );
    }
    const providerValue = url.searchParams.get('provider') ?? 'vcr';
    if (providerValue !== 'vcr' && providerValue !== 'sso') {
      return sendPage(
        res,
        400,
        'Unknown provider',
        '<p>The provider is <code>vcr</code> (the default) or <code>sso</code>.</p>',
      );
    }
    const provider: IdentityProvider = providerValue;
    const personaName = url.searchParams.get('persona');
    if (personaName === null) return sendPage(res, 200, 'Sign in to the local portal', personaList(url, target));

    const persona = personas.find((candidate) => candidate.persona === personaName);
    if (!persona) {
      return sendPage(
        res,
        400,
        'Unknown persona',
        `<p>There is no persona named <code>${escapeHtml(personaName)}</code>.</p><p><a href="${escapeHtml(`${DEV_IDP_PREFIX}/login?redirect_url=${encodeURIComponent(target.href)}`)}">Choose a persona</a></p>`,
      );
    }
    const token = await signUpstreamToken(persona, provider);
    target.searchParams.set(TOKEN_PARAMETER[provider], token);
    res.writeHead(302, { location: target.href, 'cache-control': 'no-store', 'content-length': 0 });
    res.end();
  }

  /**
   * The local sign-up (decision record 030): a form of name and e-mail; submitted
   * (GET, the provider answers GET only), it signs a `vcr` token for the upstream
   * identity `dev|signup|<e-mail lower-cased>` — not yet a portal user: accepting an
   * invitation makes it one — and redirects like a login.
   */
  async function signup(url: URL, res: ServerResponse): Promise<void> {
    const target = ownUrl(url.searchParams.get('redirect_url'));
    if (!target) {
      return sendPage(
        res,
        400,
        'Bad redirect address',
        '<p>The <code>redirect_url</code> must be an address of this portal: the dev identity provider never sends a token elsewhere.</p><p><a href="/">Back to the portal</a></p>',
      );
    }
    const name = url.searchParams.get('name');
    const email = url.searchParams.get('email');
    if (name === null && email === null) return sendPage(res, 200, 'Sign up', signupForm(target, '', '', []));
    const cleanName = (name ?? '').trim();
    const cleanEmail = (email ?? '').trim();
    const errors: string[] = [];
    if (cleanName === '') errors.push('Enter your name.');
    else if (cleanName.length > SIGNUP_NAME_MAX)
      errors.push(`Your name must be at most ${SIGNUP_NAME_MAX} characters.`);
    if (!SIGNUP_EMAIL.test(cleanEmail) || cleanEmail.length > SIGNUP_EMAIL_MAX)
      errors.push('Enter a valid e-mail address.');
    if (errors.length > 0) return sendPage(res, 400, 'Sign up', signupForm(target, cleanName, cleanEmail, errors));
    const token = await signUpstreamToken(
      { email: cleanEmail, displayName: cleanName, subject: `dev|signup|${cleanEmail.toLowerCase()}` },
      'vcr',
    );
    target.searchParams.set(TOKEN_PARAMETER.vcr, token);
    res.writeHead(302, { location: target.href, 'cache-control': 'no-store', 'content-length': 0 });
    res.end();
  }

  function signupForm(target: URL, name: string, email: string, errors: readonly string[]): string {
    const alert =
      errors.length > 0
        ? `<div role="alert"><p>Please correct:</p><ul>${errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul></div>`
        : '';
    return `<p>This is the local stand-in for the range's sign-up page. It creates an identity at the login host, not a portal account: open an invitation link to join the portal. You return to <code>${escapeHtml(target.pathname + target.search)}</code> signed in.</p>
${alert}
<form method="get" action="${DEV_IDP_PREFIX}/signup">
<input type="hidden" name="redirect_url" value="${escapeHtml(target.href)}">
<p><label for="signup-name">Name *</label><br><input id="signup-name" name="name" required maxlength="${SIGNUP_NAME_MAX}" autocomplete="name" value="${escapeHtml(name)}"></p>
<p><label for="signup-email">E-mail *</label><br><input id="signup-email" name="email" type="email" required maxlength="${SIGNUP_EMAIL_MAX}" autocomplete="email" value="${escapeHtml(email)}"></p>
<p><button type="submit">Sign up</button></p>
</form>
<p><a href="${escapeHtml(`${DEV_IDP_PREFIX}/login?redirect_url=${encodeURIComponent(target.href)}`)}">Sign in with a persona instead</a> or <a href="/">go back to the portal</a>.</p>`;
  }

  function personaList(url: URL, target: URL): string {
    const referrer = ownUrl(url.searchParams.get('referrer_url'));
    const provider = url.searchParams.get('provider');
    const items = personas
      .map((persona) => {
        const query = new URLSearchParams({ persona: persona.persona, redirect_url: target.href });
        if (provider) query.set('provider', provider);
        const id = `persona-${persona.persona}`;
        return `<li>
  <a class="persona" href="${escapeHtml(`${DEV_IDP_PREFIX}/login?${query}`)}" aria-describedby="${id}">Sign in as ${escapeHtml(persona.displayName)} (${escapeHtml(persona.persona)})</a>
  <p id="${id}">${escapeHtml(persona.description)} <span class="email">${escapeHtml(persona.email)}</span></p>
</li>`;
      })
      .join('\n');
    return `<p>This is the local stand-in for the range's login page. Choose who you are; you return to <code>${escapeHtml(target.pathname + target.search)}</code> signed in.</p>
<ul class="personas">
${items}
</ul>
${referrer ? `<p><a href="${escapeHtml(referrer.href)}">Cancel and go back</a></p>` : '<p><a href="/">Cancel and go back to the portal</a></p>'}`;
  }

  function exercises(url: URL, res: ServerResponse): void {
    const token = url.searchParams.get('s');
    let details: string;
    if (!token) {
      details = '<p>No SSO token (<code>s</code>) was received: the portal adds one only when you are signed in.</p>';
    } else {
      try {
        const header = decodeProtectedHeader(token);
        const claims = decodeJwt(token);
        const rows = Object.entries(claims)
          .map(([name, value]) => {
            const shown =
              (name === 'exp' || name === 'iat' || name === 'nbf') && typeof value === 'number'
                ? `${value} (${new Date(value * 1000).toISOString()})`
                : typeof value === 'string'
                  ? value
                  : JSON.stringify(value);
            return `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(shown)}</td></tr>`;
          })
          .join('\n');
        details = `<p>The token's header: <code>${escapeHtml(JSON.stringify(header))}</code>. Its claims, decoded but <strong>not verified</strong>:</p>
<table>
<caption>Claims of the SSO token</caption>
<thead><tr><th scope="col">Claim</th><th scope="col">Value</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
      } catch {
        details = '<p>The <code>s</code> parameter is not a JWT.</p>';
      }
    }
    sendPage(
      res,
      200,
      'Exercise area (local stand-in)',
      `<p>The exercise area is a separate application; locally this page shows the SSO token it received.</p>
${details}
<p><a href="/">Back to the portal</a></p>`,
    );
  }

  return { handle, signUpstreamToken, jwksFile };
}

/** Reads the private JWK, or creates it (mode 0600); (re)writes the public JWKS beside it. */
async function loadOrCreateKey(keysDir: string): Promise<{ privateKey: CryptoKey; kid: string }> {
  const { privateKey, publicJwk, kid } = await loadOrCreateKeyFile(path.join(keysDir, DEV_IDP_KEY_FILE));
  const jwksFile = path.join(keysDir, DEV_IDP_JWKS_FILE);
  // Written whole, then renamed: a verifier never reads a half-written file.
  const partial = `${jwksFile}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify({ keys: [publicJwk] })}\n`);
  await rename(partial, jwksFile);
  return { privateKey, kid };
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a202c}
a{color:#1a4f9c}a:focus-visible{outline:3px solid #1a4f9c;outline-offset:2px}
.personas{list-style:none;padding:0}.personas li{border:1px solid #cbd5e0;border-radius:.5rem;padding:.75rem 1rem;margin:.75rem 0}
.persona{font-weight:600}.personas p{margin:.25rem 0 0}.email{color:#4a5568}
table{border-collapse:collapse}th,td{text-align:left;vertical-align:top;border:1px solid #cbd5e0;padding:.25rem .5rem;word-break:break-all}
caption{text-align:left;font-weight:600}`;

/** An accessible page: lang, title, one h1, a main landmark; no script (the CSP allows none inline). */
function sendPage(res: ServerResponse, statusCode: number, title: string, body: string): void {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · local portal</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
  res.writeHead(statusCode, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(html);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
