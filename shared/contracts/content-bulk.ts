import * as z from 'zod';
import { EntityId } from './common.ts';

/**
 * Bulk actions in Courseware Info (issue 25 item 8; decision record 069): one action on
 * up to {@link BULK_ACTION_MAX_ITEMS} content items, each done through the service of
 * the single-item write, all or nothing per item.
 */

/** The actions, in the order the toolbar shows them. */
export const CONTENT_BULK_ACTIONS = ['publish', 'unpublish', 'archive', 'restore', 'delete'] as const;
export const ContentBulkAction = z.enum(CONTENT_BULK_ACTIONS);
export type ContentBulkAction = z.infer<typeof ContentBulkAction>;

/** Button labels of the actions. */
export const CONTENT_BULK_ACTION_LABELS: Record<ContentBulkAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  archive: 'Archive',
  restore: 'Restore',
  delete: 'Delete',
};

/** Most items one request may name; more is a 400. */
export const BULK_ACTION_MAX_ITEMS = 100;

/** Message of an item's failure for restoring an item that is not archived. */
export const BULK_NOT_ARCHIVED_MESSAGE = 'It is not archived.';

/** `POST /api/v1/content-bulk-actions` body: the action and each item's id with the `version` last read. */
export const ContentBulkActionRequest = z
  .object({
    action: ContentBulkAction,
    items: z
      .array(z.object({ id: EntityId, version: z.number().int().min(1) }))
      .min(1, 'Select at least one item.')
      .max(BULK_ACTION_MAX_ITEMS, `At most ${BULK_ACTION_MAX_ITEMS} items at a time.`)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'Each item only once.'),
  })
  .meta({ id: 'ContentBulkActionRequest' });
export type ContentBulkActionRequest = z.infer<typeof ContentBulkActionRequest>;

/**
 * What happened to one item: `done` (with the item's new `version`, absent after a
 * delete) or `failed` with the HTTP status the single-item route would have answered
 * and its message as `reason` (e.g. "Content has children…", "Content was changed by
 * someone else…").
 */
export const ContentBulkItemResult = z
  .discriminatedUnion('outcome', [
    z.object({ id: EntityId, outcome: z.literal('done'), version: z.number().int().min(1).optional() }),
    z.object({ id: EntityId, outcome: z.literal('failed'), status: z.number().int(), reason: z.string() }),
  ])
  .meta({ id: 'ContentBulkItemResult' });
export type ContentBulkItemResult = z.infer<typeof ContentBulkItemResult>;

/** The answer: the action, how many items were done and failed, and each item's result in request order. */
export const ContentBulkActionResponse = z
  .object({
    action: ContentBulkAction,
    done: z.number().int().min(0),
    failed: z.number().int().min(0),
    results: z.array(ContentBulkItemResult),
  })
  .meta({ id: 'ContentBulkActionResponse' });
export type ContentBulkActionResponse = z.infer<typeof ContentBulkActionResponse>;
