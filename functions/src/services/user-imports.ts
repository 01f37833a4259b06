import { API_CLAIMS, claimCoverage, coverageIncludes } from '#shared/capabilities';
import type {
  RunUserImportRequest,
  UserImport,
  UserImportPreview,
  UserImportPreviewRequest,
  UserImportRow,
} from '#shared/contracts/administration';
import { auditActorOf, newAuditEvent } from '../data/audit.ts';
import { organizationMemberEmails, pendingInvitationEmails } from '../data/invitations.ts';
import { releaseOutboxMessage } from '../data/messages.ts';
import { getOrganization, type Organization } from '../data/organizations.ts';
import {
  getUserImport as getStoredUserImport,
  IMPORT_ROW_WRITE_FAILED,
  type ImportWrite,
  listUserImports as listStoredUserImports,
  saveUserImport,
  undoImportRows,
  writeImportRows,
} from '../data/user-imports.ts';
import { newId } from '../domain/ids.ts';
import { badRowErrors, type JudgedRow, judgeRows, readImportFile } from '../domain/user-import.ts';
import { ForbiddenError, NotFoundError, ServiceUnavailableError, ValidationError } from '../lib/errors.ts';
import { type Caller, FORBIDDEN_MESSAGE } from '../lib/handler.ts';
import { logger } from '../lib/logger.ts';
import { invitationOutbox, newInvitation } from './invitations.ts';

/**
 * User imports (spec §3 "User import", §5 "File picker and user import", §6
 * "import"; issue 11 item 4; decision record 030): a CSV of name, email and role is
 * previewed (every row judged, nothing written), then imported as invitations — the
 * account of each person is created when they accept, through the login flow. Who
 * may: `importUsers` (api claim `post_v1_user_imports`), whose scopes name the
 * organizations it covers.
 */

/** Message of the 400 of an all-or-nothing import whose file has bad rows. */
export const IMPORT_HAS_BAD_ROWS_MESSAGE = 'Nothing was imported: fix the rows listed and import the file again.';
/** Message of an all-or-nothing import that could not write every row: what it wrote was undone. */
export const IMPORT_UNDONE_MESSAGE =
  'Nothing was imported: a row could not be written, and every row written was undone.';
/** Message of the 404 for an import that does not exist or lies outside the caller's organizations. */
export const USER_IMPORT_NOT_FOUND_MESSAGE = 'Import does not exist.';

/**
 * An import's e-mails are held this long before the outbox consumer may send them
 * (ms): the import releases them once every row is written, or deletes them when it
 * cannot finish.
 */
export const IMPORT_EMAIL_HOLD_MS = 15 * 60_000;

/** The organizations the caller's import claim covers. */
function importCoverage(caller: Caller): 'all' | string[] {
  return caller ? claimCoverage(caller.principal, API_CLAIMS.importUsers) : [];
}

