// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { isAllowedLinkAddress, richTextExtensions } from './extensions.ts';
import { transformPastedHtml } from './paste.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

// jsdom has no ClipboardEvent; ProseMirror's pasteHTML makes one to stand for the paste.
if (!('ClipboardEvent' in globalThis)) {
  Object.defineProperty(globalThis, 'ClipboardEvent', {
    value: class extends Event {
      readonly clipboardData = null;
    },
  });
}

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** The HTML the editor stores after `html` is pasted into an empty document, as a browser paste runs it. */
function pasted(html: string): string {
  editor = new Editor({
    extensions: richTextExtensions(),
    content: '',
    editorProps: { transformPastedHTML: transformPastedHtml },
  });
  editor.view.pasteHTML(html);
  return editor.getHTML();
}

describe('the link rule (issue 25 item 1)', () => {
  it('takes http(s) addresses and paths of this site', () => {
    for (const href of ['https://example.org/a?b=c', 'http://example.org', '/courseware/lab-1', ' /news ']) {
      expect(isAllowedLinkAddress(href), href).toBe(true);
    }
  });

  it('refuses javascript:, data:, vbscript:, mailto:, protocol-relative and slash-backslash addresses', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'mailto:a@example.org',
      '//evil.example.org/x',
      '/\\evil.example.org',
      'https://',
      'relative/path',
      '',
    ]) {
      expect(isAllowedLinkAddress(href), href).toBe(false);
    }
  });

  it('drops the address of a pasted javascript: or protocol-relative link, keeping its text', () => {
    const html = pasted(
      '<p><a href="javascript:alert(1)">run</a> <a href="//evil.example.org">away</a> <a href="/news">news</a></p>',
    );
    expect(html).not.toMatch(/javascript:|evil\.example/);
    expect(html).toContain('run');
    expect(html).toContain('away');
    expect(html).toMatch(/<a [^>]*href="\/news"[^>]*>news<\/a>/);
  });
});

describe('pasting from Word (issue 25 item 1)', () => {
  it('keeps headings, lists, links and tables and drops styles, classes, fonts and Office markup', () => {
    const html = pasted(fixture('word-paste.html.txt'));
    // The document's h1 is the page's title level: its headings move one level down.
    expect(html).toContain('<h2>Packet capture lab</h2>');
    expect(html).toContain('<h3>Steps</h3>');
    expect(html).toMatch(/<strong>Wireshark<\/strong>/);
    // Word's numbered list paragraphs become a numbered list, the second level nested, the markers gone.
    expect(html).toMatch(
      /<ol><li><p>Start\s+the capture<\/p><ol><li><p>Pick\s+the <em>eth0<\/em> interface<\/p><\/li><\/ol><\/li><li><p>Stop\s+it after a minute<\/p><\/li><\/ol>/,
    );
    expect(html).toMatch(
      /<ul><li><p>Filters: tcp<\/p><\/li><li><p>See <a [^>]*href="https:\/\/www\.wireshark\.org\/docs\/"/,
    );
    expect(html).toMatch(/<table[^>]*>.*<td[^>]*><p><strong>Protocol<\/strong><\/p><\/td>.*<td[^>]*><p>80<\/p><\/td>/s);
    for (const gone of ['style=', 'class=', 'mso-', 'Mso', 'o:p', 'Calibri', 'font', '<span', '<!--', '1.', '·']) {
      expect(html, gone).not.toContain(gone);
    }
  });
});

describe('pasting from Google Docs (issue 25 item 1)', () => {
  it('drops the docs-internal-guid bold wrapper and every style, keeping headings, bold, lists, links and tables', () => {
    const html = pasted(fixture('gdocs-paste.html.txt'));
    expect(html.startsWith('<h2>Firewall basics</h2>')).toBe(true);
    expect(html).toContain('<h3>Tasks</h3>');
    // Only the text Google marks font-weight:700 is bold; the wrapper's <b> is not.
    expect(html).toContain('<p>Write rules with <strong>nftables</strong>.</p>');
    expect(html.match(/<strong>/g)).toHaveLength(1);
    expect(html).toMatch(
      /<ul><li><p>Allow SSH<\/p><\/li><li><p><a [^>]*href="https:\/\/wiki\.nftables\.org\/"[^>]*>Read the wiki<\/a><\/p><\/li><\/ul>/,
    );
    expect(html).toContain('<ol><li><p>Drop the rest</p></li></ol>');
    expect(html).toMatch(/<table[^>]*>.*Chain.*Policy.*input.*drop/s);
    for (const gone of ['style=', 'class=', 'dir=', 'docs-internal-guid', 'Arial', '<span', 'role=']) {
      expect(html, gone).not.toContain(gone);
    }
  });
});

describe('what the schema keeps', () => {
  it('keeps images with their alt text, decorative ones with alt="", and drops data: and javascript: images', () => {
    const html = pasted(
      '<p>a</p><img src="/public/files/f1" alt="A switch"><img src="https://example.org/x.png" alt=""><img src="data:image/png;base64,AAAA" alt="d"><img src="javascript:alert(1)" alt="j">',
    );
    expect(html).toContain('<img src="/public/files/f1" alt="A switch">');
    expect(html).toContain('<img src="https://example.org/x.png" alt="">');
    expect(html).not.toMatch(/data:|javascript:/);
  });

  it('keeps code blocks as <pre><code> and table header cells as <th>', () => {
    const html = pasted(
      '<pre><code>nft list ruleset</code></pre><table><tr><th>Head</th></tr><tr><td>Cell</td></tr></table>',
    );
    expect(html).toContain('<pre><code>nft list ruleset</code></pre>');
    expect(html).toMatch(/<th[^>]*><p>Head<\/p><\/th>/);
  });
});
