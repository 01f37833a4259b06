import {
  type CompetencyArea,
  type CrosswalkPairing,
  NICE_GENERATIONS,
  type NiceGeneration,
  type WorkRole,
  WorkRole as WorkRoleContract,
} from '#shared/contracts/work-role';
import { batchGetItems, batchPutItems, queryPartition, tableName } from './dynamo.ts';
import {
  COMPETENCY_AREA_PARTITION,
  CROSSWALK_PARTITION,
  competencyAreaKey,
  crosswalkPairingKey,
  ENTITY_TYPES,
  type TableKey,
  workRoleKey,
  workRolePartition,
} from './keys.ts';
import { bumpKnowledgeRevision, getKnowledgeRevision } from './knowledge.ts';

/**
 * Access patterns of the NICE work roles of both generations and the v2.1.0
 * competency areas (issue 27 item 1; keys.ts rows "NICE work roles of a generation"
 * and "competency areas"; decision record 079). They are reference data written only
 * by the seed import, so every container reads them whole (93 roles, 11 areas: one
 * Query per partition) and keeps them while the knowledge revision stays the same; a
 * work-role write bumps that revision as a knowledge write does.
 */

/** The work roles and competency areas as this container last read them. */
export interface WorkRoleSnapshot {
  /** 2017 roles by id, then v2.1.0 roles by id. */
  readonly workRoles: readonly WorkRole[];
  /** Competency areas by id. */
  readonly competencyAreas: readonly CompetencyArea[];
  /** The crosswalk pairings between the generations' statements, by KSA id (issue 27 item 5). */
  readonly crosswalk: readonly CrosswalkPairing[];
}

interface CachedSnapshot extends WorkRoleSnapshot {
  readonly table: string;
  readonly revision: number;
}

let cached: CachedSnapshot | null = null;
let loading: { readonly table: string; readonly revision: number; readonly promise: Promise<CachedSnapshot> } | null =
  null;

const WORK_ROLE_FIELDS = Object.keys(WorkRoleContract.shape) as (keyof WorkRole)[];

function toWorkRole(item: Record<string, unknown>): WorkRole {
  const out: Record<string, unknown> = {};
  for (const name of WORK_ROLE_FIELDS) if (name in item) out[name] = item[name];
  return out as WorkRole;
}

function toCompetencyArea(item: Record<string, unknown>): CompetencyArea {
  return { id: String(item.id), name: String(item.name), description: String(item.description ?? '') };
}

async function load(table: string, revision: number): Promise<CachedSnapshot> {
  const [roles, areas, pairings] = await Promise.all([
    Promise.all(
      NICE_GENERATIONS.map((generation) => queryPartition<Record<string, unknown>>(workRolePartition(generation))),
    ),
    queryPartition<Record<string, unknown>>(COMPETENCY_AREA_PARTITION),
    queryPartition<CrosswalkPairing>(CROSSWALK_PARTITION, { attributes: ['ksaId', 'tksId', 'basis'] }),
  ]);
  return {
    table,
    revision,
    workRoles: roles.flat().map(toWorkRole),
    competencyAreas: areas.map(toCompetencyArea),
    crosswalk: pairings.map((pairing) => ({ ksaId: pairing.ksaId, tksId: pairing.tksId, basis: pairing.basis })),
  };
}

/**
 * Every work role and competency area, read once per container and kept while the
 * knowledge revision stays the same: a call costs one GetItem of the revision, and a
 * full read (three Queries) only after a knowledge or work-role write. Calls arriving
 * during a read share it.
 */
export async function workRoleSnapshot(): Promise<WorkRoleSnapshot> {
  const table = tableName();
  const revision = await getKnowledgeRevision();
  if (cached && cached.table === table && cached.revision === revision) return cached;
  if (!loading || loading.table !== table || loading.revision !== revision) {
    const promise = load(table, revision);
    const current = { table, revision, promise };
    loading = current;
    promise.then(
      (loaded) => {
        cached = loaded;
        if (loading === current) loading = null;
      },
      () => {
        if (loading === current) loading = null;
      },
    );
  }
  return loading.promise;
}

/**
 * The NICE work roles of one generation (by id), or of both (2017 first) without one
 * (issue 27 item 1), from {@link workRoleSnapshot}.
 */
