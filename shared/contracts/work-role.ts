import * as z from 'zod';
import { KnowledgeId } from './knowledge.ts';
import { WorkRoleId } from './work-role-id.ts';

/**
 * NICE work roles of both framework generations (issue 27 item 1): the 52 roles of
 * the 2017 NICE Cybersecurity Workforce Framework (SP 800-181, mapped to K/S/A
 * statements, type KSA here, and to 2017 tasks) and the 41 roles of the NICE
 * Framework Components v2.1.0 (mapped to T/K/S statements, type TKS here).
 * Provenance: `functions/seed-data/SOURCES.md` §1a and §1b.
 */

/** The two NICE generations the portal carries: `2017` (KSA) and `2.1.0` (Components, TKS). */
export const NICE_GENERATIONS = ['2017', '2.1.0'] as const;
export const NiceGeneration = z.enum(NICE_GENERATIONS);
export type NiceGeneration = z.infer<typeof NiceGeneration>;

/** The knowledge type a generation's statements are kept under (spec §3 Knowledge). */
export const STATEMENT_TYPE_OF_GENERATION = { '2017': 'KSA', '2.1.0': 'TKS' } as const satisfies Record<
  NiceGeneration,
  'KSA' | 'TKS'
>;

/** A work role's id as published (`./work-role-id.ts`, kept apart so the search address carries only it). */
export { WorkRoleId } from './work-role-id.ts';

/** A category (2017 and v2.1.0) or specialty area (2017 only) of work roles. */
export const WorkRoleGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
});
export type WorkRoleGroup = z.infer<typeof WorkRoleGroup>;

/**
 * One NICE work role. `statements` are the ids of the knowledge items of the
 * generation's type (KSA for 2017: its K, S and A statements; TKS for v2.1.0: its
 * T, K and S statements) the framework maps to the role, in id order; content maps
 * to those ids, so a role's coverage is the share of them some item maps. `tasks2017`
 * are the 2017 role's task ids (T…), kept for the record: 2017 tasks are not
 * knowledge items content maps to.
 */
export const WorkRole = z
  .object({
    id: WorkRoleId,
    generation: NiceGeneration,
    name: z.string(),
    description: z.string(),
    category: WorkRoleGroup,
    /** 2017 only: the specialty area (33 of them). */
    specialtyArea: WorkRoleGroup.optional(),
    opmCodes: z.array(z.string()),
    statements: z.array(KnowledgeId),
    tasks2017: z.array(z.string()).optional(),
  })
  .meta({ id: 'WorkRole' });
export type WorkRole = z.infer<typeof WorkRole>;

/**
 * A competency area of the NICE Framework Components v2.1.0 (11 of them, NF-COM-001…011;
 * `functions/seed-data/nice/competency-areas.json`, SOURCES.md §1b). The NIST export
 * relates no statement or work role to a competency area (decision record 079), so an
 * area is its id, name and description only.
 */
export const CompetencyArea = z
  .object({
    id: z.string().regex(/^NF-COM-\d{3}$/, 'Must be a competency area id such as NF-COM-001.'),
    name: z.string(),
    description: z.string(),
  })
  .meta({ id: 'CompetencyArea' });
export type CompetencyArea = z.infer<typeof CompetencyArea>;

/** `GET /api/v1/work-roles` query: one generation, or both (2017 first) without it. */
export const ListWorkRolesQuery = z.object({ generation: NiceGeneration.optional() });
export type ListWorkRolesQuery = z.infer<typeof ListWorkRolesQuery>;

/**
 * `GET /api/v1/work-roles` answer (issue 27 item 1): the work roles (by generation, then
 * id) and the 11 competency areas of Components v2.1.0 (decision record 079: small
 * reference lists a browse screen shows together, so one answer).
 */
export const WorkRoleList = z
  .object({ items: z.array(WorkRole), competencyAreas: z.array(CompetencyArea) })
  .meta({ id: 'WorkRoleList' });
export type WorkRoleList = z.infer<typeof WorkRoleList>;

/** `GET /api/v1/work-roles/{id}` path. */
export const GetWorkRolePath = z.object({ id: WorkRoleId });

/** The not-found message of a work role (`GET /api/v1/work-roles/{id}`). */
export const WORK_ROLE_NOT_FOUND_MESSAGE = 'Work role does not exist.';

/**
 * Why a 2017 KSA statement and a v2.1.0 TKS statement are paired in the crosswalk
 * (issue 27 item 5; decision record 079): the same id, the token Jaccard similarity
 * of their normalised texts (0 to 1), whether those texts are identical, and whether a
 * NIST mapping pairs them (the NIST export used holds none, so absent).
 */
export const CrosswalkBasis = z.object({
  sameId: z.boolean(),
  textSimilarity: z.number().min(0).max(1),
  exactText: z.boolean(),
  nistMapping: z.boolean().optional(),
});
export type CrosswalkBasis = z.infer<typeof CrosswalkBasis>;

/** One pairing of the crosswalk between the NICE generations: a KSA id, a TKS id, and its basis. */
export const CrosswalkPairing = z
  .object({ ksaId: KnowledgeId, tksId: KnowledgeId, basis: CrosswalkBasis })
  .meta({ id: 'CrosswalkPairing' });
export type CrosswalkPairing = z.infer<typeof CrosswalkPairing>;
