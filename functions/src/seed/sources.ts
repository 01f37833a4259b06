import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';

/**
 * The seed data files (functions/seed-data, described by its SOURCES.md), read and
 * checked with zod so that a changed source fails loudly instead of importing junk.
 */

const Statement = z.object({ id: z.string().min(1), type: z.string(), text: z.string().min(1) });
/** A NICE statement of ksa.json or tks.json: id, letter type, text. */
export type Statement = z.infer<typeof Statement>;

const KnowledgeUnit = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().nullable(),
  program: z.string(),
  group: z.string(),
  outcomes: z.array(z.string()),
});
/** A CAE knowledge unit of knowledge-units.json. */
export type KnowledgeUnit = z.infer<typeof KnowledgeUnit>;

const CatalogContributor = z.object({
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  school: z.string().nullable(),
});
/** An author named by a catalog item. */
export type CatalogContributor = z.infer<typeof CatalogContributor>;

const CatalogItem = z.object({
  title: z.string().min(1),
  category: z.string(),
  parent: z.string().nullable(),
  description: z.string(),
  tags: z.array(z.string()),
  educationLevels: z.array(z.string()),
  experienceLevels: z.array(z.string()),
  contributors: z.array(CatalogContributor),
  licence: z.string().min(1),
  sourceUrl: z.string().nullable(),
  copyrightNotice: z.string().optional(),
  timeRequired: z.string().optional(),
  /** Paths relative to `courseware/`. */
  files: z.array(z.string()),
});
/** One courseware item of catalog.json. */
export type CatalogItem = z.infer<typeof CatalogItem>;

const Mapping = z.object({
  title: z.string(),
  ksas: z.array(z.string()),
  tkss: z.array(z.string()),
  kus: z.array(z.string()),
  workRoles: z.array(z.string()),
});
/** The estimated knowledge mapping of one catalog title (mappings.json). */
export type Mapping = z.infer<typeof Mapping>;

const DatedCommit = z.object({ commit: z.string().regex(/^[0-9a-f]{40}$/), at: z.iso.datetime() });
const SourceDates = z.object({
  title: z.string().min(1),
  repository: z.string().min(1),
  snapshot: z.string().regex(/^[0-9a-f]{40}$/),
  path: z.string().min(1),
  created: DatedCommit,
  modified: DatedCommit,
});
/**
 * The real dates of one catalog item (courseware/dates.json, SOURCES.md §3c): the first
 * and the last commit that touched the item's source path in its repository, up to the
 * snapshot the item was taken from (issue 21 item 27). Instants are ISO UTC.
 */
export type SourceDates = z.infer<typeof SourceDates>;

/** Everything the importer reads, parsed. `root` is the absolute seed-data folder. */
export interface SeedSources {
  readonly root: string;
  readonly ksa: Statement[];
  readonly tks: Statement[];
  readonly knowledgeUnits: KnowledgeUnit[];
  readonly catalog: CatalogItem[];
  readonly mappings: Mapping[];
  readonly dates: SourceDates[];
}

/** Relative paths of the source files inside the seed-data folder. */
export const SOURCE_FILES = {
  ksa: 'nice/ksa.json',
  tks: 'nice/tks.json',
  knowledgeUnits: 'cae/knowledge-units.json',
  catalog: 'courseware/catalog.json',
  mappings: 'courseware/mappings.json',
  dates: 'courseware/dates.json',
} as const;

/** Folder that catalog file paths are relative to. */
export const CATALOG_FILES_BASE = 'courseware';

async function readJson<T extends z.ZodType>(root: string, relative: string, schema: T): Promise<z.output<T>> {
  const text = await readFile(path.join(root, relative), 'utf8');
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${relative} is not as expected:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * Reads and checks the seed sources under `root`.
 * @throws Error naming the file when one is missing or not shaped as SOURCES.md says.
 */
export async function readSeedSources(root: string): Promise<SeedSources> {
  const [ksa, tks, knowledgeUnits, catalog, mappings, dates] = await Promise.all([
    readJson(root, SOURCE_FILES.ksa, z.array(Statement)),
    readJson(root, SOURCE_FILES.tks, z.array(Statement)),
    readJson(root, SOURCE_FILES.knowledgeUnits, z.array(KnowledgeUnit)),
    readJson(root, SOURCE_FILES.catalog, z.array(CatalogItem)),
    readJson(root, SOURCE_FILES.mappings, z.array(Mapping)),
    readJson(root, SOURCE_FILES.dates, z.array(SourceDates)),
  ]);
  return { root, ksa, tks, knowledgeUnits, catalog, mappings, dates };
}
