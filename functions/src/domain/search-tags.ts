/**
 * The hidden search-tags block at the start of a description (spec §3 Content,
 * decision record 007): `<!--search-tags:tag one | tag two-->`, an HTML comment, so
 * it stays invisible in any renderer.
 */
/** Opens the block; it must be the first non-blank text of the description. */
export const SEARCH_TAGS_START = '<!--search-tags:';
/** Closes the block. */
export const SEARCH_TAGS_END = '-->';
/** Separates the tags inside the block (spec §3). */
export const SEARCH_TAGS_SEPARATOR = ' | ';

function splitBlock(description: string): { tags: string[]; rest: string } | null {
  const start = description.search(/\S/);
  if (start < 0 || !description.startsWith(SEARCH_TAGS_START, start)) return null;
  const end = description.indexOf(SEARCH_TAGS_END, start + SEARCH_TAGS_START.length);
  if (end < 0) return null;
  const inner = description.slice(start + SEARCH_TAGS_START.length, end);
  const tags = inner
    .split('|')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
  return { tags, rest: description.slice(end + SEARCH_TAGS_END.length) };
}

/** The tags of the block at the start of `description`; [] when there is none. */
export function parseSearchTags(description: string): string[] {
  return splitBlock(description)?.tags ?? [];
}

/** `description` without its leading search-tags block (unchanged when there is none). */
export function stripSearchTags(description: string): string {
  return splitBlock(description)?.rest ?? description;
}

/** `text` without `-->` or `--!>`: their `>` goes, again until none is left (`--!>>` would make another). */
function withoutCommentEnds(text: string): string {
  let clean = text;
  while (/--!?>/.test(clean)) clean = clean.replace(/--!?>/g, (end) => end.slice(0, -1));
  return clean;
}

/**
 * The block for `tags`. A tag cannot carry the separator's bar or anything that
 * ends an HTML comment early, so bars become spaces and `-->` and `--!>` lose their
 * `>` (issue 9: nothing inside the block can leave the comment); empty tags are
 * skipped. Returns '' when no tag remains.
 */
export function buildSearchTagsBlock(tags: readonly string[]): string {
  const clean = tags
    .map((tag) => withoutCommentEnds(tag.replaceAll('|', ' ').replace(/\s+/g, ' ').trim()))
    .filter((tag) => tag.length > 0);
  return clean.length === 0 ? '' : `${SEARCH_TAGS_START}${clean.join(SEARCH_TAGS_SEPARATOR)}${SEARCH_TAGS_END}`;
}

/** `description` with its search-tags block replaced by one for `tags` (removed when `tags` is empty). */
export function withSearchTags(description: string, tags: readonly string[]): string {
  return `${buildSearchTagsBlock(tags)}${stripSearchTags(description)}`;
}
