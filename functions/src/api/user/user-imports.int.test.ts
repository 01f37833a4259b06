import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { SELECT_IMPORT_FILE_MESSAGE } from '#shared/contracts/administration';
import { type Claim, COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import { ADMIN_LIMITS } from '#shared/limits';
import { type OperationId, ROUTES, routeKey } from '#shared/routes';
import { dynamoDbClient, dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { addOrganizationMember } from '../../data/courses.ts';
import { tableName } from '../../data/dynamo.ts';
import { auditTargetPartition, organizationInvitationsPartition } from '../../data/keys.ts';
import { createOrganization } from '../../data/organizations.ts';
import { IMPORT_ROW_WRITE_FAILED } from '../../data/user-imports.ts';
import { createUserAccount } from '../../data/users.ts';
import { newId } from '../../domain/ids.ts';
import { IMPORT_FILE_MESSAGES, IMPORT_ROW_REASONS } from '../../domain/user-import.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { resetPortalTokenCaches, studentTokenInput } from '../../lib/auth/test-support.ts';
import { deliverPendingMessages } from '../../messages/outbox.ts';
import { IMPORT_HAS_BAD_ROWS_MESSAGE, IMPORT_UNDONE_MESSAGE } from '../../services/user-imports.ts';
import { jsonBody, loadEvent } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as user } from './index.ts';

/**
 * The CSV user import (issue 11 item 4; spec §3 "User import", §5; decision record
 * 030) against the embedded emulators and the local SES inbox: the preview judges
 * every row, and an import writes exactly the invitations it says it writes.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let dir: string;
const ENV = ['PORTAL_ISSUER', 'PORTAL_SIGNING_KEY_FILE'] as const;
const savedEnv: Record<string, string | undefined> = {};
const api = (value: string, scopes?: string[]): Claim => ({
  type: CLAIM_TYPES.api,
  value,
  ...(scopes ? { scopes } : {}),
});
const organization = { id: newId(), name: 'Gamma Community College cyber range courses', businessUnitId: null };
const other = { id: newId(), name: 'Delta High School cyber range courses', businessUnitId: null };
const faulty = { id: newId(), name: 'Epsilon Institute cyber range courses', businessUnitId: null };
const tokens = {} as Record<'admin' | 'scoped' | 'faculty', string>;
const memberId = newId();

beforeAll(async () => {
  stack = await startTestStack();
  dir = mkdtempSync(path.join(tmpdir(), 'portal-imports-'));
  for (const name of ENV) savedEnv[name] = process.env[name];
  Object.assign(process.env, {
    PORTAL_ISSUER: 'https://portal.imports.test/api/v1/auth',
    PORTAL_SIGNING_KEY_FILE: path.join(dir, 'portal-key.json'),
  });
  resetPortalTokenCaches();
  await createOrganization(organization);
  await createOrganization(other);
  await createOrganization(faulty);
  const sign = (name: string, claims: Claim[]) =>
    signPortalToken(studentTokenInput({ userId: newId(), displayName: name, claims }));
  tokens.admin = await sign('Ada Admin', [api(API_CLAIMS.importUsers), api(API_CLAIMS.inviteUsers)]);
  tokens.scoped = await sign('Sid Scoped', [api(API_CLAIMS.importUsers, [other.id])]);
  tokens.faculty = await sign('Fay Faculty', [api(API_CLAIMS.inviteUsers, [organization.id])]);
  await createUserAccount({
    user: {
      id: memberId,
      displayName: 'Mia Member',
      email: 'mia@gamma.example.edu',
      picture: null,
      businessUnitId: null,
      businessUnit: null,
      ranges: ['USCR'],
      createdTimestamp: new Date().toISOString(),
    },
    claims: [{ type: CLAIM_TYPES.role, value: USER_ROLE }],
    subscriptions: [COURSEWARE_FEATURE],
    messages: [],
    organizations: [],
    identities: [],
  });
  await addOrganizationMember(organization.id, { userId: memberId, roles: ['student'] });
});

afterAll(async () => {
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  rmSync(dir, { recursive: true, force: true });
  await stack?.stop();
});

function eventOf(operationId: OperationId, token: string, options: { body?: unknown; path?: Record<string, string> }) {
  const route = ROUTES.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(operationId);
  const base = loadEvent('user/list-users');
  const rawPath = Object.entries(options.path ?? {}).reduce(
    (current, [name, value]) => current.replace(`{${name}}`, value),
    route.path as string,
  );
  const event: APIGatewayProxyEventV2 = {
    ...base,
    routeKey: routeKey(route),
    rawPath,
    rawQueryString: '',
    queryStringParameters: undefined,
    headers: { ...base.headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(options.path ? { pathParameters: options.path } : {}),
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    requestContext: {
      ...base.requestContext,
      routeKey: routeKey(route),
      http: { ...base.requestContext.http, method: route.method, path: rawPath },
    },
  };
  return event;
}

async function call(operationId: OperationId, token: string, options: Parameters<typeof eventOf>[2] = {}) {
  const result: APIGatewayProxyStructuredResultV2 = await user(eventOf(operationId, token, options), lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

const base64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');

/** Invitations stored for the organization (every item of its gsi1 partition). */
async function storedInvitations(
  organizationId = organization.id,
): Promise<{ email: string; importId: string | null }[]> {
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': organizationInvitationsPartition(organizationId) },
    }),
  );
  return (output.Items ?? []) as { email: string; importId: string | null }[];
}

