import type * as z from 'zod';

/**
 * Images in HTML fields need a text alternative (WCAG 2.2 SC 1.1.1; issue 21 item 15;
 * decision record 034): every `<img>` of every stored HTML field — content and
 * content-section descriptions, news and event descriptions, page-section
 * descriptions and contentBox widgets — carries an `alt` attribute. A described image
 * has non-blank alt text; an image that is only decoration says so with an explicit
 * empty `alt=""`. An image without the attribute is refused (400 at the field on the
 * server, the same message under the field in the SPA), never silently stored.
 */

/** The field message for an image without an `alt` attribute. */
export const IMAGE_ALT_MISSING_MESSAGE =
  'Every image needs alt text (WCAG 1.1.1): describe it with alt="…", or mark an image that is only decoration with alt="".';

const NAME_END = /[\s/>]/;

/**
 * The attribute names of the start tag that begins at `start` (just after the tag
 * name) of `html`, read as a browser reads them: names lower-cased; values quoted
 * with `"` or `'` (which may contain `>`) or unquoted. Returns the names and where
 * the tag ends.
 */
function attributeNames(html: string, start: number): { names: Set<string>; end: number } {
  const names = new Set<string>();
  let i = start;
  while (i < html.length) {
    const c = html.charAt(i);
    if (c === '>') return { names, end: i + 1 };
    if (/\s|\//.test(c)) {
      i += 1;
      continue;
    }
    let nameEnd = i + 1;
    while (nameEnd < html.length && !/[\s/>=]/.test(html.charAt(nameEnd))) nameEnd += 1;
    names.add(html.slice(i, nameEnd).toLowerCase());
    i = nameEnd;
    while (/\s/.test(html.charAt(i))) i += 1;
    if (html.charAt(i) !== '=') continue;
    i += 1;
    while (/\s/.test(html.charAt(i))) i += 1;
    const quote = html.charAt(i);
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, i + 1);
      i = close < 0 ? html.length : close + 1;
    } else {
      while (i < html.length && !/[\s>]/.test(html.charAt(i))) i += 1;
    }
  }
  return { names, end: html.length };
}

/**
 * How many `<img>` start tags of `html` have no `alt` attribute (comments, such as
 * the hidden search-tags block, are skipped). `alt=""` counts as present: it marks a
 * decorative image.
 */
export function imagesWithoutAlt(html: string): number {
  let missing = 0;
  let i = 0;
  const lower = html.toLowerCase();
  while (i < html.length) {
    const open = lower.indexOf('<', i);
    if (open < 0) break;
    if (lower.startsWith('<!--', open)) {
      const close = lower.indexOf('-->', open + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    if (lower.startsWith('<img', open) && NAME_END.test(lower.charAt(open + 4) || '>')) {
      const { names, end } = attributeNames(html, open + 4);
      if (!names.has('alt')) missing += 1;
      i = end;
      continue;
    }
    i = open + 1;
  }
  return missing;
}

/**
 * An HTML field's schema with the alt-text rule added ({@link IMAGE_ALT_MISSING_MESSAGE}
 * at the field's own path). Shared by every HTML field of the contracts, so the server
 * (400) and the SPA's forms (the same message under the field) agree.
 */
export function withImageAlt<S extends z.ZodType<string>>(schema: S): S {
  return schema.refine((html) => imagesWithoutAlt(html) === 0, { message: IMAGE_ALT_MISSING_MESSAGE }) as S;
}

/**
 * True when a stored text field that became HTML holds HTML: it starts with an element
 * (what the rich text editor always writes). A team member's description stored before
 * it became rich text (issue 25 item 1, decision record 063) is plain text, shown as text.
 */
export function isStoredHtml(value: string): boolean {
  return /^\s*</.test(value);
}

/**
 * Plain text as the HTML the rich text editor would write for it: paragraphs at blank
 * lines, `<br>` at single line breaks, `&`, `<`, `>` and `"` escaped. `''` stays `''`.
 */
export function plainTextToHtml(text: string): string {
  const escapeText = (part: string) =>
    part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${paragraph.trim().split(/\r?\n/).map(escapeText).join('<br>')}</p>`)
    .join('');
}
