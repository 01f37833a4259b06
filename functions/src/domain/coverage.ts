import {
  CAE_GROUP_ORDER,
  CAE_PROGRAMS,
  type CaeCoverage,
  type Coverage,
  type CoverageGap,
  type CoverageGroup,
  type CoverageItem,
  type CoverageProgram,
  type CoverageRole,
  type CoverageSubjectKind,
  type CoverageUnit,
  type KuOutcomeMarking,
  type NiceCoverage,
} from '#shared/contracts/coverage';
import type { Knowledge } from '#shared/contracts/knowledge';
import { STATEMENT_TYPE_OF_GENERATION, type WorkRole } from '#shared/contracts/work-role';

/**
 * CAE and NICE coverage, computed from what the items map (issue 27 item 2; decision
 * record 080). Pure: the service reads the items the caller may read, the KUs and
 * the work roles, and passes them here. Ids are compared as stored (KU ids such as
 * `CSF`, statement ids such as `K0018`).
 */

/** A content item as coverage needs it: its ids and names, knowledge lists and outcome marks. */
export interface CoverageItemInput {
  readonly id: string;
  readonly alias: string | null;
  readonly name: string;
  /** Names of the item's downloadable files, or empty when the caller may not download them. */
  readonly files: readonly string[];
  readonly ksas: readonly { readonly id: string; readonly name?: string }[];
  readonly kus: readonly { readonly id: string; readonly name?: string }[];
  readonly tkss: readonly { readonly id: string; readonly name?: string }[];
  /** The editors' outcome marks (issue 27 item 4); absent or null = none. */
  readonly kuOutcomes?: readonly KuOutcomeMarking[] | null;
}

/** Everything {@link computeCoverage} works from. `items` are in subject order, each once. */
export interface CoverageInputs {
  readonly subject: { readonly kind: CoverageSubjectKind; readonly id: string; readonly name: string };
  readonly items: readonly CoverageItemInput[];
  /** The CAE knowledge units (knowledge items of type KU; other types are ignored). */
  readonly knowledgeUnits: readonly Knowledge[];
  /** The NICE work roles of both generations. */
  readonly workRoles: readonly WorkRole[];
}

/** Ids in natural order (`K0018` before `K0100`, `CO-M.4` before `CO-M.10`). */
export function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/**
 * A short heading for a KU group as the KU data spells it: the group without a
 * parenthesised note ("Optional (per S2)" → "Optional"), and "Unclassified" for one
 * the sources leave unknown ("unknown (name only; …)").
 */
export function caeGroupLabel(group: string): string {
  const bare = group.replace(/\s*\(.*\)\s*$/, '').trim();
  if (bare === '' || bare.toLowerCase() === 'unknown') return 'Unclassified';
  return bare;
}

/** Rank of a group in a report: its place in {@link CAE_GROUP_ORDER}, unknown groups after them. */
function groupRank(group: string): number {
  const rank = (CAE_GROUP_ORDER as readonly string[]).indexOf(group);
  return rank === -1 ? CAE_GROUP_ORDER.length : rank;
}

/** Orders groups for a report: {@link CAE_GROUP_ORDER}, then the others by name. */
export function compareGroups(a: string, b: string): number {
  return groupRank(a) - groupRank(b) || a.localeCompare(b, 'en');
}

/** Orders programs: {@link CAE_PROGRAMS}, then others by name. */
function compareProgramNames(a: string, b: string): number {
  const rank = (program: string) => {
    const at = (CAE_PROGRAMS as readonly string[]).indexOf(program);
    return at === -1 ? CAE_PROGRAMS.length : at;
  };
  return rank(a) - rank(b) || a.localeCompare(b, 'en');
}

/** For each KU id, the item ids mapping it (subject order) and, per outcome index, those marking it. */
interface UnitUse {
  readonly items: string[];
  readonly outcomes: Map<number, string[]>;
}

