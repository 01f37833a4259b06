import { can } from '#shared/capabilities';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { BUNDLE_PREVIEW_MAX_FILES, bundleFileName } from '#shared/contracts/download';
import { resolveBundle } from '../../bundles/resolve.ts';
import { getContentById } from '../../data/content.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/content-bundle?contentId=…|category=…` (spec §7 "Get bundle for a
 * content id with children true"; decision record 022): what a bundle would hold,
 * by the same resolve walk as the bundle workflow, writing nothing. The root item
 * must be visible to the caller (404 "Content does not exist." otherwise, like
 * getContent); lesson artifacts count only for a caller who may view lesson files.
 * Answers the bundle's file name (spec §9, dated today UTC), the file count, the
 * total bytes and the first {@link BUNDLE_PREVIEW_MAX_FILES} entry paths with sizes.
 * A scope without files answers a count of 0 (requesting it is refused).
 */
export const getContentBundle = defineRoute('getContentBundle', async ({ query, caller }) => {
  const viewer = caller?.principal ?? null;
  const includesLessonFiles = can(viewer, 'viewLessonFiles');
  let resolved: Awaited<ReturnType<typeof resolveBundle>>;
  if (query.contentId !== undefined) {
    const root = await getContentById(query.contentId);
    if (!root || !visibleInDetail(root.status, viewer)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
    resolved = await resolveBundle({ scope: { contentId: root.id }, root, includesLessonFiles });
  } else if (query.category !== undefined) {
    resolved = await resolveBundle({ scope: { category: query.category }, includesLessonFiles });
  } else {
    // The query schema requires exactly one of the two.
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  return {
    name: bundleFileName(resolved.title, new Date()),
    fileCount: resolved.fileCount,
    totalBytes: resolved.totalBytes,
    files: resolved.entries.slice(0, BUNDLE_PREVIEW_MAX_FILES).map((entry) => ({ path: entry.path, size: entry.size })),
  };
});
