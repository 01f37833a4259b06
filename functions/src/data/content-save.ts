import type { AuditEvent } from '#shared/contracts/administration';
import { CONTENT_STALE_MESSAGE } from '#shared/contracts/content';
import { SAVE_MAX_WRITES, SAVE_TOO_LARGE_MESSAGE } from '#shared/contracts/content-save';
import { CONTRIBUTOR_STALE_MESSAGE } from '#shared/contracts/contributor';
import { TABLE } from '#shared/table';
import type { ContributorWrite, SavePlan } from '../domain/content-save.ts';
import { ValidationError } from '../lib/errors.ts';
import { auditPutStep } from './audit.ts';
import { catalogRevisionUpdate } from './catalog.ts';
import { contentCreateSteps, contentUpdateSteps, type TransactionStep, transact } from './content.ts';
import { tableName } from './dynamo.ts';
import { attachFileStep, detachFileStep, renameFileStep } from './files.ts';
import type { ContentItem, ContributorItem } from './items.ts';
import {
  childIndexKey,
  contentKey,
  contributorKey,
  contributorNameIndexKey,
  ENTITY_TYPES,
  statusIndexKey,
} from './keys.ts';

/** Message of the 409 when an upload a save names was attached or removed meanwhile. */
export const UPLOAD_GONE_MESSAGE = 'A file of this save is no longer available. Upload it again.';
/** Message of the 409 when a contributor a save creates already exists (practically never: ids are ULIDs). */
export const CONTRIBUTOR_EXISTS_MESSAGE = 'Contributor already exists.';

/**
 * The elements of a save's ONE TransactWriteItems, in the order of spec §4 "Saving
 * content, in order" (decision record 020), each with the 409 message of its
 * condition: (1) new contributors (absent) and changed ones (version), attached
 * and detached portraits; (2) the new item with its alias guard and its place in
 * the parent's `children` (the parent's version bumped); (3) new children with
 * their alias guards; (4) renamed or moved children (an Update of name, index and
 * index keys, conditional on version); (5) attached, renamed and detached files;
 * (6) the item update (conditional on version, alias guards as `updateContent`);
 * then the catalog revision bump once. For a new item, steps 2 and 6 are one Put.
 * Returns the item as it will be stored and the steps.
 */
