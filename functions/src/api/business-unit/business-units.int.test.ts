import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import type {
  BusinessUnit,
  BusinessUnitInput,
  BusinessUnitPage,
  MergedBusinessUnit,
} from '#shared/contracts/administration';
import type { ErrorBody } from '#shared/contracts/common';
import type { PortalTokenClaims } from '#shared/contracts/identity';
import type { RawDownloadDataPoint, StatisticBucket, StatisticBucketPage } from '#shared/contracts/statistics';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { mergeBusinessUnits } from '../../data/business-units.ts';
import { recordDownload } from '../../data/downloads.ts';
import { tableName } from '../../data/dynamo.ts';
import { auditTargetPartition, userKey } from '../../data/keys.ts';
import { createUserAccount } from '../../data/users.ts';
import {
  ALREADY_MERGED_ELSEWHERE_MESSAGE,
  BUSINESS_UNIT_CHANGED_MESSAGE,
  BUSINESS_UNIT_MERGED_MESSAGE,
  BUSINESS_UNIT_NOT_FOUND_MESSAGE,
  MERGE_INTO_MERGED_MESSAGE,
  MERGE_INTO_SELF_MESSAGE,
} from '../../domain/business-units.ts';
import { newId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  adminTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
  writeUpstreamJwks,
} from '../../lib/auth/test-support.ts';
import type { Caller } from '../../lib/handler.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as authentication } from '../authentication/index.ts';
import { handler as statistics } from '../statistics/index.ts';
import { handler } from './index.ts';

/**
 * The business-unit group against the embedded emulators (issue 11 item 1; decision
 * record 030): units created, listed, searched, updated and merged through the
 * group's Lambda entry; downloads recorded with the real `recordDownload` and read
 * back through the statistics group, so "merging two organizations keeps every
 * download event attributed" is checked end to end; sign-in on VACR after an edit of
 * a unit's eligible brands.
 */

const UPSTREAM = { issuer: 'https://login.bu-test.example', audience: 'courseware-portal-bu' };
let stack: Awaited<ReturnType<typeof startTestStack>>;
let dir: string;
let upstreamKey: CryptoKey;
const savedBrand = process.env.BRAND;
type Who = 'visitor' | 'student' | 'admin';
const tokens: Record<Exclude<Who, 'visitor'>, string> = { student: '', admin: '' };
const ADMIN_ID = newId();
const run = newId().slice(-6).toLowerCase();

beforeAll(async () => {
  stack = await startTestStack();
  dir = mkdtempSync(path.join(tmpdir(), 'portal-bu-'));
  const upstream = await writeUpstreamJwks(dir, 'bu-jwks.json', 'bu');
  upstreamKey = upstream.privateKey;
  Object.assign(process.env, portalTokenTestEnv(), {
    VCR_ISSUER: UPSTREAM.issuer,
    VCR_AUDIENCE: UPSTREAM.audience,
    VCR_JWKS_FILE: upstream.jwksFile,
  });
  resetPortalTokenCaches();
  tokens.student = await signPortalToken(studentTokenInput());
  tokens.admin = await signPortalToken(
    adminTokenInput({
      userId: ADMIN_ID,
      displayName: 'Ada Admin',
      claims: [
        { type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent },
        { type: CLAIM_TYPES.api, value: API_CLAIMS.manageBusinessUnits },
      ],
    }),
  );
});
afterAll(async () => {
  if (savedBrand === undefined) delete process.env.BRAND;
  else process.env.BRAND = savedBrand;
  rmSync(dir, { recursive: true, force: true });
  await stack?.stop();
});

