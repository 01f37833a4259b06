/**
 * In-browser file previews (issue 24 item 1; decision record 058): which viewer a
 * file gets, read from its name's extension and its media type, and the media type
 * its preview URL is served with. Shared by the preview route and the SPA's viewer.
 */

/**
 * The viewers of the preview dialog; `none` offers the download only. `xlsx` (Excel
 * workbooks as tables, read by read-excel-file) is issue 24 item 1's addition of
 * decision record 059.
 */
export const PREVIEW_KINDS = [
  'pdf',
  'markdown',
  'code',
  'text',
  'csv',
  'image',
  'docx',
  'notebook',
  'none',
  'xlsx',
] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** Image types a preview shows as an image (no SVG: decision record 058). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

/**
 * Extensions shown as highlighted source, with the highlight.js language of each
 * (SVG, HTML and XML are shown as their source text, never rendered).
 */
export const CODE_LANGUAGES: Readonly<Record<string, string>> = {
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  jsx: 'javascript',
  java: 'java',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  go: 'go',
  rs: 'rust',
  rb: 'ruby',
  php: 'php',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  ps1: 'powershell',
  sql: 'sql',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  cfg: 'ini',
  conf: 'ini',
  xml: 'xml',
  html: 'xml',
  htm: 'xml',
  svg: 'xml',
  css: 'css',
  asm: 'x86asm',
  s: 'x86asm',
  pl: 'perl',
  lua: 'lua',
  r: 'r',
  swift: 'swift',
  kt: 'kotlin',
  scala: 'scala',
  makefile: 'makefile',
  dockerfile: 'dockerfile',
};

const TEXT_EXTENSIONS = new Set(['txt', 'log', 'text', 'rst', 'tex', 'pem', 'asc', 'diff', 'patch']);

/** The lower-case extension of a file name (`Makefile` → `makefile`), '' when none. */
export function extensionOf(name: string): string {
  const base = name.split('/').pop() ?? name;
  const dot = base.lastIndexOf('.');
  if (dot < 0) return /^(makefile|dockerfile)$/i.test(base) ? base.toLowerCase() : '';
  return base.slice(dot + 1).toLowerCase();
}

/**
 * The viewer of a file named `name` (its stored `filename`, which keeps the original
 * extension) with media type `type`: PDF, Markdown, source code, plain text, CSV,
 * raster image, Word .docx, Jupyter notebook, Excel .xlsx (decision record 059), or
 * `none` (PowerPoint, archives, SVG-as-image and anything else: the dialog says so and
 * offers the download).
 */
export function previewKindOf(name: string, type: string): PreviewKind {
  const extension = extensionOf(name);
  const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (extension === 'pdf' || mediaType === 'application/pdf') return 'pdf';
  if (extension === 'md' || extension === 'markdown' || mediaType === 'text/markdown') return 'markdown';
  if (extension === 'ipynb') return 'notebook';
  if (extension === 'docx') return 'docx';
  if (extension === 'xlsx') return 'xlsx';
  if (extension === 'csv' || mediaType === 'text/csv') return 'csv';
  if (IMAGE_EXTENSIONS.has(extension) && (IMAGE_TYPES.has(mediaType) || mediaType === '')) return 'image';
  if (IMAGE_TYPES.has(mediaType)) return 'image';
  if (extension in CODE_LANGUAGES) return 'code';
  if (TEXT_EXTENSIONS.has(extension) || mediaType === 'text/plain') return 'text';
  return 'none';
}

/**
 * The media type a preview URL is served with: the file's own type for PDF and
 * raster images, `text/plain; charset=utf-8` for every textual kind (so HTML, SVG or
 * XML is never rendered as a document on the bucket's origin), and
 * `application/octet-stream` for the rest (docx, xlsx, notebook bytes are read by script;
 * a browser opening such a URL saves it). Decision record 058.
 */
export function previewContentType(kind: PreviewKind, type: string): string {
  const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (kind === 'pdf') return 'application/pdf';
  if (kind === 'image') return IMAGE_TYPES.has(mediaType) ? mediaType : 'application/octet-stream';
  if (kind === 'markdown' || kind === 'code' || kind === 'text' || kind === 'csv') return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}