/** The e-mails to `email` in the local SES inbox, once the outbox consumer has run (decision record 033). */
async function inboxTo(email: string): Promise<number> {
  await deliverPendingMessages();
  const store = (await (await fetch(`${stack.sesInboxUrl}/store`)).json()) as {
    emails: { destination: { to: string[] } }[];
  };
  return store.emails.filter((message) => message.destination.to.join(',').includes(email)).length;
}

const stamp = Date.now();
const good1 = `ann.${stamp}@gamma.example.edu`;
const good2 = `ben.${stamp}@gamma.example.edu`;
const longName = 'N'.repeat(ADMIN_LIMITS.nameMaxChars + 1);
/** A file with good and bad rows: every kind of bad row of issue 11's test list. */
const MIXED = [
  'Email,Role,Name',
  `${good1.toUpperCase()},Student,Ann Archer`,
  `${good2},organization instructor,Ben Baker`,
  `carl.${stamp}@gamma.example.edu,student,"=HYPERLINK(""http://x"",""y"")"`,
  `dora.${stamp}@gamma.example.edu,student,${longName}`,
  `${good1},student,Ann Again`,
  `eve.${stamp}@gamma.example.edu,teacher,Eve Evans`,
  `,student,Finn Nomail`,
  'not-an-address,student,Gus Guess',
  'mia@gamma.example.edu,student,Mia Member',
  '',
].join('\r\n');

describe('POST /api/v1/user-imports/preview', () => {
  it('marks every row valid or invalid with all its reasons, and writes nothing', async () => {
    // Act
    const preview = await call('previewUserImport', tokens.admin, {
      body: { fileName: 'class.csv', content: base64(`\uFEFF${MIXED}`), organizationId: organization.id },
    });
    // Assess
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({
      fileName: 'class.csv',
      organization: { id: organization.id, name: organization.name },
      rowCount: 9,
      validCount: 2,
      invalidCount: 7,
      rows: [
        { line: 2, name: 'Ann Archer', email: good1.toUpperCase(), role: 'Student', status: 'valid', reasons: [] },
        { line: 3, name: 'Ben Baker', email: good2, role: 'organization instructor', status: 'valid', reasons: [] },
        {
          line: 4,
          name: '=HYPERLINK("http://x","y")',
          email: `carl.${stamp}@gamma.example.edu`,
          role: 'student',
          status: 'invalid',
          reasons: [IMPORT_ROW_REASONS.formula('name')],
        },
        {
          line: 5,
          name: longName,
          email: `dora.${stamp}@gamma.example.edu`,
          role: 'student',
          status: 'invalid',
          reasons: [IMPORT_ROW_REASONS.tooLong('name', ADMIN_LIMITS.nameMaxChars)],
        },
        {
          line: 6,
          name: 'Ann Again',
          email: good1,
          role: 'student',
          status: 'invalid',
          reasons: [IMPORT_ROW_REASONS.duplicateInFile(2)],
        },
        {
          line: 7,
          name: 'Eve Evans',
          email: `eve.${stamp}@gamma.example.edu`,
          role: 'teacher',
          status: 'invalid',
          reasons: [IMPORT_ROW_REASONS.unknownRole('teacher')],
        },
        {
          line: 8,
          name: 'Finn Nomail',
          email: '',
          role: 'student',
          status: 'invalid',
          reasons: [IMPORT_ROW_REASONS.missing('email')],
        },
        {
          line: 9,
          name: 'Gus Guess',
          email: 'not-an-address',
          role: 'student',
          status: 'invalid',
          reasons: [IMPORT_ROW_REASONS.invalidEmail],
        },
        {
          line: 10,
          name: 'Mia Member',
          email: 'mia@gamma.example.edu',
          role: 'student',
          status: 'invalid',
          reasons: [IMPORT_ROW_REASONS.duplicateMember],
        },
      ],
    });
    expect(await storedInvitations()).toEqual([]);
  });

  it.each([
    ['an empty file', base64(''), IMPORT_FILE_MESSAGES.empty],
    ['a file of blank lines and a BOM', base64('\uFEFF\r\n \r\n'), IMPORT_FILE_MESSAGES.empty],
    [
      'a non-UTF-8 file (Latin-1)',
      Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0xff]).toString('base64'),
      IMPORT_FILE_MESSAGES.notUtf8,
    ],
    ['a header without role', base64('name,email\nA,a@example.edu\n'), IMPORT_FILE_MESSAGES.missingColumns(['role'])],
    ['a header only', base64('name,email,role\n'), IMPORT_FILE_MESSAGES.noRows],
    [
      'too many rows',
      base64(
        `name,email,role\n${Array.from({ length: ADMIN_LIMITS.importMaxRows + 1 }, (_, i) => `P${i},p${i}@example.edu,student`).join('\n')}`,
      ),
      IMPORT_FILE_MESSAGES.tooManyRows,
    ],
    [
      'a file over the size limit',
      base64('x'.repeat(ADMIN_LIMITS.importFileMaxBytes + 1)),
      IMPORT_FILE_MESSAGES.tooLarge,
    ],
  ])('answers 400 at body.content for %s', async (_name, content, message) => {
    const preview = await call('previewUserImport', tokens.admin, {
      body: { fileName: 'bad.csv', content, organizationId: organization.id },
    });
    expect(preview.status).toBe(400);
    expect(preview.body.errors).toEqual([{ path: 'body.content', message }]);
  });

  it('answers 400 at body.content when no file is sent (the SPA says "Please select a file to import." first)', async () => {
    const preview = await call('previewUserImport', tokens.admin, {
      body: { fileName: 'x.csv', organizationId: organization.id },
    });
    expect(preview.status).toBe(400);
    expect(preview.body.errors).toEqual([{ path: 'body.content', message: 'Is required.' }]);
    expect(SELECT_IMPORT_FILE_MESSAGE).toBe('Please select a file to import.');
  });

  it("answers 403 for an organization the caller's claim does not cover, and to callers without importUsers", async () => {
    const body = { fileName: 'class.csv', content: base64(MIXED), organizationId: organization.id };
    expect((await call('previewUserImport', tokens.scoped, { body })).status).toBe(403);
    expect((await call('runUserImport', tokens.scoped, { body: { ...body, mode: 'validRowsOnly' } })).status).toBe(403);
    expect((await call('previewUserImport', tokens.faculty, { body })).status).toBe(403);
    expect(await storedInvitations()).toEqual([]);
  });
});