async function send<T>(event: APIGatewayProxyEventV2, as: Who, via = handler) {
  const signed = as === 'visitor' ? event : withHeaders(event, { authorization: `Bearer ${tokens[as]}` });
  const result = await via(signed, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
}

const withBody = (event: APIGatewayProxyEventV2, body: unknown) => ({ ...event, body: JSON.stringify(body) });

function input(overrides: Partial<BusinessUnitInput> = {}): BusinessUnitInput {
  return {
    name: `Test College ${run} ${newId().slice(-4)}`,
    category: 'college',
    state: 'VA',
    region: 'Southeast',
    public: true,
    eligibleBrands: ['VACR'],
    ...overrides,
  };
}

const create = <T = BusinessUnit>(body: unknown, as: Who = 'admin') =>
  send<T>(withBody(loadEvent('business-unit/create-business-unit'), body), as);
const get = <T = BusinessUnit>(id: string, as: Who = 'student') =>
  send<T>(withPathParameters(loadEvent('business-unit/get-business-unit'), { id }), as);
const update = <T = BusinessUnit>(id: string, body: unknown, as: Who = 'admin') =>
  send<T>(withBody(withPathParameters(loadEvent('business-unit/update-business-unit'), { id }), body), as);
const merge = <T = MergedBusinessUnit>(id: string, body: unknown, as: Who = 'admin') =>
  send<T>(withBody(withPathParameters(loadEvent('business-unit/merge-business-unit'), { id }), body), as);
const list = (query: Record<string, string>, as: Who = 'student') => {
  const event = loadEvent('business-unit/list-business-units');
  return send<BusinessUnitPage>(withQuery({ ...event, queryStringParameters: {}, rawQueryString: '' }, query), as);
};

async function newUnit(overrides: Partial<BusinessUnitInput> = {}): Promise<BusinessUnit> {
  const { status, body } = await create(input(overrides));
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

/** A user of `unit` (with the users-by-unit index key, as every new user gets it). */
async function newUser(unit: BusinessUnit, subject?: string): Promise<string> {
  const id = newId();
  await createUserAccount({
    user: {
      id,
      displayName: `User ${id.slice(-4)}`,
      email: `${id.toLowerCase()}@example.edu`,
      picture: null,
      businessUnitId: unit.id,
      businessUnit: { id: unit.id, name: unit.name, state: unit.state, public: unit.public },
      ranges: ['VACR'],
      createdTimestamp: new Date().toISOString(),
    },
    claims: [
      { type: CLAIM_TYPES.role, value: 'USER' },
      { type: CLAIM_TYPES.scopedFile, value: 'any', scopes: ['courseware', 'lesson'] },
    ],
    subscriptions: ['coursewareFeature'],
    messages: [],
    organizations: [],
    identities: subject ? [{ provider: 'vcr', subject }] : [],
  });
  return id;
}

/** Records a download of `userId` at `unit` (as recorded then) at `timestamp`; answers the event id. */
async function download(userId: string, unit: BusinessUnit, timestamp: string): Promise<string> {
  const id = newId();
  await recordDownload({
    id,
    timestamp,
    user: { id: userId, name: 'Downloader', email: null },
    file: { id: 'bu-test-file', name: 'Lab guide.pdf' },
    downloadedFrom: { id: 'bu-test-content', name: 'Buffer overflow lab', tags: [] },
    topMostContent: { id: 'bu-test-course', name: 'SEED Labs' },
    businessUnit: { id: unit.id, name: unit.name, category: unit.category, region: unit.region },
  });
  return id;
}

/** Every raw event of [from, to] through `GET /api/v1/statistics/contentfiledownload/events`. */
async function rawEvents(from: string, to: string): Promise<RawDownloadDataPoint[]> {
  const items: RawDownloadDataPoint[] = [];
  let pageToken: string | null = null;
  do {
    const event = withQuery(
      withPathParameters(loadEvent('statistics/list-raw-statistics'), { category: 'contentfiledownload' }),
      { from, to, limit: '2', ...(pageToken ? { pageToken } : {}) },
    );
    const { status, body } = await send<{ items: RawDownloadDataPoint[]; nextPageToken: string | null }>(
      event,
      'admin',
      statistics,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    items.push(...body.items);
    pageToken = body.nextPageToken;
  } while (pageToken);
  return items;
}

/** Every `businessUnit` bucket of a read through the statistics group, page after page. */
async function unitBuckets(query: Record<string, string>): Promise<StatisticBucket[]> {
  const items: StatisticBucket[] = [];
  let pageToken: string | null = null;
  do {
    const event = withQuery(
      withPathParameters(loadEvent('statistics/list-statistic-buckets'), {
        category: 'contentfiledownload',
        metric: 'businessUnit',
      }),
      { ...query, limit: '1', ...(pageToken ? { pageToken } : {}) },
    );
    const { status, body } = await send<StatisticBucketPage>(event, 'admin', statistics);
    expect(status, JSON.stringify(body)).toBe(200);
    items.push(...body.items);
    pageToken = body.nextPageToken;
  } while (pageToken);
  return items;
}

async function userItem(userId: string) {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: userKey(userId), ConsistentRead: true }),
  );
  return output.Item ?? {};
}

