import { SEARCH_FACETS, type SearchFacetName } from '#shared/contracts/search';
import type { CatalogDocument } from './port.ts';

/**
 * The list filters of spec §3 "Search filter" as the index sees them: which
 * document field each one reads, and how a value is compared (decision record 014:
 * tags case-insensitively, everything else exactly).
 */
export interface FacetDefinition {
  readonly name: SearchFacetName;
  /** The values of a document for this filter, as stored (duplicates allowed). */
  readonly valuesOf: (document: CatalogDocument) => readonly string[];
  /** The comparison key of a value: two values with the same key are the same choice. */
  readonly keyOf: (value: string) => string;
}

const exact = (value: string) => value;

const READERS: Record<SearchFacetName, FacetDefinition['valuesOf']> = {
  contentCategories: (document) => document.categories,
  educationLevels: (document) => document.educationLevels,
  experienceLevels: (document) => document.experienceLevels,
  tags: (document) => document.tags,
  contributorIds: (document) => document.contributorIds,
  ksaIds: (document) => document.ksaIds,
  kuIds: (document) => document.kuIds,
  tksIds: (document) => document.tksIds,
};

/** Every list filter, in the contract's `SEARCH_FACETS` order (the snapshot relies on it). */
export const FACETS: readonly FacetDefinition[] = SEARCH_FACETS.map((name) => ({
  name,
  valuesOf: READERS[name],
  keyOf: name === 'tags' ? (value: string) => value.toLowerCase() : exact,
}));
