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

const Group = z.object({ id: z.string().min(1), name: z.string().min(1), description: z.string().optional() });

const WorkRole2017 = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  opmCode: z.string(),
  specialtyArea: Group,
  category: Group,
  knowledge: z.array(z.string()),
  skills: z.array(z.string()),
  abilities: z.array(z.string()),
  tasks: z.array(z.string()),
});
/** A 2017 work role of workroles-2017.json (SOURCES.md §1a): K, S, A and T ids by kind. */
export type WorkRole2017Source = z.infer<typeof WorkRole2017>;

const WorkRoleComponents = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  category: Group,
  opmCodes: z.array(z.string()),
  tasks: z.array(z.string()),
  knowledge: z.array(z.string()),
  skills: z.array(z.string()),
});
/** A v2.1.0 work role of workroles.json (SOURCES.md §1b): T, K and S ids by kind. */
export type WorkRoleComponentsSource = z.infer<typeof WorkRoleComponents>;

const CompetencyAreaSource = z.object({ id: z.string().min(1), name: z.string().min(1), description: z.string() });

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

const CatalogItemFields = z.object({
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
});
/** An item of courseware/catalog.json: `files` are paths relative to `courseware/`. */
const CoursewareItem = CatalogItemFields.extend({ files: z.array(z.string()) });
/**
 * An item of courseware-extra/catalog.json (its SOURCES.md): the same fields, but
 * `files` are `{path, name, type}` objects, paths relative to `courseware-extra/`.
 */
const ExtraCatalogItem = CatalogItemFields.extend({
  files: z.array(z.object({ path: z.string().min(1), name: z.string().min(1), type: z.string().min(1) })),
});

/**
 * One file a catalog item names: `path` is relative to its collection's folder
 * (`collection`, e.g. `courseware`); `type` is the media type the catalog states
 * (courseware-extra does), or null where the import decides it by extension.
 */
export interface CatalogFile {
  readonly collection: SeedCollection;
  readonly path: string;
  readonly name: string | null;
  readonly type: string | null;
}

/** One courseware item of either catalog, with the collection it came from. */
export type CatalogItem = z.infer<typeof CatalogItemFields> & {
  readonly collection: SeedCollection;
  readonly files: CatalogFile[];
};

/**
 * The courseware collections of the seed, in import order (seed-data/SOURCES.md §3
 * and §9): the first seed's SEED Labs and GenCyber catalog, then the extra catalog
 * of issue 24 item 0. Each is a folder with `catalog.json` and `mappings.json`.
 */
export const SEED_COLLECTIONS = ['courseware', 'courseware-extra'] as const;
/** A folder of {@link SEED_COLLECTIONS}. */
export type SeedCollection = (typeof SEED_COLLECTIONS)[number];

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
  /** The 52 work roles of the 2017 framework (issue 27 item 1). */
  readonly workRoles2017: WorkRole2017Source[];
  /** The 41 work roles of Components v2.1.0. */
  readonly workRoles: WorkRoleComponentsSource[];
  /** The 11 competency areas of Components v2.1.0. */
  readonly competencyAreas: z.infer<typeof CompetencyAreaSource>[];
  /** Both collections' items, the first catalog's first (titles are unique across them). */
  readonly catalog: CatalogItem[];
  /** Both collections' mappings, in the same order. */
  readonly mappings: Mapping[];
  readonly dates: SourceDates[];
}

/** Relative paths of the source files inside the seed-data folder. */
export const SOURCE_FILES = {
  ksa: 'nice/ksa.json',
  tks: 'nice/tks.json',
  knowledgeUnits: 'cae/knowledge-units.json',
  workRoles2017: 'nice/workroles-2017.json',
  workRoles: 'nice/workroles.json',
  competencyAreas: 'nice/competency-areas.json',
  catalog: 'courseware/catalog.json',
  mappings: 'courseware/mappings.json',
  dates: 'courseware/dates.json',
  extraCatalog: 'courseware-extra/catalog.json',
  extraMappings: 'courseware-extra/mappings.json',
} as const;

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
  const [workRoles2017, workRoles, competencyAreas] = await Promise.all([
    readJson(root, SOURCE_FILES.workRoles2017, z.array(WorkRole2017)),
    readJson(root, SOURCE_FILES.workRoles, z.array(WorkRoleComponents)),
    readJson(root, SOURCE_FILES.competencyAreas, z.array(CompetencyAreaSource)),
  ]);
  const [ksa, tks, knowledgeUnits, catalog, mappings, dates, extraCatalog, extraMappings] = await Promise.all([
    readJson(root, SOURCE_FILES.ksa, z.array(Statement)),
    readJson(root, SOURCE_FILES.tks, z.array(Statement)),
    readJson(root, SOURCE_FILES.knowledgeUnits, z.array(KnowledgeUnit)),
    readJson(root, SOURCE_FILES.catalog, z.array(CoursewareItem)),
    readJson(root, SOURCE_FILES.mappings, z.array(Mapping)),
    readJson(root, SOURCE_FILES.dates, z.array(SourceDates)),
    readJson(root, SOURCE_FILES.extraCatalog, z.array(ExtraCatalogItem)),
    readJson(root, SOURCE_FILES.extraMappings, z.array(Mapping)),
  ]);
  const collection = 'courseware-extra' as const;
  return {
    root,
    ksa,
    tks,
    knowledgeUnits,
    workRoles2017,
    workRoles,
    competencyAreas,
    catalog: [
      ...catalog.map((item) => ({
        ...item,
        collection: 'courseware' as const,
        files: item.files.map((file) => ({ collection: 'courseware' as const, path: file, name: null, type: null })),
      })),
      ...extraCatalog.map((item) => ({
        ...item,
        collection,
        files: item.files.map((file) => ({ collection, path: file.path, name: file.name, type: file.type })),
      })),
    ],
    mappings: [...mappings, ...extraMappings],
    dates,
  };
}