async function auditActions(targetId: string): Promise<string[]> {
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE.indexes.gsi1.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE.indexes.gsi1.partitionKey },
      ExpressionAttributeValues: { ':pk': auditTargetPartition(targetId) },
    }),
  );
  return (output.Items ?? []).map((item) => String(item.action));
}

const ADMIN_CALLER: Caller = {
  sub: ADMIN_ID,
  principal: { roles: ['USER'], claims: [], subscriptions: [] },
  claims: { displayName: 'Ada Admin' } as PortalTokenClaims,
};

describe('merging two organizations keeps every download event attributed', () => {
  it('attributes raw events and buckets of the duplicate to the kept unit, moves its users, hides it from lists', async () => {
    // Prepare: two units with users and downloads in December 2018 (before anything else of this stack).
    const kept = await newUnit({ name: `Kept University ${run}`, category: 'university', region: 'Plains' });
    const duplicate = await newUnit({ name: `Duplicate University ${run}`, category: 'university', region: 'Plains' });
    const keptUser = await newUser(kept);
    const dupUsers = [await newUser(duplicate), await newUser(duplicate), await newUser(duplicate)];
    const keptEvents = [
      await download(keptUser, kept, '2018-12-03T10:00:00.000Z'),
      await download(keptUser, kept, '2018-12-10T10:00:00.000Z'),
    ];
    const dupEvents = [
      await download(dupUsers[0] as string, duplicate, '2018-12-03T11:00:00.000Z'),
      await download(dupUsers[1] as string, duplicate, '2018-12-03T12:00:00.000Z'),
      await download(dupUsers[2] as string, duplicate, '2018-12-20T12:00:00.000Z'),
    ];
    // Act
    const { status, body } = await merge(duplicate.id, {
      intoId: kept.id,
      version: duplicate.version,
      intoVersion: kept.version,
    });
    // Assess: the answer
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ mergedId: duplicate.id, usersMoved: 3, complete: true });
    expect(body.into).toMatchObject({ id: kept.id, version: kept.version + 1, mergedIntoId: null });
    // Every raw event of both, under the kept unit (id, name, category, region).
    const events = await rawEvents('2018-12-01', '2018-12-31');
    expect(events.map((event) => event.id).sort()).toEqual([...keptEvents, ...dupEvents].sort());
    for (const event of events) {
      expect(event.metadata.businessUnits, event.id).toEqual({
        [kept.id]: { name: kept.name, category: 'university', region: 'Plains' },
      });
    }
    // Buckets: per period, the duplicate's counters summed into the kept unit's; the duplicate has none.
    const monthly = await unitBuckets({ from: '2018-12-01', to: '2018-12-31', resolution: 'month' });
    expect(monthly).toEqual([
      expect.objectContaining({ period: '2018-12', subject: kept.id, label: kept.name, value: 5 }),
    ]);
    const daily = await unitBuckets({ from: '2018-12-01', to: '2018-12-31', resolution: 'day' });
    expect(daily.map((bucket) => [bucket.period, bucket.subject, bucket.value])).toEqual([
      ['2018-12-03', kept.id, 3],
      ['2018-12-10', kept.id, 1],
      ['2018-12-20', kept.id, 1],
    ]);
    const table = await unitBuckets({ from: '2018-12-01', to: '2018-12-31', view: 'table' });
    expect(table).toEqual([expect.objectContaining({ subject: kept.id, label: kept.name, value: 5 })]);
    const groupTable = await unitBuckets({ from: '2018-12-01', to: '2018-12-31', view: 'table', group: 'university' });
    expect(groupTable).toEqual([expect.objectContaining({ subject: kept.id, value: 5 })]);
    // The users moved (version up, index key and display copy follow).
    for (const userId of dupUsers) {
      const item = await userItem(userId);
      expect(item).toMatchObject({
        businessUnitId: kept.id,
        businessUnit: { id: kept.id, name: kept.name },
        gsi2pk: `BUSINESS_UNIT_USERS#${kept.id}`,
        version: 2,
      });
    }
    // The duplicate: still readable with mergedIntoId, never listed; the kept one listed.
    const read = await get(duplicate.id);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: duplicate.id, mergedIntoId: kept.id, version: duplicate.version + 1 });
    const listed = await list({ q: run });
    expect(listed.body.items.map((unit) => unit.id)).toContain(kept.id);
    expect(listed.body.items.map((unit) => unit.id)).not.toContain(duplicate.id);
    // Audited in the same transaction.
    expect(await auditActions(duplicate.id)).toEqual(['businessUnit.create', 'businessUnit.merge']);
  });

  it('resolves a chain: A merged into B, then B into C, attributes A and B to C', async () => {
    // Prepare
    const a = await newUnit({ name: `Chain A ${run}`, category: 'K12' });
    const b = await newUnit({ name: `Chain B ${run}`, category: 'K12' });
    const c = await newUnit({ name: `Chain C ${run}`, category: 'government', region: 'Mid-Atlantic' });
    const userA = await newUser(a);
    const events = [
      await download(userA, a, '2018-11-05T08:00:00.000Z'),
      await download(await newUser(b), b, '2018-11-05T09:00:00.000Z'),
      await download(await newUser(c), c, '2018-11-06T09:00:00.000Z'),
    ];
    // Act
    const first = await merge(a.id, { intoId: b.id, version: a.version, intoVersion: b.version });
    const second = await merge(b.id, { intoId: c.id, version: b.version + 1, intoVersion: c.version });
    // Assess
    expect(first.status).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ usersMoved: 2, complete: true });
    const raw = await rawEvents('2018-11-01', '2018-11-30');
    expect(raw.map((event) => event.id).sort()).toEqual([...events].sort());
    for (const event of raw) expect(Object.keys(event.metadata.businessUnits)).toEqual([c.id]);
    expect(raw[0]?.metadata.businessUnits[c.id]).toEqual({
      name: c.name,
      category: 'government',
      region: 'Mid-Atlantic',
    });
    const monthly = await unitBuckets({ from: '2018-11-01', to: '2018-11-30', resolution: 'month' });
    expect(monthly.map((bucket) => [bucket.subject, bucket.value])).toEqual([[c.id, 3]]);
    expect((await userItem(userA)).businessUnitId).toBe(c.id);
    // Merging into a merged unit, or a merged unit elsewhere, is refused.
    const intoMerged = await merge(c.id, { intoId: a.id, version: c.version + 1, intoVersion: 2 });
    expect(intoMerged).toMatchObject({ status: 409, body: { message: MERGE_INTO_MERGED_MESSAGE } });
    const other = await newUnit();
    const elsewhere = await merge(a.id, { intoId: other.id, version: 2, intoVersion: other.version });
    expect(elsewhere).toMatchObject({ status: 409, body: { message: ALREADY_MERGED_ELSEWHERE_MESSAGE } });
  });

  it('finishes an interrupted merge when the same merge is repeated', async () => {
    // Prepare: a merge that stopped after one user (the per-request cap of the data layer).
    const kept = await newUnit();
    const duplicate = await newUnit();
    const users = [await newUser(duplicate), await newUser(duplicate), await newUser(duplicate)];
    const partial = await mergeBusinessUnits(
      duplicate.id,
      { intoId: kept.id, version: duplicate.version, intoVersion: kept.version },
      ADMIN_CALLER,
      { maxUsers: 1 },
    );
    expect(partial).toMatchObject({ usersMoved: 1, complete: false });
    // Act: the administrator repeats the merge (versions as first read: the merge is done, only users remain).
    const repeat = await merge(duplicate.id, {
      intoId: kept.id,
      version: duplicate.version,
      intoVersion: kept.version,
    });
    // Assess
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body).toMatchObject({ usersMoved: 2, complete: true, into: { id: kept.id, version: 2 } });
    for (const userId of users) expect((await userItem(userId)).businessUnitId).toBe(kept.id);
    const again = await merge(duplicate.id, { intoId: kept.id, version: 1, intoVersion: 1 });
    expect(again.body).toMatchObject({ usersMoved: 0, complete: true });
    expect(await auditActions(duplicate.id)).toEqual(['businessUnit.create', 'businessUnit.merge']);
  });

  it('refuses a merge into itself (400), of or into a missing unit (404), with moved versions (409)', async () => {
    const unit = await newUnit();
    const other = await newUnit();
    const self = await merge<ErrorBody>(unit.id, { intoId: unit.id, version: 1, intoVersion: 1 });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([{ path: 'body.intoId', message: MERGE_INTO_SELF_MESSAGE }]);
    const missing = await merge<ErrorBody>(unit.id, { intoId: newId(), version: 1, intoVersion: 1 });
    expect(missing).toMatchObject({ status: 404, body: { message: BUSINESS_UNIT_NOT_FOUND_MESSAGE } });
    const stale = await merge<ErrorBody>(unit.id, { intoId: other.id, version: 1, intoVersion: 7 });
    expect(stale).toMatchObject({ status: 409, body: { message: BUSINESS_UNIT_CHANGED_MESSAGE } });
    const invalid = await merge<ErrorBody>(unit.id, { intoId: 'not an id', version: 0 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors?.map((error) => error.path).sort()).toEqual(
      ['body.intoId', 'body.intoVersion', 'body.version'].sort(),
    );
    // Nothing was written by the refusals.
    expect((await get(unit.id)).body).toMatchObject({ version: 1, mergedIntoId: null });
    expect((await get(other.id)).body).toMatchObject({ version: 1, mergedIntoId: null });
  });
});

