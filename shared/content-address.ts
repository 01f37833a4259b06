import type { ContentSummary } from './contracts/content.ts';

/**
 * A content item's URL alias without slashes at either end or a leading `courseware/`
 * segment (spec §2.7: aliases may be stored either way), or its id when it has none.
 */
function aliasOrId(content: Pick<ContentSummary, 'id' | 'urlAlias'>): { alias: string | null; id: string } {
  let alias = content.urlAlias.trim().replace(/^\/+|\/+$/g, '');
  if (/^courseware(\/|$)/i.test(alias)) alias = alias.replace(/^courseware\/?/i, '');
  return { alias: alias || null, id: content.id };
}

/**
 * The address of a content item (spec §2.6, §2.7 "The title links to
 * /courseware/{urlAlias or id}"): its URL alias, normalised to start with
 * `/courseware/`, each segment percent-encoded, or `/courseware/<id>` when it has none.
 * The SPA's links and the server's first HTML (decision record 038) both use it.
 */
export function contentPath(content: Pick<ContentSummary, 'id' | 'urlAlias'>): string {
  const { alias, id } = aliasOrId(content);
  if (alias === null) return `/courseware/${id}`;
  return `/courseware/${alias
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/')}`;
}

/**
 * The key of an item's own address, as the SPA's content detail query is keyed: the
 * normalised alias (or the id) in lower case (issue 22 items 2 and 5).
 */
export function contentAddressKey(content: Pick<ContentSummary, 'id' | 'urlAlias'>): string {
  const { alias, id } = aliasOrId(content);
  return (alias ?? id).toLowerCase();
}