function unitUses(items: readonly CoverageItemInput[]): Map<string, UnitUse> {
  const uses = new Map<string, UnitUse>();
  for (const item of items) {
    const mapped = new Set(item.kus.map((ref) => ref.id));
    for (const kuId of mapped) {
      const use: UnitUse = uses.get(kuId) ?? { items: [], outcomes: new Map<number, string[]>() };
      use.items.push(item.id);
      uses.set(kuId, use);
    }
    for (const marking of item.kuOutcomes ?? []) {
      const use = uses.get(marking.kuId);
      if (!use || !mapped.has(marking.kuId)) continue;
      for (const index of new Set(marking.outcomes)) {
        const addressedBy = use.outcomes.get(index) ?? [];
        addressedBy.push(item.id);
        use.outcomes.set(index, addressedBy);
      }
    }
  }
  return uses;
}

function toUnit(ku: Knowledge, use: UnitUse | undefined): CoverageUnit {
  const outcomes = (ku.outcomes ?? []).map((text, index) => ({
    index,
    text,
    addressedBy: [...(use?.outcomes.get(index) ?? [])],
  }));
  return {
    id: ku.id,
    name: ku.name,
    covered: (use?.items.length ?? 0) > 0,
    items: [...(use?.items ?? [])],
    outcomes,
    addressedCount: outcomes.filter((outcome) => outcome.addressedBy.length > 0).length,
  };
}

/** The CAE side of a coverage: every KU by program and group, the totals, the gaps, the unknown KU ids. */
export function caeCoverage(items: readonly CoverageItemInput[], knowledge: readonly Knowledge[]): CaeCoverage {
  const uses = unitUses(items);
  const units = knowledge.filter((item) => item.type === 'KU');
  const byProgram = new Map<string, Map<string, Knowledge[]>>();
  for (const ku of units) {
    const program = ku.program ?? 'Other';
    const group = ku.group ?? 'Other';
    const groups = byProgram.get(program) ?? new Map<string, Knowledge[]>();
    groups.set(group, [...(groups.get(group) ?? []), ku]);
    byProgram.set(program, groups);
  }
  const programs: CoverageProgram[] = [...byProgram.keys()].sort(compareProgramNames).map((program) => {
    const groupMap = byProgram.get(program) ?? new Map<string, Knowledge[]>();
    const groups: CoverageGroup[] = [...groupMap.keys()].sort(compareGroups).map((group) => {
      const groupUnits = [...(groupMap.get(group) ?? [])]
        .sort((a, b) => compareIds(a.id, b.id))
        .map((ku) => toUnit(ku, uses.get(ku.id)));
      return {
        group,
        label: caeGroupLabel(group),
        units: groupUnits,
        coveredCount: groupUnits.filter((unit) => unit.covered).length,
        unitCount: groupUnits.length,
      };
    });
    return {
      program,
      groups,
      coveredCount: groups.reduce((sum, group) => sum + group.coveredCount, 0),
      unitCount: groups.reduce((sum, group) => sum + group.unitCount, 0),
    };
  });
  const gaps: CoverageGap[] = programs.flatMap((program) =>
    program.groups
      .map((group) => ({
        program: program.program,
        group: group.group,
        label: group.label,
        units: group.units.filter((unit) => !unit.covered).map(({ id, name }) => ({ id, name })),
      }))
      .filter((gap) => gap.units.length > 0),
  );
  const known = new Set(units.map((ku) => ku.id));
  const names = new Map(items.flatMap((item) => item.kus.map((ref) => [ref.id, ref.name ?? ref.id] as const)));
  const unknownUnits = [...uses.entries()]
    .filter(([id]) => !known.has(id))
    .sort(([a], [b]) => compareIds(a, b))
    .map(([id, use]) => ({ id, name: names.get(id) ?? id, items: [...use.items] }));
  return {
    programs,
    coveredCount: programs.reduce((sum, program) => sum + program.coveredCount, 0),
    unitCount: programs.reduce((sum, program) => sum + program.unitCount, 0),
    gaps,
    unknownUnits,
  };
}

/**
 * The NICE side of a coverage: each role whose statements some item maps (2017 roles
 * against the items' `ksas`, v2.1.0 roles against their `tkss`), with the share of
 * its statements covered; by share (largest first), then generation (v2.1.0, the
 * current one, before 2017), then id.
 */
