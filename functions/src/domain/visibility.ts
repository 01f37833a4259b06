import type { ContentStatus } from '#shared/enums';

/**
 * What a visitor sees of each content status (decision record 008). Unpublished and
 * archived content is answered exactly like missing content (404 "Content does not
 * exist."), so nobody learns that it exists.
 */

/** Statuses a visitor may open by id or alias: published and unlisted. */
export const DETAIL_VISIBLE_STATUSES: readonly ContentStatus[] = ['published', 'unlisted'];
/** The one status a visitor sees in content lists (and search), so a public list is one partition of gsi3. */
export const PUBLIC_LIST_STATUS: ContentStatus = 'published';
/** Statuses a visitor sees in content lists (and search): published only. */
export const LIST_VISIBLE_STATUSES: readonly ContentStatus[] = [PUBLIC_LIST_STATUS];
/** Statuses a visitor sees among a parent's children: published and unlisted. */
export const CHILD_VISIBLE_STATUSES: readonly ContentStatus[] = ['published', 'unlisted'];

/** True when a visitor may open content of this status by id or alias. */
export function visibleInDetail(status: ContentStatus): boolean {
  return DETAIL_VISIBLE_STATUSES.includes(status);
}

/** True when a visitor sees content of this status in lists. */
export function visibleInList(status: ContentStatus): boolean {
  return LIST_VISIBLE_STATUSES.includes(status);
}

/** True when a visitor sees content of this status among its parent's children. */
export function visibleAsChild(status: ContentStatus): boolean {
  return CHILD_VISIBLE_STATUSES.includes(status);
}
