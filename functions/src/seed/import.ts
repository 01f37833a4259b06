import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../adapters/aws-clients.ts';
import { bumpCatalogRevision } from '../data/catalog.ts';
import { createContent, getContentByIds } from '../data/content.ts';
import { createContributor, getContributorsByIds } from '../data/contributors.ts';
import { createFile, getFilesByIds } from '../data/files.ts';
import { existingKnowledge, putKnowledgeBatch } from '../data/knowledge.ts';
import {
  competencyAreaItemKey,
  crosswalkItemKey,
  existingWorkRoleItems,
  putWorkRoleItems,
  workRoleItemKey,
} from '../data/work-roles.ts';
import { env } from '../lib/env.ts';
import { type CatalogSyncResult, syncCatalogSnapshot } from '../search/indexer.ts';
import { type BusinessUnitSeedCounts, seedBusinessUnits } from './business-units.ts';
import { createdUnlessConflict } from './created-unless-conflict.ts';
import { seedPages } from './pages.ts';
import { readSchools, seedPersonas } from './personas.ts';
import { type MappingNote, type PlannedFile, planSeed } from './plan.ts';
import { readSeedSources } from './sources.ts';

/** What happened to one kind of item: newly written, or found already present (and left alone). */
export interface SeedCounts {
  created: number;
  alreadyPresent: number;
}

/** The import's account of itself (the local stack prints it; tests check it). */
export interface SeedReport {
  /** Absolute seed-data folder read. */
  readonly dataRoot: string;
  readonly knowledge: SeedCounts;
  /** NICE work roles of both generations (52 + 41) and competency areas (11); issue 27 item 1. */
  readonly workRoles: SeedCounts;
  readonly competencyAreas: SeedCounts;
  /** Pairings of the crosswalk between the NICE generations (issue 27 item 5). */
  readonly crosswalk: SeedCounts;
  readonly contributors: SeedCounts;
  readonly content: SeedCounts;
  readonly files: SeedCounts;
  /**
   * Business units: every institution of schools.csv and the synthetic K12 districts
   * and state government units (seed/business-units.ts; issue 11), with those of an
   * older seed upgraded in place. Null when the caller seeds them itself, later
   * (`businessUnits: 'later'`; the local stack does it after it listens, issue 22 item 6).
   */
  readonly businessUnits: BusinessUnitSeedCounts | null;
  /** The dev identity provider's personas: users with claims, subscriptions, messages and identity links. */
  readonly personas: SeedCounts;
  /** CMS pages of `seed-data/pages/` (team, resources, terms of use, privacy, decision record 026; features, about, community, workshops, K-12 board, pricing, decision record 035). */
  readonly pages: SeedCounts;
  /**
   * The search catalog snapshot after the import (decision record 014): the revision is
   * bumped when content was created, then the snapshot is brought up to it.
   */
  readonly catalog: CatalogSyncResult;
  /** Every mapping rule applied, with the items it applied to (decision record 004). */
  readonly mappings: readonly MappingNote[];
  /** Wall time of the run, in milliseconds. */
  readonly durationMs: number;
}

/** Options of {@link runSeed}. */
export interface RunSeedOptions {
  /** Receives one human-readable line per step and per mapping rule. */
  readonly log: (line: string) => void;
  /** The seed-data folder; defaults to `functions/seed-data` next to this module's folder. */
  readonly dataRoot?: string;
  /**
   * `now` (default): every business unit is seeded before the personas. `later`: none
   * is (the personas still write their own units); the caller runs
   * {@link seedEveryBusinessUnit} itself, as `npm start` does in the background after
   * the first page can be served (issue 22 item 6).
   */
  readonly businessUnits?: 'now' | 'later';
}

/** `functions/seed-data`, found from this module's own location. */
export const DEFAULT_DATA_ROOT = fileURLToPath(new URL('../../seed-data/', import.meta.url));

/**
 * Imports the seed data into the configured table and private bucket (the SDK's
 * standard variables point at AWS, LocalStack or the embedded emulators): knowledge
 * (KSA, TKS, KU), the NICE work roles and competency areas, contributors, files, content parents first, then the search
 * catalog snapshot (built from the content, decision record 014), then every
 * business unit (seed/business-units.ts; unless `businessUnits: 'later'`), the personas (seed/personas.ts), then the CMS pages
 * (seed/pages.ts). Idempotent: ids are
 * deterministic (`seedId`), existing items are found first (BatchGetItem) and left
 * alone, and every create is conditional, so a second run creates nothing. A file's
 * object is uploaded and its stored size checked before its record is written.
 * @throws Error when a source file is inconsistent or a write fails; items written
 *   before the failure stay, and a rerun completes the import.
 */
