import { describe, expect, it } from 'vitest';
import type { Content } from '#shared/contracts/content';
import { diffContent } from './revision-diff.ts';

const base: Content = {
  id: '01jabcdefghjkmnpqrstvwxyz0',
  name: 'Buffer overflow lab',
  description: '<p>Task 1 uses Ubuntu 20.04 images.</p>',
  urlAlias: 'buffer-overflow',
  status: 'published',
  category: '',
  categories: [],
  educationLevels: ['universityundergraduate'],
  experienceLevels: [],
  tags: ['memory', 'c'],
  contributors: [],
  children: [],
  sections: [],
  files: [{ id: '01jabcdefghjkmnpqrstvwxyz1', name: 'Lab PDF', type: 'application/pdf', filename: 'lab.pdf' }],
  ksas: [],
  kus: [],
  tkss: [],
  parentId: null,
  lastCuratedTimestamps: {},
  createdTimestamp: '2026-01-01T00:00:00.000Z',
  modifiedTimestamp: '2026-01-01T00:00:00.000Z',
  image: null,
  includes: [],
  licence: 'CC BY-NC-SA 4.0',
  sourceUrl: null,
  copyrightNotice: null,
  version: 1,
};

describe('diffContent (issue 25 item 3)', () => {
  it('diffs the description as words of its text and lists by added and removed members', () => {
    const next: Content = {
      ...base,
      name: 'Buffer overflow lab (2026)',
      description: '<p>Task 1 uses <b>Ubuntu 22.04</b> images.</p>',
      tags: ['memory', 'stack'],
      files: base.files.map((file) => ({ ...file, name: 'Lab handout' })),
    };
    const diff = diffContent(base, next);
    // jsdiff's word tokens split "20.04" at its full stop: only the changed word is marked.
    expect(diff.description.filter((part) => part.kind === 'removed').map((part) => part.text.trim())).toEqual(['20']);
    expect(diff.description.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual(['22']);
    expect(diff.description.map((part) => part.text).join('')).toContain('04 images.');
    expect(diff.fields).toEqual([
      { field: 'name', before: 'Buffer overflow lab', after: 'Buffer overflow lab (2026)' },
    ]);
    expect(diff.lists.keywords).toEqual({ added: ['stack'], removed: ['c'] });
    expect(diff.lists.files).toEqual({
      added: ['01jabcdefghjkmnpqrstvwxyz1 Lab handout'],
      removed: ['01jabcdefghjkmnpqrstvwxyz1 Lab PDF'],
    });
    expect(diff.lists.categories).toBeUndefined();
  });

  it('finds nothing between equal versions', () => {
    expect(diffContent(base, { ...base })).toEqual({
      description: [{ kind: 'same', text: 'Task 1 uses Ubuntu 20.04 images.' }],
      fields: [],
      lists: {},
    });
  });
});
