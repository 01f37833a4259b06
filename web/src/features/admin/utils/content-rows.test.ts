import { describe, expect, it } from 'vitest';
import { mainCategory } from '../../../lib/categories.ts';
import { contentPath } from '../../../lib/content-path.ts';
import { compareText, compareTimestamps, datePart } from './content-rows.ts';

describe('content rows of the Courseware Info table', () => {
  it('links by URL alias under /courseware, or by id when there is none', () => {
    expect(contentPath({ id: 'abc', urlAlias: '/courseware/seed-labs/lab one/' })).toBe(
      '/courseware/seed-labs/lab%20one',
    );
    expect(contentPath({ id: 'abc', urlAlias: 'seed-labs' })).toBe('/courseware/seed-labs');
    expect(contentPath({ id: 'abc', urlAlias: '  ' })).toBe('/courseware/abc');
  });

  it('takes the first category that is not exercise as the main one', () => {
    expect(mainCategory(['exercise', 'module', 'course'])).toBe('module');
    expect(mainCategory(['exercise'])).toBe('exercise');
    expect(mainCategory([])).toBeNull();
  });

  it('keeps the date part of a timestamp as stored (UTC)', () => {
    expect(datePart('2026-03-04T23:59:59.000Z')).toBe('2026-03-04');
  });

  it('compares texts by the reader’s locale, case and accents ignored, numbers by value', () => {
    expect(['Lab 10', 'lab 2', 'Álvaro', 'alpha'].sort(compareText)).toEqual(['alpha', 'Álvaro', 'lab 2', 'Lab 10']);
    expect(compareText('ALPHA', 'alpha')).toBe(0);
  });

  it('compares timestamps as stored', () => {
    expect(compareTimestamps('2026-01-02T23:30:00.000Z', '2026-01-03T10:00:00.000Z')).toBe(-1);
    expect(compareTimestamps('2026-01-03T10:00:00.000Z', '2026-01-03T10:00:00.000Z')).toBe(0);
  });
});
