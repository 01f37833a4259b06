/**
 * The x-axis ticks of a time chart (spec §9 "Chart axis ticks"): over 547 days only
 * January 1; over 45 days the first of each month; over 12 days every seventh point;
 * otherwise all. `points` are the chart's periods (`YYYY-MM-DD`, ascending); the span
 * is the number of days from the first to the last point.
 */
export function axisTicks(points: readonly string[]): string[] {
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined) return [];
  const span = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
  if (span > 547) return points.filter((point) => point.slice(5, 10) === '01-01');
  if (span > 45) return points.filter((point) => point.slice(8, 10) === '01');
  if (span > 12) return points.filter((_, index) => index % 7 === 0);
  return [...points];
}