export function contentSaveSteps(plan: SavePlan, now: Date): { item: ContentItem; steps: TransactionStep[] } {
  const steps: TransactionStep[] = [];
  for (const contributor of plan.newContributors) {
    steps.push({
      item: {
        Put: {
          TableName: tableName(),
          Item: contributorItemOf(contributor, 1),
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      conflict: CONTRIBUTOR_EXISTS_MESSAGE,
    });
  }
  for (const { contributor, expectedVersion } of plan.changedContributors) {
    steps.push({
      item: {
        Put: {
          TableName: tableName(),
          Item: contributorItemOf(contributor, expectedVersion + 1),
          ConditionExpression: 'attribute_exists(#pk) AND #version = :expected',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': TABLE.versionAttribute },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        },
      },
      conflict: CONTRIBUTOR_STALE_MESSAGE,
    });
  }
  for (const portrait of plan.portraitAttaches) {
    steps.push({
      item: attachFileStep(portrait.fileId, { id: portrait.ownerId, name: portrait.name }, now),
      conflict: UPLOAD_GONE_MESSAGE,
    });
  }
  for (const { file, ownerId } of plan.portraitDetaches) {
    steps.push({ item: detachFileStep(file.id, ownerId, now), conflict: CONTRIBUTOR_STALE_MESSAGE });
  }

  const itemWrite =
    plan.item.kind === 'new'
      ? contentCreateSteps(plan.item.record, { attachToParent: true })
      : contentUpdateSteps(
          plan.item.record,
          plan.item.expectedVersion,
          plan.item.previousAlias,
          plan.item.previousPublishAt,
        );
  if (plan.item.kind === 'new') steps.push(...itemWrite.steps);

  for (const child of plan.newChildren) {
    steps.push(...contentCreateSteps(child, { attachToParent: false }).steps);
  }
  for (const child of plan.childUpdates) {
    const renamed = child.name !== undefined;
    const at = now.toISOString();
    const names: Record<string, string> = {
      '#version': TABLE.versionAttribute,
      '#index': 'index',
      '#gsi2pk': TABLE.indexes.gsi2.partitionKey,
      '#gsi2sk': TABLE.indexes.gsi2.sortKey,
    };
    const gsi2 = childIndexKey(child.parentId, child.index, child.id);
    const values: Record<string, unknown> = {
      ':expected': child.expectedVersion,
      ':next': child.expectedVersion + 1,
      ':index': child.index,
      ':gsi2pk': gsi2.gsi2pk,
      ':gsi2sk': gsi2.gsi2sk,
    };
    let update = 'SET #index = :index, #gsi2pk = :gsi2pk, #gsi2sk = :gsi2sk, #version = :next';
    if (renamed) {
      update += ', #name = :name, #modified = :modified, #gsi3sk = :gsi3sk';
      Object.assign(names, {
        '#name': 'name',
        '#modified': 'modifiedTimestamp',
        '#gsi3sk': TABLE.indexes.gsi3.sortKey,
      });
      Object.assign(values, {
        ':name': child.name,
        ':modified': at,
        ':gsi3sk': statusIndexKey(child.status, at, child.id).gsi3sk,
      });
    }
    steps.push({
      item: {
        Update: {
          TableName: tableName(),
          Key: contentKey(child.id),
          UpdateExpression: update,
          ConditionExpression: '#version = :expected',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      conflict: CONTENT_STALE_MESSAGE,
    });
  }

  const ownerId = plan.item.record.id;
  for (const file of plan.fileAttaches) {
    steps.push({
      item: attachFileStep(file.fileId, { id: ownerId, name: file.name }, now),
      conflict: UPLOAD_GONE_MESSAGE,
    });
  }
  for (const file of plan.fileRenames) {
    steps.push({ item: renameFileStep(file.fileId, ownerId, file.name), conflict: CONTENT_STALE_MESSAGE });
  }
  for (const file of plan.fileDetaches) {
    steps.push({ item: detachFileStep(file.id, ownerId, now), conflict: CONTENT_STALE_MESSAGE });
  }

  if (plan.item.kind === 'update') steps.push(...itemWrite.steps);
  steps.push({ item: catalogRevisionUpdate(now) });
  return { item: itemWrite.item, steps };
}

/** A save ready to commit: the item as it will be stored and the transaction's elements (at most 100). */
export interface PreparedSave {
  readonly item: ContentItem;
  readonly steps: readonly TransactionStep[];
}

/**
 * Builds a planned save's transaction ({@link contentSaveSteps}; spec §4 "Saving
 * content, in order"; decision record 020), with the audit event `audit` makes of the
 * item as it will be stored (issue 21 item 19), and counts its elements, before
 * anything is written.
 * @throws ValidationError (400) {@link SAVE_TOO_LARGE_MESSAGE} when the save needs
 *   more than {@link SAVE_MAX_WRITES} elements.
 */
export function prepareContentSave(
  plan: SavePlan,
  now: Date = new Date(),
  audit?: (saved: ContentItem) => AuditEvent,
): PreparedSave {
  const prepared = contentSaveSteps(plan, now);
  // The save's audit event is one element of the same transaction (issue 21 item 19).
  if (audit) prepared.steps.push({ item: auditPutStep(audit(prepared.item)) });
  assertSaveSize(prepared.steps.length);
  return prepared;
}

/**
 * Commits a prepared save as ONE TransactWriteItems: all of it or nothing.
 * `TransactionConflict` is retried 3 times (`transact`).
 * @throws ConflictError (409) with the message of the first step whose condition
 *   failed: CONTENT_STALE_MESSAGE, CONTRIBUTOR_STALE_MESSAGE, ALIAS_TAKEN_MESSAGE,
 *   PARENT_GONE_MESSAGE, {@link UPLOAD_GONE_MESSAGE}, …, or BUSY_MESSAGE; any other
 *   DynamoDB error unchanged.
 */
export async function commitContentSave(prepared: PreparedSave): Promise<ContentItem> {
  await transact(prepared.steps);
  return prepared.item;
}

/**
 * Refuses a save of more than {@link SAVE_MAX_WRITES} transaction elements (DynamoDB
 * takes at most 100 in one TransactWriteItems).
 * @throws ValidationError (400) {@link SAVE_TOO_LARGE_MESSAGE}, field `body`.
 */
export function assertSaveSize(writes: number): void {
  if (writes > SAVE_MAX_WRITES) {
    throw new ValidationError([{ path: 'body', message: SAVE_TOO_LARGE_MESSAGE }], SAVE_TOO_LARGE_MESSAGE);
  }
}

function contributorItemOf(contributor: ContributorWrite, version: number): ContributorItem {
  return {
    ...contributor,
    ...contributorKey(contributor.id),
    ...contributorNameIndexKey(contributor.lastName, contributor.firstName, contributor.id),
    entityType: ENTITY_TYPES.contributor,
    version,
  };
}
