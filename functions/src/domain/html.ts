import { parseAttr, parseTag } from 'xss/lib/parser.js';
import { parseSearchTags, stripSearchTags, withSearchTags } from './search-tags.ts';

/**
 * The server's HTML allow-list (decision records 024, 026, issue 9): every HTML the
 * portal stores from an editor — news and event descriptions, CMS page section
 * descriptions and contentBox widgets, the seeded pages, and content descriptions
 * and content section descriptions (new children's descriptions are built escaped)
 * — goes through {@link sanitizeDescription} before it is written; a content
 * description through {@link sanitizeContentDescription}, which keeps its hidden
 * search-tags block (decision record 007).
 */

/** Raster image types an inline `data:` image of a description may have. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/** Tags a description may keep (decision record 024); everything else is dropped, its text kept. */
export const DESCRIPTION_ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'span',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'figure',
  'figcaption',
] as const;

/** Attributes each allowed tag may keep; every other attribute goes. */
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start'],
};

/** Allowed tags without content, written `<br />`. */
const VOID_TAGS = new Set(['br', 'hr', 'img', 'col']);

/** Elements dropped with everything inside them (their content is code or raw text, never prose). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'template', 'title']);

/** Tags whose start closes an open `<p>`, as an HTML parser does. */
const CLOSES_PARAGRAPH = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'div',
  'ul',
  'ol',
  'table',
  'pre',
  'blockquote',
  'figure',
  'figcaption',
]);

/** Open tags a start tag closes implicitly (a list item closes the previous one, and so on). */
const IMPLICIT_CLOSE: Readonly<Record<string, readonly string[]>> = {
  li: ['li'],
  tr: ['tr', 'td', 'th'],
  td: ['td', 'th'],
  th: ['td', 'th'],
  thead: ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'],
  tbody: ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'],
  tfoot: ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'],
};

/** The URL schemes an address may have (a relative address has none), by attribute. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const IMAGE_SCHEMES = new Set(['http', 'https', 'data']);

/** The character references an attribute value is decoded from before it is checked. */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Decodes numeric character references and those of {@link NAMED_REFERENCES}; others are left as they are. */
function decodeReferences(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi,
    (match, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return NAMED_REFERENCES[name.toLowerCase()] ?? match;
      const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    },
  );
}