/** 403 when the caller's claim does not cover the organization, 404 when it does not exist. */
async function targetOrganization(caller: Caller, organizationId: string): Promise<Organization> {
  if (!coverageIncludes(importCoverage(caller), organizationId)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  return getOrganization(organizationId);
}

/** Reads and judges a file against what the organization holds; 400 for a file that cannot be read. */
async function judgeFile(content: string, organization: Organization): Promise<JudgedRow[]> {
  const reading = readImportFile(content);
  if (!reading.ok) throw new ValidationError(reading.errors, reading.errors[0]?.message);
  const emails = [
    ...new Set(reading.rows.map((row) => row.email.trim().toLowerCase()).filter((email) => email !== '')),
  ];
  const [pendingEmails, memberEmails] = await Promise.all([
    pendingInvitationEmails(organization.id, emails),
    organizationMemberEmails(organization.id),
  ]);
  return judgeRows(reading.rows, { pendingEmails, memberEmails });
}

/**
 * Previews an import (`POST /api/v1/user-imports/preview`): every row of `request.content`
 * with its verdict and reasons; writes nothing.
 * @throws ForbiddenError outside the caller's organizations; NotFoundError for a missing
 * organization; ValidationError for a file that cannot be read.
 */
export async function previewImport(request: UserImportPreviewRequest, caller: Caller): Promise<UserImportPreview> {
  const organization = await targetOrganization(caller, request.organizationId);
  const judged = await judgeFile(request.content, organization);
  const validCount = judged.filter((entry) => entry.invite !== null).length;
  return {
    fileName: request.fileName,
    organization: { id: organization.id, name: organization.name },
    rowCount: judged.length,
    validCount,
    invalidCount: judged.length - validCount,
    rows: judged.map((entry) => entry.row),
  };
}

/**
 * Runs an import (`POST /api/v1/user-imports`): `allOrNothing` refuses a file with any bad
 * row (400, one error per bad row at `rows.<line>`, nothing written) and undoes its writes
 * when one fails (no e-mail goes out before every row is written); `validRowsOnly` writes
 * the good rows and skips the bad. The stored import lists every row with its outcome
 * (`created`, `skipped`, `failed`) and is the downloadable report; it and the
 * `userImport.run` audit event are written in one transaction, then the e-mails go.
 * @throws as {@link previewImport}; ValidationError ({@link IMPORT_HAS_BAD_ROWS_MESSAGE},
 * or {@link IMPORT_UNDONE_MESSAGE} when a row became a duplicate meanwhile);
 * ServiceUnavailableError ({@link IMPORT_UNDONE_MESSAGE}) when a row could not be written.
 */
export async function runImport(request: RunUserImportRequest, caller: Caller): Promise<UserImport> {
  const organization = await targetOrganization(caller, request.organizationId);
  const judged = await judgeFile(request.content, organization);
  const allOrNothing = request.mode === 'allOrNothing';
  if (allOrNothing && judged.some((entry) => entry.invite === null)) {
    throw new ValidationError(badRowErrors(judged), IMPORT_HAS_BAD_ROWS_MESSAGE);
  }
  const now = new Date();
  const importId = newId();
  const actor = auditActorOf(caller);
  const writes: { line: number; write: ImportWrite }[] = judged.flatMap((entry) => {
    if (!entry.invite) return [];
    const { record, secret } = newInvitation({
      email: entry.invite.email,
      displayName: entry.invite.name,
      organization,
      role: entry.invite.role,
      invitedBy: actor,
      importId,
      now,
    });
    return [
      {
        line: entry.row.line,
        write: { record, outbox: invitationOutbox(record, secret, 'import', now, IMPORT_EMAIL_HOLD_MS) },
      },
    ];
  });
  const outcomes = await writeImportRows(
    writes.map((entry) => entry.write),
    allOrNothing,
  );
  const written = writes.flatMap((entry, index) => (outcomes[index]?.status === 'created' ? [entry.write.record] : []));
  const undo = async () => {
    await undoImportRows(written).catch((error: unknown) => {
      logger.error('An import could not be undone; its invitations are left pending without e-mails sent.', {
        importId,
        invitationIds: written.map((record) => record.id),
        error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      });
    });
  };
  const outcomeOfLine = new Map(writes.map((entry, index) => [entry.line, outcomes[index]]));
  if (allOrNothing && written.length !== writes.length) {
    await undo();
    const failed = writes.flatMap((entry, index) => {
      const outcome = outcomes[index];
      return outcome?.status === 'failed' ? [{ path: `rows.${entry.line}`, message: outcome.reason }] : [];
    });
    if (failed.some((error) => error.message === IMPORT_ROW_WRITE_FAILED)) {
      throw new ServiceUnavailableError(IMPORT_UNDONE_MESSAGE);
    }
    // A pending invitation of a row's address appeared meanwhile: that row is a duplicate now.
    throw new ValidationError(failed, IMPORT_UNDONE_MESSAGE);
  }
  const rows: UserImportRow[] = judged.map((entry) => {
    if (!entry.invite) return { ...entry.row, status: 'skipped' };
    const outcome = outcomeOfLine.get(entry.row.line);
    return outcome?.status === 'created'
      ? { ...entry.row, status: 'created', reasons: [] }
      : { ...entry.row, status: 'failed', reasons: [outcome?.status === 'failed' ? outcome.reason : 'Not written.'] };
  });
  const count = (status: UserImportRow['status']) => rows.filter((row) => row.status === status).length;
  const result: UserImport = {
    id: importId,
    fileName: request.fileName,
    organization: { id: organization.id, name: organization.name },
    mode: request.mode,
    status: count('created') === rows.length ? 'complete' : 'partial',
    importedBy: { id: actor.id, displayName: actor.displayName },
    createdTimestamp: now.toISOString(),
    rowCount: rows.length,
    createdCount: count('created'),
    skippedCount: count('skipped'),
    failedCount: count('failed'),
    rows,
  };
  const { rows: _rows, ...summary } = result;
  const audit = newAuditEvent({
    action: 'userImport.run',
    actor,
    target: { type: 'userImport', id: importId, name: request.fileName },
    before: null,
    after: { ...summary, organizationId: organization.id, invitationIds: written.map((record) => record.id) },
    now,
  });
  try {
    await saveUserImport(result, audit);
  } catch (error) {
    // Never half-done: without its report, the import's invitations are undone too.
    await undo();
    throw error;
  }
  // Every row is written: the outbox consumer may send their e-mails now (decision record 033).
  for (const outcome of outcomes) {
    if (outcome.status === 'created') await releaseOutboxMessage(outcome.outboxItem.id, now);
  }
  return result;
}

/**
 * The imports of the organizations the caller's claim covers, newest first, without rows
 * (`GET /api/v1/user-imports`).
 */
export async function listImports(
  caller: Caller,
  page: { readonly limit: number; readonly pageToken?: string | undefined },
): Promise<Awaited<ReturnType<typeof listStoredUserImports>>> {
  const organizations = importCoverage(caller);
  if (organizations !== 'all' && organizations.length === 0) return { items: [], nextPageToken: null };
  return listStoredUserImports({ organizations, limit: page.limit, pageToken: page.pageToken });
}

/**
 * One import with every row (`GET /api/v1/user-imports/{id}`).
 * @throws NotFoundError ({@link USER_IMPORT_NOT_FOUND_MESSAGE}) when missing or outside the
 * caller's organizations.
 */
export async function getImport(id: string, caller: Caller): Promise<UserImport> {
  const found = await getStoredUserImport(id);
  if (!found || !coverageIncludes(importCoverage(caller), found.organization.id)) {
    throw new NotFoundError(USER_IMPORT_NOT_FOUND_MESSAGE);
  }
  return found;
}
