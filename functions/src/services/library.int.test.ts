import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalTokenClaims } from '#shared/contracts/identity';
import { LIBRARY_FULL_MESSAGE, LIBRARY_LIMITS } from '#shared/contracts/library';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { createContent, getContentById } from '../data/content.ts';
import { type DownloadEvent, recordDownload } from '../data/downloads.ts';
import { tableName } from '../data/dynamo.ts';
import { contentKey, librarySettingsKey } from '../data/keys.ts';
import { PREVIEW_STATISTIC_CATEGORY } from '../domain/download-statistics.ts';
import { newId } from '../domain/ids.ts';
import { ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { contentRecord, setContentStatus } from '../test-support/content-record.ts';
import { startTestStack } from '../test-support/stack.ts';
import { listDownloadHistory, listLibrary, removeFromLibrary, savedContentIds, saveToLibrary } from './library.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A faculty member (no editing rights) with their own id. */
function faculty(name: string): Caller {
  return {
    sub: `user-${name}-${newId()}`,
    principal: { roles: ['USER'], claims: [], subscriptions: ['coursewareFeature'] },
    claims: { displayName: name } as PortalTokenClaims,
  };
}

/** A stored content item named `name` (unique per call), with overrides. */
async function stored(name: string, overrides: Parameters<typeof contentRecord>[1] = {}): Promise<string> {
  const record = contentRecord(`${name} ${newId()}`, overrides);
  await createContent(record);
  return record.id;
}

describe('saving to the library (issue 26 item 1)', () => {
  it('saves and removes idempotently: a second save keeps the first time, a second removal changes nothing', async () => {
    const ada = faculty('Ada');
    const id = await stored('Idempotent lab');

    const first = await saveToLibrary(id, ada);
    const second = await saveToLibrary(id, ada);
    expect(first).toMatchObject({ contentId: id, saved: true });
    expect(second.savedTimestamp).toBe(first.savedTimestamp);
    expect(await savedContentIds(ada)).toEqual({ contentIds: [id] });
    expect((await listLibrary({ limit: 20 }, ada)).items).toHaveLength(1);

    expect(await removeFromLibrary(id, ada)).toEqual({ contentId: id, saved: false, savedTimestamp: null });
    expect(await removeFromLibrary(id, ada)).toEqual({ contentId: id, saved: false, savedTimestamp: null });
    expect(await savedContentIds(ada)).toEqual({ contentIds: [] });
    // The count followed: the item saves again.
    expect((await saveToLibrary(id, ada)).saved).toBe(true);
  });

  it("keeps each user's library their own", async () => {
    const ada = faculty('Ada');
    const ben = faculty('Ben');
    const id = await stored('Own lab');
    await saveToLibrary(id, ada);
    expect(await savedContentIds(ben)).toEqual({ contentIds: [] });
    expect((await listLibrary({ limit: 20 }, ben)).items).toEqual([]);
    await removeFromLibrary(id, ben);
    expect(await savedContentIds(ada)).toEqual({ contentIds: [id] });
  });

  it('refuses an item the caller cannot open, and a visitor', async () => {
    const ada = faculty('Ada');
    const hidden = await stored('Unpublished lab', { status: 'unpublished' });
    await expect(saveToLibrary(hidden, ada)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveToLibrary(newId(), ada)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveToLibrary(hidden, null)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(listLibrary({ limit: 20 }, null)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await savedContentIds(ada)).toEqual({ contentIds: [] });
  });

  it(`refuses a save beyond ${LIBRARY_LIMITS.savedPerUser} items with 409 and saves nothing`, async () => {
    const ada = faculty('Ada');
    const kept = await stored('Kept lab');
    await saveToLibrary(kept, ada);
    // A full library, as 500 saves leave it (the count is what the limit reads).
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: librarySettingsKey(ada?.sub ?? ''),
        UpdateExpression: 'SET #count = :full',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':full': LIBRARY_LIMITS.savedPerUser },
      }),
    );
    const next = await stored('One too many');
    await expect(saveToLibrary(next, ada)).rejects.toThrow(new ConflictError(LIBRARY_FULL_MESSAGE));
    expect(await savedContentIds(ada)).toEqual({ contentIds: [kept] });
    // Saving what is saved already is still fine, and a removal makes room.
    expect((await saveToLibrary(kept, ada)).saved).toBe(true);
    await removeFromLibrary(kept, ada);
    expect((await saveToLibrary(next, ada)).saved).toBe(true);
  });
});

