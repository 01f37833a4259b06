import { type Capability, decideAccess, type Principal } from '#shared/capabilities';
import type { ContentStatus } from '#shared/enums';

/**
 * Who sees which content status (decision record 008; spec §4 "Content status", §6).
 * Content a caller may not see is answered exactly like missing content (404
 * "Content does not exist."), never 403, so nobody learns that it exists.
 *
 * | caller                              | detail, children                         | lists                                   |
 * |-------------------------------------|------------------------------------------|-----------------------------------------|
 * | visitor                             | published, unlisted                      | published                               |
 * | with `updateContent`                | + unpublished                            | published, unlisted, unpublished        |
 * | with `viewArchivedContent`          | + archived                               | archived only with `?archived=true`     |
 *
 * A capability counts only for a valid signed-in principal (the USER role, as
 * `decideAccess` of `#shared/capabilities` requires); anyone else is a visitor.
 */

/** Statuses a visitor may open by id or alias: published and unlisted. */
export const DETAIL_VISIBLE_STATUSES: readonly ContentStatus[] = ['published', 'unlisted'];
/** The one status a visitor sees in content lists (and search), so a public list is one partition of gsi3. */
export const PUBLIC_LIST_STATUS: ContentStatus = 'published';
/** Statuses a visitor sees in content lists (and search): published only. */
export const LIST_VISIBLE_STATUSES: readonly ContentStatus[] = [PUBLIC_LIST_STATUS];
/** Statuses a visitor sees among a parent's children: published and unlisted. */
export const CHILD_VISIBLE_STATUSES: readonly ContentStatus[] = ['published', 'unlisted'];
/** Statuses lists show to a caller who may update content, in the order their partitions are read. */
export const EDITOR_LIST_STATUSES: readonly ContentStatus[] = ['published', 'unlisted', 'unpublished'];
/** The status of the archived list (`?archived=true`, spec §7 "Get content list"). */
export const ARCHIVED_STATUS: ContentStatus = 'archived';

/** Whoever asks: a verified principal, or `null` for a visitor. */
export type Viewer = Principal | null;

function has(viewer: Viewer, capability: Capability): boolean {
  return decideAccess(viewer, capability) === 'allowed';
}

/**
 * Statuses `viewer` may open by id or alias: published and unlisted; unpublished
 * with `updateContent`; archived with `viewArchivedContent`.
 */
export function detailStatuses(viewer: Viewer = null): readonly ContentStatus[] {
  const statuses = [...DETAIL_VISIBLE_STATUSES];
  if (has(viewer, 'updateContent')) statuses.push('unpublished');
  if (has(viewer, 'viewArchivedContent')) statuses.push(ARCHIVED_STATUS);
  return statuses;
}

/** Statuses `viewer` sees among a parent's children: the same as {@link detailStatuses}. */
export function childStatuses(viewer: Viewer = null): readonly ContentStatus[] {
  return detailStatuses(viewer);
}

/**
 * Statuses of the content list (`GET /api/v1/content` without `archived`), in the
 * order their partitions are read: published for everyone; unlisted and unpublished
 * too with `updateContent`. Archived content has its own list.
 */
export function listStatuses(viewer: Viewer = null): readonly ContentStatus[] {
  return has(viewer, 'updateContent') ? EDITOR_LIST_STATUSES : LIST_VISIBLE_STATUSES;
}

/** True when `viewer` (default: a visitor) may open content of this status by id or alias. */
export function visibleInDetail(status: ContentStatus, viewer: Viewer = null): boolean {
  return detailStatuses(viewer).includes(status);
}

/** True when `viewer` (default: a visitor) sees content of this status in the content list. */
export function visibleInList(status: ContentStatus, viewer: Viewer = null): boolean {
  return listStatuses(viewer).includes(status);
}

/** True when `viewer` (default: a visitor) sees content of this status among its parent's children. */
export function visibleAsChild(status: ContentStatus, viewer: Viewer = null): boolean {
  return childStatuses(viewer).includes(status);
}
