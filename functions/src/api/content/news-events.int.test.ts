import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import type { ErrorBody } from '#shared/contracts/common';
import { CreatedUpload } from '#shared/contracts/file';
import {
  EVENT_NOT_FOUND_MESSAGE,
  type Event,
  type EventPage,
  LINK_TAKEN_MESSAGE,
  NEWS_EVENT_DATA_TOO_LONG_MESSAGE,
  NEWS_NOT_FOUND_MESSAGE,
  type News,
  type NewsPage,
} from '#shared/contracts/news';
import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { headObject } from '../../adapters/file-objects.ts';
import { getFile } from '../../data/files.ts';
import { NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE } from '../../data/news-events.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { env } from '../../lib/env.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as fileHandler } from '../file/index.ts';
import { handler } from './index.ts';

/**
 * The ten news and event routes through the content group's Lambda entry against the
 * embedded emulators (decision record 024): spec §5's limits at the limit and one
 * past it, links (generated, unique, freed on delete and on change), sanitisation,
 * who sees what, paging, upcoming events, delete rights and the messages of spec §8.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
type Who = 'visitor' | 'student' | 'editor' | 'deleter' | 'other';
const tokens: Record<Exclude<Who, 'visitor'>, string> = { student: '', editor: '', deleter: '', other: '' };

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.student = await signPortalToken(studentTokenInput());
  // An editor with patch_v1_content only: may create and update, not delete (spec §6).
  tokens.editor = await signPortalToken(editorTokenInput());
  tokens.deleter = await signPortalToken(
    editorTokenInput({
      displayName: 'Del Editor',
      claims: [
        { type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent },
        { type: CLAIM_TYPES.api, value: API_CLAIMS.deleteNews },
        { type: CLAIM_TYPES.api, value: API_CLAIMS.deleteEvents },
      ],
    }),
  );
  // Another editor (own id): uploads of one user are not the other's to attach.
  tokens.other = await signPortalToken(editorTokenInput({ userId: '01jd8z5a4b3c2d1e0f9g8h7j6a' }));
});
afterAll(async () => {
  await stack?.stop();
});

type Operation =
  | 'list-news'
  | 'get-news'
  | 'create-news'
  | 'update-news'
  | 'delete-news'
  | 'list-events'
  | 'get-event'
  | 'create-event'
  | 'update-event'
  | 'delete-event';

interface Call {
  as?: Who;
  id?: string;
  query?: Record<string, string>;
  /** A JSON body, serialised. */
  body?: unknown;
  /** The body exactly as sent (wins over `body`). */
  raw?: string;
}

