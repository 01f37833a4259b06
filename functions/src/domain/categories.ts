/**
 * The main category of a content item (spec §3 Content): `category` may be a comma
 * list; the main one is the first entry that is not `exercise`, else the first entry.
 * Returns '' for an empty list.
 */
export function mainCategory(categoryCommaList: string): string {
  const entries = categoryCommaList
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  return entries.find((entry) => entry !== 'exercise') ?? entries[0] ?? '';
}

/** The stored comma list of a content item's categories (spec §3: "category may be a comma list"). */
export function categoryCommaList(categories: readonly string[]): string {
  return categories.join(',');
}
