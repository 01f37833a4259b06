import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, type QueryCommandOutput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEvent, UserImport, UserImportRow, UserImportSummary } from '#shared/contracts/administration';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { logger } from '../lib/logger.ts';
import { auditPutStep } from './audit.ts';
import type { TransactWriteItem } from './catalog.ts';
import { type Page, putNewItemStep, queryPage, tableName } from './dynamo.ts';
import { type InvitationRecord, newInvitationSteps } from './invitations.ts';
import {
  ENTITY_TYPES,
  invitationKey,
  organizationUserImportsPartition,
  outboxMessageKey,
  pendingInvitationGuardKey,
  type TableKey,
  USER_IMPORT_ROWS_PREFIX,
  USER_IMPORTS_PARTITION,
  userImportIndexKeys,
  userImportKey,
  userImportPartition,
  userImportRowsKey,
} from './keys.ts';
import type { OutboxItem, OutboxRecord } from './messages.ts';

/**
 * User imports (issue 11 item 4; spec §3 "User import"; decision record 030; keys.ts
 * rows "import by id, with its rows", "imports of one organization", "every
 * import"): writing the invitations of an import's rows in transactions, undoing
 * them, and storing the import's result (its report) with its audit event.
 */

/** Rows whose invitations are written in one TransactWriteItems (3 items each: invitation, guard, e-mail). */
export const IMPORT_ROWS_PER_TRANSACTION = 25;
/** Rows of an import's report stored in one item (cells are cut to their limits, so a chunk stays far below 400 KB). */
export const IMPORT_ROWS_PER_ITEM = 50;

/** One row to write: its invitation and the e-mail that carries its link. */
export interface ImportWrite {
  readonly record: InvitationRecord;
  readonly outbox: Omit<OutboxRecord<'invitationEmail'>, 'emailStatus'>;
}

/** What became of one row's write: written (with its stored e-mail), or failed with the reason. */
export type ImportWriteOutcome =
  | { readonly status: 'created'; readonly outboxItem: OutboxItem<'invitationEmail'> }
  | { readonly status: 'failed'; readonly reason: string };

/** Reason of a row whose invitation could not be written because one for the address appeared meanwhile. */
export const IMPORT_ROW_PENDING_MEANWHILE =
  'Not written: a pending invitation for this e-mail address was created meanwhile.';
/** Reason of a row whose write failed for any other reason. */
export const IMPORT_ROW_WRITE_FAILED = 'Not written: the invitation could not be stored. Import this row again.';

/**
 * Writes the rows' invitations, {@link IMPORT_ROWS_PER_TRANSACTION} rows per
 * TransactWriteItems. When one transaction is cancelled: with `stopAtFirstFailure`
 * (all-or-nothing) nothing more is written and the outcome of that chunk's rows and
 * every later row is `failed`; otherwise the chunk is retried row by row so only the
 * rows that really fail are `failed`, each with its reason. Never throws for a row;
 * the caller undoes (or reports) what it must.
 * @returns one outcome per row, in order.
 */
export async function writeImportRows(
  writes: readonly ImportWrite[],
  stopAtFirstFailure: boolean,
): Promise<ImportWriteOutcome[]> {
  const outcomes: ImportWriteOutcome[] = [];
  for (let offset = 0; offset < writes.length; offset += IMPORT_ROWS_PER_TRANSACTION) {
    const chunk = writes.slice(offset, offset + IMPORT_ROWS_PER_TRANSACTION);
    const built = chunk.map((write) => newInvitationSteps(write.record, write.outbox));
    const chunkFailure = await sendTransaction(built.flatMap((entry) => entry.steps));
    if (chunkFailure === null) {
      outcomes.push(...built.map((entry) => ({ status: 'created' as const, outboxItem: entry.outboxItem })));
      continue;
    }
    if (stopAtFirstFailure) {
      const reason = chunkFailure === 'conflict' ? IMPORT_ROW_PENDING_MEANWHILE : IMPORT_ROW_WRITE_FAILED;
      for (let index = offset; index < writes.length; index += 1) outcomes.push({ status: 'failed', reason });
      return outcomes;
    }
    for (const entry of built) {
      const failure = await sendTransaction(entry.steps);
      outcomes.push(
        failure === null
          ? { status: 'created', outboxItem: entry.outboxItem }
          : {
              status: 'failed',
              reason: failure === 'conflict' ? IMPORT_ROW_PENDING_MEANWHILE : IMPORT_ROW_WRITE_FAILED,
            },
      );
    }
  }
  return outcomes;
}

