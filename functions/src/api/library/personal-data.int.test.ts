import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import type { Claim } from '#shared/contracts/identity';
import { DeletedPersonalData, PersonalData } from '#shared/contracts/personal-data';
import { createContent } from '../../data/content.ts';
import { type DownloadEvent, recordDownload } from '../../data/downloads.ts';
import { getRatingTotals } from '../../data/reviews.ts';
import { newId } from '../../domain/ids.ts';
import { portalTokenTestEnv, resetPortalTokenCaches } from '../../lib/auth/test-support.ts';
import { createCollection } from '../../services/collections.ts';
import { saveToLibrary } from '../../services/library.ts';
import { hideReview, putMyReview } from '../../services/reviews.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import {
  callerOf,
  callLibrary,
  storedPerson,
  type TestPerson,
  VIEW_COURSEWARE_FILES,
} from '../../test-support/library-callers.ts';
import { storeSavedSearchFixture } from '../../test-support/saved-searches.ts';
import { startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * Privacy over the emulators (issue 26 item 5; decision record 075): the library group's
 * Lambda entry with real tokens; what the export holds is written through the real use
 * cases and read back through the route, and deletion is checked in the table.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const MANAGE_USERS: Claim = { type: CLAIM_TYPES.api, value: API_CLAIMS.manageUsers };

const call = (who: TestPerson | null, name: string, path?: Record<string, string>) =>
  callLibrary(handler, who, name, path ? { path } : {});

let ada: TestPerson;
let admin: TestPerson;
let labs: string[] = [];

beforeAll(async () => {
  process.env.RATE_LIMIT_SCALE = '100';
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  ada = await storedPerson('Ada', [VIEW_COURSEWARE_FILES]);
  admin = await storedPerson('Ann Admin', [MANAGE_USERS]);
  labs = [];
  for (const name of ['Privacy lab one', 'Privacy lab two']) {
    labs.push((await createContent(contentRecord(`${name} ${newId()}`, { id: newId() }))).id);
  }
  const [one, two] = labs as [string, string];
  await saveToLibrary(one, callerOf(ada));
  const download: DownloadEvent = {
    id: newId(),
    timestamp: '2026-03-01T10:00:00.000Z',
    user: { id: ada.id, name: ada.name, email: null },
    file: { id: newId(), name: 'lab-one.pdf' },
    downloadedFrom: { id: one, name: 'Privacy lab one', tags: [], publishedTimestamp: '2026-01-02T00:00:00.000Z' },
    topMostContent: { id: one, name: 'Privacy lab one' },
    businessUnit: null,
  };
  await recordDownload(download);
  await putMyReview(one, { rating: 5, text: 'Worked first time.' }, callerOf(ada));
  const hidden = await putMyReview(two, { rating: 1, text: 'Spam link' }, callerOf(ada));
  const editor = callerOf({ ...admin, claims: [{ type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent }] });
  await hideReview(hidden.review?.id ?? '', { reason: 'Off topic.' }, editor);
  await storeSavedSearchFixture(ada.id, 'Wireshark labs', { text: 'wireshark' }, { alerts: false });
  await createCollection(
    { name: 'Week 1', description: '', visibility: 'link', entries: [{ contentId: two, note: 'Start here' }] },
    callerOf(ada),
  );
});

afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

describe('the export of personal data (issue 26 item 5)', () => {
  it("gives the caller everything the portal holds about them, and nobody else's", async () => {
    const { status, body } = await call(ada, 'export-personal-data');
    expect(status).toBe(200);
    const data = PersonalData.parse(body);
    expect(data.account).toMatchObject({ id: ada.id, displayName: 'Ada', ranges: ['USCR'] });
    expect(data.account).not.toHaveProperty('version');
    expect(data.messages.map((message) => message.message)).toEqual(['Welcome, Ada']);
    expect(data.library.map((item) => item.contentId)).toEqual([labs[0]]);
    expect(data.downloads).toEqual([
      {
        timestamp: '2026-03-01T10:00:00.000Z',
        fileId: expect.any(String),
        fileName: 'lab-one.pdf',
        contentId: labs[0],
        contentName: 'Privacy lab one',
        publishedTimestamp: '2026-01-02T00:00:00.000Z',
      },
    ]);
    expect(data.downloadsTruncated).toBe(false);
    // The hidden review is exported too, with the editor's reason.
    expect(data.reviews.map((review) => [review.contentId, review.rating, review.status, review.hiddenReason])).toEqual(
      expect.arrayContaining([
        [labs[0], 5, 'visible', null],
        [labs[1], 1, 'hidden', 'Off topic.'],
      ]),
    );
    expect(data.reviews).toHaveLength(2);
    expect(data.savedSearches.map((search) => [search.name, search.alerts])).toEqual([['Wireshark labs', false]]);
    expect(data.updateNotices).toEqual({ emailDigest: true });
    expect(data.collections).toEqual([
      expect.objectContaining({
        name: 'Week 1',
        visibility: 'link',
        entries: [{ contentId: labs[1], name: expect.any(String), note: 'Start here' }],
      }),
    ]);

    const other = PersonalData.parse((await call(admin, 'export-personal-data')).body);
    expect(other.account.id).toBe(admin.id);
    expect(other.library).toEqual([]);
    expect(other.reviews).toEqual([]);
    expect(other.downloads).toEqual([]);
    expect(other.collections).toEqual([]);
  });

  it("shows an administrator the same document on the user's detail; 404 for no such user; 401/403 otherwise", async () => {
    const own = PersonalData.parse((await call(ada, 'export-personal-data')).body);
    const seen = await call(admin, 'get-user-personal-data', { id: ada.id });
    expect(seen.status).toBe(200);
    const { exportedTimestamp: _a, ...rest } = PersonalData.parse(seen.body);
    const { exportedTimestamp: _b, ...expected } = own;
    expect(rest).toEqual(expected);
    expect((await call(admin, 'get-user-personal-data', { id: newId() })).status).toBe(404);
    expect((await call(ada, 'get-user-personal-data', { id: admin.id })).status).toBe(403);
    expect((await call(null, 'export-personal-data')).status).toBe(401);
  });
});

describe('deleting personal data (issue 26 item 5)', () => {
  it("deletes every review of the caller, the items' averages following, and nobody else's", async () => {
    const bob = await storedPerson('Bob', [VIEW_COURSEWARE_FILES]);
    await putMyReview(labs[0] ?? '', { rating: 3, text: '' }, callerOf(bob));
    expect(await getRatingTotals(labs[0] ?? '')).toEqual({ sum: 8, count: 2 });

    const deleted = await call(ada, 'delete-personal-reviews');
    expect(deleted.status).toBe(200);
    expect(DeletedPersonalData.parse(deleted.body)).toEqual({ deleted: 2 });
    // Ada's visible 5 left the average; her hidden review never counted; Bob's 3 stays.
    expect(await getRatingTotals(labs[0] ?? '')).toEqual({ sum: 3, count: 1 });
    expect(await getRatingTotals(labs[1] ?? '')).toEqual({ sum: 0, count: 0 });
    expect(PersonalData.parse((await call(ada, 'export-personal-data')).body).reviews).toEqual([]);
    expect(PersonalData.parse((await call(bob, 'export-personal-data')).body).reviews).toHaveLength(1);
    // Nothing left: a second deletion deletes nothing.
    expect((await call(ada, 'delete-personal-reviews')).body).toEqual({ deleted: 0 });
    expect((await call(null, 'delete-personal-reviews')).status).toBe(401);
  });

  it("deletes every collection of the caller, shared ones too, and nobody else's", async () => {
    const bob = await storedPerson('Bob Keeper', [VIEW_COURSEWARE_FILES]);
    await createCollection({ name: "Bob's", description: '', visibility: 'private', entries: [] }, callerOf(bob));
    const deleted = await call(ada, 'delete-personal-collections');
    expect(deleted.status).toBe(200);
    expect(DeletedPersonalData.parse(deleted.body)).toEqual({ deleted: 1 });
    expect(PersonalData.parse((await call(ada, 'export-personal-data')).body).collections).toEqual([]);
    expect(PersonalData.parse((await call(bob, 'export-personal-data')).body).collections).toHaveLength(1);
    expect((await call(ada, 'delete-personal-collections')).body).toEqual({ deleted: 0 });
  });
});