export async function listWorkRoles(generation?: NiceGeneration): Promise<readonly WorkRole[]> {
  const { workRoles } = await workRoleSnapshot();
  return generation ? workRoles.filter((role) => role.generation === generation) : workRoles;
}

/** One work role by its id (`SP-RSK-001`, `DD-WRL-001`; ids are unique across generations), or null. */
export async function getWorkRole(id: string): Promise<WorkRole | null> {
  const { workRoles } = await workRoleSnapshot();
  return workRoles.find((role) => role.id === id) ?? null;
}

/** The 11 competency areas of Components v2.1.0, by id. */
export async function listCompetencyAreas(): Promise<readonly CompetencyArea[]> {
  return (await workRoleSnapshot()).competencyAreas;
}

/**
 * The crosswalk between the NICE generations (issue 27 item 5), by KSA id, from
 * {@link workRoleSnapshot}: each pairing with its basis.
 */
export async function listCrosswalk(): Promise<readonly CrosswalkPairing[]> {
  return (await workRoleSnapshot()).crosswalk;
}

/**
 * Which of these work roles, competency areas and crosswalk pairings are stored
 * already (BatchGetItem), as `pk|sk` strings.
 */
export async function existingWorkRoleItems(
  roles: readonly Pick<WorkRole, 'generation' | 'id'>[],
  areas: readonly Pick<CompetencyArea, 'id'>[],
  crosswalk: readonly Pick<CrosswalkPairing, 'ksaId' | 'tksId'>[] = [],
): Promise<Set<string>> {
  const keys: TableKey[] = [
    ...roles.map((role) => workRoleKey(role.generation, role.id)),
    ...areas.map((area) => competencyAreaKey(area.id)),
    ...crosswalk.map((pairing) => crosswalkPairingKey(pairing.ksaId, pairing.tksId)),
  ];
  const found = await batchGetItems<TableKey>(keys, ['pk', 'sk']);
  return new Set(found.map((key) => `${key.pk}|${key.sk}`));
}

/** The `pk|sk` string {@link existingWorkRoleItems} reports for a work role. */
export function workRoleItemKey(role: Pick<WorkRole, 'generation' | 'id'>): string {
  const key = workRoleKey(role.generation, role.id);
  return `${key.pk}|${key.sk}`;
}

/** The `pk|sk` string {@link existingWorkRoleItems} reports for a competency area. */
export function competencyAreaItemKey(area: Pick<CompetencyArea, 'id'>): string {
  const key = competencyAreaKey(area.id);
  return `${key.pk}|${key.sk}`;
}

/** The `pk|sk` string {@link existingWorkRoleItems} reports for a crosswalk pairing. */
export function crosswalkItemKey(pairing: Pick<CrosswalkPairing, 'ksaId' | 'tksId'>): string {
  const key = crosswalkPairingKey(pairing.ksaId, pairing.tksId);
  return `${key.pk}|${key.sk}`;
}

/**
 * Writes work roles, competency areas and crosswalk pairings (version 1) with BatchWriteItem, then bumps
 * the knowledge revision so every container reads them again. Reference data whose
 * item is determined by its key: callers write only items checked absent with
 * {@link existingWorkRoleItems} first (a batch put carries no condition).
 */
export async function putWorkRoleItems(
  roles: readonly WorkRole[],
  areas: readonly CompetencyArea[],
  crosswalk: readonly CrosswalkPairing[] = [],
): Promise<void> {
  if (roles.length === 0 && areas.length === 0 && crosswalk.length === 0) return;
  await batchPutItems([
    ...roles.map((role) => ({
      ...role,
      ...workRoleKey(role.generation, role.id),
      entityType: ENTITY_TYPES.workRole,
      version: 1,
    })),
    ...areas.map((area) => ({
      ...area,
      ...competencyAreaKey(area.id),
      entityType: ENTITY_TYPES.competencyArea,
      version: 1,
    })),
    ...crosswalk.map((pairing) => ({
      ...pairing,
      ...crosswalkPairingKey(pairing.ksaId, pairing.tksId),
      entityType: ENTITY_TYPES.crosswalkPairing,
      version: 1,
    })),
  ]);
  await bumpKnowledgeRevision();
}
