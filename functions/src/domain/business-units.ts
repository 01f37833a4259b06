import type { BusinessUnit } from '#shared/contracts/administration';
import type { Brand } from '#shared/enums';

/**
 * Pure rules of business units (issue 11 item 1; spec §1 brand eligibility, §3
 * "businessUnits"; decision record 030): the messages of refused changes, which
 * merges are refused, how a merge chain resolves, and the fields an audit event
 * records of a unit.
 */

/** 404 of a business unit id that names no unit. */
export const BUSINESS_UNIT_NOT_FOUND_MESSAGE = 'Business unit does not exist.';
/** 409 of an update or merge whose version is not the stored one. */
export const BUSINESS_UNIT_CHANGED_MESSAGE = 'Business unit changed meanwhile. Reload it and try again.';
/** 409 of an update of a unit that was merged into another. */
export const BUSINESS_UNIT_MERGED_MESSAGE =
  'This business unit was merged into another one and can no longer be changed; edit the unit it was merged into.';
/** 400 (`body.intoId`) of a merge of a unit into itself. */
export const MERGE_INTO_SELF_MESSAGE = 'A business unit cannot be merged into itself.';
/** 409 of a merge into a unit that is itself merged. */
export const MERGE_INTO_MERGED_MESSAGE =
  'The business unit to keep was itself merged into another one; merge into the unit it was merged into.';
/** 409 of a merge of a unit already merged into another unit than `intoId`. */
export const ALREADY_MERGED_ELSEWHERE_MESSAGE = 'This business unit is already merged into another unit.';

/** Longest merge chain followed (A into B, B into C, …); longer ones are cut (defensive: merges cannot form cycles). */
export const MERGE_CHAIN_MAX = 20;

/**
 * Eligible brands a seeded unit starts with (spec §1 "state schools on VACR"): a
 * public unit in Virginia is eligible on VACR, every other unit on no brand. This is
 * the ONE place the rule is code: it writes the data once, at seed time; from then
 * on eligibility is the unit's `eligibleBrands`, edited by administrators
 * (decision record 030).
 */
export function seededEligibleBrands(unit: { readonly state: string | null; readonly public: boolean }): Brand[] {
  return unit.state === 'VA' && unit.public ? ['VACR'] : [];
}

/** Why a merge of `merged` into `into` is refused, or null when it may go ahead. */
export type MergeRefusal =
  | { readonly status: 400; readonly path: 'body.intoId'; readonly message: string }
  | { readonly status: 409; readonly message: string }
  | null;

/**
 * Whether merging `merged` into `into` is refused (pure): into itself (400 on
 * `body.intoId`), into a merged unit (409), or a unit already merged into a third
 * one (409). A unit already merged into `into` is NOT refused: the merge is repeated
 * to finish moving its users.
 */
export function mergeRefusal(
  merged: Pick<BusinessUnit, 'id' | 'mergedIntoId'>,
  into: Pick<BusinessUnit, 'id' | 'mergedIntoId'>,
): MergeRefusal {
  if (merged.id === into.id) return { status: 400, path: 'body.intoId', message: MERGE_INTO_SELF_MESSAGE };
  if (into.mergedIntoId !== null) return { status: 409, message: MERGE_INTO_MERGED_MESSAGE };
  if (merged.mergedIntoId !== null && merged.mergedIntoId !== into.id) {
    return { status: 409, message: ALREADY_MERGED_ELSEWHERE_MESSAGE };
  }
  return null;
}

/**
 * The unit `id` is attributed to through the merge map (`merged id → kept id`):
 * itself when not merged; the end of the chain otherwise (A into B, B into C → C).
 * At most {@link MERGE_CHAIN_MAX} steps.
 */
export function resolveMerged(merges: ReadonlyMap<string, string>, id: string): string {
  let current = id;
  for (let step = 0; step < MERGE_CHAIN_MAX; step += 1) {
    const next = merges.get(current);
    if (next === undefined || next === current) return current;
    current = next;
  }
  return current;
}

/** What an audit event records of a business unit (before / after): its fields, without keys and timestamps. */
export function auditFieldsOf(unit: BusinessUnit): Record<string, unknown> {
  return {
    name: unit.name,
    category: unit.category,
    state: unit.state,
    region: unit.region,
    public: unit.public,
    eligibleBrands: [...unit.eligibleBrands],
    mergedIntoId: unit.mergedIntoId,
    version: unit.version,
  };
}