/** Invokes the content group with the sample event of `operation`, changed as `call` says. */
async function send<T = Record<string, unknown>>(operation: Operation, call: Call = {}) {
  let event = loadEvent(`content/${operation}`);
  event = withQuery(event, call.query ?? {});
  if (call.id !== undefined) event = withPathParameters(event, { id: call.id });
  if (call.raw !== undefined || call.body !== undefined) {
    event = { ...event, body: call.raw ?? JSON.stringify(call.body) };
  }
  if (call.as && call.as !== 'visitor') event = withHeaders(event, { authorization: `Bearer ${tokens[call.as]}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
}

let sequence = 0;
/** A distinct title each call, so generated links do not collide across tests. */
const title = (text: string) => `${text} ${++sequence}`;

function newsInput(overrides: Record<string, unknown> = {}) {
  return {
    name: title('Workshop news'),
    description: '<p>Faculty met for two days of SEED Labs.</p>',
    status: 'published',
    date: '2026-10-01T12:00:00.000Z',
    ...overrides,
  };
}

function eventInput(overrides: Record<string, unknown> = {}) {
  const name = title('Faculty workshop');
  return {
    name,
    description: '<p>Hands-on sessions.</p>',
    link: name.toLowerCase().replaceAll(' ', '-'),
    location: 'Omaha, Nebraska',
    status: 'published',
    date: '2027-03-12T14:00:00.000Z',
    ...overrides,
  };
}

async function createNews(overrides: Record<string, unknown> = {}): Promise<News> {
  const { status, body } = await send<News>('create-news', { as: 'editor', body: newsInput(overrides) });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

async function createEvent(overrides: Record<string, unknown> = {}): Promise<Event> {
  const { status, body } = await send<Event>('create-event', { as: 'editor', body: eventInput(overrides) });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

/** Every page of a list, following nextPageToken. */
async function allPages<T extends News | Event>(operation: 'list-news' | 'list-events', call: Call) {
  const pages: T[][] = [];
  let token: string | null = null;
  do {
    const query: Record<string, string> = { ...call.query, ...(token ? { pageToken: token } : {}) };
    const { status, body } = await send<NewsPage | EventPage>(operation, { ...call, query });
    expect(status).toBe(200);
    pages.push(body.items as T[]);
    token = body.nextPageToken;
  } while (token);
  return pages;
}

describe('create, get and generated links', () => {
  it('creates a news item with a link generated from its title, readable by id and by link', async () => {
    const { status, body } = await send<News>('create-news', {
      as: 'editor',
      body: { ...newsInput({ name: 'SEED Labs – Spring Workshop!' }), date: '2026-10-01T12:00:00Z' },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'SEED Labs – Spring Workshop!',
      link: 'seed-labs-spring-workshop',
      externalLink: '',
      image: '',
      status: 'published',
      date: '2026-10-01T12:00:00.000Z',
    });
    expect(body.createdTimestamp).toBe(body.modifiedTimestamp);
    expect(Object.keys(body).sort()).toEqual([
      'createdTimestamp',
      'date',
      'description',
      'externalLink',
      'id',
      'image',
      'link',
      'modifiedTimestamp',
      'name',
      'status',
    ]);

    for (const id of [body.id, body.link, body.link.toUpperCase()]) {
      const read = await send<News>('get-news', { id });
      expect(read.status, id).toBe(200);
      expect(read.body).toEqual(body);
    }
  });

  it('numbers a generated link that is taken: -2, -3', async () => {
    const links = [];
    for (let i = 0; i < 3; i += 1) links.push((await createNews({ name: 'Same Title Twice' })).link);
    expect(links).toEqual(['same-title-twice', 'same-title-twice-2', 'same-title-twice-3']);
  });

  it('answers 409 for a link another item of the same kind holds, and allows it in the other kind', async () => {
    const news = await createNews({ link: 'shared-link' });
    const clash = await send<ErrorBody>('create-news', { as: 'editor', body: newsInput({ link: 'shared-link' }) });
    expect(clash).toEqual({ status: 409, body: { statusCode: 409, message: LINK_TAKEN_MESSAGE } });

    const event = await createEvent({ link: 'shared-link' });
    expect(event.link).toBe('shared-link');
    const eventClash = await send<ErrorBody>('create-event', {
      as: 'editor',
      body: eventInput({ link: 'shared-link' }),
    });
    expect(eventClash.status).toBe(409);
    expect(eventClash.body.message).toBe(LINK_TAKEN_MESSAGE);

    expect((await send<News>('get-news', { id: 'shared-link' })).body.id).toBe(news.id);
    expect((await send<Event>('get-event', { id: 'shared-link' })).body.id).toBe(event.id);
  });

  it('requires an event link', async () => {
    const { status, body } = await send<ErrorBody>('create-event', { as: 'editor', body: eventInput({ link: '' }) });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.path)).toContain('body.link');
  });

  it('sanitises the description: a script tag and an onerror attribute are removed', async () => {
    const description =
      '<p onclick="steal()">Agenda</p><script>alert(document.cookie)</script>' +
      '<img src="https://example.org/room.png" alt="Room" onerror="steal()"><a href="javascript:alert(1)">x</a>';
    const news = await createNews({ description });
    expect(news.description).toBe(
      '<p>Agenda</p><img src="https://example.org/room.png" alt="Room" /><a rel="noopener noreferrer">x</a>',
    );
    const event = await createEvent({ description });
    expect(event.description).not.toMatch(/script|onerror|onclick|javascript/i);
    expect((await send<Event>('get-event', { id: event.id })).body.description).toBe(event.description);
  });

  it('refuses a description that is blank once sanitised, and an unsafe image address', async () => {
    const blank = await send<ErrorBody>('create-news', {
      as: 'editor',
      body: newsInput({ description: '<script>alert(1)</script>' }),
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toContainEqual({ path: 'body.description', message: 'Is required.' });

    const image = await send<ErrorBody>('create-event', {
      as: 'editor',
      body: eventInput({ image: 'javascript:alert(1)' }),
    });
    expect(image.status).toBe(400);
    expect(image.body.errors?.map((error) => error.path)).toEqual(['body.image']);
  });

  it('lets only content editors create (401 for a visitor, 403 for a student)', async () => {
    expect((await send('create-news', { body: newsInput() })).status).toBe(401);
    expect((await send('create-news', { as: 'student', body: newsInput() })).status).toBe(403);
    expect((await send('create-event', { body: eventInput() })).status).toBe(401);
    expect((await send('create-event', { as: 'student', body: eventInput() })).status).toBe(403);
  });
});

describe('the limits of spec §5 "News and event dialog", at the limit and one past it', () => {
  const L = NEWS_EVENT_LIMITS;
  const cases: {
    what: string;
    kind: 'news' | 'event';
    field: string;
    value: (length: number) => string;
    max: number;
  }[] = [
    { what: 'news title', kind: 'news', field: 'name', value: (n) => 'T'.repeat(n), max: L.titleMaxChars },
    { what: 'event title', kind: 'event', field: 'name', value: (n) => 'T'.repeat(n), max: L.titleMaxChars },
    { what: 'news link', kind: 'news', field: 'link', value: (n) => 'n'.repeat(n), max: L.linkMaxChars },
    { what: 'event link', kind: 'event', field: 'link', value: (n) => 'e'.repeat(n), max: L.linkMaxChars },
    {
      what: 'event location',
      kind: 'event',
      field: 'location',
      value: (n) => 'L'.repeat(n),
      max: L.locationMaxChars,
    },
    {
      what: 'news description',
      kind: 'news',
      field: 'description',
      value: (n) => `<p>${'d'.repeat(n - 7)}</p>`,
      max: L.descriptionMaxChars,
    },
    {
      what: 'event description',
      kind: 'event',
      field: 'description',
      value: (n) => `<p>${'d'.repeat(n - 7)}</p>`,
      max: L.descriptionMaxChars,
    },
    {
      what: 'news external link',
      kind: 'news',
      field: 'externalLink',
      value: (n) => `https://example.org/${'x'.repeat(n - 20)}`,
      max: L.externalLinkMaxChars,
    },
    {
      what: 'news image',
      kind: 'news',
      field: 'image',
      // A portal path that names no uploaded file (a `/public/files/<id>` one is attached).
      value: (n) => `/public/img/${'i'.repeat(n - 12)}`,
      max: L.imageMaxChars,
    },
    {
      what: 'event image',
      kind: 'event',
      field: 'image',
      value: (n) => `https://example.org/${'i'.repeat(n - 20)}`,
      max: L.imageMaxChars,
    },
  ];

  for (const c of cases) {
    it(`${c.what}: ${c.max} is accepted, ${c.max + 1} is a 400 at body.${c.field}`, async () => {
      const input = c.kind === 'news' ? newsInput : eventInput;
      const operation = c.kind === 'news' ? 'create-news' : 'create-event';
      const atLimit = c.value(c.max);
      expect(atLimit).toHaveLength(c.max);
      const ok = await send<Record<string, string>>(operation, { as: 'editor', body: input({ [c.field]: atLimit }) });
      expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(201);
      expect(ok.body[c.field]).toBe(atLimit);

      const past = await send<ErrorBody>(operation, {
        as: 'editor',
        body: input({ [c.field]: c.value(c.max + 1) }),
      });
      expect(past.status).toBe(400);
      expect(past.body.errors).toContainEqual({
        path: `body.${c.field}`,
        message: `Must be at most ${c.max} characters.`,
      });
    });
  }

  /** A body of exactly `length` characters: the JSON of `input`, padded with JSON whitespace. */
  const padded = (input: unknown, length: number) => {
    const json = JSON.stringify(input);
    return `${json}${' '.repeat(length - json.length)}`;
  };

  for (const kind of ['news', 'event'] as const) {
    it(`${kind}: a body of 512,000 characters is accepted, 512,001 is a 413 with the data message`, async () => {
      const operation = kind === 'news' ? 'create-news' : 'create-event';
      const input = kind === 'news' ? newsInput() : eventInput();
      const ok = await send(operation, { as: 'editor', raw: padded(input, L.dataMaxChars) });
      expect(ok.status).toBe(201);

      const over = await send<ErrorBody>(operation, {
        as: 'editor',
        raw: padded(kind === 'news' ? newsInput() : eventInput(), L.dataMaxChars + 1),
      });
      expect(over).toEqual({ status: 413, body: { statusCode: 413, message: NEWS_EVENT_DATA_TOO_LONG_MESSAGE } });

      // Access is decided first: a visitor and a student learn nothing about the body.
      expect((await send(operation, { raw: padded(input, L.dataMaxChars + 1) })).status).toBe(401);
      expect((await send(operation, { as: 'student', raw: padded(input, L.dataMaxChars + 1) })).status).toBe(403);
    });
  }

  it('applies the data limit to updates too', async () => {
    const news = await createNews();
    const over = await send<ErrorBody>('update-news', {
      as: 'editor',
      id: news.id,
      raw: padded(newsInput(), L.dataMaxChars + 1),
    });
    expect(over.status).toBe(413);
    const event = await createEvent();
    const eventOver = await send<ErrorBody>('update-event', {
      as: 'editor',
      id: event.id,
      raw: padded(eventInput(), L.dataMaxChars + 1),
    });
    expect(eventOver.status).toBe(413);
    expect((await send<Event>('get-event', { id: event.id })).body).toEqual(event);
  });
});

