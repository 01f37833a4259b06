import sanitizeHtml from 'sanitize-html';
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

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // No style attribute is allowed, so postcss is never needed (the Lambda bundles leave it out:
  // functions/src/lib/postcss-unavailable.ts).
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      return {
        tagName,
        attribs: { ...rest, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' },
      };
    },
    img: (tagName, attribs) => {
      const src = attribs.src;
      const keep = src !== undefined && (!/^\s*data:/i.test(src) || DATA_IMAGE.test(src.trim()));
      return {
        tagName,
        attribs: keep ? attribs : Object.fromEntries(Object.entries(attribs).filter(([name]) => name !== 'src')),
      };
    },
  },
  // An image whose address was refused (or that had none) is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * HTML made safe to store and render (decision records 024, 026: news and event
 * descriptions, page section descriptions and contentBox widgets):
 * sanitize-html with an allow-list — headings, paragraphs, line breaks, rules, div
 * and span, lists, links (`href` http, https, mailto or relative; `rel="noopener
 * noreferrer"` always; `target` only `_blank`), images (`src` http, https, relative
 * or a base64 `data:image/png|jpeg|gif|webp`, with `alt`, `title`, `width`,
 * `height`), tables, and em, strong, b, i, u, s, sub, sup, code, pre, blockquote,
 * figure, figcaption. Scripts and styles go with their content; event handlers,
 * `style`, `class`, iframes, forms, `javascript:` and protocol-relative addresses go.
 * Text is kept and re-escaped.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
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

/** True when sanitised HTML shows nothing: no text and no image. */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
