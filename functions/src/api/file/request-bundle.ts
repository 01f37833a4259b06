import { can } from '#shared/capabilities';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import {
  bundleFileName,
  CARTRIDGE_FILES_REFUSED_MESSAGE,
  cartridgeFileName,
  categoryBundleTitle,
  emptyBundleMessage,
  isCartridgeFormat,
} from '#shared/contracts/download';
import { startBundleWorkflow } from '../../adapters/workflows.ts';
import { createBundleRecord } from '../../data/bundles.ts';
import { getContentById } from '../../data/content.ts';
import { markFileFailed } from '../../data/files.ts';
import type { BundleState } from '../../data/items.ts';
import { listLessons } from '../../data/lessons.ts';
import { newId } from '../../domain/ids.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.ts';
import { FORBIDDEN_MESSAGE } from '../../lib/handler.ts';
import { logger } from '../../lib/logger.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { collectionBundleScope } from '../../services/collections.ts';
import { defineRoute } from './define-route.ts';

/** 503 of a bundle request whose workflow could not be started. */
export const BUNDLES_UNAVAILABLE_MESSAGE = 'Bundles are unavailable right now. Try again in a few minutes.';

/**
 * `POST /api/v1/files/bundles` (spec §4 "File bundle", §7 "Bundle request"; decision
 * record 022; access `viewFiles`): records a Pending bundle named by spec §9
 * (`bundleFileName` of the content's name, of the category's bundle title or of the
 * collection's name, and today's UTC date) and starts the bundle workflow, answering 202 `{ id, name,
 * status }`; the SPA polls `getFile` until Ready.
 *
 * A content scope must name content the caller may see (else 404 "Content does not
 * exist.", as `getContent`); an item with no files, no children and — for a caller
 * who may view lesson files — no lessons is refused at once (404 "<name> has no
 * files to download."), never zipped empty. A collection scope must name a collection the
 * caller may read, holding an item the caller may open (else 404; issue 26 item 2). Whether the whole subtree holds a file
 * is for the workflow to find (it then ends Failed with that reason). A workflow that
 * cannot be started leaves the record Failed and answers 503. From the record on, the
 * request's log lines carry the bundle id as `correlation_id`, as the workflow's tasks'
 * do (the bundle id is the execution's name; issue 23 item 6).
 *
 * `format` (issue 27 item 6; decision record 078): `zip` (default), `imscc` or
 * `imscc-thin`. The route is open to every signed-in caller: a zip and a full
 * cartridge need `viewFiles` (else 403, a cartridge with
 * {@link CARTRIDGE_FILES_REFUSED_MESSAGE}); a thin cartridge needs none and holds no
 * file. A cartridge is named `<alias>.imscc` (`cartridgeFileName`), records the site
 * origin its web links point to (`siteOrigin`, as the sitemap), and is never refused
 * as empty (it always holds the links).
 */
export const requestBundle = defineRoute('requestBundle', async ({ body, caller, event }) => {
  const principal = caller?.principal ?? null;
  const format = body.format ?? 'zip';
  if (format !== 'imscc-thin' && !can(principal, 'viewFiles')) {
    throw new ForbiddenError(format === 'imscc' ? CARTRIDGE_FILES_REFUSED_MESSAGE : FORBIDDEN_MESSAGE);
  }
  const cartridge = isCartridgeFormat(format);
  // A thin cartridge holds no file, so no lesson artifact either.
  const includesLessonFiles = format !== 'imscc-thin' && can(principal, 'viewLessonFiles');
  const now = new Date();
  let scope: BundleState['scope'];
  let title: string;
  let alias: string;
  if (body.contentId !== undefined) {
    const content = await getContentById(body.contentId);
    if (!content || !visibleInDetail(content.status, principal)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
    alias = content.urlAlias.trim() || content.id;
    if (!cartridge && content.files.length === 0 && content.children.length === 0) {
      const lessons = includesLessonFiles ? await listLessons({ contentId: content.id, limit: 1 }) : null;
      if (!lessons || lessons.items.length === 0) throw new NotFoundError(emptyBundleMessage(content.name));
    }
    scope = { contentId: content.id };
    title = content.name;
  } else if (body.category !== undefined) {
    scope = { category: body.category };
    title = categoryBundleTitle(body.category);
    alias = title;
  } else if (body.collectionId !== undefined) {
    // A collection the caller may read: the items they may open now, in its order (issue 26 item 2).
    scope = await collectionBundleScope(body.collectionId, caller);
    title = scope.title;
    alias = scope.title;
  } else {
    // The schema requires exactly one of the three; this keeps the types honest.
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }

  const record = await createBundleRecord({
    id: newId(),
    name: cartridge ? cartridgeFileName(alias) : bundleFileName(title, now),
    scope,
    includesLessonFiles,
    ...(cartridge ? { cartridge: { format, siteOrigin: siteOrigin(event) } } : {}),
    createdBy: caller?.sub ?? '',
    now,
  });
  logger.setCorrelationId(record.id);
  try {
    await startBundleWorkflow({ bundleId: record.id });
  } catch (error) {
    logger.error('The bundle workflow did not start.', { bundleId: record.id, error: String(error) });
    await markFileFailed(record);
    throw new ServiceUnavailableError(BUNDLES_UNAVAILABLE_MESSAGE, { cause: error });
  }
  return { id: record.id, name: record.name, status: 'Pending' as const };
});