describe('who sees unpublished items (spec §6, §8)', () => {
  let draftNews: News;
  let draftEvent: Event;

  beforeAll(async () => {
    draftNews = await createNews({ status: 'unpublished', date: '2030-01-01T00:00:00.000Z' });
    draftEvent = await createEvent({ status: 'unpublished', date: '2030-01-01T00:00:00.000Z' });
  });

  it('answers a visitor and a student 404 with the spec message, an editor 200', async () => {
    for (const who of ['visitor', 'student'] as const) {
      for (const id of [draftNews.id, draftNews.link]) {
        expect(await send('get-news', { as: who, id })).toEqual({
          status: 404,
          body: { statusCode: 404, message: NEWS_NOT_FOUND_MESSAGE },
        });
      }
      expect(await send('get-event', { as: who, id: draftEvent.link })).toEqual({
        status: 404,
        body: { statusCode: 404, message: EVENT_NOT_FOUND_MESSAGE },
      });
    }
    expect((await send<News>('get-news', { as: 'editor', id: draftNews.link })).body).toEqual(draftNews);
    expect((await send<Event>('get-event', { as: 'editor', id: draftEvent.id })).body).toEqual(draftEvent);
  });

  it('lists published items only for non-editors, whatever status they ask', async () => {
    for (const who of ['visitor', 'student'] as const) {
      for (const status of ['published', 'unpublished', 'all']) {
        const news = (await allPages<News>('list-news', { as: who, query: { status, limit: '100' } })).flat();
        expect(news.length).toBeGreaterThan(0);
        expect(news.every((item) => item.status === 'published')).toBe(true);
        const events = (await allPages<Event>('list-events', { as: who, query: { status, limit: '100' } })).flat();
        expect(events.every((item) => item.status === 'published')).toBe(true);
      }
    }
  });

  it('gives editors the status they ask for: published by default, unpublished, or all', async () => {
    const list = async (status?: string) =>
      (await allPages<News>('list-news', { as: 'editor', query: { limit: '100', ...(status ? { status } : {}) } }))
        .flat()
        .map((item) => item.status);
    expect(new Set(await list())).toEqual(new Set(['published']));
    expect(new Set(await list('unpublished'))).toEqual(new Set(['unpublished']));
    expect(new Set(await list('all'))).toEqual(new Set(['published', 'unpublished']));
    const events = (await allPages<Event>('list-events', { as: 'editor', query: { status: 'all', limit: '100' } }))
      .flat()
      .map((item) => item.id);
    expect(events).toContain(draftEvent.id);
  });

  it('answers unknown ids and links with the spec messages', async () => {
    expect(await send('get-news', { id: '00000000000000000000000000' })).toEqual({
      status: 404,
      body: { statusCode: 404, message: NEWS_NOT_FOUND_MESSAGE },
    });
    expect(await send('get-event', { as: 'editor', id: 'no-such-event' })).toEqual({
      status: 404,
      body: { statusCode: 404, message: EVENT_NOT_FOUND_MESSAGE },
    });
  });
});

