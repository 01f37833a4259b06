/**
 * The date-time picker's value rules (spec §4 "Date-time picker"): the picker holds a
 * date, an hour (1–12), a minute and AM/PM in the reader's time zone, and emits an
 * ISO date-time (UTC, `toISOString`) only when all of them are set; otherwise, and
 * when cleared, an empty string.
 */

/** AM or PM. */
export type DayPeriod = 'AM' | 'PM';

/** The picker's parts, each empty until chosen: `date` `YYYY-MM-DD`, `hour` "1"–"12", `minute` "00"–"59". */
export interface DateTimeParts {
  readonly date: string;
  readonly hour: string;
  readonly minute: string;
  readonly period: DayPeriod | '';
}

export const EMPTY_PARTS: DateTimeParts = { date: '', hour: '', minute: '', period: '' };

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date-time split into the picker's parts in the reader's time zone; all empty for '' or an unreadable value. */
export function partsOf(iso: string): DateTimeParts {
  if (!iso) return EMPTY_PARTS;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return EMPTY_PARTS;
  const hours = at.getHours();
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    hour: String(hours % 12 === 0 ? 12 : hours % 12),
    minute: pad(at.getMinutes()),
    period: hours < 12 ? 'AM' : 'PM',
  };
}

/**
 * The ISO date-time (UTC) of complete parts read in the reader's time zone; '' when
 * any part is missing or the date is not a real one.
 */
export function isoOf(parts: DateTimeParts): string {
  const { date, hour, minute, period } = parts;
  if (!date || !hour || !minute || !period) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const hour12 = Number(hour) % 12;
  const at = new Date(year, month - 1, day, period === 'PM' ? hour12 + 12 : hour12, Number(minute));
  if (Number.isNaN(at.getTime()) || at.getDate() !== day) return '';
  return at.toISOString();
}

/** An ISO date-time as the reader reads it: "March 4, 2027, 2:30 PM" (their time zone); the value itself if unreadable. */
export function formatDateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(at);
}

/** An ISO date-time as a date only: "March 4, 2027" (the reader's time zone). */
export function formatDay(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(at);
}
