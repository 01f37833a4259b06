import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import {
  COLLECTION_LIMITS,
  Collection,
  CollectionCoverage,
  CollectionPage,
  CURATED_COLLECTION_FORBIDDEN_MESSAGE,
} from '#shared/contracts/collection';
import type { Claim } from '#shared/contracts/identity';
import { dynamoDocumentClient } from '../../adapters/aws-clients.ts';
import { COLLECTION_CHANGED_MESSAGE, getCollectionRecord } from '../../data/collections.ts';
import { createContent } from '../../data/content.ts';
import { tableName } from '../../data/dynamo.ts';
import { collectionSettingsKey } from '../../data/keys.ts';
import { newId } from '../../domain/ids.ts';
import { portalTokenTestEnv, resetPortalTokenCaches } from '../../lib/auth/test-support.ts';
import { contentRecord, setContentStatus } from '../../test-support/content-record.ts';
import {
  callLibrary,
  type LibraryCallOptions,
  storedPerson,
  type TestPerson,
  VIEW_COURSEWARE_FILES,
} from '../../test-support/library-callers.ts';
import { startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * Collections over the emulators (issue 26 item 2; decision record 073): the library
 * group's Lambda entry with real tokens and the records read back from the table.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const EDITOR: Claim = { type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent };

const call = (who: TestPerson | null, name: string, options: LibraryCallOptions = {}) =>
  callLibrary(handler, who, name, options);

let fay: TestPerson;
let gus: TestPerson;
let eve: TestPerson;
/** Published items with knowledge references, and an unpublished one. */
const items = { lab: '', module: '', quiz: '', draft: '' };

/** Creates a collection of `who` and answers it (201 expected). */
async function created(who: TestPerson, body: Record<string, unknown>): Promise<Collection> {
  const response = await call(who, 'create-collection', { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return Collection.parse(response.body);
}

beforeAll(async () => {
  process.env.RATE_LIMIT_SCALE = '100';
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fay = await storedPerson('Fay Faculty', [VIEW_COURSEWARE_FILES]);
  gus = await storedPerson('Gus Guest', [VIEW_COURSEWARE_FILES]);
  eve = await storedPerson('Eve Editor', [EDITOR]);
  const knowledge = (ids: string[]) => ids.map((id, index) => ({ id, name: `Statement ${id}`, index }));
  items.lab = (
    await createContent(
      contentRecord(`Buffer lab ${newId()}`, {
        id: newId(),
        ksas: knowledge(['K0070', 'S0001']),
        kus: knowledge(['CD-SP']),
      }),
    )
  ).id;
  items.module = (
    await createContent(contentRecord(`Crypto module ${newId()}`, { id: newId(), ksas: knowledge(['K0070', 'K0018']) }))
  ).id;
  items.quiz = (await createContent(contentRecord(`Quiz ${newId()}`, { id: newId(), tkss: knowledge(['T1262']) }))).id;
  items.draft = (await createContent(contentRecord(`Draft ${newId()}`, { id: newId(), status: 'unpublished' }))).id;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

describe('who reads a collection (issue 26 item 2)', () => {
  it('keeps a private collection to its owner: 404 to another user and to a visitor, not listed', async () => {
    const mine = await created(fay, { name: 'My private picks', entries: [{ contentId: items.lab, note: 'Week 1' }] });
    expect(mine).toMatchObject({ visibility: 'private', owned: true, itemCount: 1, ownerName: 'Fay Faculty' });
    expect(mine.entries).toEqual([
      expect.objectContaining({
        contentId: items.lab,
        note: 'Week 1',
        state: 'available',
        content: expect.any(Object),
      }),
    ]);
    expect((await call(fay, 'get-collection', { path: { id: mine.id } })).status).toBe(200);
    expect((await call(gus, 'get-collection', { path: { id: mine.id } })).status).toBe(404);
    expect((await call(null, 'get-collection', { path: { id: mine.id } })).status).toBe(404);
    expect((await call(gus, 'get-collection-coverage', { path: { id: mine.id } })).status).toBe(404);
    const curated = CollectionPage.parse((await call(null, 'list-curated-collections')).body);
    expect(curated.items.map((item) => item.id)).not.toContain(mine.id);
  });

  it('lets anyone with the link read a link-shared collection, which no list shows to others', async () => {
    const shared = await created(fay, {
      name: 'Shared by link',
      visibility: 'link',
      entries: [{ contentId: items.module }],
    });
    const byGus = Collection.parse((await call(gus, 'get-collection', { path: { id: shared.id } })).body);
    expect(byGus).toMatchObject({ id: shared.id, owned: false, ownerName: 'Fay Faculty' });
    expect((await call(null, 'get-collection', { path: { id: shared.id } })).status).toBe(200);
    expect(
      CollectionPage.parse((await call(null, 'list-curated-collections')).body).items.map((item) => item.id),
    ).not.toContain(shared.id);
    expect(CollectionPage.parse((await call(gus, 'list-my-collections')).body).items).toEqual([]);
    // Nobody but the owner changes or deletes it: 404, as for a collection that does not exist.
    const body = { name: 'Taken over', visibility: 'link', entries: [], version: shared.version };
    expect((await call(gus, 'update-collection', { path: { id: shared.id }, body })).status).toBe(404);
    expect(
      (await call(gus, 'add-collection-entry', { path: { id: shared.id }, body: { contentId: items.lab } })).status,
    ).toBe(404);
    expect((await call(gus, 'delete-collection', { path: { id: shared.id } })).status).toBe(404);
    expect((await getCollectionRecord(shared.id))?.name).toBe('Shared by link');
  });

  it('publishes curated collections of editors to everyone, and refuses curated to others (403)', async () => {
    const refused = await call(fay, 'create-collection', { body: { name: 'Not allowed', visibility: 'curated' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CURATED_COLLECTION_FORBIDDEN_MESSAGE);
    const curated = await created(eve, {
      name: 'Security Injections',
      visibility: 'curated',
      entries: [{ contentId: items.quiz }],
    });
    const list = CollectionPage.parse((await call(null, 'list-curated-collections')).body);
    expect(list.items[0]).toMatchObject({
      id: curated.id,
      name: 'Security Injections',
      ownerName: 'Eve Editor',
      itemCount: 1,
    });
    expect(
      Collection.parse((await call(null, 'get-collection', { path: { id: curated.id } })).body).entries[0]?.state,
    ).toBe('available');
  });
});

describe('changing a collection (issue 26 item 2)', () => {
  it('reorders, keeps each item once, refuses a stale version (409) and saves nothing on bad input', async () => {
    const start = await created(fay, {
      name: 'Reorder me',
      entries: [{ contentId: items.lab }, { contentId: items.module }, { contentId: items.quiz }],
    });
    const reordered = await call(fay, 'update-collection', {
      path: { id: start.id },
      body: {
        name: 'Reordered',
        description: 'Quiz first',
        visibility: 'link',
        entries: [{ contentId: items.quiz, note: 'Warm up' }, { contentId: items.lab }, { contentId: items.module }],
        version: start.version,
      },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    const after = Collection.parse(reordered.body);
    expect(after.entries.map((entry) => entry.contentId)).toEqual([items.quiz, items.lab, items.module]);
    expect(after).toMatchObject({ version: start.version + 1, visibility: 'link', name: 'Reordered' });

    const duplicate = await call(fay, 'update-collection', {
      path: { id: start.id },
      body: { name: 'Twice', entries: [{ contentId: items.lab }, { contentId: items.lab }], version: after.version },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toEqual([
      { path: 'body.entries.1.contentId', message: 'This item is already in the list.' },
    ]);

    const stale = await call(fay, 'update-collection', {
      path: { id: start.id },
      body: { name: 'Stale', entries: [], version: start.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(COLLECTION_CHANGED_MESSAGE);

    const hidden = await call(fay, 'update-collection', {
      path: { id: start.id },
      body: { name: 'With a draft', entries: [{ contentId: items.draft }], version: after.version },
    });
    expect(hidden.status).toBe(400);
    const stored = await getCollectionRecord(start.id);
    expect(stored?.name).toBe('Reordered');
    expect(stored?.entries.map((entry) => entry.contentId)).toEqual([items.quiz, items.lab, items.module]);
  });

  it('adds an item once at the end, 404 for an item the caller cannot open, 409 beyond the limit', async () => {
    const start = await created(fay, { name: 'Adding', entries: [{ contentId: items.lab }] });
    const added = Collection.parse(
      (
        await call(fay, 'add-collection-entry', {
          path: { id: start.id },
          body: { contentId: items.quiz, note: 'Then this' },
        })
      ).body,
    );
    const again = Collection.parse(
      (
        await call(fay, 'add-collection-entry', {
          path: { id: start.id },
          body: { contentId: items.lab, note: 'ignored' },
        })
      ).body,
    );
    expect(added.entries.map((entry) => [entry.contentId, entry.note])).toEqual([
      [items.lab, ''],
      [items.quiz, 'Then this'],
    ]);
    expect(again.entries).toEqual(added.entries);
    expect(again.version).toBe(added.version);
    expect(
      (await call(fay, 'add-collection-entry', { path: { id: start.id }, body: { contentId: items.draft } })).status,
    ).toBe(404);

    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `COLLECTION#${start.id}`, sk: 'COLLECTION' },
        UpdateExpression: 'SET entries = :entries',
        ExpressionAttributeValues: {
          ':entries': Array.from({ length: COLLECTION_LIMITS.itemsMax }, () => ({
            contentId: newId(),
            note: '',
            name: 'x',
          })),
        },
      }),
    );
    expect(
      (await call(fay, 'add-collection-entry', { path: { id: start.id }, body: { contentId: items.module } })).status,
    ).toBe(409);
  });

  it('shows what became of each item, never an error, and counts coverage over the available ones', async () => {
    const archivedItem = (
      await createContent(
        contentRecord(`Archived soon ${newId()}`, { id: newId(), kus: [{ id: 'CD-XX', name: 'Gone', index: 0 }] }),
      )
    ).id;
    const collection = await created(fay, {
      name: 'States',
      visibility: 'link',
      entries: [{ contentId: items.lab }, { contentId: archivedItem }, { contentId: items.module }],
    });
    await setContentStatus(archivedItem, 'archived');
    const read = Collection.parse((await call(gus, 'get-collection', { path: { id: collection.id } })).body);
    expect(read.entries.map((entry) => [entry.state, entry.content === null])).toEqual([
      ['available', false],
      ['archived', true],
      ['available', false],
    ]);
    const coverage = CollectionCoverage.parse(
      (await call(null, 'get-collection-coverage', { path: { id: collection.id } })).body,
    );
    expect(coverage.KSA.map((known) => [known.id, known.contentIds])).toEqual([
      ['K0018', [items.module]],
      ['K0070', [items.lab, items.module]],
      ['S0001', [items.lab]],
    ]);
    expect(coverage.KU.map((known) => known.id)).toEqual(['CD-SP']);
    expect(coverage.TKS).toEqual([]);
  });

  it("deletes the owner's collection, keeping the count right, and 404 afterwards", async () => {
    const owner = await storedPerson('Hal Owner', [VIEW_COURSEWARE_FILES]);
    const first = await created(owner, { name: 'To delete' });
    await created(owner, { name: 'To keep' });
    const deleted = await call(owner, 'delete-collection', { path: { id: first.id } });
    expect(deleted.body).toEqual({ id: first.id, deleted: true });
    expect((await call(owner, 'get-collection', { path: { id: first.id } })).status).toBe(404);
    expect((await call(owner, 'delete-collection', { path: { id: first.id } })).status).toBe(404);
    const settings = await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: collectionSettingsKey(owner.id),
        UpdateExpression: 'ADD #count :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':zero': 0 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(settings.Attributes?.count).toBe(1);
    expect(
      CollectionPage.parse((await call(owner, 'list-my-collections')).body).items.map((item) => item.name),
    ).toEqual(['To keep']);
  });

  it(`refuses a collection beyond ${COLLECTION_LIMITS.perUser} per user (409) and creates nothing`, async () => {
    const owner = await storedPerson('Ivy Many', [VIEW_COURSEWARE_FILES]);
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: collectionSettingsKey(owner.id),
        UpdateExpression: 'SET #count = :max',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':max': COLLECTION_LIMITS.perUser },
      }),
    );
    expect((await call(owner, 'create-collection', { body: { name: 'One too many' } })).status).toBe(409);
    expect(CollectionPage.parse((await call(owner, 'list-my-collections')).body).items).toEqual([]);
  });
});
