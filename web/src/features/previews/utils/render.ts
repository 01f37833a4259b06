import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/common';
import { Marked } from 'marked';
import Papa from 'papaparse';
import { CODE_LANGUAGES, extensionOf } from '#shared/file-preview';

/**
 * Rendering of the preview dialog's text kinds (issue 24 item 1; decision record
 * 058), loaded only with the dialog. Every HTML string answered here is sanitised
 * with DOMPurify (no script, no event handler, no `javascript:` URL, no form, no
 * style element) and may be set as inner HTML.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Sanitised HTML: DOMPurify's HTML profile, without forms and style elements. */
export function sanitize(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}

/** The highlight.js language of a file name ('' when none is known or registered). */
export function languageOf(fileName: string): string {
  const language = CODE_LANGUAGES[extensionOf(fileName)] ?? '';
  return language && hljs.getLanguage(language) ? language : '';
}

/** `code` as highlighted HTML (spans of `hljs-*` classes), escaped when `language` is unknown. */
export function highlight(code: string, language: string): string {
  if (language && hljs.getLanguage(language)) return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  return escapeHtml(code);
}

const markdown = new Marked({
  gfm: true,
  renderer: {
    code({ text, lang }) {
      const language = (lang ?? '').split(/\s/)[0]?.toLowerCase() ?? '';
      return `<pre><code class="hljs">${highlight(text, language)}</code></pre>\n`;
    },
    // A relative image is a file beside the Markdown in its repository, not here: its
    // address would be read against the portal's. Its alt text stands in for it.
    image({ href, title, text }) {
      if (!/^https:\/\//i.test(href)) return `<span>[image: ${escapeHtml(text)}]</span>`;
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${titled}>`;
    },
  },
});

/** Markdown (GitHub flavour) as sanitised HTML, its code blocks highlighted. */
export function renderMarkdown(source: string): string {
  return sanitize(markdown.parse(source, { async: false }));
}

/** The rows of a CSV text (quoted fields, embedded commas and line breaks handled by Papa Parse). */
export function parseCsv(source: string): string[][] {
  return Papa.parse<string[]>(source.trim(), { skipEmptyLines: true }).data;
}

interface NotebookOutput {
  readonly output_type?: string;
  readonly text?: string | string[];
  readonly name?: string;
  readonly data?: Record<string, string | string[] | undefined>;
  readonly ename?: string;
  readonly evalue?: string;
}
interface NotebookCell {
  readonly cell_type?: string;
  readonly source?: string | string[];
  readonly outputs?: readonly NotebookOutput[];
}
interface Notebook {
  readonly cells?: readonly NotebookCell[];
  readonly metadata?: { language_info?: { name?: string }; kernelspec?: { language?: string } };
}

const joined = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join('') : (value ?? ''));
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes of tracebacks are stripped.
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;

function outputHtml(output: NotebookOutput, cellNumber: number, outputNumber: number): string {
  if (output.output_type === 'stream')
    return `<pre class="nb-output">${escapeHtml(stripAnsi(joined(output.text)))}</pre>`;
  if (output.output_type === 'error') {
    return `<pre class="nb-output">${escapeHtml(`${output.ename ?? 'Error'}: ${stripAnsi(output.evalue ?? '')}`)}</pre>`;
  }
  const data = output.data ?? {};
  for (const type of ['image/png', 'image/jpeg'] as const) {
    const image = joined(data[type]).trim();
    if (image && BASE64.test(image)) {
      const alt = escapeHtml(joined(data['text/plain']) || `Output ${outputNumber} of cell ${cellNumber}`);
      return `<img class="nb-output" src="data:${type};base64,${image.replace(/\s/g, '')}" alt="${alt}">`;
    }
  }
  const html = joined(data['text/html']);
  if (html) return `<div class="nb-output">${html}</div>`;
  const text = joined(data['text/plain']);
  if (text) return `<pre class="nb-output">${escapeHtml(stripAnsi(text))}</pre>`;
  return '';
}

/**
 * A Jupyter notebook (nbformat 4 JSON) as sanitised HTML: Markdown cells rendered,
 * code cells highlighted in the notebook's language, and their outputs: stream and
 * `text/plain` text, errors as one line, PNG and JPEG images as data URLs (no other
 * image type: an SVG output is shown as its text/plain alternative), and HTML
 * outputs (pandas tables) sanitised like the rest (decision record 058).
 * @throws SyntaxError when `source` is not JSON; Error when it holds no cells.
 */
export function renderNotebook(source: string): string {
  const notebook = JSON.parse(source) as Notebook;
  if (!Array.isArray(notebook.cells)) throw new Error('This notebook has no cells.');
  const language = (
    notebook.metadata?.language_info?.name ??
    notebook.metadata?.kernelspec?.language ??
    'python'
  ).toLowerCase();
  const cells = notebook.cells.map((cell, index) => {
    const text = joined(cell.source);
    if (cell.cell_type === 'markdown')
      return `<div class="nb-markdown">${markdown.parse(text, { async: false })}</div>`;
    if (cell.cell_type !== 'code') return `<pre class="nb-raw">${escapeHtml(text)}</pre>`;
    const cellOutputs: readonly NotebookOutput[] = cell.outputs ?? [];
    const outputs = cellOutputs.map((output, outputIndex) => outputHtml(output, index + 1, outputIndex + 1));
    return `<div class="nb-code"><pre><code class="hljs">${highlight(text, language)}</code></pre>${outputs.join('')}</div>`;
  });
  return sanitize(cells.join('\n'));
}

/** A Word .docx as sanitised HTML (mammoth's semantic conversion: headings, lists, tables, images inline). */
export async function renderDocx(bytes: Uint8Array): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  // The browser build reads `arrayBuffer`, the Node.js build (unit tests) `buffer`: both take an ArrayBuffer.
  const result = await mammoth.convertToHtml({ arrayBuffer, buffer: arrayBuffer } as unknown as {
    arrayBuffer: ArrayBuffer;
  });
  return sanitize(result.value);
}