describe('the library page (issue 26 item 1)', () => {
  it('pages the saved items newest first, each once, and tells what became of each', async () => {
    const ada = faculty('Ada');
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third', 'Fourth', 'Fifth']) {
      const id = await stored(`${name} saved lab`);
      await saveToLibrary(id, ada);
      ids.push(id);
    }
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await listLibrary({ limit: 2, pageToken }, ada);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.contentId));
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    expect(seen).toEqual([...ids].reverse());

    const [first, second, third] = ids as [string, string, string];
    const renamedFrom = (await getContentById(first))?.name;
    await setContentStatus(first, 'archived');
    await setContentStatus(second, 'unpublished');
    // Deleted since (the delete route removes the item; its remains are not the library's).
    await dynamoDocumentClient.send(new DeleteCommand({ TableName: tableName(), Key: contentKey(third) }));

    const items = (await listLibrary({ limit: 20 }, ada)).items;
    const byId = new Map(items.map((item) => [item.contentId, item]));
    expect(byId.get(first)).toMatchObject({ state: 'archived', content: null, name: renamedFrom });
    expect(byId.get(second)).toMatchObject({ state: 'unavailable', content: null });
    expect(byId.get(third)).toMatchObject({ state: 'removed', content: null });
    expect(byId.get(third)?.name).toMatch(/^Third saved lab/);
    expect(byId.get(ids[4] ?? '')).toMatchObject({ state: 'available', content: { id: ids[4] } });
  });
});

describe('the download history (issue 26 item 1)', () => {
  /** A download of `contentId`'s file by `caller`, as the download route records it. */
  function downloadOf(caller: Caller, contentId: string, name: string, timestamp: string): DownloadEvent {
    return {
      id: newId(),
      timestamp,
      user: { id: caller?.sub ?? '', name: 'Ada', email: null },
      file: { id: newId(), name: `${name}.pdf` },
      downloadedFrom: { id: contentId, name, tags: [], publishedTimestamp: '2026-01-02T00:00:00.000Z' },
      topMostContent: { id: contentId, name },
      businessUnit: null,
    };
  }

  it('lists downloads newest first with the version downloaded, never previews, and says when an item changed since', async () => {
    const ada = faculty('Ada');
    const kept = await stored('Downloaded lab');
    const republished = await stored('Republished lab');
    await recordDownload(downloadOf(ada, kept, 'Downloaded lab', '2026-03-01T10:00:00.000Z'));
    await recordDownload(downloadOf(ada, republished, 'Republished lab', '2026-03-02T10:00:00.000Z'));
    await recordDownload(
      downloadOf(ada, kept, 'Previewed lab', '2026-03-03T10:00:00.000Z'),
      PREVIEW_STATISTIC_CATEGORY,
    );
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contentKey(republished),
        UpdateExpression: 'SET #last = :last',
        ExpressionAttributeNames: { '#last': 'lastPublishedTimestamp' },
        ExpressionAttributeValues: { ':last': '2026-04-01T00:00:00.000Z' },
      }),
    );

    const first = await listDownloadHistory({ limit: 1 }, ada);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      contentId: republished,
      contentName: 'Republished lab',
      fileName: 'Republished lab.pdf',
      publishedTimestamp: '2026-01-02T00:00:00.000Z',
      state: 'available',
      updatedSince: true,
    });
    const second = await listDownloadHistory({ limit: 5, pageToken: first.nextPageToken ?? undefined }, ada);
    expect(second.items.map((entry) => [entry.contentId, entry.updatedSince])).toEqual([[kept, false]]);
    expect(second.nextPageToken).toBeNull();
    expect((await listDownloadHistory({ limit: 5 }, faculty('Ben'))).items).toEqual([]);
  });
});
