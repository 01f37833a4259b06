import { describe, expect, it } from 'vitest';
import type { RawDownloadDataPoint } from '#shared/contracts/statistics';
import { buildCsv, CSV_HEADER, exportFileName } from './csv.ts';

/** A strict RFC 4180 reader, so the test checks the text rather than the writer's own helpers. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  expect(cell).toBe('');
  return rows;
}

function event(index: number, overrides: Partial<RawDownloadDataPoint['metadata']> = {}): RawDownloadDataPoint {
  return {
    id: `01jd7k2m3n4p5q6r7s8t9ve${String(index).padStart(3, '0')}`,
    timestamp: `2025-03-0${index}T10:00:00.000Z`,
    metadata: {
      userName: `User ${index}`,
      userEmail: `user${index}@example.edu`,
      fileName: 'slides.pdf',
      fileId: `file-${index}`,
      downloadedFrom: { contentName: 'Network Defense', tags: ['homework', 'lab'] },
      topMostContent: { contentName: 'Cyber Basics' },
      businessUnits: { u1: { name: 'State University', category: 'university', region: 'West' } },
      ...overrides,
    },
  };
}

describe('CSV export (spec §2.13)', () => {
  it('has the header and one row per raw event, equal to the events', () => {
    const events = [
      event(1),
      event(2, { userName: 'O"Brien, Pat', userEmail: null, topMostContent: null }),
      event(3, { fileName: 'notes\r\nv2.txt', businessUnits: {} }),
    ];
    const rows = parseCsv(buildCsv(events));
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows.slice(1)).toHaveLength(events.length);
    rows.slice(1).forEach((row, index) => {
      const source = events[index] as RawDownloadDataPoint;
      const units = Object.values(source.metadata.businessUnits);
      expect(Object.fromEntries(CSV_HEADER.map((name, column) => [name, row[column]]))).toEqual({
        id: source.id,
        timestamp: source.timestamp,
        userName: source.metadata.userName,
        userEmail: source.metadata.userEmail ?? '',
        fileName: source.metadata.fileName,
        fileId: source.metadata.fileId,
        downloadedFrom: source.metadata.downloadedFrom.contentName,
        tags: source.metadata.downloadedFrom.tags.join('; '),
        topMostContent: source.metadata.topMostContent?.contentName ?? '',
        businessUnits: units.map((unit) => unit.name).join('; '),
        businessUnitCategories: units.map((unit) => unit.category).join('; '),
        regions: units.map((unit) => unit.region).join('; '),
      });
    });
  });

  it('quotes commas, quotes and line breaks', () => {
    const text = buildCsv([event(2, { userName: 'O"Brien, Pat' })]);
    expect(text).toContain('"O""Brien, Pat"');
  });

  it('is named by the dates', () => {
    expect(exportFileName('2025-01-01', '2025-07-03')).toBe('downloads_2025-01-01_2025-07-03.csv');
  });
});
