import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { UserImportRow } from '#shared/contracts/administration';
import { ERROR_REPORT_COLUMNS, errorReportCsv, errorReportFileName, neutraliseCell } from './error-report.ts';

const row = (line: number, overrides: Partial<UserImportRow>): UserImportRow => ({
  line,
  name: `Person ${line}`,
  email: `person${line}@example.edu`,
  role: 'student',
  status: 'created',
  reasons: [],
  ...overrides,
});

/** The report parsed back as a spreadsheet program would read it (the byte order mark removed). */
function parseReport(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
}

describe('the error report of an import (issue 11)', () => {
  it('lists every row not created, in file order, with its reasons', () => {
    // Prepare
    const rows = [
      row(4, { status: 'failed', reasons: ['The e-mail could not be sent.'] }),
      row(2, {}),
      row(3, {
        status: 'skipped',
        email: 'not-an-address',
        reasons: ['Enter a valid e-mail address.', 'Unknown role.'],
      }),
    ];

    // Act
    const table = parseReport(errorReportCsv({ rows }));

    // Assess
    expect(table).toEqual([
      [...ERROR_REPORT_COLUMNS],
      ['3', 'Person 3', 'not-an-address', 'student', 'skipped', 'Enter a valid e-mail address.; Unknown role.'],
      ['4', 'Person 4', 'person4@example.edu', 'student', 'failed', 'The e-mail could not be sent.'],
    ]);
  });

  it('prefixes every cell a spreadsheet would run as a formula with an apostrophe', () => {
    // Prepare: the classic injections of OWASP "CSV injection", one per column.
    const rows = [
      row(2, {
        status: 'skipped',
        name: '=HYPERLINK("http://evil.example","click")',
        email: '+1+cmd|/C calc!A0',
        role: '-2+3',
        reasons: ['@SUM(1+1)'],
      }),
      row(3, {
        status: 'skipped',
        name: '\tTabbed',
        email: '\rReturned',
        role: 'student',
        reasons: ['Missing field.'],
      }),
    ];

    // Act
    const table = parseReport(errorReportCsv({ rows }));

    // Assess
    expect(table[1]).toEqual([
      '2',
      `'=HYPERLINK("http://evil.example","click")`,
      `'+1+cmd|/C calc!A0`,
      `'-2+3`,
      'skipped',
      `'@SUM(1+1)`,
    ]);
    expect(table[2]?.slice(1, 3)).toEqual([`'\tTabbed`, `'\rReturned`]);
    for (const cells of table.slice(1)) {
      for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('leaves ordinary text as it is', () => {
    expect(neutraliseCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell('')).toBe('');
  });

  it('is only a header when every row was created', () => {
    expect(parseReport(errorReportCsv({ rows: [row(2, {})] }))).toEqual([[...ERROR_REPORT_COLUMNS]]);
  });

  it('names the report after the imported file', () => {
    expect(errorReportFileName('Fall 2026 class.csv')).toBe('Fall_2026_class-errors.csv');
    expect(errorReportFileName('.csv')).toBe('import-errors.csv');
  });
});
