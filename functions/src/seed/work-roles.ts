import { CompetencyArea, type CrosswalkPairing, WorkRole } from '#shared/contracts/work-role';
import { computeCrosswalk } from '../domain/nice-crosswalk.ts';
import type { SeedSources } from './sources.ts';

/**
 * Planning of the NICE work roles of both generations, the v2.1.0 competency areas and
 * the crosswalk between the generations' statements (`domain/nice-crosswalk.ts`)
 * (issue 27 item 1; decision record 079), from `nice/workroles-2017.json`,
 * `nice/workroles.json` and `nice/competency-areas.json` (seed-data/SOURCES.md §1a, §1b).
 */

/** The work roles and competency areas the import writes. */
export interface WorkRolePlan {
  /** 2017 roles by id, then v2.1.0 roles by id. */
  readonly workRoles: WorkRole[];
  /** By id. */
  readonly competencyAreas: CompetencyArea[];
  /** The crosswalk between the generations' statements, by KSA id (issue 27 item 5). */
  readonly crosswalk: CrosswalkPairing[];
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function sortedUnique(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}

/**
 * Plans the work roles (each checked against the WorkRole contract): a 2017 role's
 * `statements` are its K, S and A ids (type KSA), its T ids kept as `tasks2017`; a
 * v2.1.0 role's `statements` are its T, K and S ids (type TKS); both in id order.
 * @throws Error naming the role when one maps to a statement id the generation's
 *   statement list lacks, when an id repeats, or when the contract rejects a role.
 */
export function planWorkRoles(
  sources: Pick<SeedSources, 'ksa' | 'tks' | 'workRoles2017' | 'workRoles' | 'competencyAreas'>,
): WorkRolePlan {
  const ksa = new Set(sources.ksa.map((statement) => statement.id));
  const tks = new Set(sources.tks.map((statement) => statement.id));
  const checked = (role: string, known: ReadonlySet<string>, type: string, ids: readonly string[]) => {
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw new Error(`Work role ${role} maps to unknown ${type} ${missing.join(', ')}.`);
    return sortedUnique(ids);
  };
  const roles2017 = sources.workRoles2017.map((role) =>
    WorkRole.parse({
      id: role.id,
      generation: '2017',
      name: role.name,
      description: role.description,
      category: role.category,
      specialtyArea: role.specialtyArea,
      opmCodes: role.opmCode ? [role.opmCode] : [],
      statements: checked(role.id, ksa, 'KSA', [...role.knowledge, ...role.skills, ...role.abilities]),
      tasks2017: sortedUnique(role.tasks),
    }),
  );
  const rolesComponents = sources.workRoles.map((role) =>
    WorkRole.parse({
      id: role.id,
      generation: '2.1.0',
      name: role.name,
      description: role.description,
      category: role.category,
      opmCodes: role.opmCodes,
      statements: checked(role.id, tks, 'TKS', [...role.tasks, ...role.knowledge, ...role.skills]),
    }),
  );
  const workRoles = [...roles2017.sort(byId), ...rolesComponents.sort(byId)];
  const seen = new Set<string>();
  for (const role of workRoles) {
    if (seen.has(role.id)) throw new Error(`Work role ${role.id} appears twice.`);
    seen.add(role.id);
  }
  const competencyAreas = sources.competencyAreas.map((area) => CompetencyArea.parse(area)).sort(byId);
  return { workRoles, competencyAreas, crosswalk: computeCrosswalk(sources.ksa, sources.tks) };
}
