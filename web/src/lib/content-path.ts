import type { ContentSummary } from '#shared/contracts/content';

/**
 * The address of a content item (spec §2.6, §2.7 "The title links to
 * /courseware/{urlAlias or id}"): its URL alias, normalised to start with
 * `/courseware/`, or `/courseware/<id>` when it has none. Shared by the courseware
 * and admin features.
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
