import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_STALE_MESSAGE,
  PUBLISH_AT_PAST_MESSAGE,
  PUBLISH_AT_STATUS_MESSAGE,
  SCHEDULED_PUBLISHING_ACTOR,
} from '#shared/contracts/content';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { handler } from '../api/content/index.ts';
import { tableName } from '../data/dynamo.ts';
import { auditTargetPartition, contentKey, publishScheduleKey } from '../data/keys.ts';
import { signPortalToken } from '../lib/auth/portal-tokens.ts';
import { editorTokenInput, portalTokenTestEnv, resetPortalTokenCaches } from '../lib/auth/test-support.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters } from '../test-support/events.ts';
import { lambdaContext, startTestStack } from '../test-support/stack.ts';
import { publishDueContent } from './scheduled-publishing.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let editor = '';

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  editor = await signPortalToken(editorTokenInput());
});
afterAll(async () => {
  await stack?.stop();
});

async function call(name: string, body?: unknown, path?: Record<string, string>) {
  let event: APIGatewayProxyEventV2 = loadEvent(`content/${name}`);
  if (path) event = withPathParameters(event, path);
  if (body !== undefined) event = { ...event, body: JSON.stringify(body) };
  event = withHeaders(event, { authorization: `Bearer ${editor}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

async function createUnpublished(name: string): Promise<string> {
  const result = await call('create-content', { name, description: '<p>d</p>', status: 'unpublished' });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.id as string;
}

const patch = (id: string, body: Record<string, unknown>) => call('patch-content', body, { id });
const stored = async (key: { pk: string; sk: string }) =>
  (await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('scheduled publishing (issue 25 item 7)', () => {
  it('refuses a schedule in the past with 400 and writes nothing', async () => {
    const id = await createUnpublished('Past schedule');
    const result = await patch(id, { publishAt: new Date(Date.now() - 60_000).toISOString(), version: 1 });
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).toContain(PUBLISH_AT_PAST_MESSAGE);
    expect((await stored(contentKey(id)))?.version).toBe(1);
    expect(await stored(publishScheduleKey('content', id))).toBeUndefined();
  });

  it('refuses to schedule an item that is already published (400)', async () => {
    const id = await createUnpublished('Published already');
    expect((await patch(id, { status: 'published', version: 1 })).status).toBe(200);
    const result = await patch(id, { publishAt: inAnHour().toISOString(), version: 2 });
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).toContain(PUBLISH_AT_STATUS_MESSAGE);
  });

  it('publishes once, at the time, even when the job runs twice, as the system actor', async () => {
    const id = await createUnpublished('Scheduled once');
    const at = inAnHour();
    const scheduled = await patch(id, { publishAt: at.toISOString(), version: 1 });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'unpublished', publishAt: at.toISOString(), version: 2 });
    expect(await stored(publishScheduleKey('content', id))).toMatchObject({ publishAt: at.toISOString() });

    const early = await publishDueContent(new Date(at.getTime() - 1));
    expect(early.published).toBe(0);
    expect((await stored(contentKey(id)))?.status).toBe('unpublished');

    const first = await publishDueContent(at);
    const second = await publishDueContent(new Date(at.getTime() + 60_000));
    expect(first.published).toBeGreaterThanOrEqual(1);
    expect(second.published).toBe(0);
    const item = await stored(contentKey(id));
    expect(item).toMatchObject({ status: 'published', publishAt: null, version: 3 });
    expect(await stored(publishScheduleKey('content', id))).toBeUndefined();

    const audit = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: TABLE.indexes.gsi1.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.indexes.gsi1.partitionKey },
        ExpressionAttributeValues: { ':pk': auditTargetPartition(id) },
      }),
    );
    const byJob = (audit.Items ?? []).filter((event) => event.actor?.id === SCHEDULED_PUBLISHING_ACTOR.id);
    expect(byJob).toHaveLength(1);
    expect(byJob[0]?.actor.displayName).toBe(SCHEDULED_PUBLISHING_ACTOR.displayName);
  });

  it('publishes once when two runs overlap', async () => {
    const id = await createUnpublished('Scheduled overlap');
    const at = inAnHour();
    expect((await patch(id, { publishAt: at.toISOString(), version: 1 })).status).toBe(200);
    const runs = await Promise.all([publishDueContent(at), publishDueContent(at), publishDueContent(at)]);
    const mine = runs.map((run) => run.published);
    expect(mine.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    // Exactly one write of the item: version 2 (scheduled) → 3 (published), never 4.
    expect(await stored(contentKey(id))).toMatchObject({ status: 'published', version: 3 });
    expect(await stored(publishScheduleKey('content', id))).toBeUndefined();
  });

  it('cancels with null, moves with a new time, and a stale version is a 409', async () => {
    const id = await createUnpublished('Scheduled then cancelled');
    const at = inAnHour();
    expect((await patch(id, { publishAt: at.toISOString(), version: 1 })).status).toBe(200);
    const later = new Date(at.getTime() + 3_600_000);
    expect((await patch(id, { publishAt: later.toISOString(), version: 2 })).status).toBe(200);
    expect((await publishDueContent(at)).published).toBe(0);
    const stale = await patch(id, { publishAt: null, version: 2 });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain(CONTENT_STALE_MESSAGE);
    expect((await patch(id, { publishAt: null, version: 3 })).status).toBe(200);
    expect(await stored(publishScheduleKey('content', id))).toBeUndefined();
    await publishDueContent(new Date(later.getTime() + 1));
    expect((await stored(contentKey(id)))?.status).toBe('unpublished');
  });

  it('clears the schedule when an editor publishes by hand', async () => {
    const id = await createUnpublished('Published by hand');
    expect((await patch(id, { publishAt: inAnHour().toISOString(), version: 1 })).status).toBe(200);
    const published = await patch(id, { status: 'published', version: 2 });
    expect(published.body).toMatchObject({ status: 'published', publishAt: null });
    expect(await stored(publishScheduleKey('content', id))).toBeUndefined();
  });
});
