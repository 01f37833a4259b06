import { seedId } from '../domain/ids.ts';
import type { CatalogDocument } from '../search/port.ts';

/**
 * A catalog document for search tests (`search/port.ts`): a published top-level
 * lesson named `name`, id derived from the name, alias from the name in lower case
 * with dashes, created and modified 2026-11-01, no description, tags, knowledge or
 * contributors. Override any field.
 */
export function catalogDocument(name: string, overrides: Partial<CatalogDocument> = {}): CatalogDocument {
  const at = '2026-11-01T00:00:00.000Z';
  return {
    id: seedId('catalog-document', name),
    name,
    urlAlias: name.toLowerCase().replace(/\W+/g, '-'),
    status: 'published',
    category: 'lesson',
    categories: ['lesson'],
    educationLevels: [],
    experienceLevels: [],
    tags: [],
    parentId: null,
    image: null,
    createdTimestamp: at,
    modifiedTimestamp: at,
    summary: '',
    author: null,
    searchTags: [],
    ksaIds: [],
    kuIds: [],
    tksIds: [],
    contributorIds: [],
    ...overrides,
  };
}

/**
 * {@link catalogDocument} on a clock: each document made is created and modified
 * `stepMs` after the one before (the first `stepMs` after `start`, ISO 8601), with its
 * id derived from `idNamespace` and the name. The default step, one minute back, makes
 * the documents come in the order they were made in the default order without text
 * (recently updated first).
 */
export function catalogDocuments({
  idNamespace = 'catalog-document',
  start = '2026-11-01T00:00:00.000Z',
  stepMs = -60_000,
}: {
  idNamespace?: string;
  start?: string;
  stepMs?: number;
} = {}) {
  let clock = Date.parse(start);
  return (name: string, overrides: Partial<CatalogDocument> = {}): CatalogDocument => {
    clock += stepMs;
    const at = new Date(clock).toISOString();
    return catalogDocument(name, {
      id: seedId(idNamespace, name),
      createdTimestamp: at,
      modifiedTimestamp: at,
      ...overrides,
    });
  };
}
