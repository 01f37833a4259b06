import { describe, expect, it } from 'vitest';
import { categoryCommaList, mainCategory } from './categories.ts';

describe('mainCategory', () => {
  it('is the first entry that is not exercise (spec §3)', () => {
    expect(mainCategory('exercise,lesson')).toBe('lesson');
    expect(mainCategory('module, exercise')).toBe('module');
  });

  it('is the first entry when every entry is exercise', () => {
    expect(mainCategory('exercise')).toBe('exercise');
  });

  it('is empty for an empty list', () => {
    expect(mainCategory('')).toBe('');
  });

  it('reads the list it writes', () => {
    expect(mainCategory(categoryCommaList(['exercise', 'course']))).toBe('course');
  });
});
