import { STATEMENT_TYPE_OF_GENERATION, WORK_ROLE_NOT_FOUND_MESSAGE } from '#shared/contracts/work-role';
import { getWorkRole, listCrosswalk } from '../data/work-roles.ts';
import { ValidationError } from '../lib/errors.ts';
import type { KnowledgeTwins, SearchQuery, WorkRoleStatements } from './port.ts';

/** A knowledge filter value the crosswalk expanded: `id` of `facet` also finds items mapped to `twinId`. */
export interface KnowledgeExpansion {
  readonly facet: 'ksaIds' | 'tksIds';
  readonly id: string;
  readonly twinId: string;
}

/** What {@link resolveKnowledgeFilter} adds to a search query, and the expansions made. */
export interface ResolvedKnowledgeFilter {
  readonly workRoleStatements?: WorkRoleStatements;
  readonly knowledgeTwins?: KnowledgeTwins;
  readonly expansions: readonly KnowledgeExpansion[];
}

/**
 * Resolves the knowledge filters of a search against the stored NICE reference data
 * (decision record 079): `workRole` becomes the role's statements and the facet they
 * are mapped under; each chosen KSA id of `ksaIds` also accepts its crosswalk twin TKS
 * id, and each TKS id of `tksIds` its twin KSA id (issue 27 item 5). Read from the
 * table (the container's cached work-role set, one GetItem of the knowledge revision
 * a request, none when no knowledge filter is set), so the search bundle carries no
 * role or crosswalk data.
 * @throws ValidationError (400, `filter.workRole`) for a role id no role has.
 */
export async function resolveKnowledgeFilter(filter: SearchQuery['filter']): Promise<ResolvedKnowledgeFilter> {
  let workRoleStatements: WorkRoleStatements | undefined;
  if (filter.workRole) {
    const role = await getWorkRole(filter.workRole);
    if (!role) throw new ValidationError([{ path: 'filter.workRole', message: WORK_ROLE_NOT_FOUND_MESSAGE }]);
    const facet = STATEMENT_TYPE_OF_GENERATION[role.generation] === 'KSA' ? 'ksaIds' : 'tksIds';
    workRoleStatements = { facet, ids: role.statements };
  }
  const expansions: KnowledgeExpansion[] = [];
  if (filter.ksaIds.length > 0 || filter.tksIds.length > 0) {
    const crosswalk = await listCrosswalk();
    const ksa = new Set(filter.ksaIds);
    const tks = new Set(filter.tksIds);
    for (const pairing of crosswalk) {
      if (ksa.has(pairing.ksaId)) expansions.push({ facet: 'ksaIds', id: pairing.ksaId, twinId: pairing.tksId });
      if (tks.has(pairing.tksId)) expansions.push({ facet: 'tksIds', id: pairing.tksId, twinId: pairing.ksaId });
    }
  }
  const twinsOf = (facet: KnowledgeExpansion['facet']) =>
    expansions.filter((expansion) => expansion.facet === facet).map((expansion) => expansion.twinId);
  return {
    ...(workRoleStatements ? { workRoleStatements } : {}),
    ...(expansions.length > 0 ? { knowledgeTwins: { ksaIds: twinsOf('ksaIds'), tksIds: twinsOf('tksIds') } } : {}),
    expansions,
  };
}