export async function runSeed(options: RunSeedOptions): Promise<SeedReport> {
  const started = Date.now();
  const { log } = options;
  const dataRoot = options.dataRoot ?? DEFAULT_DATA_ROOT;
  const sources = await readSeedSources(dataRoot);
  const plan = planSeed(sources);
  log(`seed: read ${dataRoot}`);

  const knowledge = await seedKnowledge(plan.knowledge);
  log(`seed: knowledge ${knowledge.created} created, ${knowledge.alreadyPresent} already present`);

  const { workRoles, competencyAreas, crosswalk } = await seedWorkRoles(plan);
  log(
    `seed: work roles ${workRoles.created} created, ${workRoles.alreadyPresent} already present; competency areas ${competencyAreas.created} created, ${competencyAreas.alreadyPresent} already present; crosswalk pairings ${crosswalk.created} created, ${crosswalk.alreadyPresent} already present`,
  );

  const contributors: SeedCounts = { created: 0, alreadyPresent: 0 };
  const presentContributors = new Set(
    (await getContributorsByIds(plan.contributors.map((c) => c.id))).map((c) => c.id),
  );
  for (const contributor of plan.contributors) {
    if (
      presentContributors.has(contributor.id) ||
      !(await createdUnlessConflict(() => createContributor(contributor)))
    ) {
      contributors.alreadyPresent += 1;
    } else {
      contributors.created += 1;
    }
  }
  log(`seed: contributors ${contributors.created} created, ${contributors.alreadyPresent} already present`);

  const files: SeedCounts = { created: 0, alreadyPresent: 0 };
  const presentFiles = new Set((await getFilesByIds(plan.files.map((file) => file.id))).map((file) => file.id));
  await inParallel(plan.files, SEED_CONCURRENCY, async (file) => {
    if (presentFiles.has(file.id) || !(await createdUnlessConflict(() => uploadAndRecord(file)))) {
      files.alreadyPresent += 1;
    } else {
      files.created += 1;
    }
  });
  log(`seed: files ${files.created} created, ${files.alreadyPresent} already present`);

  const content: SeedCounts = { created: 0, alreadyPresent: 0 };
  const presentContent = new Set((await getContentByIds(plan.content.map((item) => item.id))).map((item) => item.id));
  // Depth by depth, a few at a time: a parent is always stored before its children.
  const depths = Math.max(0, ...plan.content.map((record) => record.ancestorIds.length));
  for (let depth = 0; depth <= depths; depth += 1) {
    const level = plan.content.filter((record) => record.ancestorIds.length === depth);
    await inParallel(level, SEED_CONCURRENCY, async (record) => {
      if (
        presentContent.has(record.id) ||
        !(await createdUnlessConflict(() => createContent(record, { recordInCatalog: false })))
      ) {
        content.alreadyPresent += 1;
      } else {
        content.created += 1;
      }
    });
  }
  log(`seed: content ${content.created} created, ${content.alreadyPresent} already present`);

  // Written outside a content transaction, so the import records the change itself.
  if (content.created > 0) await bumpCatalogRevision();
  const catalog = await syncCatalogSnapshot();
  log(
    `seed: search catalog revision ${catalog.revision}, ${catalog.documents} documents, ${
      catalog.rebuilt ? `snapshot built in ${catalog.ms} ms` : 'snapshot already current'
    }`,
  );

  const businessUnits =
    (options.businessUnits ?? 'now') === 'now' ? await seedEveryBusinessUnit({ log, dataRoot }) : null;
  const { personas } = await seedPersonas(dataRoot, new Date());
  log(`seed: personas ${personas.created} created, ${personas.alreadyPresent} already present`);

  const pages = await seedPages(dataRoot, new Date());
  log(`seed: pages ${pages.created} created, ${pages.alreadyPresent} already present`);

  for (const note of plan.mappings) {
    log(`seed: mapping ${note.rule}: "${note.from}" → ${note.to} (${note.count}×)${itemSample(note.items)}`);
  }
  const report: SeedReport = {
    dataRoot,
    knowledge,
    workRoles,
    competencyAreas,
    crosswalk,
    contributors,
    content,
    files,
    businessUnits,
    personas,
    pages,
    catalog,
    mappings: plan.mappings,
    durationMs: Date.now() - started,
  };
  log(`seed: done in ${report.durationMs} ms`);
  return report;
}

/**
 * Seeds every business unit of schools.csv and the synthetic K12 districts and
 * state government units (seed/business-units.ts, {@link seedBusinessUnits}; issue 11
 * item 1), logging one line with the counts and the time it took. Idempotent.
 * @throws Error when schools.csv cannot be read or a write fails.
 */
