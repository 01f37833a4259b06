import { describe, expect, it } from 'vitest';
import { extensionOf, previewContentType, previewKindOf } from './file-preview.ts';

describe('previewKindOf', () => {
  it.each([
    ['Buffer_Overflow_Setuid.pdf', 'application/pdf', 'pdf'],
    ['lesson-plan.md', 'text/markdown', 'markdown'],
    ['README.markdown', 'application/octet-stream', 'markdown'],
    ['exploit.c', 'text/x-c', 'code'],
    ['server.py', 'text/x-python', 'code'],
    ['Makefile', 'application/octet-stream', 'code'],
    ['index.html', 'text/html', 'code'],
    ['logo.svg', 'image/svg+xml', 'code'],
    ['notes.txt', 'text/plain', 'text'],
    ['grades.csv', 'text/csv', 'csv'],
    ['diagram.png', 'image/png', 'image'],
    ['photo.JPG', 'image/jpeg', 'image'],
    ['plan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['crypto.ipynb', 'application/x-ipynb+json', 'notebook'],
    ['slides.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'none'],
    ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
    ['lab.zip', 'application/zip', 'none'],
  ])('gives %s (%s) the %s viewer', (name, type, kind) => {
    expect(previewKindOf(name, type)).toBe(kind);
  });
});

describe('previewContentType', () => {
  it('never serves HTML, SVG or XML as themselves', () => {
    expect(previewContentType(previewKindOf('page.html', 'text/html'), 'text/html')).toBe('text/plain; charset=utf-8');
    expect(previewContentType(previewKindOf('logo.svg', 'image/svg+xml'), 'image/svg+xml')).toBe(
      'text/plain; charset=utf-8',
    );
    expect(previewContentType('image', 'image/svg+xml')).toBe('application/octet-stream');
    expect(previewContentType('none', 'text/html')).toBe('application/octet-stream');
  });

  it('keeps PDF and raster image types, and serves script-read kinds as bytes', () => {
    expect(previewContentType('pdf', 'application/pdf')).toBe('application/pdf');
    expect(previewContentType('image', 'image/png')).toBe('image/png');
    expect(previewContentType('docx', 'application/msword')).toBe('application/octet-stream');
    expect(previewContentType('notebook', 'application/json')).toBe('application/octet-stream');
    expect(previewContentType('xlsx', 'text/html')).toBe('application/octet-stream');
  });
});

describe('extensionOf', () => {
  it('reads the last extension, lower case, and names Makefile and Dockerfile', () => {
    expect(extensionOf('a/b/Archive.TAR.GZ')).toBe('gz');
    expect(extensionOf('Dockerfile')).toBe('dockerfile');
    expect(extensionOf('LICENSE')).toBe('');
  });
});