export function niceCoverage(items: readonly CoverageItemInput[], workRoles: readonly WorkRole[]): NiceCoverage {
  const mapped = {
    KSA: new Set(items.flatMap((item) => item.ksas.map((ref) => ref.id))),
    TKS: new Set(items.flatMap((item) => item.tkss.map((ref) => ref.id))),
  };
  const roles: CoverageRole[] = [];
  for (const role of workRoles) {
    const statements = [...new Set(role.statements)];
    const covered = mapped[STATEMENT_TYPE_OF_GENERATION[role.generation]];
    const coveredStatements = statements.filter((id) => covered.has(id));
    if (coveredStatements.length === 0) continue;
    roles.push({
      id: role.id,
      generation: role.generation,
      name: role.name,
      category: role.category,
      statementCount: statements.length,
      coveredCount: coveredStatements.length,
      share: statements.length === 0 ? 0 : coveredStatements.length / statements.length,
      coveredStatements,
      missingStatements: statements.filter((id) => !covered.has(id)),
    });
  }
  roles.sort((a, b) => b.share - a.share || a.generation.localeCompare(b.generation) || compareIds(a.id, b.id));
  return {
    roles,
    roleCounts: {
      '2017': workRoles.filter((role) => role.generation === '2017').length,
      '2.1.0': workRoles.filter((role) => role.generation === '2.1.0').length,
    },
  };
}

/** The coverage of a subject (`Coverage` of `#shared/contracts/coverage`), items deduplicated by id. */
export function computeCoverage(inputs: CoverageInputs): Coverage {
  const seen = new Set<string>();
  const items = inputs.items.filter((item) => !seen.has(item.id) && seen.add(item.id));
  return {
    subject: { ...inputs.subject, itemCount: items.length },
    items: items.map(
      ({ id, alias, name, files }): CoverageItem => ({ id, alias: alias ?? null, name, files: [...files] }),
    ),
    cae: caeCoverage(items, inputs.knowledgeUnits),
    nice: niceCoverage(items, inputs.workRoles),
  };
}

/** One row of the worksheet's "Mapping" sheet, in the order of `CAE_WORKSHEET_COLUMNS`. */
export type WorksheetRow = readonly [string, string, string, string, string, string, string, string];
/** One row of the worksheet's "Gaps" sheet, in the order of `CAE_WORKSHEET_GAP_COLUMNS`. */
export type WorksheetGapRow = readonly [string, string, string, string];

/**
 * The rows of the CAE mapping worksheet (issue 27 item 3): one per (covered KU, item
 * mapping it), by program, group, KU id, then subject order; the outcomes the item
 * addresses joined by new lines; the evidence (the item's page, then its file names
 * when listed) joined by new lines. `pageUrl` gives an item's absolute page address.
 * The gaps: one row per KU no item covers, in the same order.
 */
export function caeWorksheetRows(
  coverage: Coverage,
  pageUrl: (item: CoverageItem) => string,
): { mapping: WorksheetRow[]; gaps: WorksheetGapRow[] } {
  const items = new Map(coverage.items.map((item) => [item.id, item]));
  const mapping: WorksheetRow[] = [];
  const gaps: WorksheetGapRow[] = [];
  for (const program of coverage.cae.programs) {
    for (const group of program.groups) {
      for (const unit of group.units) {
        if (!unit.covered) gaps.push([program.program, group.group, unit.id, unit.name]);
        for (const itemId of unit.items) {
          const item = items.get(itemId);
          if (!item) continue;
          const link = pageUrl(item);
          const outcomes = unit.outcomes.filter((outcome) => outcome.addressedBy.includes(itemId));
          mapping.push([
            program.program,
            group.group,
            unit.id,
            unit.name,
            item.name,
            link,
            outcomes.map((outcome) => outcome.text).join('\n'),
            [link, ...item.files].join('\n'),
          ]);
        }
      }
    }
  }
  return { mapping, gaps };
}
