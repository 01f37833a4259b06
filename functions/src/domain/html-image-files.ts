import { PUBLIC_FILES_PATH, UPLOADED_FILE_KEY_PREFIX } from '#shared/public-files';

/** `/public/files/<26-character id>` anywhere in a string (portal-relative or behind a CDN base). */
const PUBLIC_FILE_ID = new RegExp(`${PUBLIC_FILES_PATH}/${UPLOADED_FILE_KEY_PREFIX}([0-9a-hjkmnp-tv-z]{26})`, 'g');

/**
 * The ids of the public files a write names anywhere in its values (issue 25 item 1;
 * decision record 063): every `/public/files/<id>` in every string of `value` (objects
 * and arrays walked, HTML fields read as text), each id once, in order of first
 * appearance. Which of them are editor images to keep is the store's condition to
 * decide; a string that only looks like one names nothing that can be kept.
 */
export function publicFileIdsIn(value: unknown): string[] {
  const ids = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      for (const match of node.matchAll(PUBLIC_FILE_ID)) if (match[1]) ids.add(match[1]);
    } else if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (node !== null && typeof node === 'object') {
      for (const item of Object.values(node)) visit(item);
    }
  };
  visit(value);
  return [...ids];
}
