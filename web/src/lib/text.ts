const ELLIPSIS = '…';

/**
 * Shortens `text` to at most `max` characters, the ellipsis included, cutting at
 * the last word break when one is near (spec §2.6: chips 30, card descriptions 80).
 * Whitespace runs count as one space.
 */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - ELLIPSIS.length);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace >= room.length * 0.6 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s.,;:!?-]+$/, '')}${ELLIPSIS}`;
}

/** `YYYY-MM-DD` or an ISO date-time as a long English date, read in UTC: "March 4, 2026". */
export function formatDate(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
