import type { FieldError } from '#shared/contracts/common';
import type { ContentFile, IndexedRef } from '#shared/contracts/content';
import type { ChildSlot, ParsedSaveContentRequest } from '#shared/contracts/content-save';
import { CHILD_MISSING_MESSAGE } from '#shared/contracts/content-save';
import { type Contributor, contributorDisplayName } from '#shared/contracts/contributor';
import { ValidationError } from '../lib/errors.ts';
import {
  applyContentChanges,
  type ContentChanges,
  type ContentReferences,
  kuOutcomeErrors,
  missingReferences,
  newContentRecord,
} from './content-edit.ts';
import type { ContentRecord, FileRecord } from './records.ts';

/**
 * Planning a save of content in the spec's order (spec §4 "Saving content, in
 * order"; decision record 020): from the request and what was read, what to write
 * in each of the six steps. Pure: the reads happen before, the one transaction after.
 */

/** A contributor as written by a save: every field but the version. */
export type ContributorWrite = Omit<Contributor, 'version'>;

/** What {@link planContentSave} needs: the parsed request and everything read for it. */
export interface SaveContext {
  readonly request: ParsedSaveContentRequest;
  /** The stored item (an existing item's save), or null for a new item. */
  readonly current: ContentRecord | null;
  /** A new item's parent (already checked to exist and be visible), or null. */
  readonly parent: Pick<ContentRecord, 'id' | 'urlAlias' | 'ancestorIds' | 'children'> | null;
  /** The stored children of `current` by id (missing ones are absent). */
  readonly children: ReadonlyMap<string, Pick<ContentRecord, 'id' | 'name' | 'index' | 'version' | 'status'>>;
  /** The stored contributors the request changes, by id (missing ones are absent). */
  readonly contributors: ReadonlyMap<string, Contributor>;
  /**
   * File records by id: every upload the request names (files and portraits, already
   * checked to be the caller's Ready, unattached uploads of the right kind), the
   * item's current files and the changed contributors' current portraits.
   */
  readonly files: ReadonlyMap<string, FileRecord>;
  /** Names of the existing contributors and knowledge items the request references. */
  readonly refs: ContentReferences;
  readonly now: Date;
  /** A fresh id (ULID, lower case) for each entity the save creates. */
  readonly newId: () => string;
}

/** An existing child whose name or position changes (spec §4 step 4). */
export interface ChildUpdate {
  readonly id: string;
  readonly parentId: string;
  readonly index: number;
  /** The new name when the save renames the child, else undefined. */
  readonly name: string | undefined;
  readonly status: ContentRecord['status'];
  /** The child's version the save is based on: the editor's for a rename, else the one read. */
  readonly expectedVersion: number;
}

/** The item itself: a new record (steps 2 and 6 in one Put), or the update of the stored one (step 6). */
export type ItemWrite =
  | { readonly kind: 'new'; readonly record: ContentRecord }
  | {
      readonly kind: 'update';
      readonly record: ContentRecord;
      readonly expectedVersion: number;
      readonly previousAlias: string;
      /** The stored schedule (decision record 068): a save that publishes the item clears it. */
      readonly previousPublishAt: string | null;
    };

