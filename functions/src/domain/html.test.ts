import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeDescription } from './html.ts';

describe('sanitizeDescription', () => {
  it('keeps the allowed structure', () => {
    const html =
      '<h2>Agenda</h2><p><strong>Day 1</strong> and <em>day 2</em></p><ul><li>one</li></ul><ol start="3"><li>three</li></ol>' +
      '<blockquote>quote</blockquote><pre><code>make</code></pre>' +
      '<table><thead><tr><th scope="col">When</th></tr></thead><tbody><tr><td colspan="2">9:00</td></tr></tbody></table>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('removes scripts and styles with their content, event handlers, style and class attributes', () => {
    const html =
      '<p class="x" style="color:red" onclick="steal()">Hi</p><script>alert(1)</script><style>p{}</style>' +
      '<img src="https://example.org/a.png" alt="A" onerror="steal()">';
    expect(sanitizeDescription(html)).toBe('<p>Hi</p><img src="https://example.org/a.png" alt="A" />');
  });

  it('drops iframes, forms and objects but keeps their text', () => {
    expect(sanitizeDescription('<iframe src="https://evil.example"></iframe><form><button>Go</button></form>')).toBe(
      'Go',
    );
    expect(sanitizeDescription('<object data="x.swf"></object><embed src="x.swf">')).toBe('');
  });

  it('keeps http, https, mailto and relative links with rel=noopener, and refuses javascript: ones', () => {
    expect(sanitizeDescription('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeDescription('<a href="mailto:team@example.org" target="_top">m</a>')).toBe(
      '<a href="mailto:team@example.org" rel="noopener noreferrer">m</a>',
    );
    expect(sanitizeDescription('<a href="/events/spring">r</a>')).toBe(
      '<a href="/events/spring" rel="noopener noreferrer">r</a>',
    );
    expect(sanitizeDescription('<a href="javascript:alert(1)">j</a>')).toBe('<a rel="noopener noreferrer">j</a>');
    expect(sanitizeDescription('<a href="JaVaScRiPt:alert(1)">j</a>')).toBe('<a rel="noopener noreferrer">j</a>');
    expect(sanitizeDescription('<a href="//evil.example/x">p</a>')).toBe('<a rel="noopener noreferrer">p</a>');
  });

  it('keeps raster data: images and drops other data: and javascript: images', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeDescription(`<img src="${png}" alt="">`)).toBe(`<img src="${png}" alt="" />`);
    expect(sanitizeDescription('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">')).toBe('');
    expect(sanitizeDescription('<img src="data:text/html;base64,PHA+">')).toBe('');
    expect(sanitizeDescription('<img src="javascript:alert(1)">')).toBe('');
  });

  it('re-escapes text', () => {
    expect(sanitizeDescription('<p>1 < 2 & 3</p>')).toBe('<p>1 &lt; 2 &amp; 3</p>');
  });
});

describe('isBlankHtml', () => {
  it('is true for markup without text or images', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p> &nbsp; </p><br />')).toBe(true);
  });

  it('is false with text or an image', () => {
    expect(isBlankHtml('<p>x</p>')).toBe(false);
    expect(isBlankHtml('<img src="https://example.org/a.png" />')).toBe(false);
  });
});
