import { describe, expect, it } from 'vitest';
import { lessonIndexKey, lessonKey, lessonsPartition } from './keys.ts';
import { lessonItemOf } from './lessons.ts';

describe('lesson keys (decision record 021)', () => {
  it('pins the exact key strings', () => {
    expect(lessonKey('abc')).toEqual({ pk: 'LESSON#abc', sk: 'LESSON' });
    expect(lessonsPartition('c1')).toEqual('LESSONS#c1');
    expect(lessonIndexKey('c1', 42, 'abc')).toEqual({ gsi2pk: 'LESSONS#c1', gsi2sk: '000042#abc' });
  });

  it('refuses an index string order cannot hold', () => {
    expect(() => lessonIndexKey('c1', 1_000_000, 'abc')).toThrow(RangeError);
    expect(() => lessonIndexKey('c1', -1, 'abc')).toThrow(RangeError);
  });

  it('stores a lesson with its table key, its place under its content item and its entity type', () => {
    const item = lessonItemOf({
      id: 'abc',
      contentId: 'c1',
      alternateId: null,
      name: 'Intro',
      index: 3,
      urls: [],
      pages: [],
      createdTimestamp: '2026-11-21T10:00:00.000Z',
      modifiedTimestamp: '2026-11-21T10:00:00.000Z',
      version: 1,
    });
    expect(item).toMatchObject({
      pk: 'LESSON#abc',
      sk: 'LESSON',
      gsi2pk: 'LESSONS#c1',
      gsi2sk: '000003#abc',
      entityType: 'Lesson',
    });
  });
});
