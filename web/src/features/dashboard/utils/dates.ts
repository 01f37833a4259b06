import { DASHBOARD_DATE_MESSAGES, dashboardRangeIssue } from '#shared/contracts/statistics';

const DAY_MS = 86_400_000;

/** A UTC date `YYYY-MM-DD` of an instant. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** `date` (`YYYY-MM-DD`, UTC) moved by `days` (may be negative). */
export function addDays(date: string, days: number): string {
  return utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Spec §9 "dashboard range and default": 182 days before today to tomorrow (UTC). */
export function defaultRange(now: Date = new Date()): DateRange {
  const today = utcDate(now);
  return { from: addDays(today, -182), to: addDays(today, 1) };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  return (
    ISO_DATE.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    utcDate(new Date(`${value}T00:00:00Z`)) === value
  );
}

/** A dashboard date range: from and to, both `YYYY-MM-DD` (UTC), to inclusive (spec §2.13, §9). */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/** The spec §5 "Dashboard dates" message under each date of a range; absent when that date is fine. */
export interface RangeErrors {
  readonly from?: string;
  readonly to?: string;
}

/**
 * The spec §5 "Dashboard dates" messages for a range, under the field they belong
 * to: `from` after `to` is reported at the field the reader moved last (`edited`),
 * "From date may not be after to date." at from, "To date may not be before from
 * date." at to; a range over 12 months at to. Empty object when the range is valid.
 */
export function rangeErrors(from: string, to: string, edited: 'from' | 'to' = 'from'): RangeErrors {
  if (!isIsoDate(from) || !isIsoDate(to)) {
    return {
      ...(isIsoDate(from) ? {} : { from: 'Enter a date.' }),
      ...(isIsoDate(to) ? {} : { to: 'Enter a date.' }),
    };
  }
  const issue = dashboardRangeIssue(from, to);
  if (!issue) return {};
  if (from > to) {
    return edited === 'to'
      ? { to: DASHBOARD_DATE_MESSAGES.toBeforeFrom }
      : { from: DASHBOARD_DATE_MESSAGES.fromAfterTo };
  }
  return { [issue.path]: issue.message };
}
