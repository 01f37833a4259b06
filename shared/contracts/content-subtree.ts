import * as z from 'zod';
import { type ContentCategory as CategoryName, CONTENT_CATEGORY_LABELS } from '../enums.ts';
import { EntityId } from './common.ts';
import { Content, ContentCategory, ContentStatus } from './content.ts';

/**
 * Archive, restore and delete of a content item WITH all its descendants (issue 21
 * item 12; decision record 034). The SPA first reads the count
 * (`GET /api/v1/content-subtrees/{id}`), shows it in the confirmation, and sends it
 * back with the root's `version`: the server refuses (409) when the subtree it finds
 * is not the one the editor confirmed, so the count shown is the count acted on.
 */

/** At most this many descendants are archived, restored or deleted at once (project limit). */
export const CONTENT_SUBTREE_MAX_DESCENDANTS = 1000;

/** How many descendants carry a category (an item with several counts under its first). */
export const SubtreeCategoryCount = z.object({
  category: ContentCategory.nullable(),
  count: z.number().int().min(1),
});
export type SubtreeCategoryCount = z.infer<typeof SubtreeCategoryCount>;

/**
 * A content item and what lies under it: `descendants` is the number of items below
 * it at any depth, `categories` splits them by category (largest first), `archived`
 * counts the descendants that are archived, `files` the files attached to the root
 * and its descendants.
 */
export const ContentSubtree = z
  .object({
    id: EntityId,
    name: z.string(),
    status: ContentStatus,
    categories: z.array(ContentCategory),
    version: z.number().int().min(1),
    descendants: z.number().int().min(0),
    archived: z.number().int().min(0),
    files: z.number().int().min(0),
    byCategory: z.array(SubtreeCategoryCount),
  })
  .meta({ id: 'ContentSubtree' });
export type ContentSubtree = z.infer<typeof ContentSubtree>;

/** What every subtree write carries: the root's `version` and the `descendants` count confirmed. */
const SubtreeConfirmation = z.object({
  version: z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.'),
  descendants: z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(0, 'Must be at least 0.')
    .max(CONTENT_SUBTREE_MAX_DESCENDANTS, `Must be at most ${CONTENT_SUBTREE_MAX_DESCENDANTS}.`),
});

/**
 * `PATCH /api/v1/content-subtrees/{id}`: archive (`archived`) or restore
 * (`unpublished`, spec §4 "Restore sets status to Unpublished") the item and every
 * descendant. Archive leaves already archived descendants as they are; restore
 * restores every archived one.
 */
export const ContentSubtreeStatusRequest = SubtreeConfirmation.extend({
  status: z.enum(['archived', 'unpublished'], { error: 'Choose archived or unpublished.' }),
}).meta({ id: 'ContentSubtreeStatusRequest' });
export type ContentSubtreeStatusRequest = z.infer<typeof ContentSubtreeStatusRequest>;

/** The query of `DELETE /api/v1/content-subtrees/{id}`. */
export const DeleteContentSubtreeQuery = SubtreeConfirmation;

/** The answer of an archive or restore: the root as saved, and how many items changed status. */
export const ContentSubtreeStatusChange = z
  .object({ content: Content, changed: z.number().int().min(0) })
  .meta({ id: 'ContentSubtreeStatusChange' });
export type ContentSubtreeStatusChange = z.infer<typeof ContentSubtreeStatusChange>;

/** The answer of a delete: the root's id and parent (where the SPA goes), and how many items went. */
export const DeletedContentSubtree = z
  .object({ id: EntityId, parentId: EntityId.nullable(), deleted: z.number().int().min(1) })
  .meta({ id: 'DeletedContentSubtree' });
export type DeletedContentSubtree = z.infer<typeof DeletedContentSubtree>;

/** 409 when the subtree is not the one the editor confirmed. */
export const SUBTREE_CHANGED_MESSAGE =
  'The items under this content changed since the count was shown. Check the new count and confirm again.';
/** 409 when a caller who may not see archived content would delete archived descendants. */
export const SUBTREE_HIDDEN_MESSAGE =
  'Some items under this content are archived. Only someone who may see archived content can delete them.';
/** 400 past {@link CONTENT_SUBTREE_MAX_DESCENDANTS}. */
export const SUBTREE_TOO_LARGE_MESSAGE = `More than ${CONTENT_SUBTREE_MAX_DESCENDANTS} items lie under this content. Archive or delete some of its parts first.`;

const PLURALS: Record<CategoryName, string> = {
  course: 'courses',
  module: 'modules',
  lesson: 'lessons',
  exercise: 'exercises',
  environment: 'environments',
};

function categoryWords(category: CategoryName | null, count: number): string {
  if (category === null) return `${count} ${count === 1 ? 'other item' : 'other items'}`;
  return `${count} ${count === 1 ? CONTENT_CATEGORY_LABELS[category].toLowerCase() : PLURALS[category]}`;
}

/** "the 12 modules under it", "the 12 items under it (4 modules and 8 exercises)". */
function countWords(subtree: Pick<ContentSubtree, 'descendants' | 'byCategory'>): string {
  const [only, ...more] = subtree.byCategory;
  if (only && more.length === 0 && only.category !== null)
    return `the ${categoryWords(only.category, only.count)} under it`;
  const items = `the ${subtree.descendants} ${subtree.descendants === 1 ? 'item' : 'items'} under it`;
  if (more.length === 0) return items;
  const parts = subtree.byCategory.map(({ category, count }) => categoryWords(category, count));
  return `${items} (${parts.slice(0, -1).join(', ')} and ${parts.at(-1)})`;
}

/** "the course", "the module", "the content" for an item without category. */
function rootWords(subtree: Pick<ContentSubtree, 'categories'>): string {
  const category = subtree.categories[0];
  return category ? `the ${CONTENT_CATEGORY_LABELS[category].toLowerCase()}` : 'the content';
}

/**
 * The sentence of a subtree confirmation (issue 21 item 12): "This deletes the course
 * “Intro” and the 12 items under it (4 modules and 8 exercises)." — or without
 * descendants "This deletes the course “Intro”.". `verb` is deletes, archives or restores.
 */
export function describeSubtree(
  verb: 'deletes' | 'archives' | 'restores',
  subtree: Pick<ContentSubtree, 'name' | 'categories' | 'descendants' | 'byCategory'>,
): string {
  const root = `${rootWords(subtree)} “${subtree.name}”`;
  if (subtree.descendants === 0) return `This ${verb} ${root}.`;
  return `This ${verb} ${root} and ${countWords(subtree)}.`;
}
