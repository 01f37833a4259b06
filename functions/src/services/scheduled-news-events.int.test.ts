import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { PUBLISH_AT_PAST_MESSAGE } from '#shared/contracts/content';
import { NEWS_EVENT_PUBLISH_AT_STATUS_MESSAGE } from '#shared/contracts/news';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { handler } from '../api/content/index.ts';
import { tableName } from '../data/dynamo.ts';
import { type NewsEventKind, newsEventKey, publishScheduleKey } from '../data/keys.ts';
import { signPortalToken } from '../lib/auth/portal-tokens.ts';
import { editorTokenInput, portalTokenTestEnv, resetPortalTokenCaches } from '../lib/auth/test-support.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters } from '../test-support/events.ts';
import { lambdaContext, startTestStack } from '../test-support/stack.ts';
import { publishDueContent } from './scheduled-publishing.ts';

/**
 * Scheduled publishing of news and events (issue 25 item 7, decision record 068)
 * through the content group's routes and the job against the embedded emulators:
 * set, move, cancel, 400s, once under repeated and overlapping runs, an edited,
 * cancelled or deleted item not published.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let editor = '';

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  editor = await signPortalToken(
    editorTokenInput({
      claims: [
        { type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent },
        { type: CLAIM_TYPES.api, value: API_CLAIMS.deleteNews },
        { type: CLAIM_TYPES.api, value: API_CLAIMS.deleteEvents },
      ],
    }),
  );
});
afterAll(async () => {
  await stack?.stop();
});

const OPERATION = {
  news: { create: 'create-news', update: 'update-news', delete: 'delete-news', get: 'get-news' },
  event: { create: 'create-event', update: 'update-event', delete: 'delete-event', get: 'get-event' },
} as const;

async function call(name: string, body?: unknown, path?: Record<string, string>) {
  let event: APIGatewayProxyEventV2 = loadEvent(`content/${name}`);
  if (path) event = withPathParameters(event, path);
  if (body !== undefined) event = { ...event, body: JSON.stringify(body) };
  event = withHeaders(event, { authorization: `Bearer ${editor}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

let serial = 0;
function bodyOf(kind: NewsEventKind, fields: Record<string, unknown> = {}) {
  serial += 1;
  const base = {
    name: `Scheduled ${kind} ${serial}`,
    description: '<p>Text</p>',
    status: 'unpublished',
    date: '2027-03-01T10:00:00.000Z',
    link: `scheduled-${kind}-${serial}-${Date.now()}`,
  };
  return { ...base, ...(kind === 'event' ? { location: 'Hall 1' } : {}), ...fields };
}

async function create(kind: NewsEventKind, fields: Record<string, unknown> = {}) {
  const body = bodyOf(kind, fields);
  const result = await call(OPERATION[kind].create, body);
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  // The body of later saves: without publishAt (an older client's save keeps the schedule).
  const { publishAt: _sent, ...rest } = body as Record<string, unknown>;
  return { id: result.body.id as string, body: rest };
}

const update = (kind: NewsEventKind, id: string, body: Record<string, unknown>) =>
  call(OPERATION[kind].update, body, { id });
const stored = async (key: { pk: string; sk: string }) =>
  (await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe.each(['news', 'event'] as const)('scheduled publishing of %s (issue 25 item 7)', (kind) => {
  it('refuses a time in the past, or on a published item, with 400 at body.publishAt and writes nothing', async () => {
    const past = await call(
      OPERATION[kind].create,
      bodyOf(kind, { publishAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain('body.publishAt');
    expect(JSON.stringify(past.body)).toContain(PUBLISH_AT_PAST_MESSAGE);

    const { id, body } = await create(kind);
    const published = await update(kind, id, { ...body, status: 'published', publishAt: inAnHour().toISOString() });
    expect(published.status).toBe(400);
    expect(JSON.stringify(published.body)).toContain(NEWS_EVENT_PUBLISH_AT_STATUS_MESSAGE);
    expect(await stored(newsEventKey(kind, id))).toMatchObject({ status: 'unpublished', version: 1 });
    expect(await stored(publishScheduleKey(kind, id))).toBeUndefined();
  });

  it('sets a schedule, keeps it on a save without the field, and publishes once at the time', async () => {
    const at = inAnHour();
    const { id, body } = await create(kind, { publishAt: at.toISOString() });
    expect(await stored(publishScheduleKey(kind, id))).toMatchObject({
      kind,
      targetId: id,
      publishAt: at.toISOString(),
    });
    // An older client's save (no publishAt) keeps the schedule.
    const renamed = await update(kind, id, { ...body, name: 'Renamed' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ status: 'unpublished', publishAt: at.toISOString() });
    const read = await call(OPERATION[kind].get, undefined, { id });
    expect(read.body).toMatchObject({ publishAt: at.toISOString() });

    await publishDueContent(new Date(at.getTime() - 1));
    expect(await stored(newsEventKey(kind, id))).toMatchObject({ status: 'unpublished', version: 2 });

    await publishDueContent(at);
    await publishDueContent(new Date(at.getTime() + 60_000));
    const item = await stored(newsEventKey(kind, id));
    expect(item).toMatchObject({ status: 'published', name: 'Renamed', version: 3 });
    expect(item?.publishAt).toBeUndefined();
    expect(await stored(publishScheduleKey(kind, id))).toBeUndefined();
    const after = await call(OPERATION[kind].get, undefined, { id });
    expect(after.body.publishAt).toBeUndefined();
  });

  it('publishes once when runs overlap', async () => {
    const at = inAnHour();
    const { id } = await create(kind, { publishAt: at.toISOString() });
    await Promise.all([publishDueContent(at), publishDueContent(at), publishDueContent(at)]);
    // Exactly one write: version 1 (created scheduled) → 2 (published), never 3.
    expect(await stored(newsEventKey(kind, id))).toMatchObject({ status: 'published', version: 2 });
    expect(await stored(publishScheduleKey(kind, id))).toBeUndefined();
  });

  it('moves and cancels: a cancelled or moved item is not published at the old time', async () => {
    const at = inAnHour();
    const later = new Date(at.getTime() + 3_600_000);
    const moved = await create(kind, { publishAt: at.toISOString() });
    expect((await update(kind, moved.id, { ...moved.body, publishAt: later.toISOString() })).status).toBe(200);
    const cancelled = await create(kind, { publishAt: at.toISOString() });
    const cancel = await update(kind, cancelled.id, { ...cancelled.body, publishAt: null });
    expect(cancel.status).toBe(200);
    expect(cancel.body.publishAt).toBeUndefined();
    expect(await stored(publishScheduleKey(kind, cancelled.id))).toBeUndefined();

    await publishDueContent(new Date(at.getTime() + 1));
    expect(await stored(newsEventKey(kind, moved.id))).toMatchObject({ status: 'unpublished', version: 2 });
    expect(await stored(newsEventKey(kind, cancelled.id))).toMatchObject({ status: 'unpublished', version: 2 });
    await publishDueContent(new Date(later.getTime() + 1));
    expect(await stored(newsEventKey(kind, moved.id))).toMatchObject({ status: 'published', version: 3 });
    expect(await stored(newsEventKey(kind, cancelled.id))).toMatchObject({ status: 'unpublished' });
  });

  it('publishing by hand clears the schedule, and deleting removes it', async () => {
    const at = inAnHour();
    const byHand = await create(kind, { publishAt: at.toISOString() });
    const published = await update(kind, byHand.id, { ...byHand.body, status: 'published' });
    expect(published.status).toBe(200);
    expect(published.body.publishAt).toBeUndefined();
    expect(await stored(publishScheduleKey(kind, byHand.id))).toBeUndefined();

    const deleted = await create(kind, { publishAt: at.toISOString() });
    expect((await call(OPERATION[kind].delete, undefined, { id: deleted.id })).status).toBe(200);
    expect(await stored(publishScheduleKey(kind, deleted.id))).toBeUndefined();
    await publishDueContent(new Date(at.getTime() + 1));
    expect(await stored(newsEventKey(kind, deleted.id))).toBeUndefined();
  });
});
