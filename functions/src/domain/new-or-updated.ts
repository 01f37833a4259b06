import { UPDATED_WITHIN_DAYS } from '#shared/limits';

const DAY_MS = 86_400_000;

/**
 * The earliest modification instant (ISO 8601, UTC) that still counts as "new or
 * updated" at `now`: `UPDATED_WITHIN_DAYS` (90) days earlier (spec §9 "Updated tag").
 */
export function newOrUpdatedCutoff(now: Date): string {
  return new Date(now.getTime() - UPDATED_WITHIN_DAYS * DAY_MS).toISOString();
}
