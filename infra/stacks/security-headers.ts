/**
 * The site's security headers, in one place: the web stack's CloudFront response
 * headers policy and the local server (`infra/local/http-policy.ts`) both build
 * theirs from here, so the laptop and the cloud send the same policy.
 */

/** `Strict-Transport-Security` max-age: two years, with subdomains. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;

export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const FRAME_OPTIONS = 'DENY';
export const CONTENT_TYPE_OPTIONS = 'nosniff';

/**
 * The video players pages may embed (spec §3 widget `youTube`, §2.4 landing video):
 * the only frames the policy allows. Video files play from anywhere over https
 * (`media-src`).
 */
export const EMBEDDED_VIDEO_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
] as const;

export interface ContentSecurityPolicyOptions {
  /**
   * Origins the browser may also connect to: the buckets that receive presigned
   * uploads (ARCHITECTURE.md "Files"), and in local dev Vite's HMR socket.
   */
  readonly connectSources?: readonly string[];
  /**
   * Extra script sources, local Vite dev only: the hashes of the inline React
   * refresh preamble Vite injects into index.html. Never used for a build.
   */
  readonly devScriptSources?: readonly string[];
}

/**
 * Image sources beyond the site itself: `data:` (inline icons), any https address
 * (external news and widget images), and `blob:` — exactly what the editor's image
 * previews need: a picked portrait, widget image or news image is shown from an
 * object URL (`URL.createObjectURL`, `web/src/hooks/use-object-url.ts`) before it is
 * uploaded (issue 21 item 11). Only `img-src` gets `blob:`; scripts, frames and
 * workers never do.
 */
export const IMAGE_SOURCES = ["'self'", 'data:', 'https:', 'blob:'] as const;

/**
 * The Content-Security-Policy. Styles allow 'unsafe-inline' because Chakra/emotion
 * inject style elements; scripts come only from the site itself.
 */
export function contentSecurityPolicy(options: ContentSecurityPolicyOptions = {}): string {
  const connect = ["'self'", ...(options.connectSources ?? [])];
  const script = ["'self'", ...(options.devScriptSources ?? [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${IMAGE_SOURCES.join(' ')}`,
    "media-src 'self' https:",
    `frame-src ${EMBEDDED_VIDEO_ORIGINS.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
  ].join('; ');
}

/** Every security header by its (lower-case) name, as the local server sends them. */
export function securityHeaders(options: ContentSecurityPolicyOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
    'x-content-type-options': CONTENT_TYPE_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    'x-frame-options': FRAME_OPTIONS,
  };
}
