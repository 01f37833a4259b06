import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Event, LINK_TAKEN_MESSAGE, type News } from '#shared/contracts/news';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { putObject } from '../adapters/file-objects.ts';
import { newId } from '../domain/ids.ts';
import { env } from '../lib/env.ts';
import { ConflictError, ValidationError } from '../lib/errors.ts';
import { startTestStack } from '../test-support/stack.ts';
import { tableName } from './dynamo.ts';
import { createPendingFile, getFile, markFileReady } from './files.ts';
import {
  newsEventAllPartition,
  newsEventDateSortKey,
  newsEventIndexKeys,
  newsEventKey,
  newsEventLinkKey,
  newsEventStatusPartition,
} from './keys.ts';
import {
  createNewsEvent,
  deleteNewsEvent,
  freeLinks,
  getNewsEventById,
  getNewsEventByLink,
  listNewsEvents,
  listUpcomingEvents,
  NEWS_EVENT_CHANGED_MESSAGE,
  NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE,
  toNewsEvent,
  updateNewsEvent,
} from './news-events.ts';

/** The news and event access patterns against the embedded DynamoDB (decision record 024). */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const stamp = '2026-11-21T10:00:00.000Z';

function news(overrides: Partial<News> = {}): News {
  const id = newId();
  return {
    id,
    name: 'Workshop news',
    description: '<p>x</p>',
    link: `news-${id}`,
    image: '',
    status: 'published',
    date: '2026-10-01T12:00:00.000Z',
    createdTimestamp: stamp,
    modifiedTimestamp: stamp,
    externalLink: '',
    ...overrides,
  };
}

function event(overrides: Partial<Event> = {}): Event {
  const id = newId();
  return {
    id,
    name: 'Workshop',
    description: '<p>x</p>',
    link: `event-${id}`,
    image: '',
    status: 'published',
    date: '2027-03-12T14:00:00.000Z',
    createdTimestamp: stamp,
    modifiedTimestamp: stamp,
    location: 'Online',
    ...overrides,
  };
}

