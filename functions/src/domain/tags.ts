import { LIMITS } from '#shared/limits';
import { plainText } from './summary.ts';

/**
 * Keyword (tag) normalisation (spec §5 "Content editing": duplicates ignored
 * case-insensitively, each sanitised and trimmed, at most 20 tags of at most 50
 * characters; decision record 004 for over-long tags).
 */

/** What normalisation did to the input, so an importer can report every change. */
export type TagNote =
  | { readonly kind: 'split'; readonly tag: string; readonly parts: readonly string[] }
  | { readonly kind: 'cut'; readonly tag: string; readonly result: string }
  | { readonly kind: 'duplicate'; readonly tag: string }
  | { readonly kind: 'over-limit'; readonly tag: string };

/** The normalised tags, and every change made to reach them. */
export interface NormalisedTags {
  readonly tags: string[];
  readonly notes: TagNote[];
}

// "A, b, and C" and "A and B" name several topics; splitting there keeps every word.
const LIST_SEPARATOR = /,\s+(?:and\s+)?|\s+and\s+/;

/**
 * Normalises tags: each is sanitised to plain text and trimmed; a tag longer than
 * 50 characters is split on ", " and " and " into its parts ("Address randomization,
 * non-executable stack, and StackGuard" → three tags); a part still too long is cut
 * at its last word boundary within 50; empties are dropped; duplicates are dropped
 * case-insensitively (the first spelling wins); tags beyond the 20th are dropped.
 * Every split, cut and drop is listed in `notes`.
 */
export function normaliseTags(raw: readonly string[]): NormalisedTags {
  const notes: TagNote[] = [];
  const candidates: string[] = [];
  for (const input of raw) {
    const tag = plainText(input);
    if (tag.length <= LIMITS.tagMaxChars) {
      candidates.push(tag);
      continue;
    }
    const parts = tag
      .split(LIST_SEPARATOR)
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    if (parts.length > 1) notes.push({ kind: 'split', tag, parts });
    for (const part of parts) {
      if (part.length <= LIMITS.tagMaxChars) {
        candidates.push(part);
        continue;
      }
      const result = cutAtWordBoundary(part, LIMITS.tagMaxChars);
      notes.push({ kind: 'cut', tag: part, result });
      candidates.push(result);
    }
  }

  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of candidates) {
    if (tag.length === 0) continue;
    const folded = tag.toLowerCase();
    if (seen.has(folded)) {
      notes.push({ kind: 'duplicate', tag });
      continue;
    }
    seen.add(folded);
    if (tags.length >= LIMITS.tagMaxCount) {
      notes.push({ kind: 'over-limit', tag });
      continue;
    }
    tags.push(tag);
  }
  return { tags, notes };
}

/** The longest prefix of `text` within `max` characters that ends at a word boundary (a hard cut if there is none). */
export function cutAtWordBoundary(text: string, max: number): string {
  if (text.length <= max) return text;
  const window = text.slice(0, max + 1);
  const boundary = window.search(/\s\S*$/);
  const cut = boundary > 0 ? text.slice(0, boundary) : text.slice(0, max);
  return cut.replace(/[\s,;:–-]+$/, '');
}