describe('lists: newest first, 10 a page, and upcoming events', () => {
  const newestFirst = (items: { date: string; id: string }[]) =>
    items.every((item, i) => i === 0 || `${items[i - 1]?.date}#${items[i - 1]?.id}` > `${item.date}#${item.id}`);

  it('pages events 10 at a time, newest date first, with tokens until none is left', async () => {
    for (let i = 0; i < 12; i += 1) {
      await createEvent({ date: `2025-0${1 + (i % 9)}-1${i % 10}T09:00:00.000Z` });
    }
    const pages = await allPages<Event>('list-events', {});
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(10);
    expect(pages.at(-1)?.length).toBeGreaterThan(0);
    expect(pages.at(-1)?.length).toBeLessThanOrEqual(10);
    const items = pages.flat();
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(newestFirst(items)).toBe(true);
  });

  it('pages news the same way, and a home page asks for 2', async () => {
    for (let i = 0; i < 11; i += 1) await createNews({ date: `2024-1${i % 3}-0${1 + (i % 9)}T08:00:00.000Z` });
    const pages = await allPages<News>('list-news', { as: 'editor', query: { status: 'all' } });
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(10);
    expect(newestFirst(pages.flat())).toBe(true);
    const home = await send<NewsPage>('list-news', { query: { limit: '2' } });
    expect(home.body.items).toHaveLength(2);
    expect(home.body.items).toEqual(
      pages
        .flat()
        .filter((item) => item.status === 'published')
        .slice(0, 2),
    );
  });

  it('refuses a forged page token, a limit over 100, and an unknown status', async () => {
    const queries: Record<string, string>[] = [
      { pageToken: 'forged' },
      { limit: '101' },
      { status: 'draft' },
      { upcoming: 'maybe' },
    ];
    for (const query of queries) {
      expect((await send('list-events', { query })).status, JSON.stringify(query)).toBe(400);
    }
    const page = await send<NewsPage>('list-news', { query: { limit: '1' } });
    // A token of the published list does not resume another list.
    const foreign = await send('list-news', {
      as: 'editor',
      query: { status: 'all', pageToken: page.body.nextPageToken ?? '' },
    });
    expect(foreign.status).toBe(400);
  });

  it('lists upcoming events: published, from now on, soonest first', async () => {
    const soon = await createEvent({ date: new Date(Date.now() + 3_600_000).toISOString() });
    const later = await createEvent({ date: '2098-05-01T10:00:00.000Z' });
    const latest = await createEvent({ date: '2099-05-01T10:00:00.000Z' });
    const hidden = await createEvent({ date: '2098-06-01T10:00:00.000Z', status: 'unpublished' });
    const past = await createEvent({ date: '2001-05-01T10:00:00.000Z' });

    const asked = Date.now();
    const pages = await allPages<Event>('list-events', { as: 'editor', query: { upcoming: 'true', limit: '3' } });
    const items = pages.flat();
    const ids = items.map((item) => item.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(past.id);
    const mine = ids.filter((id) => [soon.id, later.id, latest.id].includes(id));
    expect(mine).toEqual([soon.id, later.id, latest.id]);
    for (const item of items) {
      expect(item.status).toBe('published');
      expect(Date.parse(item.date)).toBeGreaterThanOrEqual(asked - 60_000);
    }
    expect(items.map((item) => item.date)).toEqual([...items.map((item) => item.date)].sort());
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(3);
  });
});

describe('update', () => {
  it('replaces the fields, keeps createdTimestamp, moves the link and frees the old one', async () => {
    const news = await createNews({ link: 'before-the-move' });
    const changed = newsInput({
      name: 'Moved news',
      link: 'after-the-move',
      externalLink: 'https://example.org/story',
      status: 'unpublished',
      description: '<p>New text</p><script>x()</script>',
    });
    const { status, body } = await send<News>('update-news', { as: 'editor', id: news.id, body: changed });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: news.id,
      name: 'Moved news',
      link: 'after-the-move',
      externalLink: 'https://example.org/story',
      status: 'unpublished',
      description: '<p>New text</p>',
      createdTimestamp: news.createdTimestamp,
    });
    expect(body.modifiedTimestamp >= news.modifiedTimestamp).toBe(true);
    expect((await send('get-news', { as: 'editor', id: 'before-the-move' })).status).toBe(404);
    expect((await send<News>('get-news', { as: 'editor', id: 'after-the-move' })).body).toEqual(body);
    expect((await createNews({ link: 'before-the-move' })).link).toBe('before-the-move');
  });

  it('keeps the link when it is left empty and the title still gives it; regenerates it for a new title', async () => {
    const news = await createNews({ name: 'Stable Link Title' });
    expect(news.link).toBe('stable-link-title');
    const same = await send<News>('update-news', {
      as: 'editor',
      id: news.id,
      body: newsInput({ name: 'Stable Link Title', link: '' }),
    });
    expect(same.body.link).toBe('stable-link-title');
    const renamed = await send<News>('update-news', {
      as: 'editor',
      id: news.id,
      body: newsInput({ name: 'Renamed Link Title', link: '' }),
    });
    expect(renamed.body.link).toBe('renamed-link-title');
    expect((await createNews({ name: 'Stable Link Title' })).link).toBe('stable-link-title');
  });

  it('answers 409 for a link another item holds and changes nothing', async () => {
    const holder = await createEvent();
    const event = await createEvent();
    const clash = await send<ErrorBody>('update-event', {
      as: 'editor',
      id: event.id,
      body: eventInput({ link: holder.link, name: 'Clashing' }),
    });
    expect(clash).toEqual({ status: 409, body: { statusCode: 409, message: LINK_TAKEN_MESSAGE } });
    expect((await send<Event>('get-event', { id: event.id })).body).toEqual(event);
    expect((await send<Event>('get-event', { id: holder.link })).body).toEqual(holder);
  });

  it('updates an event and answers 404 for missing ones, 403 for a student, 400 for a bad id', async () => {
    const event = await createEvent();
    const moved = await send<Event>('update-event', {
      as: 'editor',
      id: event.id,
      body: eventInput({ link: event.link, location: 'Fairfax, Virginia' }),
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: event.id, link: event.link, location: 'Fairfax, Virginia' });

    const missing = '00000000000000000000000000';
    expect(await send('update-event', { as: 'editor', id: missing, body: eventInput() })).toEqual({
      status: 404,
      body: { statusCode: 404, message: EVENT_NOT_FOUND_MESSAGE },
    });
    expect(await send('update-news', { as: 'editor', id: missing, body: newsInput() })).toEqual({
      status: 404,
      body: { statusCode: 404, message: NEWS_NOT_FOUND_MESSAGE },
    });
    expect((await send('update-event', { as: 'student', id: event.id, body: eventInput() })).status).toBe(403);
    expect((await send('update-news', { as: 'editor', id: 'not-an-id', body: newsInput() })).status).toBe(400);
  });
});