async function rawItem(key: { pk: string; sk: string }) {
  return (await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
}

describe('key strings', () => {
  it('pins every key of both kinds', () => {
    expect(newsEventKey('news', 'abc')).toEqual({ pk: 'NEWS#abc', sk: 'NEWS' });
    expect(newsEventKey('event', 'abc')).toEqual({ pk: 'EVENT#abc', sk: 'EVENT' });
    expect(newsEventLinkKey('news', 'spring')).toEqual({ pk: 'NEWS_LINK#spring', sk: 'NEWS_LINK' });
    expect(newsEventLinkKey('event', 'spring')).toEqual({ pk: 'EVENT_LINK#spring', sk: 'EVENT_LINK' });
    expect(newsEventStatusPartition('event', 'published')).toBe('EVENT_STATUS#published');
    expect(newsEventAllPartition('news')).toBe('NEWS_ALL');
    expect(newsEventIndexKeys('news', 'unpublished', '2027-03-12T14:00:00Z', 'abc')).toEqual({
      gsi1pk: 'NEWS_ALL',
      gsi1sk: '2027-03-12T14:00:00.000Z#abc',
      gsi3pk: 'NEWS_STATUS#unpublished',
      gsi3sk: '2027-03-12T14:00:00.000Z#abc',
    });
    expect(newsEventDateSortKey('2027-03-12T14:00:00.5Z')).toBe('2027-03-12T14:00:00.500Z');
  });
});

describe('writes', () => {
  it('creates the item and its link guard together, and reads by id and by link', async () => {
    const record = news();
    const item = await createNewsEvent('news', record);
    expect(item).toMatchObject({ ...record, version: 1, entityType: 'News', gsi3pk: 'NEWS_STATUS#published' });
    expect(await rawItem(newsEventLinkKey('news', record.link))).toMatchObject({
      ownerId: record.id,
      entityType: 'NewsLink',
    });
    expect(toNewsEvent('news', (await getNewsEventById('news', record.id)) ?? record)).toEqual(record);
    expect((await getNewsEventByLink('news', record.link))?.id).toBe(record.id);
    expect(await getNewsEventByLink('event', record.link)).toBeNull();
    expect(await getNewsEventById('event', record.id)).toBeNull();
  });

  it('refuses a taken link and writes nothing', async () => {
    const first = await createNewsEvent('event', event());
    const second = event({ link: first.link });
    await expect(createNewsEvent('event', second)).rejects.toThrow(new ConflictError(LINK_TAKEN_MESSAGE));
    expect(await getNewsEventById('event', second.id)).toBeNull();
  });

  it('moves the guard when the link changes, refuses a stale version, and deletes both items', async () => {
    const stored = await createNewsEvent('event', event());
    const moved = await updateNewsEvent(
      'event',
      { ...toNewsEvent('event', stored), link: `${stored.link}-moved` },
      stored,
    );
    expect(moved.version).toBe(2);
    expect(await rawItem(newsEventLinkKey('event', stored.link))).toBeUndefined();
    expect((await getNewsEventByLink('event', moved.link))?.id).toBe(stored.id);

    await expect(updateNewsEvent('event', { ...toNewsEvent('event', stored), name: 'Stale' }, stored)).rejects.toThrow(
      new ConflictError(NEWS_EVENT_CHANGED_MESSAGE),
    );
    await expect(deleteNewsEvent('event', stored)).rejects.toThrow(new ConflictError(NEWS_EVENT_CHANGED_MESSAGE));

    await deleteNewsEvent('event', moved);
    expect(await getNewsEventById('event', stored.id)).toBeNull();
    expect(await rawItem(newsEventLinkKey('event', moved.link))).toBeUndefined();
  });

  it('counts a link as free when nobody holds it or the item itself does', async () => {
    const stored = await createNewsEvent('news', news());
    const other = `free-${stored.id}`;
    expect(await freeLinks('news', [stored.link, other], stored.id)).toEqual([stored.link, other]);
    expect(await freeLinks('news', [stored.link, other], newId())).toEqual([other]);
  });
});

describe('image files in the item transactions (decision records 020, 024)', () => {
  const UPLOADER = '01jdq8a4b5c6d7e8f9g0h1j2k3';

  /** A Ready, unattached public `image` upload by `createdBy`, as completeUpload leaves it. */
  async function readyImage(createdBy = UPLOADER): Promise<string> {
    const id = newId();
    const objectKey = `files/${id}`;
    await putObject(env().publicBucket, objectKey, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const pending = await createPendingFile({
      id,
      name: 'team.png',
      filename: 'team.png',
      type: 'image/png',
      size: 4,
      sha256: '',
      visibility: 'public',
      objectKey,
      metadata: { id, type: 'Content' },
      createdTimestamp: stamp,
      createdBy,
      expiresAt: Math.ceil(Date.now() / 1000) + 900,
    });
    await markFileReady(pending, { size: 4, sha256: 'ab' });
    return id;
  }

  const attach = (fileId: string, uploadedBy = UPLOADER) => ({ fileId, name: 'Workshop', uploadedBy });
  const imageRefused = new ValidationError(
    [{ path: 'body.image', message: NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE }],
    NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE,
  );

  it('attaches the image with the item: owner and name set, TTL removed', async () => {
    const fileId = await readyImage();
    const record = news({ image: `/public/files/${fileId}` });
    await createNewsEvent('news', record, { attach: attach(fileId) });
    const file = await getFile(fileId);
    expect(file).toMatchObject({ name: 'Workshop', metadata: { id: record.id, type: 'Content' } });
    expect(file?.expiresAt).toBeUndefined();
  });

  it('refuses a missing, attached or foreign upload with a 400 and writes neither item nor guard', async () => {
    const attachedId = await readyImage();
    await createNewsEvent('event', event(), { attach: attach(attachedId) });
    const foreign = await readyImage(newId());
    for (const fileId of [newId(), attachedId, foreign]) {
      const record = event();
      const failure = await createNewsEvent('event', record, { attach: attach(fileId) }).catch((error) => error);
      expect(failure).toBeInstanceOf(ValidationError);
      expect(failure).toMatchObject({ message: imageRefused.message, errors: imageRefused.errors });
      expect(await rawItem(newsEventKey('event', record.id))).toBeUndefined();
      expect(await rawItem(newsEventLinkKey('event', record.link))).toBeUndefined();
    }
    expect((await getFile(foreign))?.expiresAt).toEqual(expect.any(Number));
  });

  it('reports a taken link as 409 and leaves the upload unattached', async () => {
    const holder = await createNewsEvent('news', news());
    const fileId = await readyImage();
    await expect(createNewsEvent('news', news({ link: holder.link }), { attach: attach(fileId) })).rejects.toThrow(
      new ConflictError(LINK_TAKEN_MESSAGE),
    );
    const file = await getFile(fileId);
    expect(file?.metadata.id).toBe(fileId);
    expect(file?.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('attaches the new image and detaches the old one in the update, and detaches on delete', async () => {
    const oldId = await readyImage();
    const stored = await createNewsEvent('news', news(), { attach: attach(oldId) });
    const newImage = await readyImage();
    const now = new Date();
    const updated = await updateNewsEvent(
      'news',
      { ...toNewsEvent('news', stored), image: `/public/files/${newImage}` },
      stored,
      { attach: attach(newImage), detach: oldId },
      now,
    );
    expect((await getFile(newImage))?.expiresAt).toBeUndefined();
    expect((await getFile(newImage))?.metadata.id).toBe(stored.id);
    // Detached: a TTL of now, so the upload sweeper removes it if the discard fails.
    expect((await getFile(oldId))?.expiresAt).toBe(Math.floor(now.getTime() / 1000));

    await deleteNewsEvent('news', updated, newImage, now);
    expect(await getNewsEventById('news', stored.id)).toBeNull();
    expect((await getFile(newImage))?.expiresAt).toBe(Math.floor(now.getTime() / 1000));
  });

  it('reports a stale item as 409 before a refused image, and a detach of a file not the item own as 409', async () => {
    const stored = await createNewsEvent('event', event());
    await updateNewsEvent('event', { ...toNewsEvent('event', stored), name: 'Newer' }, stored);
    await expect(
      updateNewsEvent('event', toNewsEvent('event', stored), stored, { attach: attach(newId()) }),
    ).rejects.toThrow(new ConflictError(NEWS_EVENT_CHANGED_MESSAGE));

    const current = await getNewsEventById('event', stored.id);
    if (!current) throw new Error('The event should exist.');
    const notItsImage = await readyImage();
    await expect(
      updateNewsEvent('event', { ...toNewsEvent('event', current), name: 'Never' }, current, { detach: notItsImage }),
    ).rejects.toThrow(new ConflictError(NEWS_EVENT_CHANGED_MESSAGE));
    expect((await getNewsEventById('event', stored.id))?.name).toBe('Newer');
    expect((await getFile(notItsImage))?.metadata.id).toBe(notItsImage);
    await expect(deleteNewsEvent('event', current, notItsImage)).rejects.toThrow(
      new ConflictError(NEWS_EVENT_CHANGED_MESSAGE),
    );
    expect(await getNewsEventById('event', stored.id)).not.toBeNull();
  });
});

describe('lists', () => {
  it('reads one status newest first, and all statuses for status=all', async () => {
    const a = await createNewsEvent('news', news({ date: '2001-01-01T00:00:00.000Z' }));
    const b = await createNewsEvent('news', news({ date: '2001-01-02T00:00:00Z', status: 'unpublished' }));
    const c = await createNewsEvent('news', news({ date: '2001-01-03T00:00:00.000Z' }));
    const ids = async (status: 'published' | 'unpublished' | 'all') => {
      const seen: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = await listNewsEvents('news', { status, limit: 2, pageToken });
        seen.push(...page.items.map((item) => item.id));
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      return seen.filter((id) => [a.id, b.id, c.id].includes(id));
    };
    expect(await ids('published')).toEqual([c.id, a.id]);
    expect(await ids('unpublished')).toEqual([b.id]);
    expect(await ids('all')).toEqual([c.id, b.id, a.id]);
  });

  it('reads upcoming events from now, soonest first, and resumes after an event that has passed', async () => {
    const base = Date.parse('2090-01-01T00:00:00.000Z');
    const at = (hours: number) => new Date(base + hours * 3_600_000).toISOString();
    const past = await createNewsEvent('event', event({ date: at(-1) }));
    const first = await createNewsEvent('event', event({ date: at(1) }));
    const second = await createNewsEvent('event', event({ date: at(2) }));
    const hidden = await createNewsEvent('event', event({ date: at(3), status: 'unpublished' }));
    const third = await createNewsEvent('event', event({ date: at(4) }));

    const now = new Date(base);
    const page1 = await listUpcomingEvents({ now, limit: 2 });
    expect(page1.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(page1.nextPageToken).toEqual(expect.any(String));
    // Later, when the first page's events have passed, the token still resumes after them.
    const page2 = await listUpcomingEvents({
      now: new Date(base + 5 * 3_600_000 - 1),
      limit: 2,
      pageToken: page1.nextPageToken ?? undefined,
    });
    expect(page2.items.map((item) => item.id)).toEqual([third.id]);
    const ids = [...page1.items, ...page2.items].map((item) => item.id);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(hidden.id);
  });
});
