import { safeHtml } from '../../../lib/safe-html.ts';

/** The hidden search-tags block an editor's description may begin with (spec §3 Content). */
const SEARCH_TAGS_BLOCK = /^\s*<!--\s*search-tags:[\s\S]*?-->/i;

/**
 * A content description made safe to render: the search-tags block removed, then
 * DOMPurify with its HTML profile (scripts, handlers, comments and unknown
 * protocols go; links that open a tab lose their opener).
 */
export function sanitizeDescription(html: string): string {
  return safeHtml(html.replace(SEARCH_TAGS_BLOCK, ''));
}
