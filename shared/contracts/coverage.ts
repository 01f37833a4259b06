import * as z from 'zod';
import { EntityId, IdOrAlias } from './common.ts';
import { KnowledgeId, WorkRoleId } from './knowledge.ts';
import { NiceGeneration, WorkRoleGroup } from './work-role.ts';

/**
 * CAE and NICE coverage of a content item with its descendants ("a bundle") or of a
 * collection (issue 27 item 2; decision record 080), and the CAE mapping worksheet of
 * a collection (issue 27 item 3). This file is the contract between the server
 * (helper "coverage") and the screens (helper "outcomes"): a screen needs nothing
 * but a {@link Coverage} to draw the chart, the table, the gaps and the printable
 * program-of-study page.
 *
 * Routes (the old `GET /api/v1/collections/{id}/coverage`, the flat union of knowledge
 * lists of decision record 073, stays as it is):
 * - `GET /api/v1/content-coverage/{idOrAlias+}` (operationId `getContentCoverageReport`,
 *   group content, public): the item and its descendants the caller may read, as the
 *   item page shows them (a hidden item hides its subtree). 404 as `getContent`.
 * - `GET /api/v1/collections/{id}/coverage-report` (operationId
 *   `getCollectionCoverageReport`, group library, public): the collection's entries the
 *   caller may open now, in collection order (not their descendants: a collection is a
 *   list of chosen items). 404 exactly as `getCollection`.
 * - `GET /api/v1/collections/{id}/cae-worksheet` (operationId `getCollectionCaeWorksheet`,
 *   group library, public): the same coverage as an xlsx file
 *   ({@link CAE_WORKSHEET_MEDIA_TYPE}), sheet "Mapping" with one row per (KU, item) in
 *   the columns {@link CAE_WORKSHEET_COLUMNS}, sheet "Gaps" with the KUs not covered.
 *
 * Outcome marking (issue 27 item 4, helper "outcomes"): a content item carries
 * `kuOutcomes: [{ kuId, outcomes: number[] }]` — for each KU of its `kus`, the 0-based
 * indexes into that KU's `outcomes` (`#shared/contracts/knowledge`) the editors marked
 * as addressed. Absent means none. Coverage reads it: a marking counts only for a KU
 * the item maps in `kus`, and indexes outside the KU's outcomes are ignored.
 */

/**
 * One entry of a content item's `kuOutcomes` (issue 27 item 4): a KU the item maps and
 * the 0-based indexes of that KU's outcomes it addresses (the content contract holds
 * `kuOutcomes: z.array(KuOutcomeMarking).optional()`; absent = none marked).
 */
export const KuOutcomeMarking = z.object({
  kuId: KnowledgeId,
  outcomes: z.array(z.number().int().min(0)),
});
export type KuOutcomeMarking = z.infer<typeof KuOutcomeMarking>;

/** The CAE programs, in the order a report lists them. */
export const CAE_PROGRAMS = ['CAE-CD', 'CAE-CO'] as const;

/**
 * The order of CAE KU groups in a report: the groups as the KU data spells them
 * (`functions/seed-data/cae/knowledge-units.json`). A group not listed here comes after
 * these, by name.
 */
export const CAE_GROUP_ORDER = [
  'Foundational',
  'Technical Core',
  'Non-Technical Core',
  'Mandatory',
  'Optional',
  'Optional (per S2)',
] as const;

/** What a coverage is of: one content item with its descendants, or one collection. */
export const CoverageSubjectKind = z.enum(['content', 'collection']);
export type CoverageSubjectKind = z.infer<typeof CoverageSubjectKind>;

/**
 * The subject: `id` (the content item's or the collection's), its `name`, and
 * `itemCount`, the number of content items counted (those the caller may read: for
 * content the item itself plus its readable descendants; for a collection its
 * available entries).
 */
export const CoverageSubject = z.object({
  kind: CoverageSubjectKind,
  id: EntityId,
  name: z.string(),
  itemCount: z.number().int().min(0),
});
export type CoverageSubject = z.infer<typeof CoverageSubject>;

/**
 * A content item named by a report: `id`, URL `alias` (null when it has none; the SPA
 * links `/courseware/{alias ?? id}`), `name`, and `files`, the file names (with their
 * extension, as a download or a bundle names them) of its downloadable files when the
 * caller may download them (empty otherwise): the evidence of the printable page.
 */
export const CoverageItem = z.object({
  id: EntityId,
  alias: z.string().nullable(),
  name: z.string(),
  files: z.array(z.string()),
});
export type CoverageItem = z.infer<typeof CoverageItem>;

/** One learning outcome of a KU: its 0-based `index`, its `text`, and the ids of the items marked as addressing it (subject order). */
export const CoverageOutcome = z.object({
  index: z.number().int().min(0),
  text: z.string(),
  addressedBy: z.array(EntityId),
});
export type CoverageOutcome = z.infer<typeof CoverageOutcome>;

/**
 * One CAE knowledge unit: `covered` when at least one item maps it (`items`, in
 * subject order: the collection's order, or the item then its descendants
 * breadth-first), its `outcomes` each with the items addressing it, and
 * `addressedCount`, how many of its outcomes at least one item addresses.
 */
