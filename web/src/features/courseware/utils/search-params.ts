/**
 * The courseware search state mirrored into the query string (spec §2.5). Arrays
 * are repeated parameters (`?cat=lesson&cat=module`).
 */
export interface CoursewareSearch {
  readonly q: string;
  readonly edu: readonly string[];
  readonly exp: readonly string[];
  readonly cat: readonly string[];
  readonly ksas: readonly string[];
  readonly kus: readonly string[];
  readonly tkss: readonly string[];
  readonly cid: readonly string[];
  /** New or updated only. */
  readonly new: boolean;
  readonly tag: readonly string[];
}

const ARRAY_KEYS = ['edu', 'exp', 'cat', 'ksas', 'kus', 'tkss', 'cid', 'tag'] as const;

function values(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .map((value) => value.trim())
    .filter(Boolean);
}

export function parseCoursewareSearch(params: URLSearchParams): CoursewareSearch {
  const newValue = params.get('new');
  return {
    q: params.get('q')?.trim() ?? '',
    edu: values(params, 'edu'),
    exp: values(params, 'exp'),
    cat: values(params, 'cat'),
    ksas: values(params, 'ksas'),
    kus: values(params, 'kus'),
    tkss: values(params, 'tkss'),
    cid: values(params, 'cid'),
    new: newValue === 'true' || newValue === '1',
    tag: values(params, 'tag'),
  };
}

export function toSearchParams(search: CoursewareSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  for (const key of ARRAY_KEYS) for (const value of search[key]) params.append(key, value);
  if (search.new) params.set('new', 'true');
  return params;
}

/**
 * Whether the list is in searching mode for what this version can answer: the
 * content list API filters by new-or-updated only, so that is the filter applied.
 */
export function appliedFilters(search: CoursewareSearch): { newOrUpdated: boolean } {
  return { newOrUpdated: search.new };
}
