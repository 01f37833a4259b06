import * as z from 'zod';
import { EntityId } from './common.ts';

/**
 * Public usage of one content item (issue 26 item 4; decision record 071): how many
 * times it was downloaded and by people at how many schools, ROUNDED on the server so
 * no raw figure leaves it. Read by `GET /api/v1/content-items/{id}/usage` and the
 * content detail page.
 */

/**
 * How a rounded figure reads: `none` exactly 0; `fewerThan` 1 to 9 (`value` is then
 * 10: "fewer than 10"); `atLeast` 10 or more, `value` the figure rounded DOWN to two
 * significant figures ("1,200+" for 1,234; "40+" for 40 to 49).
 */
export const USAGE_QUALIFIERS = ['none', 'fewerThan', 'atLeast'] as const;
export type UsageQualifier = (typeof USAGE_QUALIFIERS)[number];

/** One rounded figure: `{ value, qualifier }` (see {@link USAGE_QUALIFIERS}). */
export const UsageFigure = z
  .object({ value: z.number().int().min(0), qualifier: z.enum(USAGE_QUALIFIERS) })
  .meta({ id: 'UsageFigure' });
export type UsageFigure = z.infer<typeof UsageFigure>;

/** `GET /api/v1/content-items/{id}/usage` path: the content item's id. */
export const ContentUsagePath = z.object({ id: EntityId });
export type ContentUsagePath = z.infer<typeof ContentUsagePath>;

/**
 * The rounded all-time usage of a content item: `downloads` (downloads of its files,
 * lesson artifacts and bundles of it; previews never count) and `schools` (distinct
 * business units of category K12, college or university whose people downloaded it).
 */
export const ContentUsage = z
  .object({ contentId: EntityId, downloads: UsageFigure, schools: UsageFigure })
  .meta({ id: 'ContentUsage' });
export type ContentUsage = z.infer<typeof ContentUsage>;

/** Below this a figure is not shown exactly ("fewer than 10"). */
export const USAGE_EXACT_FLOOR = 10;

/**
 * Rounds a raw count for the public (decision record 071): 0 → `none`; 1–9 →
 * `fewerThan` 10; otherwise `atLeast` the count rounded down to two significant
 * figures (10 → 10, 99 → 99, 1,234 → 1,200, 98,765 → 98,000).
 * @throws RangeError when `count` is negative or not a whole number.
 */
export function roundUsage(count: number): UsageFigure {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`A usage count is a whole number ≥ 0, not ${count}.`);
  if (count === 0) return { value: 0, qualifier: 'none' };
  if (count < USAGE_EXACT_FLOOR) return { value: USAGE_EXACT_FLOOR, qualifier: 'fewerThan' };
  const step = 10 ** (String(count).length - 2);
  return { value: Math.floor(count / step) * step, qualifier: 'atLeast' };
}