describe('POST /api/v1/user-imports', () => {
  it('allOrNothing: a file with a bad row is refused whole (400, every bad row listed), nothing written or sent', async () => {
    const refused = await call('runUserImport', tokens.admin, {
      body: { fileName: 'class.csv', content: base64(MIXED), organizationId: organization.id, mode: 'allOrNothing' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(IMPORT_HAS_BAD_ROWS_MESSAGE);
    expect((refused.body.errors as { path: string }[]).map((error) => error.path)).toEqual([
      'rows.4',
      'rows.5',
      'rows.6',
      'rows.7',
      'rows.8',
      'rows.9',
      'rows.10',
    ]);
    expect(await storedInvitations()).toEqual([]);
    expect(await inboxTo(good1)).toBe(0);
  });

  it('validRowsOnly: writes exactly the good rows as invitations, e-mails them, and stores the report', async () => {
    // Act
    const run = await call('runUserImport', tokens.admin, {
      body: { fileName: 'class.csv', content: base64(MIXED), organizationId: organization.id, mode: 'validRowsOnly' },
    });
    // Assess
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    expect(run.body).toMatchObject({
      fileName: 'class.csv',
      mode: 'validRowsOnly',
      status: 'partial',
      rowCount: 9,
      createdCount: 2,
      skippedCount: 7,
      failedCount: 0,
    });
    const rows = run.body.rows as { line: number; status: string; reasons: string[] }[];
    expect(rows.map((row) => [row.line, row.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'skipped'],
      [5, 'skipped'],
      [6, 'skipped'],
      [7, 'skipped'],
      [8, 'skipped'],
      [9, 'skipped'],
      [10, 'skipped'],
    ]);
    const stored = await storedInvitations();
    expect(stored.map((item) => item.email).sort()).toEqual([good1, good2].sort());
    expect(stored.every((item) => item.importId === run.body.id)).toBe(true);
    expect(await inboxTo(good1)).toBe(1);
    expect(await inboxTo(good2)).toBe(1);
    const fetched = await call('getUserImport', tokens.admin, { path: { id: run.body.id as string } });
    expect(fetched).toEqual({ status: 200, body: run.body });
    const audit = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': auditTargetPartition(run.body.id as string) },
      }),
    );
    expect((audit.Items ?? []).map((item) => item.action)).toEqual(['userImport.run']);
    // The same file again: its good rows are duplicates now (pending invitations).
    const again = await call('previewUserImport', tokens.admin, {
      body: { fileName: 'class.csv', content: base64(MIXED), organizationId: organization.id },
    });
    expect((again.body.rows as { reasons: string[] }[])[0]?.reasons).toEqual([IMPORT_ROW_REASONS.duplicatePending]);
  });

  it('allOrNothing: a clean file is written whole', async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `class${i}.${stamp}@other.example.edu`);
    const file = ['name,email,role', ...emails.map((email, i) => `Student ${i},${email},student`)].join('\n');
    const run = await call('runUserImport', tokens.scoped, {
      body: { fileName: 'clean.csv', content: base64(file), organizationId: other.id, mode: 'allOrNothing' },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    expect(run.body).toMatchObject({ status: 'complete', createdCount: 30, skippedCount: 0, failedCount: 0 });
    expect((await storedInvitations(other.id)).map((item) => item.email).sort()).toEqual([...emails].sort());
    expect(await inboxTo(emails[29] as string)).toBe(1);
  });

  it('lists imports of the organizations the claim covers, and hides the others', async () => {
    const admin = await call('listUserImports', tokens.admin);
    const scoped = await call('listUserImports', tokens.scoped);
    const adminItems = admin.body.items as { organization: { id: string }; rows?: unknown }[];
    const scopedItems = scoped.body.items as { organization: { id: string }; id: string }[];
    expect(adminItems.map((item) => item.organization.id).sort()).toEqual([organization.id, other.id].sort());
    expect(adminItems.every((item) => item.rows === undefined)).toBe(true);
    expect(scopedItems.map((item) => item.organization.id)).toEqual([other.id]);
    const hidden = adminItems.find((item) => item.organization.id === organization.id) as unknown as { id: string };
    expect((await call('getUserImport', tokens.scoped, { path: { id: hidden.id } })).status).toBe(404);
  });
});

