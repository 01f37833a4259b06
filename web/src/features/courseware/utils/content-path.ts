import type { ContentSummary } from '#shared/contracts/content';

/**
 * The address of a content item (spec §2.6): its URL alias, normalised to start
 * with `/courseware/`, or `/courseware/<id>` when it has none.
 */
export function contentPath(content: Pick<ContentSummary, 'id' | 'urlAlias'>): string {
  let alias = content.urlAlias.trim().replace(/^\/+|\/+$/g, '');
  if (/^courseware(\/|$)/i.test(alias)) alias = alias.replace(/^courseware\/?/i, '');
  if (!alias) return `/courseware/${content.id}`;
  return `/courseware/${alias
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/')}`;
}

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
