import { describe, expect, it } from 'vitest';
import { formatDate, truncate } from './text.ts';

describe('truncate', () => {
  it('keeps text that fits', () => {
    expect(truncate('Software security', 30)).toBe('Software security');
  });

  it('cuts chips to at most 30 characters, ellipsis included, at a word break', () => {
    const chip = truncate('Address randomization, non-executable stack, and StackGuard', 30);
    expect(chip.length).toBeLessThanOrEqual(30);
    expect(chip).toBe('Address randomization…');
  });

  it('clamps card descriptions at 80 characters', () => {
    const text =
      'Buffer overflow is defined as the condition in which a program attempts to write data beyond the boundary of a buffer.';
    const clamped = truncate(text, 80);
    expect(clamped.length).toBeLessThanOrEqual(80);
    expect(clamped.endsWith('…')).toBe(true);
    expect(text.startsWith(clamped.slice(0, -1))).toBe(true);
  });

  it('cuts a long word hard when there is no break nearby', () => {
    expect(truncate('a'.repeat(50), 30)).toBe(`${'a'.repeat(29)}…`);
  });
});

describe('formatDate', () => {
  it('reads a calendar date in UTC', () => {
    expect(formatDate('2026-03-04')).toBe('March 4, 2026');
  });
});
