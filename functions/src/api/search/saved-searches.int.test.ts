import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SavedSearch, SavedSearchList, UnsubscribeResult } from '#shared/contracts/saved-search';
import { ROUTE_RATE_LIMITS } from '#shared/limits';
import { bumpCatalogRevision } from '../../data/catalog.ts';
import { createContent } from '../../data/content.ts';
import { getOutboxMessage, listPendingOutbox, type OutboxItem } from '../../data/messages.ts';
import { getSavedSearch, getSavedSearchSettings } from '../../data/saved-searches.ts';
import { newId } from '../../domain/ids.ts';
import { parseUnsubscribeToken, unsubscribeToken } from '../../domain/saved-searches.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { portalTokenTestEnv, resetPortalTokenCaches, studentTokenInput } from '../../lib/auth/test-support.ts';
import { deliverPendingMessages } from '../../messages/outbox.ts';
import { syncCatalogSnapshot } from '../../search/indexer.ts';
import { resetSnapshotSearch, SEARCH_CATALOG_CHECK_ENV } from '../../search/snapshot-search.ts';
import { sendSavedSearchDigests } from '../../services/saved-searches.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { jsonBody, loadEvent, withHeaders } from '../../test-support/events.ts';
import { startOfNextRateLimitWindow } from '../../test-support/rate-limit-window.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { createPlainUserAccount } from '../../test-support/user-admin.ts';
import { handler } from './index.ts';