describe('create, read and update', () => {
  it('creates a unit (201), audited, readable by any signed-in user, with 400 field messages for bad input', async () => {
    const { status, body } = await create(input({ name: `  Created College ${run}  `, state: 'MD' }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: `Created College ${run}`, state: 'MD', version: 1, mergedIntoId: null });
    expect((await get(body.id)).body).toEqual(body);
    expect(await auditActions(body.id)).toEqual(['businessUnit.create']);
    const bad = await create<ErrorBody>({
      name: ' ',
      category: 'school',
      state: 'Virginia',
      region: 'x'.repeat(1000),
      public: 'yes',
      eligibleBrands: ['VACR', 'VACR'],
    });
    expect(bad.status).toBe(400);
    expect(new Set(bad.body.errors?.map((error) => error.path))).toEqual(
      new Set(['body.name', 'body.category', 'body.state', 'body.region', 'body.public', 'body.eligibleBrands']),
    );
    expect(bad.body.errors).toContainEqual({ path: 'body.eligibleBrands', message: 'Name each brand once.' });
    const unknownBrand = await create<ErrorBody>(input({ eligibleBrands: ['EU' as 'VACR'] }));
    expect(unknownBrand.body.errors).toEqual([{ path: 'body.eligibleBrands.0', message: 'Choose USCR or VACR.' }]);
    expect((await get(newId())).status).toBe(404);
  });

  it('updates with the version read, audited before and after; a stale version or a merged unit is a 409', async () => {
    const unit = await newUnit();
    const { version: _version, ...fields } = { ...input({ name: `Renamed ${run}` }), version: unit.version };
    const updated = await update(unit.id, { ...fields, eligibleBrands: [], version: unit.version });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: `Renamed ${run}`, eligibleBrands: [], version: 2 });
    const stale = await update<ErrorBody>(unit.id, { ...fields, version: 1 });
    expect(stale).toMatchObject({ status: 409, body: { message: BUSINESS_UNIT_CHANGED_MESSAGE } });
    expect(await auditActions(unit.id)).toEqual(['businessUnit.create', 'businessUnit.update']);
    const into = await newUnit();
    await merge(unit.id, { intoId: into.id, version: 2, intoVersion: 1 });
    const ofMerged = await update<ErrorBody>(unit.id, { ...fields, version: 3 });
    expect(ofMerged).toMatchObject({ status: 409, body: { message: BUSINESS_UNIT_MERGED_MESSAGE } });
    expect((await update(newId(), { ...fields, version: 1 })).status).toBe(404);
  });

  it('lets only manageBusinessUnits write: 401 for a visitor, 403 for a student', async () => {
    expect((await create(input(), 'visitor')).status).toBe(401);
    expect((await create(input(), 'student')).status).toBe(403);
    expect((await list({}, 'visitor')).status).toBe(401);
  });
});

