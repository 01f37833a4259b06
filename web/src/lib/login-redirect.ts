import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import type { LastLocation } from './last-location.ts';

function join(base: string, path: string, origin: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}/${path}`, origin);
}

/**
 * The external login page for `/login` (spec §2.2): `<loginBaseUrl>/login` with
 * `redirect_url` (where the login host sends the reader back: the page they came
 * from when it is a courseware or alias route, otherwise the exercise area) and
 * `referrer_url` (the page they came from, or this site's root).
 */
export function buildLoginUrl(
  config: Pick<RuntimeConfig, 'loginBaseUrl' | 'exerciseAppBaseUrl'>,
  from: LastLocation | null,
  origin: string = window.location.origin,
): string {
  const cameFrom = from ? new URL(from.href, origin).toString() : new URL('/', origin).toString();
  const redirect = from?.returnAfterLogin ? cameFrom : new URL(config.exerciseAppBaseUrl, origin).toString();
  const url = join(config.loginBaseUrl, 'login', origin);
  url.searchParams.set('redirect_url', redirect);
  url.searchParams.set('referrer_url', cameFrom);
  return url.toString();
}

/** The external sign-up page for `/signup` (spec §2.2); VACR adds `code=vacr`. */
export function buildSignupUrl(
  config: Pick<RuntimeConfig, 'loginBaseUrl' | 'brand'>,
  origin: string = window.location.origin,
): string {
  const url = join(config.loginBaseUrl, 'signup', origin);
  if (config.brand === 'VACR') url.searchParams.set('code', 'vacr');
  return url.toString();
}
