import Papa from 'papaparse';
import {
  INVITATION_ROLES,
  InvitationEmail,
  type InvitationRole,
  USER_IMPORT_COLUMNS,
  type UserImportRow,
} from '#shared/contracts/administration';
import type { FieldError } from '#shared/contracts/common';
import { ADMIN_LIMITS } from '#shared/limits';
import { normalizeEmail } from './invitations.ts';

/**
 * Reading a user import file (spec §3 "User import": a CSV with name, email and role
 * per user; §5 "File picker and user import"; issue 11 item 4; decision record 030)
 * and judging its rows. Pure: the caller supplies what the organization already
 * holds (pending invitations, members).
 */

/** Where file-level errors are reported (the request's file content). */
export const IMPORT_FILE_PATH = 'body.content';

/** Messages of a file that cannot be read at all (400 at {@link IMPORT_FILE_PATH}). */
export const IMPORT_FILE_MESSAGES = {
  empty: 'The file is empty.',
  noRows: 'The file has no rows below its header line.',
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and choose it again.',
  tooLarge: 'The selected file is too large to upload.',
  tooManyRows: `The file has more than ${ADMIN_LIMITS.importMaxRows} rows. Split it into smaller files.`,
  malformed: (line: number) => `The file is not valid CSV: a quoted value is not closed properly near line ${line}.`,
  missingColumns: (columns: readonly string[]) =>
    `The first line must name the columns name, email and role (any order); missing: ${columns.join(', ')}.`,
} as const;

/** Characters a spreadsheet treats as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The reasons a row is refused (every one that applies is listed). */
export const IMPORT_ROW_REASONS = {
  missing: (field: ImportField) => `${FIELD_LABELS[field]} is missing.`,
  invalidEmail: 'E-mail is not a valid e-mail address.',
  unknownRole: (role: string) => `Role "${role}" is not one of ${INVITATION_ROLES.join(', ')}.`,
  tooLong: (field: ImportField, limit: number) => `${FIELD_LABELS[field]} is longer than ${limit} characters.`,
  formula: (field: ImportField) =>
    `${FIELD_LABELS[field]} starts with =, +, -, @, a tab or a carriage return, which a spreadsheet would run as a formula; it is not imported.`,
  duplicateInFile: (line: number) => `Duplicate: the same e-mail address is on line ${line}.`,
  duplicatePending: 'Duplicate: this e-mail address already has a pending invitation to this organization.',
  duplicateMember: 'Duplicate: this e-mail address belongs to a member of this organization.',
} as const;

/** The three columns of an import file. */
export type ImportField = (typeof USER_IMPORT_COLUMNS)[number];
const FIELD_LABELS: Readonly<Record<ImportField, string>> = { name: 'Name', email: 'E-mail', role: 'Role' };
const FIELD_LIMITS: Readonly<Record<ImportField, number>> = {
  name: ADMIN_LIMITS.nameMaxChars,
  email: ADMIN_LIMITS.emailMaxChars,
  role: 64,
};

/** One data row as read: its line (the header is line 1, as a spreadsheet numbers rows) and its three cells. */
export interface ImportCells {
  readonly line: number;
  readonly name: string;
  readonly email: string;
  readonly role: string;
}

/** A file read: its rows, or the file-level errors (400). */
export type ImportFileReading = { ok: true; rows: ImportCells[] } | { ok: false; errors: FieldError[] };

const fileError = (message: string): ImportFileReading => ({
  ok: false,
  errors: [{ path: IMPORT_FILE_PATH, message }],
});

/**
 * Reads an import file from its base64 `content`: at most
 * {@link ADMIN_LIMITS}.importFileMaxBytes bytes, UTF-8 (a byte-order mark is
 * fine; anything else that does not decode is refused whole), CSV with a header line
 * naming `name`, `email` and `role` (case-insensitive, any order, more columns
 * ignored; `,`, `;` or tab separated), at least one and at most
 * {@link ADMIN_LIMITS}.importMaxRows data rows. Lines whose cells are all blank are
 * skipped (their numbers still count). Cells are kept as read (trimmed for judging
 * later), cut to one character over their limit so a stored report stays small.
 */
