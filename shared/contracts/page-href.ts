/**
 * The shape of a CMS page's address (spec §2.2, §3 "Page"), without zod: the SPA's
 * catch-all route needs these on its first render, and importing them from
 * `page.ts` brought every page schema, and zod, into the entry JavaScript (issue 22
 * item 3; decision record 040). `page.ts` re-exports both.
 */

/** '/' then lower-case letters, digits, hyphens and '/'. */
export const PAGE_HREF_PATTERN = /^\/[a-z0-9\-/]*$/;

/**
 * Normalises a browser path to the form pages are stored under (spec §2.2: the
 * catch-all route looks a page up "by lower-case path"): trimmed, lower-cased,
 * trailing slashes removed (but `/` stays `/`).
 */
export function normalizePageHref(path: string): string {
  const lowered = path.trim().toLowerCase();
  const stripped = lowered.replace(/\/+$/, '');
  return stripped === '' && lowered.startsWith('/') ? '/' : stripped;
}
