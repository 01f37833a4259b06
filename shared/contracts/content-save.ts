import * as z from 'zod';
import { LIMITS } from '../limits.ts';
import { EntityId, fileName } from './common.ts';
import { Content, ContentCategory, ContentFields, ContentStatus } from './content.ts';
import { ContributorFields } from './contributor.ts';

/**
 * Saving content in the spec's order as one call (spec §4 "Saving content, in
 * order"; decision record 020). The SPA first posts the bytes of every new file and
 * portrait to S3 (presigned POSTs of `createUpload`), then sends ONE save naming
 * them. The server checks every upload, then writes — in the spec's order —
 * contributors, the item if new, new children, renamed children, the new files and
 * the item update as ONE DynamoDB transaction: a failure anywhere writes nothing,
 * and the uploads this save named are deleted, so no orphaned upload and no
 * half-created child is left behind. The editor keeps its draft and stays in edit
 * mode. Files the save leaves out of `files` are detached and deleted after the
 * write commits.
 */

/**
 * A client-chosen key for an entity this save creates (a new contributor or child),
 * so that lists can place it before it has an id. Answered back with the new id.
 */
export const DraftKey = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Must be 1 to 40 lower-case letters, digits or hyphens.');
export type DraftKey = z.infer<typeof DraftKey>;

/** A contributor of the item, in order: an existing one by id, or a new one by its key in `newContributors`. */
export const ContributorSlot = z.union([z.object({ id: EntityId }).strict(), z.object({ key: DraftKey }).strict()]);
export type ContributorSlot = z.infer<typeof ContributorSlot>;

/**
 * A contributor this save creates (spec §4 step 1, §5 "Contributor"). `portraitFileId`
 * names a portrait upload whose bytes are in S3 (kind `portrait`), checked by the save.
 */
export const NewContributor = ContributorFields.extend({ key: DraftKey });
export type NewContributor = z.infer<typeof NewContributor>;

/**
 * A contributor this save changes (spec §4 step 1): every field, and the `version`
 * last read (stale → 409). A new `portraitFileId` replaces the old portrait, which
 * is deleted after the save commits.
 */
export const ChangedContributor = ContributorFields.extend({
  id: EntityId,
  version: z.number({ error: 'Is required.' }).int().min(1),
});
export type ChangedContributor = z.infer<typeof ChangedContributor>;

const childName = z
  .string({ error: 'Is required.' })
  .trim()
  .min(1, 'Is required.')
  .max(LIMITS.childNameMaxChars, `Must be at most ${LIMITS.childNameMaxChars} characters.`);

/**
 * A child of the item, in order (spec §3 ChildContent). An existing child by id,
 * with `name` and its `version` when this save renames it (spec §4 step 4); or a new
 * child by key (step 3): its name, and optionally status (default unpublished,
 * spec §4) and categories. Every existing child must be listed: children are
 * removed by deleting them, not by leaving them out.
 */
export const ChildSlot = z.union([
  z
    .object({
      id: EntityId,
      name: childName.optional(),
      version: z.number().int().min(1).optional(),
    })
    .strict()
    .refine((slot) => slot.name === undefined || slot.version !== undefined, {
      path: ['version'],
      message: 'Is required to rename a child.',
    }),
  z
    .object({
      key: DraftKey,
      name: childName,
      status: ContentStatus.exclude(['archived']).optional(),
      categories: z.array(ContentCategory).max(10).optional(),
    })
    .strict(),
]);
export type ChildSlot = z.infer<typeof ChildSlot>;

/**
 * A file of the item, in order (spec §3 Content `files`): one already attached, or a
 * new upload (kind `content`, owner this item — or, for a new item, none yet) whose
 * bytes are in S3; the save checks it (size, type, magic bytes) and attaches it
 * (spec §4 step 5). `name` is the name shown (spec §5 "File name: required, max 120").
 */
export const FileSlot = z
  .object({
    id: EntityId,
    name: fileName(),
  })
  .strict();
export type FileSlot = z.infer<typeof FileSlot>;

/** Most operations one save may write; DynamoDB takes at most 100 in one transaction. */
export const SAVE_MAX_WRITES = 100;
/** Message of the 400 for a save that would write more than {@link SAVE_MAX_WRITES} items. */
export const SAVE_TOO_LARGE_MESSAGE = 'Too many changes to save at once. Save some of them first.';
/** Message of the 400 for a save that leaves out an existing child. */
export const CHILD_MISSING_MESSAGE = 'Every existing child must be listed; delete a child to remove it.';

/**
 * `POST /api/v1/content-saves` body. For an existing item: `id` and the `version`
 * last read (stale → 409 {@link CONTENT_STALE_MESSAGE}). For a new item: neither,
 * and optionally `parentId` and `index` (spec §7 "Create content"). `fields` replace
 * the editable fields (absent lists are emptied, as with `PUT`), except
 * contributors, which come as `contributors` slots.
 */
export const SaveContentRequest = z
  .object({
    id: EntityId.optional(),
    version: z.number().int().min(1).optional(),
    parentId: EntityId.nullable().optional(),
    index: z.number().int().min(0).max(999_999).optional(),
    fields: ContentFields.omit({ contributors: true }),
    contributors: z.array(ContributorSlot).max(100).default([]),
    newContributors: z.array(NewContributor).max(20).default([]),
    changedContributors: z.array(ChangedContributor).max(20).default([]),
    children: z.array(ChildSlot).max(300).default([]),
    files: z.array(FileSlot).max(100).default([]),
  })
  .superRefine((save, context) => {
    if (save.id !== undefined && save.version === undefined) {
      context.addIssue({ code: 'custom', path: ['version'], message: 'Is required.' });
    }
    if (save.id === undefined && save.version !== undefined) {
      context.addIssue({ code: 'custom', path: ['id'], message: 'Is required with version.' });
    }
    if (save.id !== undefined && (save.parentId !== undefined || save.index !== undefined)) {
      context.addIssue({ code: 'custom', path: ['parentId'], message: 'Only a new item takes a parent.' });
    }
    const keys = new Set(save.newContributors.map((contributor) => contributor.key));
    for (const [position, slot] of save.contributors.entries()) {
      if ('key' in slot && !keys.has(slot.key)) {
        context.addIssue({
          code: 'custom',
          path: ['contributors', position, 'key'],
          message: 'No new contributor has this key.',
        });
      }
    }
    const seen = new Set<string>();
    for (const [position, slot] of save.children.entries()) {
      const name = 'id' in slot ? slot.id : `key:${slot.key}`;
      if (seen.has(name)) context.addIssue({ code: 'custom', path: ['children', position], message: 'Listed twice.' });
      seen.add(name);
    }
    const files = new Set<string>();
    for (const [position, slot] of save.files.entries()) {
      if (files.has(slot.id)) context.addIssue({ code: 'custom', path: ['files', position], message: 'Listed twice.' });
      files.add(slot.id);
    }
  })
  .meta({ id: 'SaveContentRequest' });
export type SaveContentRequest = z.input<typeof SaveContentRequest>;
export type ParsedSaveContentRequest = z.output<typeof SaveContentRequest>;

/**
 * `POST /api/v1/content-saves` answer: the stored item, and the ids of what the save
 * created by their draft keys (`contributors`, `children`).
 */
export const SavedContent = z
  .object({
    content: Content,
    created: z.object({
      contributors: z.record(z.string(), EntityId),
      children: z.record(z.string(), EntityId),
    }),
  })
  .meta({ id: 'SavedContent' });
export type SavedContent = z.infer<typeof SavedContent>;
