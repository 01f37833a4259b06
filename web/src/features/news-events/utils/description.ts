import { safeHtml } from '../../../lib/safe-html.ts';

/**
 * Description HTML of news and events: what is saved (spec §5: images lose their
 * alt text), what is rendered (sanitised again in the browser, though the server
 * sanitises on save) and what is quoted on lists and the home page (plain text).
 */

/**
 * Spec §5 "News and event dialog": before saving, every `<img>` of the description
 * loses its alt text and gets an empty `alt` (the images are decorative). The rest
 * of the HTML is kept; it comes back re-serialised by the browser's parser.
 * Answers `html` unchanged when it holds no image.
 */
export function stripImageAlts(html: string): string {
  if (!/<img/i.test(html)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const image of template.content.querySelectorAll('img')) {
    image.removeAttribute('alt');
    image.setAttribute('alt', '');
  }
  return template.innerHTML;
}

/** The description made safe to render ({@link safeHtml}: DOMPurify's HTML profile, without forms, styles or event handlers). */
export function sanitizeDescription(html: string): string {
  return safeHtml(html);
}

/** The words of a description without its markup, whitespace runs as one space (for truncated quotes). */
export function descriptionText(html: string): string {
  const template = document.createElement('template');
  // A space before each block boundary, so that "<p>a</p><p>b</p>" reads "a b".
  template.innerHTML = sanitizeDescription(html).replace(
    /<(\/?(?:p|div|li|ul|ol|h[1-6]|br|tr|td|th|blockquote)\b)/gi,
    ' <$1',
  );
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
