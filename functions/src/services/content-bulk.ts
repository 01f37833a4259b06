import { can } from '#shared/capabilities';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import {
  BULK_NOT_ARCHIVED_MESSAGE,
  type ContentBulkAction,
  type ContentBulkActionRequest,
  type ContentBulkActionResponse,
  type ContentBulkItemResult,
} from '#shared/contracts/content-bulk';
import type { ContentStatus } from '#shared/enums';
import { getContentById } from '../data/content.ts';
import { visibleInDetail } from '../domain/visibility.ts';
import { ConflictError, ForbiddenError, HttpError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { FORBIDDEN_MESSAGE } from '../lib/handler.ts';
import { errorField, logger } from '../lib/logger.ts';
import { deleteContent } from './content-delete.ts';
import { editContent } from './content-edit.ts';

/** The status each status-changing action sets (spec §4 "Content status"; restore is back to unpublished). */
const STATUS_OF: Record<Exclude<ContentBulkAction, 'delete'>, ContentStatus> = {
  publish: 'published',
  unpublish: 'unpublished',
  archive: 'archived',
  restore: 'unpublished',
};

/** The capability an action needs besides the route's `updateContent` (decision record 069). */
const EXTRA_CAPABILITY = { delete: 'deleteContent', restore: 'viewArchivedContent' } as const;

/**
 * One bulk action of Courseware Info (issue 25 item 8; decision record 069): each item
 * in request order through the single-item write — `editContent` with the status
 * (the status PATCH: archived content only takes a status change, the schedule is
 * cleared on publish) or `deleteContent` (children or lessons refuse), at the
 * `version` the editor last read — so each is all or nothing and one item's failure
 * undoes no other. An item's HTTP error becomes its `failed` result with that status
 * and message; an unexpected error is logged and reported as a 500 "Could not be done."
 * Items run one after the other: their transactions all bump the catalog revision.
 * @throws ForbiddenError (403, nothing done) when the action needs a capability the
 *   caller lacks: delete `deleteContent`, restore `viewArchivedContent`.
 */
export async function runContentBulkAction(
  request: ContentBulkActionRequest,
  caller: Caller,
): Promise<ContentBulkActionResponse> {
  const { action, items } = request;
  const extra = action === 'delete' || action === 'restore' ? EXTRA_CAPABILITY[action] : null;
  if (extra && !can(caller?.principal ?? null, extra)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  const results: ContentBulkItemResult[] = [];
  for (const { id, version } of items) {
    try {
      if (action === 'delete') {
        await deleteContent(id, caller, version);
        results.push({ id, outcome: 'done' });
        continue;
      }
      if (action === 'restore') {
        const current = await getContentById(id);
        if (!current || !visibleInDetail(current.status, caller?.principal ?? null)) {
          throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
        }
        if (current.status !== 'archived') throw new ConflictError(BULK_NOT_ARCHIVED_MESSAGE);
      }
      const saved = await editContent(id, { status: STATUS_OF[action] }, version, 'patch', caller);
      results.push({ id, outcome: 'done', version: saved.version });
    } catch (error) {
      results.push({ id, outcome: 'failed', ...failureOf(error, id) });
    }
  }
  const done = results.filter((result) => result.outcome === 'done').length;
  return { action, done, failed: results.length - done, results };
}

function failureOf(error: unknown, id: string): { status: number; reason: string } {
  if (error instanceof ValidationError) {
    return { status: error.statusCode, reason: error.errors[0]?.message ?? error.message };
  }
  if (error instanceof HttpError && error.expose) return { status: error.statusCode, reason: error.message };
  logger.error('bulk action failed on an item', { contentId: id, error: errorField(error) });
  return { status: 500, reason: 'Could not be done.' };
}
