/**
 * The query string without a `v=<digits>` cache-busting parameter (spec §2.1), or
 * null when there is none to remove. Keeps every other parameter in order.
 */
export function stripVersionParam(search: string): string | null {
  const params = new URLSearchParams(search);
  const values = params.getAll('v');
  if (!values.some((value) => /^\d+$/.test(value))) return null;
  const kept = values.filter((value) => !/^\d+$/.test(value));
  params.delete('v');
  for (const value of kept) params.append('v', value);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