/** Sends one transaction: null when written, `conflict` when a condition failed, `error` for anything else. */
async function sendTransaction(steps: readonly TransactWriteItem[]): Promise<null | 'conflict' | 'error'> {
  try {
    await dynamoDocumentClient.send(new TransactWriteCommand({ TransactItems: [...steps] }));
    return null;
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      (error.CancellationReasons ?? []).some((reason) => reason?.Code === 'ConditionalCheckFailed')
    ) {
      return 'conflict';
    }
    logger.error('An import transaction failed.', {
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    return 'error';
  }
}

/**
 * Deletes what {@link writeImportRows} wrote for `records` (the invitation, its guard,
 * its stored e-mail), in transactions of at most 99 deletes. Used when an
 * all-or-nothing import cannot finish, before any of its e-mails was sent.
 * @throws the SDK's error when a delete fails (the caller logs the ids left behind).
 */
export async function undoImportRows(records: readonly InvitationRecord[]): Promise<void> {
  const keys: TableKey[] = records.flatMap((record) => [
    invitationKey(record.id),
    pendingInvitationGuardKey(record.organization.id, record.email),
    outboxMessageKey(record.outboxMessageId),
  ]);
  for (let offset = 0; offset < keys.length; offset += 99) {
    await dynamoDocumentClient.send(
      new TransactWriteCommand({
        TransactItems: keys.slice(offset, offset + 99).map((key) => ({
          Delete: { TableName: tableName(), Key: { pk: key.pk, sk: key.sk } },
        })),
      }),
    );
  }
}

type UserImportItem = UserImportSummary &
  TableKey &
  ReturnType<typeof userImportIndexKeys> & {
    readonly entityType: typeof ENTITY_TYPES.userImport;
    readonly version: number;
  };

interface UserImportRowsItem extends TableKey {
  readonly entityType: typeof ENTITY_TYPES.userImportRows;
  readonly chunk: number;
  readonly rows: UserImportRow[];
}

function summaryOf(item: UserImportItem): UserImportSummary {
  return {
    id: item.id,
    fileName: item.fileName,
    organization: { id: item.organization.id, name: item.organization.name },
    mode: item.mode,
    status: item.status,
    importedBy: { id: item.importedBy.id, displayName: item.importedBy.displayName },
    createdTimestamp: item.createdTimestamp,
    rowCount: item.rowCount,
    createdCount: item.createdCount,
    skippedCount: item.skippedCount,
    failedCount: item.failedCount,
  };
}

/**
 * Stores an import's result: its summary item, its rows in chunks of
 * {@link IMPORT_ROWS_PER_ITEM}, and `audit`, in ONE TransactWriteItems (all
 * put-if-absent), so a report is never half-stored.
 */
export async function saveUserImport(result: UserImport, audit: AuditEvent): Promise<void> {
  const { rows, ...summary } = result;
  const summaryItem: UserImportItem = {
    ...summary,
    ...userImportKey(result.id),
    ...userImportIndexKeys(result.organization.id, result.createdTimestamp, result.id),
    entityType: ENTITY_TYPES.userImport,
    version: 1,
  };
  const chunks: UserImportRowsItem[] = [];
  for (let offset = 0; offset < rows.length; offset += IMPORT_ROWS_PER_ITEM) {
    const chunk = offset / IMPORT_ROWS_PER_ITEM;
    chunks.push({
      ...userImportRowsKey(result.id, chunk),
      entityType: ENTITY_TYPES.userImportRows,
      chunk,
      rows: rows.slice(offset, offset + IMPORT_ROWS_PER_ITEM),
    });
  }
  await dynamoDocumentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        putNewItemStep({ ...summaryItem }),
        ...chunks.map((item) => putNewItemStep({ ...item })),
        auditPutStep(audit),
      ],
    }),
  );
}

/** One import with every row (one Query of its partition in the normal case), or null. */
export async function getUserImport(id: string): Promise<UserImport | null> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': userImportPartition(id) },
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((output.Items ?? []) as Record<string, unknown>[]));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  const summary = items.find((item) => item.entityType === ENTITY_TYPES.userImport) as UserImportItem | undefined;
  if (!summary) return null;
  const rows = (
    items.filter(
      (item) => item.entityType === ENTITY_TYPES.userImportRows && String(item.sk).startsWith(USER_IMPORT_ROWS_PREFIX),
    ) as unknown as UserImportRowsItem[]
  )
    .sort((a, b) => a.chunk - b.chunk)
    .flatMap((item) => item.rows);
  return { ...summaryOf(summary), rows };
}

/**
 * Imports newest first (per organization when several are named), without rows,
 * one page.
 * @throws ValidationError for a foreign or tampered page token.
 */
export async function listUserImports(options: {
  readonly organizations: 'all' | readonly string[];
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<Page<UserImportSummary>> {
  const page = await queryPage<UserImportItem>({
    index: options.organizations === 'all' ? 'gsi2' : 'gsi1',
    partitions:
      options.organizations === 'all'
        ? [USER_IMPORTS_PARTITION]
        : options.organizations.map(organizationUserImportsPartition),
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
  });
  return { items: page.items.map(summaryOf), nextPageToken: page.nextPageToken };
}
