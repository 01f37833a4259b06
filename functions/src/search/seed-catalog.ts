import { fileURLToPath } from 'node:url';
import type { ContentRecord } from '../data/items.ts';
import { planSeed } from '../seed/plan.ts';
import { readSeedSources } from '../seed/sources.ts';
import { toCatalogDocument } from './catalog-document.ts';
import type { CatalogDocument } from './port.ts';

// The seed's own data folder (seed/import.ts DEFAULT_DATA_ROOT), named here so that
// reading it does not load the import's AWS clients.
const SEED_DATA_ROOT = fileURLToPath(new URL('../../seed-data/', import.meta.url));

/** The real seeded catalog as the search index sees it, for tests and benchmarks. */
export interface SeedCatalog {
  /** The planned content records, in seed order. */
  readonly records: readonly ContentRecord[];
  /** `toCatalogDocument` of each record, same order. */
  readonly documents: readonly CatalogDocument[];
  /** Every knowledge id of the seed data by type (not only the mapped ones). */
  readonly knowledgeIds: {
    readonly ksaIds: readonly string[];
    readonly kuIds: readonly string[];
    readonly tksIds: readonly string[];
  };
  /** The text of every NICE statement of the seed data (KSA and TKS). */
  readonly statementTexts: readonly string[];
}

/**
 * Plans the seed import of `functions/seed-data` (no DynamoDB) and turns the content
 * into catalog documents, dated as the seed dates them (courseware/dates.json).
 * @throws Error when the seed sources cannot be read or planned (see `planSeed`).
 */
export async function loadSeedCatalog(): Promise<SeedCatalog> {
  const plan = planSeed(await readSeedSources(SEED_DATA_ROOT));
  const idsOf = (type: string) => plan.knowledge.filter((item) => item.type === type).map((item) => item.id);
  return {
    records: plan.content,
    documents: plan.content.map(toCatalogDocument),
    knowledgeIds: { ksaIds: idsOf('KSA'), kuIds: idsOf('KU'), tksIds: idsOf('TKS') },
    statementTexts: plan.knowledge.filter((item) => item.type !== 'KU').map((item) => item.name),
  };
}