describe('GET /api/v1/business-units', () => {
  it('lists in name order, searches anywhere in the name case-insensitively, filters, pages by token', async () => {
    // Prepare
    const tag = `zq${run}`;
    const names = [`Alpha ${tag} College`, `beta ${tag.toUpperCase()} Institute`, `Gamma Tech ${tag}`];
    const made = [
      await newUnit({ name: names[2], category: 'university', state: 'TX' }),
      await newUnit({ name: names[0], category: 'college', state: 'VA' }),
      await newUnit({ name: names[1], category: 'college', state: 'MD' }),
    ];
    // Act
    const pages: BusinessUnit[][] = [];
    let pageToken: string | undefined;
    do {
      const { status, body } = await list({ q: tag.toUpperCase(), limit: '2', ...(pageToken ? { pageToken } : {}) });
      expect(status).toBe(200);
      pages.push(body.items);
      pageToken = body.nextPageToken ?? undefined;
    } while (pageToken);
    // Assess
    expect(pages.flat().map((unit) => unit.name)).toEqual(names);
    expect(pages[0]).toHaveLength(2);
    expect((await list({ q: tag, category: 'college' })).body.items.map((unit) => unit.name)).toEqual([
      names[0],
      names[1],
    ]);
    expect((await list({ q: tag, state: 'TX' })).body.items.map((unit) => unit.id)).toEqual([made[0]?.id]);
    const short = await list({ q: 'z' });
    expect(short.status).toBe(400);
    expect((await list({ pageToken: 'forged' })).status).toBe(400);
  });
});

