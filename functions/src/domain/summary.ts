import { decodeText, textOfHtml } from './html.ts';
import { stripSearchTags } from './search-tags.ts';

// Block-level boundaries separate words in rendered HTML; without a space the
// sanitiser would glue "<p>one</p><p>two</p>" into "onetwo".
const BLOCK_TAG =
  /<(\/?)(address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)\b/gi;

/**
 * The plain text of a description, for cards and lists (spec §3: the search-tags
 * block is stripped for display in lists): the block removed, then {@link plainText}.
 */
export function summaryText(html: string): string {
  return plainText(stripSearchTags(html));
}

/**
 * HTML as plain text: every tag dropped (scripts and styles with their content),
 * entities decoded, whitespace collapsed, trimmed.
 */
export function plainText(html: string): string {
  const spaced = html.replace(BLOCK_TAG, ' <$1$2');
  return decodeText(textOfHtml(spaced)).replace(/\s+/g, ' ').trim();
}