export async function seedEveryBusinessUnit(options: {
  readonly log: (line: string) => void;
  readonly dataRoot?: string;
}): Promise<BusinessUnitSeedCounts> {
  const started = Date.now();
  const counts = await seedBusinessUnits(await readSchools(options.dataRoot ?? DEFAULT_DATA_ROOT), new Date());
  options.log(
    `seed: business units ${counts.created} created, ${counts.alreadyPresent} already present, ${counts.upgraded} upgraded, in ${Date.now() - started} ms`,
  );
  return counts;
}

/**
 * Requests of the import in flight at once (file uploads, knowledge batches, content
 * items of one depth): the
 * embedded DynamoDB and S3 do their disk work off the main thread, so a few at a time
 * finish sooner than one by one (issue 22 item 6).
 */
const SEED_CONCURRENCY = 4;
/** Knowledge items per {@link putKnowledgeBatch} call (a multiple of BatchWriteItem's 25). */
const KNOWLEDGE_SLICE = 250;

/** Runs `work` on every item, at most `size` at a time; rejects with the first failure. */
async function inParallel<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

async function seedKnowledge(items: Parameters<typeof putKnowledgeBatch>[0]): Promise<SeedCounts> {
  const present = await existingKnowledge(items);
  const missing = items.filter((item) => !present.has(`${item.type}#${item.id}`));
  const slices: (typeof missing)[] = [];
  for (let offset = 0; offset < missing.length; offset += KNOWLEDGE_SLICE) {
    slices.push(missing.slice(offset, offset + KNOWLEDGE_SLICE));
  }
  await inParallel(slices, SEED_CONCURRENCY, (slice) => putKnowledgeBatch(slice));
  return { created: missing.length, alreadyPresent: items.length - missing.length };
}

/** Writes the work roles, competency areas and crosswalk pairings not stored yet (issue 27 items 1, 5). */
async function seedWorkRoles(
  plan: Pick<ReturnType<typeof planSeed>, 'workRoles' | 'competencyAreas' | 'crosswalk'>,
): Promise<{ workRoles: SeedCounts; competencyAreas: SeedCounts; crosswalk: SeedCounts }> {
  const present = await existingWorkRoleItems(plan.workRoles, plan.competencyAreas, plan.crosswalk);
  const roles = plan.workRoles.filter((role) => !present.has(workRoleItemKey(role)));
  const areas = plan.competencyAreas.filter((area) => !present.has(competencyAreaItemKey(area)));
  const pairings = plan.crosswalk.filter((pairing) => !present.has(crosswalkItemKey(pairing)));
  await putWorkRoleItems(roles, areas, pairings);
  return {
    workRoles: { created: roles.length, alreadyPresent: plan.workRoles.length - roles.length },
    competencyAreas: { created: areas.length, alreadyPresent: plan.competencyAreas.length - areas.length },
    crosswalk: { created: pairings.length, alreadyPresent: plan.crosswalk.length - pairings.length },
  };
}

/**
 * Uploads a file's bytes, checks the stored size, then writes its record, so a
 * record never exists without its object. Re-uploading after an interrupted run
 * overwrites the same key with the same bytes.
 */
async function uploadAndRecord(file: PlannedFile): Promise<void> {
  const bytes = await readFile(file.sourcePath);
  const bucket = env().privateBucket;
  await s3Client.send(
    new PutObjectCommand({ Bucket: bucket, Key: file.objectKey, Body: bytes, ContentType: file.type }),
  );
  const head = await s3Client.send(new HeadObjectCommand({ Bucket: bucket, Key: file.objectKey }));
  if (head.ContentLength !== bytes.length) {
    throw new Error(
      `Stored ${file.objectKey} has ${head.ContentLength ?? 'no'} bytes, expected ${bytes.length} (${file.relativePath}).`,
    );
  }
  await createFile({
    id: file.id,
    name: file.name,
    filename: file.filename,
    type: file.type,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    status: 'Ready',
    visibility: 'private',
    objectKey: file.objectKey,
    metadata: { id: file.contentId, type: 'Content' },
    createdTimestamp: new Date().toISOString(),
  });
}

/** How many item names a console line names before it says how many more there are. */
const ITEMS_PER_LINE = 3;

/** `: A; B; C; … 57 more` — the full list stays in the returned report. */
function itemSample(items: readonly string[]): string {
  if (items.length === 0) return '';
  const shown = items.slice(0, ITEMS_PER_LINE).join('; ');
  const more = items.length - ITEMS_PER_LINE;
  return more > 0 ? `: ${shown}; … ${more} more` : `: ${shown}`;
}