describe('eligibility as data at sign-in', () => {
  it('signs a VACR user in with file rights only while their unit lists VACR, read at each sign-in', async () => {
    // Prepare
    process.env.BRAND = 'VACR';
    const unit = await newUnit({ name: `Eligible School ${run}`, eligibleBrands: ['VACR'] });
    const subject = `bu-test|${newId()}`;
    await newUser(unit, subject);
    const signIn = async () => {
      const token = await new SignJWT({ email: 'someone@example.edu', name: 'Someone', token_use: 'id' })
        .setProtectedHeader({ alg: 'RS256', kid: 'bu' })
        .setIssuer(UPSTREAM.issuer)
        .setAudience(UPSTREAM.audience)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(upstreamKey);
      const event = withBody(loadEvent('authentication/authenticate'), { provider: 'vcr', token });
      const result = await authentication(event, lambdaContext());
      expect(result.statusCode, String(result.body)).toBe(200);
      return (decodeJwt(jsonBody<{ token: string }>(result).token) as unknown as PortalTokenClaims).claims;
    };
    const fileClaim = expect.objectContaining({ type: CLAIM_TYPES.scopedFile });
    // Act, Assess: eligible; the administrator removes VACR; not eligible at the next sign-in; and back.
    expect(await signIn()).toContainEqual(fileClaim);
    const { id: _id, version, createdTimestamp: _c, modifiedTimestamp: _m, mergedIntoId: _g, ...fields } = unit;
    expect((await update(unit.id, { ...fields, eligibleBrands: [], version })).status).toBe(200);
    expect(await signIn()).not.toContainEqual(fileClaim);
    // A unit merged into an eligible one: its users sign in eligible even before they are moved.
    const target = await newUnit({ eligibleBrands: ['VACR'] });
    const merged = await mergeBusinessUnits(
      unit.id,
      { intoId: target.id, version: version + 1, intoVersion: target.version },
      ADMIN_CALLER,
      { maxUsers: 0 },
    );
    expect(merged.complete).toBe(false);
    expect(await signIn()).toContainEqual(fileClaim);
    delete process.env.BRAND;
  });
});
