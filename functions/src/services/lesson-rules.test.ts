import { describe, expect, it } from 'vitest';
import { LESSON_FILE_NOT_ALLOWED_MESSAGE, LESSON_PAGE_UNKNOWN_MESSAGE } from '#shared/contracts/lesson';
import type { FileItem } from '../data/items.ts';
import { artifactRefs, assignPageIds, newLessonIndex, planArtifacts } from './lesson-rules.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const LATER = Math.floor(NOW.getTime() / 1000) + 3600;
const LESSON = 'lesson-1';

function file(id: string, overrides: Partial<FileItem> = {}): FileItem {
  return {
    pk: `FILE#${id}`,
    sk: 'FILE',
    entityType: 'File',
    id,
    name: `${id}.pdf`,
    filename: `${id}.pdf`,
    type: 'application/pdf',
    size: 10,
    sha256: 'x',
    status: 'Ready',
    visibility: 'private',
    objectKey: `files/${id}`,
    metadata: { id: 'content-1', type: 'Content' },
    createdTimestamp: NOW.toISOString(),
    createdBy: 'me',
    expiresAt: LATER,
    version: 2,
    ...overrides,
  };
}

const plan = (refsOf: Parameters<typeof artifactRefs>[0], files: FileItem[], stored: string[] = []) =>
  planArtifacts({
    refs: artifactRefs(refsOf),
    files: new Map(files.map((f) => [f.id, f])),
    lessonId: LESSON,
    callerId: 'me',
    storedFileIds: stored,
    now: NOW,
  });

describe('planArtifacts', () => {
  it("attaches the caller's unattached uploads once, keeps the lesson's own files, detaches the rest", () => {
    const result = plan(
      {
        urls: [{ fileId: 'new', type: 'slides' }],
        pages: [
          {
            urls: [
              { fileId: 'new', type: 'slides' },
              { fileId: 'kept', type: 'handout' },
            ],
          },
        ],
      },
      [
        file('new'),
        file('kept', { metadata: { id: LESSON, type: 'Content' }, expiresAt: undefined }),
        file('old', { metadata: { id: LESSON, type: 'Content' }, expiresAt: undefined }),
      ],
      ['kept', 'old'],
    );
    expect(result.errors).toEqual([]);
    expect(result.attach.map((f) => f.id)).toEqual(['new']);
    expect(result.detach.map((f) => f.id)).toEqual(['old']);
  });

  it('refuses, at each field, unknown files, uploads of others, expired or detached uploads, portraits and files of other owners', () => {
    const result = plan(
      {
        urls: [
          { fileId: 'unknown', type: 'other' },
          { fileId: 'foreign', type: 'other' },
          { fileId: 'expired', type: 'other' },
          { fileId: 'portrait', type: 'other' },
          { fileId: 'elsewhere', type: 'other' },
        ],
        pages: [{ urls: [{ fileId: 'foreign', type: 'other' }] }],
      },
      [
        file('foreign', { createdBy: 'someone-else' }),
        file('expired', { expiresAt: LATER - 7200 }),
        file('portrait', { visibility: 'public', metadata: { id: 'x', type: 'Portrait' } }),
        file('elsewhere', { metadata: { id: 'lesson-2', type: 'Content' }, expiresAt: undefined }),
      ],
    );
    expect(result.attach).toEqual([]);
    expect(result.errors).toEqual(
      [
        'body.urls.0.fileId',
        'body.urls.1.fileId',
        'body.urls.2.fileId',
        'body.urls.3.fileId',
        'body.urls.4.fileId',
        'body.pages.0.urls.0.fileId',
      ].map((path) => ({ path, message: LESSON_FILE_NOT_ALLOWED_MESSAGE })),
    );
  });
});

describe('assignPageIds', () => {
  it('gives new pages ids and keeps the ids of stored pages', () => {
    const ids = ['p-new'];
    const result = assignPageIds(
      [
        { name: 'A', urls: [] },
        { id: 'p1', name: 'B', urls: [] },
      ],
      ['p1'],
      () => ids.shift() ?? 'none',
    );
    expect(result).toEqual({
      pages: [
        { id: 'p-new', name: 'A', urls: [] },
        { id: 'p1', name: 'B', urls: [] },
      ],
      errors: [],
    });
  });

  it('refuses unknown and repeated page ids', () => {
    const result = assignPageIds(
      [
        { id: 'p1', name: 'A', urls: [] },
        { id: 'p1', name: 'B', urls: [] },
        { id: 'zz', name: 'C', urls: [] },
      ],
      ['p1'],
      () => 'new',
    );
    expect(result.errors).toEqual([
      { path: 'body.pages.1.id', message: LESSON_PAGE_UNKNOWN_MESSAGE },
      { path: 'body.pages.2.id', message: LESSON_PAGE_UNKNOWN_MESSAGE },
    ]);
  });
});

describe('newLessonIndex', () => {
  it('takes the asked index, else the one after the last, 0 for the first, capped at 999999', () => {
    expect(newLessonIndex(3, 7)).toBe(3);
    expect(newLessonIndex(undefined, 7)).toBe(8);
    expect(newLessonIndex(undefined, null)).toBe(0);
    expect(newLessonIndex(undefined, 999_999)).toBe(999_999);
  });
});
