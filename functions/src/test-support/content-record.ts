import type { ContentRecord } from '../data/items.ts';
import { aliasFromName } from '../domain/alias.ts';
import { seedId } from '../domain/ids.ts';

/**
 * A stored content record for tests: a published top-level lesson named `name`, with
 * an id derived from the name, a short description and no relations. Override any field.
 */
export function contentRecord(name: string, overrides: Partial<ContentRecord> = {}): ContentRecord {
  const now = new Date().toISOString();
  return {
    id: seedId('test-content', name),
    name,
    description: `<p>${name}</p>`,
    urlAlias: aliasFromName(name),
    status: 'published',
    category: 'lesson',
    categories: ['lesson'],
    educationLevels: [],
    experienceLevels: [],
    tags: [],
    contributors: [],
    children: [],
    sections: [],
    files: [],
    ksas: [],
    kus: [],
    tkss: [],
    parentId: null,
    lastCuratedTimestamps: {},
    createdTimestamp: now,
    modifiedTimestamp: now,
    image: null,
    includes: [],
    licence: 'CC BY-NC-SA 4.0',
    sourceUrl: null,
    copyrightNotice: null,
    version: 1,
    index: 0,
    summary: name,
    author: null,
    ancestorIds: [],
    ...overrides,
  };
}