export const CoverageUnit = z.object({
  id: KnowledgeId,
  name: z.string(),
  covered: z.boolean(),
  items: z.array(EntityId),
  outcomes: z.array(CoverageOutcome),
  addressedCount: z.number().int().min(0),
});
export type CoverageUnit = z.infer<typeof CoverageUnit>;

/**
 * The KUs of one group of one program (all of them, covered or not, sorted by id):
 * `group` as the KU data spells it ("Foundational", "Technical Core",
 * "Non-Technical Core", "Mandatory", "Optional", "Optional (per S2)", …), `label` a
 * short heading for screens ("Optional" for "Optional (per S2)", "Unclassified" for a
 * group the sources leave unknown), and the counts.
 */
export const CoverageGroup = z.object({
  group: z.string(),
  label: z.string(),
  units: z.array(CoverageUnit),
  coveredCount: z.number().int().min(0),
  unitCount: z.number().int().min(0),
});
export type CoverageGroup = z.infer<typeof CoverageGroup>;

/** One CAE program (CAE-CD, CAE-CO) with its groups in {@link CAE_GROUP_ORDER} and its counts. */
export const CoverageProgram = z.object({
  program: z.string(),
  groups: z.array(CoverageGroup),
  coveredCount: z.number().int().min(0),
  unitCount: z.number().int().min(0),
});
export type CoverageProgram = z.infer<typeof CoverageProgram>;

/** The KUs of one program and group that no item covers (the gaps list), sorted by id. */
export const CoverageGap = z.object({
  program: z.string(),
  group: z.string(),
  label: z.string(),
  units: z.array(z.object({ id: KnowledgeId, name: z.string() })),
});
export type CoverageGap = z.infer<typeof CoverageGap>;

/**
 * The CAE side: every program with every KU (covered or not), the totals, the gaps
 * per group (groups with no gap are left out), and `unknownUnits`, KU ids items map
 * that the KU data does not hold (kept, never dropped silently; usually empty).
 */
export const CaeCoverage = z.object({
  programs: z.array(CoverageProgram),
  coveredCount: z.number().int().min(0),
  unitCount: z.number().int().min(0),
  gaps: z.array(CoverageGap),
  unknownUnits: z.array(z.object({ id: KnowledgeId, name: z.string(), items: z.array(EntityId) })),
});
export type CaeCoverage = z.infer<typeof CaeCoverage>;

/**
 * One NICE work role the subject serves: the role's statements (`statementCount`; KSA
 * ids for 2017, TKS ids for v2.1.0) split into those some item maps
 * (`coveredStatements`, in the role's order) and the rest (`missingStatements`);
 * `share` = coveredCount / statementCount (0..1; 0 for a role without statements).
 */
export const CoverageRole = z.object({
  id: WorkRoleId,
  generation: NiceGeneration,
  name: z.string(),
  category: WorkRoleGroup,
  statementCount: z.number().int().min(0),
  coveredCount: z.number().int().min(0),
  share: z.number().min(0).max(1),
  coveredStatements: z.array(KnowledgeId),
  missingStatements: z.array(KnowledgeId),
});
export type CoverageRole = z.infer<typeof CoverageRole>;

/**
 * The NICE side: `roles` holds only the roles the subject serves (coveredCount ≥ 1),
 * by share (largest first), then generation and id; `roleCounts` how many roles each
 * generation has in all (the "12 of 52" of a screen).
 */
export const NiceCoverage = z.object({
  roles: z.array(CoverageRole),
  roleCounts: z.object({ '2017': z.number().int().min(0), '2.1.0': z.number().int().min(0) }),
});
export type NiceCoverage = z.infer<typeof NiceCoverage>;

/**
 * The answer of `getContentCoverageReport` and `getCollectionCoverageReport`: the
 * subject, `items` (every counted item once, in subject order, so screens resolve
 * the ids of `units[].items` and `outcomes[].addressedBy`), the CAE and NICE sides.
 */
export const Coverage = z
  .object({
    subject: CoverageSubject,
    items: z.array(CoverageItem),
    cae: CaeCoverage,
    nice: NiceCoverage,
  })
  .meta({ id: 'Coverage' });
export type Coverage = z.infer<typeof Coverage>;

/** `GET /api/v1/content-coverage/{idOrAlias+}` path. */
export const ContentCoveragePath = z.object({ idOrAlias: IdOrAlias });

/** The media type of the CAE mapping worksheet (xlsx). */
export const CAE_WORKSHEET_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The header row of the worksheet's "Mapping" sheet, in column order. */
export const CAE_WORKSHEET_COLUMNS = [
  'Program',
  'KU group',
  'KU id',
  'KU name',
  'Course item',
  'Item link',
  'Outcomes addressed',
  'Evidence links',
] as const;

/** The header row of the worksheet's "Gaps" sheet. */
export const CAE_WORKSHEET_GAP_COLUMNS = ['Program', 'KU group', 'KU id', 'KU name'] as const;
