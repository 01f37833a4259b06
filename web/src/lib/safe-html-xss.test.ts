// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { executableConstructs, XSS_CORPUS } from '../../../tests/support/xss-corpus.ts';
import { safeHtml } from './safe-html.ts';

/**
 * The browser's sanitiser (`safeHtml`, DOMPurify) against the XSS corpus (issue 9
 * item 6), the second line behind the server's allow-list: whatever reaches the
 * SPA, the HTML it renders — parsed as `innerHTML` parses it, and again after
 * serialising (mutation XSS) — has no executable construct.
 */

/** The findings of `html` rendered into a fresh document's body, then re-serialised and rendered again. */
function findingsOf(html: string): string[] {
  const first = document.implementation.createHTMLDocument('');
  first.body.innerHTML = html;
  const second = document.implementation.createHTMLDocument('');
  second.body.innerHTML = first.body.innerHTML;
  return [...executableConstructs(first.body), ...executableConstructs(second.body)];
}

describe('safeHtml against the XSS corpus', () => {
  it.each(XSS_CORPUS.map((vector) => [vector.name, vector.html]))('%s leaves nothing executable', (_name, html) => {
    expect(findingsOf(safeHtml(html))).toEqual([]);
  });
});
