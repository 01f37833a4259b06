import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';

/**
 * The value at a field path of a draft: `name`, `lastCurated.courseware`,
 * `sections.2.name` (object keys and array indexes by dots). `undefined` when the
 * path leads nowhere.
 */
function valueAt(draft: unknown, path: readonly string[]): unknown {
  let value = draft;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether the field of error key `key` changed between two drafts: the value at its
 * path, or — when the path leads nowhere in either (an error keyed by a name the
 * draft does not use) — the value of its first segment.
 */
export function fieldChanged(before: unknown, after: unknown, key: string): boolean {
  const path = key.split('.');
  const old = valueAt(before, path);
  const now = valueAt(after, path);
  if (old !== undefined || now !== undefined) return !same(old, now);
  return !same(valueAt(before, path.slice(0, 1)), valueAt(after, path.slice(0, 1)));
}

/**
 * The errors after a change from `before` to `after` (issue 21 item 14): every field
 * that shows an error AND changed takes its message from `check(after)`, or loses
 * it when the field is now valid; errors of fields that did not change stay (a
 * server's message about another field is not dropped by typing elsewhere). Fields
 * without an error get none while typing: they are checked on submit. Returns
 * `errors` itself when nothing changed.
 */
export function revalidateChanged<E extends object>(
  errors: E,
  before: unknown,
  after: unknown,
  check: (draft: never) => object,
): E {
  const shown = Object.entries(errors).filter(([, message]) => Boolean(message));
  const changed = shown.filter(([key]) => fieldChanged(before, after, key));
  if (changed.length === 0) return errors;
  const fresh = check(after as never) as Record<string, unknown>;
  const next = { ...errors } as Record<string, unknown>;
  for (const [key] of changed) {
    if (fresh[key]) next[key] = fresh[key];
    else delete next[key];
  }
  return next as E;
}

/**
 * Re-validates, as `draft` changes, each field that shows an error (issue 21 item 14;
 * WCAG 3.3.1: an error must not outlive its fix until the next submit). The shared
 * mechanism of every form of the SPA: a form passes its draft (the values state),
 * its errors setter and the check its submit runs (`draft → errors by field path`).
 * Field errors stay keyed as the form keys them; {@link revalidateChanged} says which.
 */
export function useRevalidation<D, E extends object>(
  draft: D,
  setErrors: Dispatch<SetStateAction<E>>,
  check: (draft: D) => object,
): void {
  const previous = useRef(draft);
  const latestCheck = useRef(check);
  latestCheck.current = check;
  useEffect(() => {
    const before = previous.current;
    previous.current = draft;
    if (before === draft) return;
    setErrors((errors) => revalidateChanged(errors, before, draft, latestCheck.current as (draft: never) => object));
  }, [draft, setErrors]);
}