/** Text re-escaped: `<` and `>` always, `&` unless it starts a character reference. */
function escapeText(text: string): string {
  return text
    .replace(/&(?!#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)/gi, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** A decoded attribute value written between double quotes. */
function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Whether a decoded `href` / `src` may stay: a relative address (not protocol-relative),
 * or one whose scheme is in `schemes` (a `data:` address only as a base64 raster image).
 * Browsers ignore tabs, newlines and control characters in an address, so they are
 * ignored here too; anything before the first `:` that is not a plain allowed scheme
 * (an undecoded reference, say) refuses the address.
 */
function isAllowedAddress(value: string, schemes: ReadonlySet<string>): boolean {
  const compact = [...value]
    .filter((character) => {
      const code = character.codePointAt(0) ?? 0;
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('');
  if (compact === '') return false;
  const scheme = /^([^/?#]*):/.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return !/^[/\\]{2}/.test(compact);
  if (!schemes.has(scheme)) return false;
  return scheme !== 'data' || DATA_IMAGE.test(value.trim());
}

/** The allowed attributes of a start tag (`<a href="x" …>`), decoded, first occurrence of each. */
function attributesOf(tag: string, html: string): Map<string, string> {
  const allowed = ALLOWED_ATTRIBUTES[tag] ?? [];
  const end = /\/\s*>$/.test(html) ? html.lastIndexOf('/') : html.endsWith('>') ? html.length - 1 : html.length;
  const attributes = new Map<string, string>();
  parseAttr(html.slice(1 + tag.length, end), (name, value) => {
    const key = name.toLowerCase();
    if (allowed.includes(key) && !attributes.has(key)) attributes.set(key, decodeReferences(value));
    return '';
  });
  return attributes;
}

/** A start tag of the allow-list written again from its allowed attributes, or '' when it must go. */
function startTag(tag: string, html: string): string {
  const attributes = attributesOf(tag, html);
  for (const name of ['href', 'src'] as const) {
    const value = attributes.get(name);
    if (value !== undefined && !isAllowedAddress(value, tag === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES)) {
      attributes.delete(name);
    }
  }
  // An image whose address was refused (or that had none) is dropped entirely.
  if (tag === 'img' && !attributes.has('src')) return '';
  if (tag === 'a') {
    const target = attributes.get('target');
    attributes.delete('target');
    attributes.delete('rel');
    if (target === '_blank') attributes.set('target', target);
    attributes.set('rel', 'noopener noreferrer');
  }
  const written = [...attributes].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  return `<${tag}${written}${VOID_TAGS.has(tag) ? ' />' : '>'}`;
}

/**
 * Sanitises `html` with the tokenizer of `xss` (`xss/lib/parser.js`: text and tags, quotes
 * respected), keeping `allowedTags` (with their allowed attributes), dropping every
 * other tag but keeping its text, dropping comments and {@link DROPPED_WITH_CONTENT}
 * with their content, re-escaping text, and balancing the tags it keeps: a closing tag
 * with no open match goes, open tags are closed where an HTML parser would close
 * them, and at the end.
 */
function sanitize(html: string, allowedTags: readonly string[]): string {
  const open: string[] = [];
  const closeUntil = (index: number) =>
    open
      .splice(index)
      .reverse()
      .map((tag) => `</${tag}>`)
      .join('');
  const allowed = new Set(allowedTags);
  // The element being dropped with its content: its text and tags go until it closes (or the input ends).
  let dropping: string | undefined;
  const onTag = (tag: string, source: string, isClosing: boolean): string => {
    if (dropping !== undefined) {
      if (isClosing && tag === dropping) dropping = undefined;
      return '';
    }
    if (DROPPED_WITH_CONTENT.has(tag)) {
      if (!isClosing) dropping = tag;
      return '';
    }
    if (!allowed.has(tag)) return '';
    if (isClosing) {
      const index = open.lastIndexOf(tag);
      return index === -1 ? '' : closeUntil(index);
    }
    const written = startTag(tag, source);
    if (written === '') return '';
    let closed = '';
    const implicit = CLOSES_PARAGRAPH.has(tag) ? ['p'] : (IMPLICIT_CLOSE[tag] ?? []);
    const innermost = open.at(-1);
    if (innermost !== undefined && implicit.includes(innermost)) {
      let index = open.length - 1;
      while (index > 0 && implicit.includes(open[index - 1] ?? '')) index -= 1;
      closed = closeUntil(index);
    }
    if (!VOID_TAGS.has(tag)) open.push(tag);
    return closed + written;
  };
  const body = parseTag(
    withoutComments(html),
    (_sourcePosition, _position, tag, source, isClosing) => onTag(tag, source, isClosing),
    (text) => (dropping === undefined ? escapeText(text) : ''),
  );
  return body + closeUntil(0);
}

/**
 * `html` without its comments: each `<!--` up to the next `-->`, and an unterminated
 * one up to the end.
 */
function withoutComments(html: string): string {
  let kept = '';
  let from = 0;
  while (from < html.length) {
    const start = html.indexOf('<!--', from);
    if (start === -1) return kept + html.slice(from);
    kept += html.slice(from, start);
    const end = html.indexOf('-->', start);
    if (end === -1) return kept;
    from = end + 3;
  }
  return kept;
}

/**
 * HTML made safe to store and render (decision records 024, 026, 041: news and event
 * descriptions, page section descriptions and contentBox widgets): the tokenizer of
 * `xss` with this module's allow-list — headings, paragraphs, line breaks, rules, div
 * and span, lists, links (`href` http, https, mailto or relative; `rel="noopener
 * noreferrer"` always; `target` only `_blank`), images (`src` http, https, relative
 * or a base64 `data:image/png|jpeg|gif|webp`, with `alt`, `title`, `width`,
 * `height`), tables, and em, strong, b, i, u, s, sub, sup, code, pre, blockquote,
 * figure, figcaption. Scripts and styles go with their content; event handlers,
 * `style`, `class`, iframes, forms, `javascript:` and protocol-relative addresses go.
 * Text is kept and re-escaped; the tags kept are balanced.
 */
export function sanitizeDescription(html: string): string {
  return sanitize(html, DESCRIPTION_ALLOWED_TAGS).trim();
}

/**
 * A content description made safe to store (spec §3 Content; decision records 007,
 * 024): the hidden search-tags block at its start is taken off, the rest goes
 * through {@link sanitizeDescription}, and the block is written again from its
 * parsed tags by `withSearchTags` (which keeps a tag from closing the comment early).
 * So the allow-list itself is not widened: comments anywhere else — and a block
 * that is not at the very start or is unterminated — go like any other comment.
 * `keywords` replaces the block's tags when given (the content form's search
 * keywords); an empty list removes the block.
 */
export function sanitizeContentDescription(html: string, keywords?: readonly string[]): string {
  return withSearchTags(sanitizeDescription(stripSearchTags(html)), keywords ?? parseSearchTags(html));
}

/**
 * HTML as text with every tag, comment, script and style gone, still escaped (`&lt;`,
 * `&amp;`); `plainText` in `summary.ts` decodes it.
 */
export function textOfHtml(html: string): string {
  return sanitize(html, []);
}

/**
 * Decodes the character references of text (numeric ones, and amp, lt, gt, quot,
 * apos, nbsp, colon, tab, newline); any other named reference is left as written.
 */
export function decodeText(text: string): string {
  return decodeReferences(text);
}

/** True when sanitised HTML shows nothing: no text and no image. */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return decodeReferences(textOfHtml(html)).replace(/\s/g, '') === '';
}