/**
 * Saved searches with alerts over the emulators (issue 24 item 8; decision record 061):
 * the routes through the search group's Lambda entry as two users of their own, content
 * written with `createContent` and indexed as the indexer does, the weekly digest run
 * with a chosen `now` (no waiting on the clock), and the one-click unsubscribe.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const users = { ada: { id: newId(), token: '' }, bob: { id: newId(), token: '' } };

const createUser = createPlainUserAccount;

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv(), { [SEARCH_CATALOG_CHECK_ENV]: '0' });
  resetPortalTokenCaches();
  resetSnapshotSearch();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  await createUser(users.ada.id, 'Ada Alerts', 'ada.alerts@example.edu');
  await createUser(users.bob.id, 'Bob Alerts', 'bob.alerts@example.edu');
  users.ada.token = await signPortalToken(studentTokenInput({ userId: users.ada.id, displayName: 'Ada Alerts' }));
  users.bob.token = await signPortalToken(studentTokenInput({ userId: users.bob.id, displayName: 'Bob Alerts' }));
  await createContent(contentRecord('Steganography primer, old', { modifiedTimestamp: '2026-01-01T00:00:00.000Z' }));
  await bumpCatalogRevision();
  await syncCatalogSnapshot();
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

function request(
  sample: string,
  options: { token?: string; path?: string; body?: unknown; query?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  const event = loadEvent(`search/${sample}`);
  const rawPath = options.path ?? event.rawPath;
  const id = rawPath.match(/saved-searches\/([0-9a-z]{26})/)?.[1];
  const text = options.body === undefined ? undefined : JSON.stringify(options.body);
  const withPath: APIGatewayProxyEventV2 = {
    ...event,
    rawPath,
    ...(id ? { pathParameters: { id } } : {}),
    ...(options.query
      ? { queryStringParameters: options.query, rawQueryString: new URLSearchParams(options.query).toString() }
      : {}),
    ...(text === undefined
      ? {}
      : {
          body: text,
          headers: { ...event.headers, 'content-type': 'application/json', 'content-length': String(text.length) },
        }),
    requestContext: { ...event.requestContext, http: { ...event.requestContext.http, path: rawPath } },
  };
  return options.token ? withHeaders(withPath, { authorization: `Bearer ${options.token}` }) : withPath;
}

async function call(sample: string, options: Parameters<typeof request>[1] = {}) {
  const result = await handler(request(sample, options), lambdaContext());
  return { status: result.statusCode, body: jsonBody<unknown>(result) };
}

async function create(token: string, name: string, text: string) {
  const result = await call('create-saved-search', { token, body: { name, query: { text } } });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return SavedSearch.parse(result.body);
}

async function list(token: string) {
  const result = await call('list-saved-searches', { token });
  expect(result.status).toBe(200);
  return SavedSearchList.parse(result.body).items;
}

async function publish(name: string) {
  await createContent(contentRecord(name, { modifiedTimestamp: new Date().toISOString() }));
  await bumpCatalogRevision();
  await syncCatalogSnapshot();
}

async function pendingDigests(): Promise<OutboxItem<'savedSearchDigest'>[]> {
  const page = await listPendingOutbox({ before: '9999', limit: 100 });
  return page.items.filter((item): item is OutboxItem<'savedSearchDigest'> => item.kind === 'savedSearchDigest');
}

describe('saved-search routes over the emulators', () => {
  it("keeps each user's own searches: another user's is 404 to read, rename, mark seen and delete", async () => {
    const mine = await create(users.ada.token, 'Ada private', 'forensics');
    expect((await list(users.ada.token)).map((item) => item.id)).toContain(mine.id);
    expect((await list(users.bob.token)).map((item) => item.id)).not.toContain(mine.id);
    const path = `/api/v1/saved-searches/${mine.id}`;
    expect((await call('update-saved-search', { token: users.bob.token, path, body: { name: 'Stolen' } })).status).toBe(
      404,
    );
    expect((await call('mark-saved-search-seen', { token: users.bob.token, path: `${path}/seen` })).status).toBe(404);
    expect((await call('delete-saved-search', { token: users.bob.token, path })).status).toBe(404);
    expect((await getSavedSearch(users.ada.id, mine.id))?.name).toBe('Ada private');
    expect((await call('list-saved-searches')).status).toBe(401);
  });

  it('renames, turns alerts off and on, and deletes after which it is gone', async () => {
    const search = await create(users.ada.token, 'To rename', 'malware');
    const path = `/api/v1/saved-searches/${search.id}`;
    const renamed = await call('update-saved-search', {
      token: users.ada.token,
      path,
      body: { name: 'Renamed', alerts: false },
    });
    expect(SavedSearch.parse(renamed.body)).toMatchObject({ name: 'Renamed', alerts: false });
    const on = await call('update-saved-search', { token: users.ada.token, path, body: { alerts: true } });
    expect(SavedSearch.parse(on.body)).toMatchObject({ name: 'Renamed', alerts: true });
    expect((await call('delete-saved-search', { token: users.ada.token, path })).status).toBe(200);
    expect((await call('delete-saved-search', { token: users.ada.token, path })).status).toBe(404);
    expect((await list(users.ada.token)).map((item) => item.id)).not.toContain(search.id);
  });

  it('counts only items published or updated after the search was saved, until they are marked seen', async () => {
    const search = await create(users.ada.token, 'Steganography', 'steganography');
    expect(search.newMatches).toBe(0);
    await publish('Steganography lab, new');
    const counted = (await list(users.ada.token)).find((item) => item.id === search.id);
    expect(counted?.newMatches).toBe(1);
    const seen = await call('mark-saved-search-seen', {
      token: users.ada.token,
      path: `/api/v1/saved-searches/${search.id}/seen`,
    });
    expect(SavedSearch.parse(seen.body).newMatches).toBe(0);
    expect((await list(users.ada.token)).find((item) => item.id === search.id)?.newMatches).toBe(0);
  });

  it('refuses a 21st saved search with 409, and takes one again after a delete', async () => {
    const owner = { id: newId(), token: '' };
    owner.token = await signPortalToken(studentTokenInput({ userId: owner.id }));
    const made: string[] = [];
    for (let i = 0; i < 20; i += 1) made.push((await create(owner.token, `Search ${i}`, 'cryptography')).id);
    const over = await call('create-saved-search', { token: owner.token, body: { name: 'One too many', query: {} } });
    expect(over.status).toBe(409);
    expect((await getSavedSearchSettings(owner.id))?.count).toBe(20);
    await call('delete-saved-search', { token: owner.token, path: `/api/v1/saved-searches/${made[0]}` });
    expect(
      (await call('create-saved-search', { token: owner.token, body: { name: 'Now it fits', query: {} } })).status,
    ).toBe(201);
  });
});

describe('the weekly digest over the emulators', () => {
  it('writes exactly one outbox e-mail per user with new matches, once a week, moving the points', async () => {
    const before = (await pendingDigests()).length;
    const quantum = await create(users.bob.token, 'Quantum', 'quantum');
    const lattice = await create(users.bob.token, 'Lattice', 'lattice');
    await create(users.bob.token, 'Nothing new', 'zeppelin');
    await publish('Quantum key distribution lab');
    await publish('Lattice cryptography notes');
    await publish('Quantum lattice survey');
    const monday = new Date('2026-11-30T08:00:00.000Z');

    const first = await sendSavedSearchDigests(monday);
    const digests = (await pendingDigests()).slice(before);
    const bobs = digests.filter((item) => item.payload.userId === users.bob.id);
    expect(bobs).toHaveLength(1);
    expect(first.emails).toBeGreaterThanOrEqual(1);
    const [digest] = bobs;
    expect(digest?.email.to).toEqual(['bob.alerts@example.edu']);
    expect(digest?.payload.week).toBe('2026-W49');
    expect(new Set(digest?.payload.searchIds)).toEqual(new Set([quantum.id, lattice.id]));
    expect(digest?.email.text).toContain('Quantum key distribution lab');
    expect(digest?.email.text).toContain('Lattice cryptography notes');
    expect(digest?.email.text).not.toContain('Nothing new');
    expect(digest?.email.listUnsubscribe).toMatch(/\/api\/v1\/saved-searches\/unsubscribe\?token=/);
    expect((await getSavedSearch(users.bob.id, quantum.id))?.digestTimestamp).not.toBe(quantum.digestTimestamp);

    // The same week again, even with something new meanwhile: nothing more for Bob.
    await publish('Quantum random numbers');
    await sendSavedSearchDigests(new Date('2026-12-02T10:00:00.000Z'));
    expect((await pendingDigests()).filter((item) => item.payload.userId === users.bob.id)).toHaveLength(1);

    // The next week: only what is new since the last digest.
    await sendSavedSearchDigests(new Date('2026-12-07T08:00:00.000Z'));
    const next = (await pendingDigests()).filter(
      (item) => item.payload.userId === users.bob.id && item.payload.week === '2026-W50',
    );
    expect(next).toHaveLength(1);
    expect(next[0]?.email.text).toContain('Quantum random numbers');
    expect(next[0]?.email.text).not.toContain('Quantum key distribution lab');
    expect(next[0]?.payload.searchIds).toEqual([quantum.id]);
  });

  it('sends the stored digest through SES like every outbox message', async () => {
    const [digest] = await pendingDigests();
    expect(digest).toBeDefined();
    // The digests were written at the runs' chosen "now" (a later week): the sender runs after them.
    const delivered = await deliverPendingMessages(new Date('2026-12-31T00:00:00.000Z'));
    expect(delivered.failed).toBe(0);
    expect((await getOutboxMessage(digest?.id ?? ''))?.emailStatus).toBe('sent');
  });

  it('turns every alert of the user off by the token, twice harmlessly, and refuses a forged token with 404', async () => {
    const settings = await getSavedSearchSettings(users.bob.id);
    const token = unsubscribeToken(users.bob.id, settings?.unsubscribeSecret ?? '');
    expect(parseUnsubscribeToken(token)).not.toBeNull();
    const first = await call('unsubscribe-saved-searches', { query: { token } });
    expect(first.status).toBe(200);
    expect(UnsubscribeResult.parse(first.body).unsubscribed).toBe(3);
    expect((await list(users.bob.token)).every((item) => !item.alerts)).toBe(true);
    expect(
      UnsubscribeResult.parse((await call('unsubscribe-saved-searches', { query: { token } })).body).unsubscribed,
    ).toBe(0);

    const forged = unsubscribeToken(users.bob.id, 'A'.repeat(43));
    expect((await call('unsubscribe-saved-searches', { query: { token: forged } })).status).toBe(404);
    const otherUser = unsubscribeToken(users.ada.id, settings?.unsubscribeSecret ?? '');
    expect((await call('unsubscribe-saved-searches', { query: { token: otherUser } })).status).toBe(404);
    expect((await call('unsubscribe-saved-searches', { query: { token: 'garbage' } })).status).toBe(400);

    // With alerts off, the next week's digest has nothing for Bob.
    await publish('Quantum lattice crossover');
    await sendSavedSearchDigests(new Date('2026-12-14T08:00:00.000Z'));
    expect(
      (await pendingDigests()).filter(
        (item) => item.payload.week === '2026-W51' && item.payload.userId === users.bob.id,
      ),
    ).toHaveLength(0);
  });

  it('answers 429 with Retry-After once one client address has tried more tokens than the limit', async () => {
    const { requests, windowSeconds } = ROUTE_RATE_LIMITS.unsubscribeSavedSearches.caller;
    startOfNextRateLimitWindow(windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i <= requests; i += 1) {
      const forged = unsubscribeToken(users.ada.id, `${String(i).padStart(2, '0')}${'B'.repeat(41)}`);
      const result = await handler(
        request('unsubscribe-saved-searches', { query: { token: forged } }),
        lambdaContext(),
      );
      statuses.push(result.statusCode ?? 0);
      if (result.statusCode === 429) {
        expect(result.headers?.['retry-after'] ?? result.headers?.['Retry-After']).toBeDefined();
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
  });
});
