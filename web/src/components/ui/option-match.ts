/** An option of a searchable picker. */
export interface PickerOption {
  /** What is stored when chosen: an id. */
  readonly value: string;
  /** The option's main text (an id, a name). */
  readonly label: string;
  /** A second line (a statement's text, a school). */
  readonly description?: string | undefined;
  /** Results the current search would give with this option chosen (facet count). */
  readonly count?: number | undefined;
}

/** An option prepared for matching: its key and text lower-cased once, not per keystroke. */
export interface IndexedOption extends PickerOption {
  readonly key: string;
  readonly haystack: string;
}

/** Prepares options for `matchOptions`: `key` is matched first (ids), `haystack` is label and description. */
export function indexOptions(options: readonly PickerOption[]): IndexedOption[] {
  return options.map((option) => ({
    ...option,
    key: option.value.toLowerCase(),
    haystack: `${option.label} ${option.description ?? ''}`.toLowerCase(),
  }));
}

/**
 * The options with a count first, most results first (the current search's facets:
 * what would narrow it), then the others in their given order. Each option gets
 * its count; options absent from `counts` have none.
 */
export function withCountsFirst<T extends PickerOption>(
  options: readonly T[],
  counts: ReadonlyMap<string, number> | undefined,
): T[] {
  if (!counts || counts.size === 0) return options.map((option) => ({ ...option, count: undefined }));
  const counted: T[] = [];
  const rest: T[] = [];
  for (const option of options) {
    const count = counts.get(option.value);
    if (count === undefined) rest.push({ ...option, count: undefined });
    else counted.push({ ...option, count });
  }
  counted.sort((a, b) => (b.count ?? 0) - (a.count ?? 0));
  return [...counted, ...rest];
}

/**
 * The options matching `query`, at most `limit` of them, and how many matched in
 * all. Every word of the query must occur in the option's key or text (case
 * ignored). An option whose key is the query comes first, then keys that start
 * with it (so "K0018" or "CO-M.4" finds the id), then the other matches; the given
 * order is kept within each group. One pass over the options, no sorting of the
 * whole list: fast enough per keystroke for thousands of options.
 */
export function matchOptions<T extends IndexedOption>(
  options: readonly T[],
  query: string,
  limit: number,
): { items: T[]; total: number } {
  const needle = query.trim().toLowerCase();
  if (!needle) return { items: options.slice(0, limit), total: options.length };
  const words = needle.split(/\s+/);
  const exact: T[] = [];
  const prefix: T[] = [];
  const other: T[] = [];
  let total = 0;
  for (const option of options) {
    if (option.key === needle) {
      exact.push(option);
    } else if (option.key.startsWith(needle)) {
      prefix.push(option);
    } else if (words.every((word) => option.key.includes(word) || option.haystack.includes(word))) {
      if (other.length < limit) other.push(option);
    } else {
      continue;
    }
    total += 1;
  }
  return { items: [...exact, ...prefix, ...other].slice(0, limit), total };
}
