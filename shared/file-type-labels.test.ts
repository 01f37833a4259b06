import { describe, expect, it } from 'vitest';
import { fileTypeLabel } from './file-type-labels.ts';

describe('fileTypeLabel', () => {
  it.each([
    ['text/markdown; charset=utf-8', 'Markdown'],
    ['application/pdf', 'PDF'],
    ['application/x-ipynb+json', 'Jupyter notebook'],
    ['text/x-python; charset=utf-8', 'Python source'],
    ['text/csv; charset=utf-8', 'CSV'],
    ['application/json', 'JSON'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'PowerPoint presentation'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Word document'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Excel workbook'],
  ])('names %s as %s (every type of the seed catalogues, issue 24 item 0)', (type, label) => {
    expect(fileTypeLabel(type)).toBe(label);
  });

  it('falls back to the type itself, or File for none', () => {
    expect(fileTypeLabel('application/x-tar')).toBe('application/x-tar');
    expect(fileTypeLabel('')).toBe('File');
  });
});
