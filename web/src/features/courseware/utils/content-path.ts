/** The content link rule, shared with the admin feature through `lib`. */
export { contentPath } from '../../../lib/content-path.ts';

/**
 * The parameter of `/courseware/{idOrAlias}` as the API wants it (spec §2.6):
 * lower-cased; `apiUrl` then URL-encodes it, so `/` travels as `%2F`.
 */
export function normaliseIdOrAlias(raw: string): string {
  return raw
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}
