import { describe, expect, it } from 'vitest';
import { LessonFormSchema } from './lesson-draft.ts';

const values = (overrides: Partial<Record<'name' | 'alternateId', string>> = {}, pageName = 'Day 1') => ({
  name: 'Stack smashing',
  alternateId: '',
  urls: [],
  pages: [{ key: 'row-1', id: null, name: pageName, urls: [] }],
  ...overrides,
});

describe('the lesson form schema (issue 23 item 4)', () => {
  it('puts the contract messages at the name, the alternate id and each page name', () => {
    const result = LessonFormSchema.safeParse(values({ name: ' ', alternateId: 'x'.repeat(201) }, ''));
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Is required.'],
      ['alternateId', 'Must be at most 200 characters.'],
      ['pages.0.name', 'Is required.'],
    ]);
  });

  it('parses to trimmed values, 1000 characters of name and 200 of alternate id at most', () => {
    const result = LessonFormSchema.safeParse(values({ name: ` ${'n'.repeat(1000)} `, alternateId: ' EX-7 ' }));
    expect(result.success && result.data.name).toBe('n'.repeat(1000));
    expect(result.success && result.data.alternateId).toBe('EX-7');
    expect(LessonFormSchema.safeParse(values({ name: 'n'.repeat(1001) })).success).toBe(false);
  });
});