describe('delete (spec §6 "Delete news", "Delete events")', () => {
  it('needs delete_v1_news: 401 visitor, 403 student, 403 editor without it, 200 with it', async () => {
    const news = await createNews({ link: 'to-be-deleted' });
    expect((await send('delete-news', { id: news.id })).status).toBe(401);
    expect((await send('delete-news', { as: 'student', id: news.id })).status).toBe(403);
    expect(await send('delete-news', { as: 'editor', id: news.id })).toEqual({
      status: 403,
      body: { statusCode: 403, message: 'Forbidden' },
    });
    expect(await send('delete-news', { as: 'deleter', id: news.id })).toEqual({ status: 200, body: { id: news.id } });

    expect(await send('get-news', { as: 'editor', id: news.id })).toEqual({
      status: 404,
      body: { statusCode: 404, message: NEWS_NOT_FOUND_MESSAGE },
    });
    expect((await send('delete-news', { as: 'deleter', id: news.id })).status).toBe(404);
    // The link is free again.
    expect((await createNews({ link: 'to-be-deleted' })).link).toBe('to-be-deleted');
  });

  it('needs delete_v1_events for events, and answers 404 "Event does not exist." afterwards', async () => {
    const event = await createEvent({ status: 'unpublished' });
    expect((await send('delete-event', { as: 'editor', id: event.id })).status).toBe(403);
    expect(await send('delete-event', { as: 'deleter', id: event.id })).toEqual({
      status: 200,
      body: { id: event.id },
    });
    expect(await send('get-event', { as: 'editor', id: event.link })).toEqual({
      status: 404,
      body: { statusCode: 404, message: EVENT_NOT_FOUND_MESSAGE },
    });
    expect(await send('delete-event', { as: 'deleter', id: event.id })).toEqual({
      status: 404,
      body: { statusCode: 404, message: EVENT_NOT_FOUND_MESSAGE },
    });
    expect((await createEvent({ link: event.link })).link).toBe(event.link);
  });
});