/** Everything one save writes, by spec step, and what it deletes once it committed or failed. */
export interface SavePlan {
  /** Step 1: contributors to create (conditional on absence) and to replace (conditional on version). */
  readonly newContributors: readonly ContributorWrite[];
  readonly changedContributors: readonly { readonly contributor: ContributorWrite; readonly expectedVersion: number }[];
  /** Step 1: new portraits to attach to their contributor; replaced ones to detach. */
  readonly portraitAttaches: readonly { readonly fileId: string; readonly ownerId: string; readonly name: string }[];
  readonly portraitDetaches: readonly { readonly file: FileRecord; readonly ownerId: string }[];
  /** Steps 2 and 6. */
  readonly item: ItemWrite;
  /** Step 3: new children, each with version 1 and an alias under the item's. */
  readonly newChildren: readonly ContentRecord[];
  /** Step 4: renamed or moved children. */
  readonly childUpdates: readonly ChildUpdate[];
  /** Step 5: uploads to attach to the item, kept files renamed, files the save leaves out. */
  readonly fileAttaches: readonly { readonly fileId: string; readonly name: string }[];
  readonly fileRenames: readonly { readonly fileId: string; readonly name: string }[];
  readonly fileDetaches: readonly FileRecord[];
  /** Unattached uploads the save names (new files and portraits): deleted if the save fails. */
  readonly uploads: readonly FileRecord[];
  /** Files detached by the save (left-out files, replaced portraits): deleted after it commits. */
  readonly discardAfterCommit: readonly FileRecord[];
  /** The ids of what the save created, by draft key. */
  readonly created: { readonly contributors: Record<string, string>; readonly children: Record<string, string> };
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The description of a child created by a save (decision record 020): its name as
 * one HTML paragraph, escaped, so that "html required" (spec §5) holds until an
 * editor writes one.
 */
export function newChildDescription(name: string): string {
  return `<p>${escapeHtml(name)}</p>`;
}

/**
 * Plans a save (spec §4 "Saving content, in order"; decision record 020).
 * Contributors of the item come in slot order, new ones by their draft key; the
 * item's `children` become the slots in order (index = position) and its `files`
 * the file slots in order. Uploads named by the request must already be checked.
 * @throws ValidationError (400) for references that name nothing, children that are
 *   not the item's, `kuOutcomes` naming a KU the item does not keep or an outcome
 *   its KU lacks (issue 27 item 4), existing children left out ({@link CHILD_MISSING_MESSAGE}), an
 *   upload named twice, or two new children with the same URL alias.
 */
export function planContentSave(context: SaveContext): SavePlan {
  const { request, current, files } = context;
  const errors: FieldError[] = [];

  // Step 1: contributors.
  const created = { contributors: {} as Record<string, string>, children: {} as Record<string, string> };
  const names = new Map(context.refs.contributorNames);
  const newContributors: ContributorWrite[] = [];
  const portraitAttaches: { fileId: string; ownerId: string; name: string }[] = [];
  const portraitDetaches: { file: FileRecord; ownerId: string }[] = [];
  const uploads: FileRecord[] = [];
  const namedUploads = new Set<string>();
  const nameUpload = (fileId: string, path: string): FileRecord | undefined => {
    if (namedUploads.has(fileId)) {
      errors.push({ path, message: 'Listed twice.' });
      return undefined;
    }
    namedUploads.add(fileId);
    const file = files.get(fileId);
    if (file) uploads.push(file);
    return file;
  };
  for (const [position, draft] of request.newContributors.entries()) {
    const { key, ...fields } = draft;
    const contributor: ContributorWrite = {
      id: context.newId(),
      ...fields,
      portraitFileId: fields.portraitFileId ?? null,
    };
    created.contributors[key] = contributor.id;
    names.set(contributor.id, contributorDisplayName(contributor));
    newContributors.push(contributor);
    if (contributor.portraitFileId) {
      const file = nameUpload(contributor.portraitFileId, `body.newContributors.${position}.portraitFileId`);
      portraitAttaches.push({ fileId: contributor.portraitFileId, ownerId: contributor.id, name: file?.name ?? '' });
    }
  }
  const changedContributors: { contributor: ContributorWrite; expectedVersion: number }[] = [];
  for (const [position, changed] of request.changedContributors.entries()) {
    const { version, ...fields } = changed;
    const stored = context.contributors.get(changed.id);
    if (!stored) {
      errors.push({ path: `body.changedContributors.${position}.id`, message: 'No contributor has this id.' });
      continue;
    }
    const contributor: ContributorWrite = { ...fields, portraitFileId: fields.portraitFileId ?? null };
    names.set(contributor.id, contributorDisplayName(contributor));
    changedContributors.push({ contributor, expectedVersion: version });
    if (contributor.portraitFileId === stored.portraitFileId) continue;
    if (contributor.portraitFileId) {
      const file = nameUpload(contributor.portraitFileId, `body.changedContributors.${position}.portraitFileId`);
      portraitAttaches.push({ fileId: contributor.portraitFileId, ownerId: contributor.id, name: file?.name ?? '' });
    }
    const replaced = stored.portraitFileId ? files.get(stored.portraitFileId) : undefined;
    if (replaced) portraitDetaches.push({ file: replaced, ownerId: contributor.id });
  }
  const contributorRefs: IndexedRef[] = request.contributors.map((slot, index) => ({
    id: 'id' in slot ? slot.id : (created.contributors[slot.key] ?? slot.key),
    index,
  }));
  const changes: ContentChanges = { ...request.fields, contributors: contributorRefs };
  const refs: ContentReferences = { ...context.refs, contributorNames: names };
  errors.push(...missingReferences(changes, refs));

  // Step 5 (planned before the item, whose `files` it fills): new, kept and left-out files.
  const currentFiles = new Map((current?.files ?? []).map((file) => [file.id, file]));
  const contentFiles: ContentFile[] = [];
  const fileAttaches: { fileId: string; name: string }[] = [];
  const fileRenames: { fileId: string; name: string }[] = [];
  for (const [position, slot] of request.files.entries()) {
    const kept = currentFiles.get(slot.id);
    if (kept) {
      contentFiles.push({ ...kept, name: slot.name });
      if (kept.name !== slot.name && files.has(slot.id)) fileRenames.push({ fileId: slot.id, name: slot.name });
      continue;
    }
    const upload = nameUpload(slot.id, `body.files.${position}.id`);
    if (!upload) continue;
    contentFiles.push({ id: upload.id, name: slot.name, type: upload.type, filename: upload.filename });
    fileAttaches.push({ fileId: upload.id, name: slot.name });
  }
  const listed = new Set(request.files.map((slot) => slot.id));
  const fileDetaches = [...currentFiles.keys()]
    .filter((id) => !listed.has(id))
    .flatMap((id) => {
      const file = files.get(id);
      return file ? [file] : [];
    });

  // Steps 2 and 6: the item.
  const item = itemWrite(context, changes, refs);
  const itemId = item.record.id;
  errors.push(...kuOutcomeErrors(item.record, changes, refs, 'body.fields.'));

  // Steps 3 and 4: children, in slot order.
  const childRefs: IndexedRef[] = [];
  const newChildren: ContentRecord[] = [];
  const childUpdates: ChildUpdate[] = [];
  const aliases = new Map<string, number>();
  const listedChildren = new Set<string>();
  const ownChildren = new Set((current?.children ?? []).map((ref) => ref.id));
  for (const [index, slot] of request.children.entries()) {
    if ('key' in slot) {
      const child = newChild(context, item.record, slot, index);
      const clash = aliases.get(child.urlAlias);
      if (clash !== undefined) {
        errors.push({ path: `body.children.${index}.name`, message: `Has the same URL alias as child ${clash + 1}.` });
      }
      aliases.set(child.urlAlias, index);
      created.children[slot.key] = child.id;
      newChildren.push(child);
      childRefs.push({ id: child.id, index });
      continue;
    }
    listedChildren.add(slot.id);
    childRefs.push({ id: slot.id, index });
    if (!ownChildren.has(slot.id)) {
      errors.push({ path: `body.children.${index}.id`, message: 'Not a child of this item.' });
      continue;
    }
    const stored = context.children.get(slot.id);
    const renamed = slot.name !== undefined && stored !== undefined && slot.name !== stored.name;
    if (stored && !renamed && stored.index === index) continue;
    childUpdates.push({
      id: slot.id,
      parentId: itemId,
      index,
      name: renamed ? slot.name : undefined,
      status: stored?.status ?? 'unpublished',
      // A child missing from the table fails its write's condition: 409, stale.
      expectedVersion: (renamed ? slot.version : undefined) ?? stored?.version ?? 0,
    });
  }
  const missing = [...ownChildren].filter((id) => !listedChildren.has(id));
  if (missing.length > 0) errors.unshift({ path: 'body.children', message: CHILD_MISSING_MESSAGE });
  if (errors.length > 0) {
    throw new ValidationError(errors, missing.length > 0 ? CHILD_MISSING_MESSAGE : 'Invalid request.');
  }

  const record: ContentRecord = { ...item.record, children: childRefs, files: contentFiles };
  return {
    newContributors,
    changedContributors,
    portraitAttaches,
    portraitDetaches,
    item: { ...item, record },
    newChildren,
    childUpdates,
    fileAttaches,
    fileRenames,
    fileDetaches,
    uploads,
    discardAfterCommit: [...fileDetaches, ...portraitDetaches.map((detach) => detach.file)],
    created,
  };
}

function itemWrite(context: SaveContext, changes: ContentChanges, refs: ContentReferences): ItemWrite {
  const { current, request, now } = context;
  if (current) {
    return {
      kind: 'update',
      record: applyContentChanges(current, changes, 'replace', refs, now),
      expectedVersion: request.version ?? current.version,
      previousAlias: current.urlAlias,
      previousPublishAt: current.publishAt ?? null,
    };
  }
  const fields = { ...request.fields, contributors: changes.contributors, index: request.index };
  return {
    kind: 'new',
    record: newContentRecord({ id: context.newId(), fields, parent: context.parent, refs, now }),
  };
}

function newChild(
  context: SaveContext,
  item: ContentRecord,
  slot: Extract<ChildSlot, { key: string }>,
  index: number,
): ContentRecord {
  return newContentRecord({
    id: context.newId(),
    fields: {
      name: slot.name,
      description: newChildDescription(slot.name),
      ...(slot.status ? { status: slot.status } : {}),
      ...(slot.categories ? { categories: slot.categories } : {}),
      index,
    },
    parent: { id: item.id, urlAlias: item.urlAlias, ancestorIds: item.ancestorIds, children: [] },
    refs: { contributorNames: new Map(), knowledgeNames: new Map() },
    now: context.now,
  });
}