export function readImportFile(content: string): ImportFileReading {
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > ADMIN_LIMITS.importFileMaxBytes) return fileError(IMPORT_FILE_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fileError(IMPORT_FILE_MESSAGES.notUtf8);
  }
  if (text.trim() === '') return fileError(IMPORT_FILE_MESSAGES.empty);
  const parsed = Papa.parse<string[]>(text.replace(/\r\n/g, '\n'), {
    newline: '\n',
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
  });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) return fileError(IMPORT_FILE_MESSAGES.malformed((quoteError.row ?? 0) + 1));
  const [header = [], ...records] = parsed.data;
  const columns = header.map((cell) => cell.trim().toLowerCase());
  const missing = USER_IMPORT_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) return fileError(IMPORT_FILE_MESSAGES.missingColumns(missing));
  const index = Object.fromEntries(USER_IMPORT_COLUMNS.map((column) => [column, columns.indexOf(column)])) as Record<
    ImportField,
    number
  >;
  const rows: ImportCells[] = [];
  records.forEach((record, offset) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const cell = (field: ImportField) => (record[index[field]] ?? '').slice(0, FIELD_LIMITS[field] + 1);
    rows.push({ line: offset + 2, name: cell('name'), email: cell('email'), role: cell('role') });
  });
  if (rows.length === 0) return fileError(IMPORT_FILE_MESSAGES.noRows);
  if (rows.length > ADMIN_LIMITS.importMaxRows) return fileError(IMPORT_FILE_MESSAGES.tooManyRows);
  return { ok: true, rows };
}

/** What the organization already holds, by lower-cased e-mail address. */
export interface ImportContext {
  /** Addresses with a pending (or expired, not yet re-sent) invitation to the organization. */
  readonly pendingEmails: ReadonlySet<string>;
  /** Addresses of the organization's members. */
  readonly memberEmails: ReadonlySet<string>;
}

/** A judged row: the contract's row (status `valid` or `invalid`) and, when valid, what to invite. */
export interface JudgedRow {
  readonly row: UserImportRow;
  readonly invite: { readonly name: string; readonly email: string; readonly role: InvitationRole } | null;
}

/**
 * Judges every row and lists ALL its reasons: a formula-like cell (never imported),
 * a missing field (which), an over-long field, an invalid e-mail address, an unknown
 * role (case-insensitive match of {@link INVITATION_ROLES}), and a duplicate — the
 * same address earlier in the file, a pending invitation, or a member of the
 * organization. A row without reasons is `valid` and names what to invite
 * (name trimmed, e-mail lower-cased, role as listed).
 */
export function judgeRows(rows: readonly ImportCells[], context: ImportContext): JudgedRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((cells) => {
    const reasons: string[] = [];
    const value = {} as Record<ImportField, string>;
    for (const field of USER_IMPORT_COLUMNS) {
      const raw = cells[field];
      const trimmed = raw.trim();
      value[field] = trimmed;
      if (FORMULA_START.test(raw) || FORMULA_START.test(trimmed)) reasons.push(IMPORT_ROW_REASONS.formula(field));
      if (trimmed === '') reasons.push(IMPORT_ROW_REASONS.missing(field));
      else if (trimmed.length > FIELD_LIMITS[field] && field !== 'role') {
        reasons.push(IMPORT_ROW_REASONS.tooLong(field, FIELD_LIMITS[field]));
      }
    }
    const email = normalizeEmail(value.email);
    if (value.email !== '' && value.email.length <= ADMIN_LIMITS.emailMaxChars) {
      if (!InvitationEmail.safeParse(value.email).success) reasons.push(IMPORT_ROW_REASONS.invalidEmail);
    }
    const role = INVITATION_ROLES.find((candidate) => candidate === value.role.toLowerCase().replace(/\s+/g, ' '));
    if (value.role !== '' && !role) reasons.push(IMPORT_ROW_REASONS.unknownRole(value.role));
    if (email !== '') {
      const earlier = firstLine.get(email);
      if (earlier !== undefined) reasons.push(IMPORT_ROW_REASONS.duplicateInFile(earlier));
      else firstLine.set(email, cells.line);
      if (context.pendingEmails.has(email)) reasons.push(IMPORT_ROW_REASONS.duplicatePending);
      if (context.memberEmails.has(email)) reasons.push(IMPORT_ROW_REASONS.duplicateMember);
    }
    const valid = reasons.length === 0 && role !== undefined;
    return {
      row: {
        line: cells.line,
        name: cells.name,
        email: cells.email,
        role: cells.role,
        status: valid ? 'valid' : 'invalid',
        reasons,
      },
      invite: valid ? { name: value.name, email, role } : null,
    };
  });
}

/** The 400 errors of an all-or-nothing import with bad rows: one per bad row at `rows.<line>`, its reasons joined. */
export function badRowErrors(judged: readonly JudgedRow[]): FieldError[] {
  return judged
    .filter((entry) => entry.row.status === 'invalid')
    .map((entry) => ({ path: `rows.${entry.row.line}`, message: entry.row.reasons.join(' ') }));
}