describe('a write that fails mid-way', () => {
  /** Makes every TransactWriteItems that writes an invitation to an address containing `marker` fail (as a DynamoDB outage would) while `run` runs. */
  async function failingWritesOf<T>(marker: string, run: () => Promise<T>): Promise<T> {
    const name = `failImportWrites-${marker}`;
    dynamoDbClient.middlewareStack.add(
      (next, context) => async (args) => {
        const input = (args as { input?: { TransactItems?: { Put?: { Item?: Record<string, unknown> } }[] } }).input;
        const hit = input?.TransactItems?.some((item) => {
          const email = item.Put?.Item?.email;
          return (
            context.commandName === 'TransactWriteItemsCommand' &&
            typeof email === 'object' &&
            JSON.stringify(email).includes(marker)
          );
        });
        if (hit) throw Object.assign(new Error('Injected outage.'), { name: 'InternalServerError' });
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      return await run();
    } finally {
      dynamoDbClient.middlewareStack.remove(name);
    }
  }

  const file = (prefix: string) =>
    [
      'name,email,role',
      ...Array.from({ length: 30 }, (_, i) => `Person ${i},${prefix}${i}.${stamp}@epsilon.example.edu,student`),
    ].join('\n');

  it('allOrNothing: undoes every row it wrote (nothing stored, nothing sent) and answers 503', async () => {
    // Rows 0–24 are written in the first transaction; the one with row 27 fails.
    const run = await failingWritesOf(`aon27.${stamp}`, () =>
      call('runUserImport', tokens.admin, {
        body: { fileName: 'aon.csv', content: base64(file('aon')), organizationId: faulty.id, mode: 'allOrNothing' },
      }),
    );
    expect(run).toEqual({ status: 503, body: { statusCode: 503, message: IMPORT_UNDONE_MESSAGE } });
    expect(await storedInvitations(faulty.id)).toEqual([]);
    expect(await inboxTo(`aon0.${stamp}@epsilon.example.edu`)).toBe(0);
  });

  it('validRowsOnly: reports the row that failed, writes the others, and says partial', async () => {
    const run = await failingWritesOf(`vro7.${stamp}`, () =>
      call('runUserImport', tokens.admin, {
        body: { fileName: 'vro.csv', content: base64(file('vro')), organizationId: faulty.id, mode: 'validRowsOnly' },
      }),
    );
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    expect(run.body).toMatchObject({ status: 'partial', createdCount: 29, skippedCount: 0, failedCount: 1 });
    const failed = (run.body.rows as { line: number; status: string; reasons: string[] }[]).filter(
      (row) => row.status === 'failed',
    );
    expect(failed).toEqual([expect.objectContaining({ line: 9, reasons: [IMPORT_ROW_WRITE_FAILED] })]);
    const stored = (await storedInvitations(faulty.id)).map((item) => item.email);
    expect(stored).toHaveLength(29);
    expect(stored).not.toContain(`vro7.${stamp}@epsilon.example.edu`);
  });
});
