import type { ContentCategory } from '#shared/enums';

/**
 * The main category (spec §3 "The main category is the first entry that is not
 * exercise"): the first that is not exercise, else exercise, else none. Shared by the
 * courseware and admin features.
 */
export function mainCategory(categories: readonly ContentCategory[]): ContentCategory | null {
  return categories.find((category) => category !== 'exercise') ?? categories[0] ?? null;
}
