// @vitest-environment jsdom

import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { highlight, languageOf, parseCsv, renderDocx, renderMarkdown, renderNotebook } from './render.ts';

/** A minimal but real Word document: the three parts a .docx needs, zipped. */
async function docx(bodyXml: string): Promise<Uint8Array> {
  const zip = new ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    '_rels/.rels',
  );
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${bodyXml}</w:body></w:document>`,
    ),
    'word/document.xml',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const paragraph = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

describe('renderMarkdown', () => {
  it('renders GitHub Markdown with highlighted code blocks', () => {
    const html = renderMarkdown('# Lesson plan\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```python\nprint("hi")\n```\n');
    expect(html).toContain('<h1>Lesson plan</h1>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<span class="hljs-built_in">print</span>');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<style>body{}</style>',
    );
    expect(html).not.toMatch(/<script|onerror|javascript:|<style/i);
    expect(html).toContain('<img src="x.png">');
  });

  it('shows the alt text of a relative Markdown image instead of fetching it from the portal', () => {
    const html = renderMarkdown('![Network diagram](images/net.png)\n\n![Logo](https://example.org/logo.png)');
    expect(html).toContain('<span>[image: Network diagram]</span>');
    expect(html).toContain('<img src="https://example.org/logo.png" alt="Logo">');
  });
});

describe('source code', () => {
  it('picks the language by extension and escapes what it cannot highlight', () => {
    expect(languageOf('exploit.c')).toBe('c');
    expect(languageOf('notes.unknown')).toBe('');
    expect(highlight('int main(void) { return 0; }', 'c')).toContain('<span class="hljs-type">int</span>');
    expect(highlight('<b>not bold</b>', '')).toBe('&#60;b&#62;not bold&#60;/b&#62;');
  });

  it('reads CSV rows with quoted commas and line breaks', () => {
    expect(parseCsv('name,notes\n"Lab 1","a, b"\n"Lab 2","line\nbreak"\n')).toEqual([
      ['name', 'notes'],
      ['Lab 1', 'a, b'],
      ['Lab 2', 'line\nbreak'],
    ]);
  });
});

describe('renderNotebook', () => {
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const notebook = {
    nbformat: 4,
    metadata: { language_info: { name: 'python' } },
    cells: [
      { cell_type: 'markdown', source: ['# Caesar cipher\n', 'Shift each *letter*.'] },
      {
        cell_type: 'code',
        source: 'def shift(c, k):\n    return chr(ord(c) + k)',
        outputs: [
          { output_type: 'stream', name: 'stdout', text: ['<b>KHOOR</b>\n'] },
          { output_type: 'display_data', data: { 'image/png': PNG, 'text/plain': ['<Figure 1>'] } },
          {
            output_type: 'display_data',
            data: { 'image/svg+xml': '<svg onload="alert(1)"></svg>', 'text/plain': 'svg' },
          },
          {
            output_type: 'execute_result',
            data: { 'text/html': '<table><tr><td>1</td></tr></table><script>alert(1)</script>' },
          },
          { output_type: 'error', ename: 'ValueError', evalue: '\u001b[31mbad key\u001b[0m', traceback: [] },
        ],
      },
    ],
  };

  it('renders Markdown cells, highlighted code and text, image and HTML outputs, sanitised', () => {
    const html = renderNotebook(JSON.stringify(notebook));
    expect(html).toContain('<h1>Caesar cipher</h1>');
    expect(html).toContain('<em>letter</em>');
    expect(html).toContain('<span class="hljs-keyword">def</span>');
    expect(html).toContain('&lt;b&gt;KHOOR&lt;/b&gt;');
    expect(html).toContain(`src="data:image/png;base64,${PNG}"`);
    expect(html).toContain('alt="<Figure 1>"'.replace('<', '&lt;').replace('>', '&gt;'));
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('ValueError: bad key');
    expect(html).not.toMatch(/<script|<svg|onload/i);
  });

  it('refuses what is not a notebook', () => {
    expect(() => renderNotebook('{"nbformat": 4}')).toThrow('This notebook has no cells.');
    expect(() => renderNotebook('not json')).toThrow(SyntaxError);
  });
});

describe('renderDocx', () => {
  it('converts a Word document to sanitised HTML', async () => {
    const bytes = await docx(
      paragraph('Incident response plan', 'Heading1') +
        paragraph('Contain &lt;script&gt;alert(1)&lt;/script&gt; first.'),
    );
    const html = await renderDocx(bytes);
    expect(html).toContain('Incident response plan');
    expect(html).toContain('<p>Contain &lt;script&gt;alert(1)&lt;/script&gt; first.</p>');
    expect(html).not.toContain('<script');
  });
});
