import type * as z from 'zod';

const PREFIX = 'courseware-portal';

/**
 * The local storage key of a setting: its name under the settings version
 * (spec §3 "Settings saved locally carry a version number"), e.g.
 * `courseware-portal:1.00:knowledges`.
 */
export function storageKey(name: string, version: string): string {
  return `${PREFIX}:${version}:${name}`;
}

interface Stored<T> {
  readonly savedAt: number;
  readonly value: T;
}

/**
 * Reads a stored value written by `writeStored` under the same version, checked
 * with `schema`; null when absent, from another version, or not matching.
 */
export function readStored<S extends z.ZodType>(name: string, version: string, schema: S): Stored<z.infer<S>> | null {
  try {
    const raw = window.localStorage.getItem(storageKey(name, version));
    if (!raw) return null;
    const stored = JSON.parse(raw) as { savedAt?: unknown; value?: unknown };
    if (typeof stored.savedAt !== 'number') return null;
    const parsed = schema.safeParse(stored.value);
    return parsed.success ? { savedAt: stored.savedAt, value: parsed.data } : null;
  } catch {
    return null;
  }
}

/**
 * Stores `value` under the name and version, and drops the same name stored under
 * other versions. A full or unavailable storage is not an error: the value is
 * simply not kept.
 */
export function writeStored(name: string, version: string, value: unknown, now: number = Date.now()): void {
  try {
    const storage = window.localStorage;
    const suffix = `:${name}`;
    for (let index = storage.length - 1; index >= 0; index--) {
      const key = storage.key(index);
      if (key?.startsWith(`${PREFIX}:`) && key.endsWith(suffix) && key !== storageKey(name, version)) {
        storage.removeItem(key);
      }
    }
    storage.setItem(storageKey(name, version), JSON.stringify({ savedAt: now, value }));
  } catch {
    // Quota exceeded or storage disabled.
  }
}
