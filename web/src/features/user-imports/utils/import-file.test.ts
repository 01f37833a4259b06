import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { INVITATION_ROLES, USER_IMPORT_COLUMNS } from '#shared/contracts/administration';
import { ADMIN_LIMITS } from '#shared/limits';
import { fileToBase64, IMPORT_MAX_SIZE_TEXT, importFileProblem } from './import-file.ts';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('the import file picker rules (spec §5 "File picker and user import")', () => {
  it('shows the maximum in MB', () => {
    expect(IMPORT_MAX_SIZE_TEXT).toBe('1 MB');
  });

  it.each([
    ['people.csv', 'text/csv'],
    ['PEOPLE.CSV', 'text/csv'],
    ['people.csv', 'application/vnd.ms-excel'],
    ['people.csv', ''],
  ])('accepts %s as %s', (name, type) => {
    expect(importFileProblem(file(name, type))).toBeNull();
  });

  it.each([
    ['people.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['people.txt', 'text/plain'],
    ['people.csv', 'image/png'],
    ['people', 'text/csv'],
  ])('refuses %s as %s as an invalid type', (name, type) => {
    expect(importFileProblem(file(name, type))).toBe('type');
  });

  it('refuses a file one byte over the maximum as too large, and takes one at the maximum', () => {
    expect(importFileProblem(file('a.csv', 'text/csv', ADMIN_LIMITS.importFileMaxBytes))).toBeNull();
    expect(importFileProblem(file('a.csv', 'text/csv', ADMIN_LIMITS.importFileMaxBytes + 1))).toBe('size');
  });

  it('sends the bytes as they are, base64, even when they are not UTF-8', async () => {
    const bytes = new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0xff, 0x00]);
    const encoded = await fileToBase64(new Blob([bytes]));
    expect(Buffer.from(encoded, 'base64')).toEqual(Buffer.from(bytes));
  });

  it('encodes a file larger than one chunk', async () => {
    const bytes = new Uint8Array(100_000).map((_, index) => index % 251);
    expect(Buffer.from(await fileToBase64(new Blob([bytes])), 'base64')).toEqual(Buffer.from(bytes));
  });
});

describe('the template at /template.csv (spec §2.15)', () => {
  it('has the import columns and only roles an import accepts', async () => {
    const csv = await readFile(path.join(import.meta.dirname, '../../../../public/template.csv'), 'utf8');
    const { data } = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    const [header, ...rows] = data;
    expect(header).toEqual([...USER_IMPORT_COLUMNS]);
    expect(rows.length).toBeGreaterThan(0);
    for (const [, , role] of rows) expect(INVITATION_ROLES).toContain(role);
  });
});
