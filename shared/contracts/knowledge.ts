import * as z from 'zod';
import { KNOWLEDGE_TYPES, STATEMENT_KINDS } from '../enums.ts';
import { LIMITS, PAGE } from '../limits.ts';
import { limitParam, PageToken, pageOf } from './common.ts';

/**
 * Knowledge items (spec §3 Knowledge, §7 "List knowledge items"): NICE 2017 KSA
 * statements (type KSA), NICE Components TKS statements (type TKS) and CAE
 * knowledge units (type KU). Statement ids overlap between the KSA and TKS id
 * spaces (K0018 is in both), so an item is identified by `type` and `id` together.
 */

/** A knowledge id as published by its framework: `K0018`, `T1262`, `CO-M.4`, `CD-privacy`. */
export const KnowledgeId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/, 'Must be a knowledge id such as K0018 or CO-M.4.');

/**
 * A NICE work role's id as published (issue 27 item 1, decision record 079):
 * `SP-RSK-001` (2017), `DD-WRL-001` (v2.1.0). Kept beside the knowledge ids so the
 * search contract and address (in the SPA's first render) take it without the
 * work-role schemas (`./work-role.ts`).
 */
export const WorkRoleId = z
  .string()
  .regex(/^[A-Z]{2}-[A-Z]{3}-\d{3}$/, 'Must be a NICE work role id such as DD-WRL-001.');

export const KnowledgeType = z.enum(KNOWLEDGE_TYPES);

export const Knowledge = z
  .object({
    id: KnowledgeId,
    type: KnowledgeType,
    /** The statement text, or the knowledge unit's name. */
    name: z.string(),
    /** K, S, A or T statements: which kind. Absent on knowledge units. */
    kind: z.enum(STATEMENT_KINDS).optional(),
    /** Knowledge units: the program (CAE-CD, CAE-CO) and group. */
    program: z.string().optional(),
    group: z.string().optional(),
    /** Knowledge units: the description, where the sources give one. */
    description: z.string().nullable().optional(),
    /** Knowledge units: learning outcomes. */
    outcomes: z.array(z.string()).optional(),
  })
  .meta({ id: 'Knowledge' });
export type Knowledge = z.infer<typeof Knowledge>;

/** How the NICE 2017 list marks a statement it withdrew: its text begins "WITHDRAWN:" (e.g. K0085). */
const WITHDRAWN_TEXT = /^\s*WITHDRAWN\b\s*:?\s*/i;

/**
 * True for a statement the framework withdrew (issue 21 item 29): its text begins
 * with "WITHDRAWN" (51 of the NICE 2017 KSAs, such as K0085 "WITHDRAWN: … (See
 * K0070)"). Pickers mark such items and list them after current ones.
 */
export function isWithdrawnKnowledge(item: Pick<Knowledge, 'name'>): boolean {
  return WITHDRAWN_TEXT.test(item.name);
}

/** A statement's text without the "WITHDRAWN:" mark (the mark is shown apart). */
export function knowledgeTextWithoutMark(item: Pick<Knowledge, 'name'>): string {
  return item.name.replace(WITHDRAWN_TEXT, '');
}

/** Most ids one `GET /api/v1/knowledge?ids=…` asks for: a filter address's 200 values (spec §9). */
export const KNOWLEDGE_IDS_MAX = LIMITS.searchFilterMaxValues;

/**
 * The `ids` query of `GET /api/v1/knowledge` (issue 22 item 1): ids joined by commas
 * (`ids=K0018,CO-M.4`; a repeated `ids` parameter arrives joined the same way), 1 to
 * {@link KNOWLEDGE_IDS_MAX} of them, each a {@link KnowledgeId}. Parsed to the list.
 */
export const KnowledgeIdsParam = z
  .string()
  .transform((raw) => raw.split(',').map((id) => id.trim()))
  .pipe(
    z
      .array(KnowledgeId)
      .min(1, 'Give at least one id.')
      .max(KNOWLEDGE_IDS_MAX, `Give at most ${KNOWLEDGE_IDS_MAX} ids.`),
  )
  .meta({ description: 'Only these ids (comma-separated, at most 200), e.g. K0018,CO-M.4.' });

/**
 * `GET /api/v1/knowledge` query (spec §7: page size up to 10000, looped by token).
 * `ids` narrows the answer to those ids (of `type` when given; an id of both KSA and
 * TKS comes twice without it), so a screen names a few chosen items without the
 * whole catalogue (issue 22 item 1).
 */
export const ListKnowledgeQuery = z.object({
  type: KnowledgeType.optional(),
  ids: KnowledgeIdsParam.optional(),
  limit: limitParam(PAGE.knowledgeMax, PAGE.knowledgeMax),
  pageToken: PageToken.optional(),
});
export type ListKnowledgeQuery = z.infer<typeof ListKnowledgeQuery>;

export const KnowledgePage = pageOf(Knowledge).meta({ id: 'KnowledgePage' });
export type KnowledgePage = z.infer<typeof KnowledgePage>;

/** `GET /api/v1/knowledge/{type}/{id}` path. */
export const GetKnowledgePath = z.object({ type: KnowledgeType, id: KnowledgeId });

/** The not-found message of a knowledge item (`GET /api/v1/knowledge/{type}/{id}`). */
export const KNOWLEDGE_NOT_FOUND_MESSAGE = 'Knowledge item does not exist.';
