/**
 * Text normalisation for courseware search (decision record 014): the index and the
 * query both go through {@link tokenize}, so "Café", "CAFE" and "cafe" meet.
 */

/** Terms longer than this many characters are cut to it (a pasted hash or URL must not bloat the vocabulary). */
export const MAX_TERM_CHARS = 40;

/** Distinct words a query may hold; further words are ignored (search text is at most 256 characters, spec §5). */
export const MAX_QUERY_WORDS = 32;

/**
 * A small English stop-word list. Stop words are indexed like any term, but a query
 * drops them unless every one of its words is a stop word (decision record 014).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'about',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'how',
  'in',
  'into',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'that',
  'the',
  'their',
  'this',
  'to',
  'was',
  'what',
  'when',
  'where',
  'which',
  'who',
  'why',
  'will',
  'with',
]);

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/u;

/**
 * Text folded for matching: lower case, Unicode NFKD with the combining marks
 * (diacritics) removed, so "Résumé" and "resume" are the same. Word separators are
 * kept as they are.
 */
export function normaliseText(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/**
 * The terms of `text` in order, duplicates kept: {@link normaliseText}, then split on
 * every run of characters that are neither a letter nor a digit ("Set-UID" → `set`,
 * `uid`; "micro:bit" → `micro`, `bit`), each term cut to {@link MAX_TERM_CHARS}.
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const part of normaliseText(text).split(NOT_LETTER_OR_DIGIT)) {
    if (part.length === 0) continue;
    terms.push(part.length > MAX_TERM_CHARS ? part.slice(0, MAX_TERM_CHARS) : part);
  }
  return terms;
}

/** One word of a query: the term, and whether it also matches as a prefix (the last word typed). */
export interface QueryWord {
  readonly term: string;
  readonly prefix: boolean;
}

/**
 * The words a query searches for (decision record 014): the terms of `text`, stop
 * words dropped unless all of them are stop words, duplicates merged, at most
 * {@link MAX_QUERY_WORDS}. The last term of the text is marked `prefix` (results
 * follow typing) when it is kept. Returns [] for text without any letter or digit.
 */
export function queryWords(text: string): QueryWord[] {
  const terms = tokenize(text);
  if (terms.length === 0) return [];
  const last = terms[terms.length - 1] as string;
  const meaningful = terms.filter((term) => !STOP_WORDS.has(term));
  const chosen = meaningful.length > 0 ? meaningful : terms;
  const words = new Map<string, boolean>();
  for (const term of chosen) {
    if (!words.has(term) && words.size >= MAX_QUERY_WORDS) continue;
    words.set(term, false);
  }
  if (words.has(last)) words.set(last, true);
  return [...words].map(([term, prefix]) => ({ term, prefix }));
}

/**
 * `text` cut to at most `maxChars` characters at a word boundary, ending in '…' when
 * cut (the '…' counts toward `maxChars`). Without a boundary in reach it cuts hard,
 * never inside a surrogate pair. Used for the `summary` a search hit carries
 * (`LIMITS.searchSummaryMaxChars`, contract `SearchContentPage`).
 */
export function cutAtWord(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const room = Math.max(0, maxChars - 1);
  const window = text.slice(0, room + 1);
  const boundary = window.search(/\s\S*$/);
  let cut = boundary > 0 ? text.slice(0, boundary) : text.slice(0, room);
  const lastCode = cut.charCodeAt(cut.length - 1);
  if (lastCode >= 0xd800 && lastCode <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut.replace(/[\s,;:.–-]+$/u, '')}…`;
}