describe('images: attached on save, deleted when replaced, removed or deleted (decision records 020, 024)', () => {
  const PNG = (size: number) => {
    const bytes = new Uint8Array(size).fill(0x20);
    bytes.set(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    return bytes;
  };

  /** Invokes the file group with the sample event of `operation`. */
  async function fileCall(who: Exclude<Who, 'visitor'>, operation: string, body?: unknown, id?: string) {
    let event = loadEvent(`file/${operation}`);
    if (id !== undefined) event = withPathParameters(event, { id });
    event = { ...event, body: body === undefined ? '' : JSON.stringify(body) };
    event = withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
    const result = await fileHandler(event, lambdaContext());
    return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
  }

  /** A real `image` upload as the dialog makes it: createUpload, the presigned POST, completeUpload. */
  async function uploadImage(
    who: Exclude<Who, 'visitor'> = 'editor',
    kind: 'image' | 'htmlImage' = 'image',
  ): Promise<string> {
    const bytes = PNG(256);
    const created = await fileCall(who, 'create-upload', {
      kind,
      name: 'team.png',
      type: 'image/png',
      size: bytes.length,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { fileId, upload } = CreatedUpload.parse(created.body);
    const form = new FormData();
    for (const [field, value] of Object.entries(upload.fields)) form.append(field, value);
    form.append('file', new Blob([bytes], { type: 'image/png' }));
    expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBe(204);
    const completed = await fileCall(who, 'complete-upload', undefined, fileId);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const file = await getFile(fileId);
    expect(file).toMatchObject({ status: 'Ready', expiresAt: expect.any(Number) });
    return fileId;
  }

  const address = (fileId: string) => `/public/files/${fileId}`;

  /** The file's record is attached to `ownerId` (no TTL) and its object is stored. */
  async function expectAttached(fileId: string, ownerId: string, name?: string) {
    const file = await getFile(fileId);
    expect(file).not.toBeNull();
    expect(file?.expiresAt).toBeUndefined();
    expect(file?.metadata.id).toBe(ownerId);
    if (name !== undefined) expect(file?.name).toBe(name);
    expect(await headObject(env().publicBucket, `files/${fileId}`)).not.toBeNull();
  }

  /** Neither the record nor the object of the file is left. */
  async function expectGone(fileId: string) {
    expect(await getFile(fileId)).toBeNull();
    expect(await headObject(env().publicBucket, `files/${fileId}`)).toBeNull();
  }

  /** Still an unattached upload: Ready, a TTL in the future, its own owner. */
  async function expectUnattached(fileId: string) {
    const file = await getFile(fileId);
    expect(file?.status).toBe('Ready');
    expect(file?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(file?.metadata.id).toBe(fileId);
  }

  it('keeps the rich text editor’s own images the description names, and nothing else (decision record 063)', async () => {
    const own = await uploadImage('editor', 'htmlImage');
    const unnamed = await uploadImage('editor', 'htmlImage');
    const others = await uploadImage('other', 'htmlImage');
    const itemImage = await uploadImage('editor', 'image');
    const description = [own, others, itemImage]
      .map((id, index) => `<p><img src="${address(id)}" alt="Picture ${index}"></p>`)
      .join('');
    const news = await createNews({ description });
    expect(news.description).toContain(address(own));
    const kept = await getFile(own);
    expect(kept?.status).toBe('Ready');
    expect(kept?.expiresAt).toBeUndefined();
    // Kept, not attached to the item: a restored revision or another item may show it too.
    expect(kept?.metadata.id).toBe(own);
    expect(await headObject(env().publicBucket, `files/${own}`)).not.toBeNull();
    // Another editor's upload, an item-image upload and an unnamed one keep their day.
    await expectUnattached(unnamed);
    await expectUnattached(others);
    await expectUnattached(itemImage);
    // Saving the same description again changes nothing and is no error.
    const again = await send<News>('update-news', {
      as: 'editor',
      id: news.id,
      body: newsInput({ link: news.link, description }),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await getFile(own))?.expiresAt).toBeUndefined();
  });

  it('attaches the uploaded image of a new news item and of a new event, named after the item', async () => {
    const newsImage = await uploadImage();
    const news = await createNews({ name: title('Range day'), image: address(newsImage) });
    expect(news.image).toBe(address(newsImage));
    await expectAttached(newsImage, news.id, news.name);

    const eventImage = await uploadImage();
    const event = await createEvent({ image: address(eventImage) });
    await expectAttached(eventImage, event.id, event.name);
  });

  it('cuts a long title to a file name of 120 characters', async () => {
    const image = await uploadImage();
    const news = await createNews({ name: `${'Long '.repeat(100)}${++sequence}`, image: address(image) });
    const file = await getFile(image);
    expect(file?.name).toBe(news.name.slice(0, 120).trim());
  });

  it('keeps an unchanged image, attaches a replacing one and deletes the replaced one', async () => {
    const first = await uploadImage();
    const news = await createNews({ image: address(first) });
    const before = await getFile(first);

    const unchanged = await send<News>('update-news', {
      as: 'editor',
      id: news.id,
      body: newsInput({ name: 'Renamed, same image', link: news.link, image: address(first) }),
    });
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
    expect(await getFile(first)).toEqual(before);

    const second = await uploadImage();
    const replaced = await send<News>('update-news', {
      as: 'editor',
      id: news.id,
      body: newsInput({ link: news.link, image: address(second) }),
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.image).toBe(address(second));
    await expectAttached(second, news.id);
    await expectGone(first);
  });

  it('deletes the image when it is removed, and when it is replaced by an external one', async () => {
    const removedImage = await uploadImage();
    const event = await createEvent({ image: address(removedImage) });
    const removed = await send<Event>('update-event', {
      as: 'editor',
      id: event.id,
      body: eventInput({ link: event.link, image: '' }),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.image).toBe('');
    await expectGone(removedImage);

    const replacedImage = await uploadImage();
    const news = await createNews({ image: address(replacedImage) });
    const external = await send<News>('update-news', {
      as: 'editor',
      id: news.id,
      body: newsInput({ link: news.link, image: 'https://example.org/team.png' }),
    });
    expect(external.status, JSON.stringify(external.body)).toBe(200);
    await expectGone(replacedImage);
  });

  it('deletes the image of a deleted news item and of a deleted event', async () => {
    const newsImage = await uploadImage();
    const news = await createNews({ image: address(newsImage) });
    expect(await send('delete-news', { as: 'deleter', id: news.id })).toEqual({ status: 200, body: { id: news.id } });
    await expectGone(newsImage);

    const eventImage = await uploadImage();
    const event = await createEvent({ image: address(eventImage) });
    expect(await send('delete-event', { as: 'deleter', id: event.id })).toEqual({
      status: 200,
      body: { id: event.id },
    });
    await expectGone(eventImage);
  });

  it('answers 400 at body.image and writes nothing for an image that cannot be attached', async () => {
    const holder = await createNews({ image: address(await uploadImage()) });
    const others = await uploadImage('other');
    const cases = [
      ['a file id that does not exist', address('01jdzzzzzzzzzzzzzzzzzzzzzz')],
      ['a file attached to another item', holder.image],
      ["someone else's upload", address(others)],
    ] as const;
    for (const [what, image] of cases) {
      const link = `refused-image-${++sequence}`;
      for (const [operation, input] of [
        ['create-news', newsInput({ link, image })],
        ['create-event', eventInput({ link, image })],
      ] as const) {
        const refused = await send<ErrorBody>(operation, { as: 'editor', body: input });
        expect(refused.status, `${operation}: ${what}`).toBe(400);
        expect(refused.body.errors, what).toEqual([
          { path: 'body.image', message: NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE },
        ]);
      }
      // No item, and no link guard: the link is free in both kinds.
      expect((await send('get-news', { as: 'editor', id: link })).status).toBe(404);
      expect((await send('get-event', { as: 'editor', id: link })).status).toBe(404);
      expect((await createNews({ link })).link).toBe(link);
      expect((await createEvent({ link })).link).toBe(link);
    }
    await expectAttached(portalId(holder.image), holder.id);
    await expectUnattached(others);
  });

  it('refuses an unattachable image on update and keeps the item and its image as they were', async () => {
    const kept = await uploadImage();
    const news = await createNews({ image: address(kept) });
    const refused = await send<ErrorBody>('update-news', {
      as: 'editor',
      id: news.id,
      body: newsInput({ name: 'Not saved', link: news.link, image: address('01jdzzzzzzzzzzzzzzzzzzzzzz') }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'body.image', message: NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE }]);
    expect((await send<News>('get-news', { id: news.id })).body).toEqual(news);
    await expectAttached(kept, news.id);
  });

  it('answers 409 for a taken link with a valid image, leaving the upload attachable for the retry', async () => {
    const holder = await createEvent();
    const image = await uploadImage();
    const clash = await send<ErrorBody>('create-event', {
      as: 'editor',
      body: eventInput({ link: holder.link, image: address(image) }),
    });
    expect(clash).toEqual({ status: 409, body: { statusCode: 409, message: LINK_TAKEN_MESSAGE } });
    await expectUnattached(image);
    const retried = await createEvent({ image: address(image) });
    await expectAttached(image, retried.id);
  });

  it('stores an external https image and attaches nothing', async () => {
    const image = await uploadImage();
    const news = await createNews({ image: 'https://example.org/team.png' });
    expect(news.image).toBe('https://example.org/team.png');
    expect((await send<News>('get-news', { id: news.id })).body.image).toBe('https://example.org/team.png');
    const event = await createEvent({ image: `https://example.org/${image}.png` });
    expect(event.image).toBe(`https://example.org/${image}.png`);
    await expectUnattached(image);
  });
});

/** The file id of a `/public/files/<id>` address. */
function portalId(image: string): string {
  return image.slice('/public/files/'.length);
}
