import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { PersonaName } from '#shared/contracts/identity';
import type { Brand } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { tableName } from '../data/dynamo.ts';
import { statisticCounterKey, statisticEventsPartition } from '../data/keys.ts';
import { createLesson } from '../data/lessons.ts';
import { getUserAccount } from '../data/users.ts';
import { periodOf, type StatisticCategory } from '../domain/download-statistics.ts';
import { principalFor } from '../domain/entitlement.ts';
import { seedId } from '../domain/ids.ts';
import { type PortalTokenInput, signPortalToken } from '../lib/auth/portal-tokens.ts';
import { portalTokenTestEnv, resetPortalTokenCaches } from '../lib/auth/test-support.ts';
import type { GroupHandler } from '../lib/group.ts';
import { runSeed } from '../seed/import.ts';
import { jsonBody, withHeaders } from './events.ts';
import { lambdaContext, startTestStack } from './stack.ts';

/**
 * The set-up shared by handler tests that run on the real seeded courseware against
 * the embedded emulators (the file group's downloads and previews): the stack, the
 * seeded personas' portal tokens, calling a handler as one of them, a lesson with an
 * artifact, and the download statistics' counters and raw events.
 */

/** The address of the seeded SEED lab (files, KSAs, a contributor) these tests use. */
export const SEED_LAB_ALIAS =
  'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';

/**
 * Starts the embedded stack ({@link startTestStack}) with the portal's token keys set
 * and their caches reset, no `BRAND`, and the real seed imported. Call in `beforeAll`;
 * stop the returned stack in `afterAll`.
 */
export async function startSeededStack(): Promise<Awaited<ReturnType<typeof startTestStack>>> {
  const stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  delete process.env.BRAND;
  await runSeed({ log: () => undefined });
  return stack;
}

/**
 * A seeded persona's portal token on `brand`, as `POST /api/v1/authenticate` would issue
 * it there (the account with the brand's eligibility applied, `principalFor`), with any
 * field of the token's input overridden.
 * @throws Error when the persona has no seeded account.
 */
export async function seededPersonaToken(
  persona: PersonaName,
  brand: Brand,
  overrides: Partial<PortalTokenInput> = {},
): Promise<string> {
  const account = await getUserAccount(seedId('user', persona));
  if (!account) throw new Error(`No seeded account of ${persona}.`);
  return signPortalToken({
    userId: account.user.id,
    displayName: account.user.displayName,
    email: account.user.email,
    picture: account.user.picture,
    provider: 'vcr',
    ...principalFor(account, brand),
    ...overrides,
  });
}

/**
 * Calls `handler` with `event` as `who`: with the bearer token `tokens` holds for it, or
 * none for `visitor`. Returns the status code and the parsed JSON body.
 */
export function handlerCaller<Who extends string>(handler: GroupHandler, tokens: ReadonlyMap<string, string>) {
  return async (event: APIGatewayProxyEventV2, who: Who | 'visitor') => {
    const signed = who === 'visitor' ? event : withHeaders(event, { authorization: `Bearer ${tokens.get(who)}` });
    const result = await handler(signed, lambdaContext());
    return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
  };
}

/** Creates lesson `lessonId` ("Stack frames", the first) of content `contentId`, with the file `fileId` as its slides. */
export async function createLessonWithSlides(lessonId: string, contentId: string, fileId: string): Promise<void> {
  const now = new Date().toISOString();
  await createLesson(
    {
      id: lessonId,
      contentId,
      alternateId: null,
      name: 'Stack frames',
      index: 0,
      urls: [{ fileId, type: 'slides' }],
      pages: [],
      createdTimestamp: now,
      modifiedTimestamp: now,
      version: 1,
    },
    [],
  );
}

/** The day counter of `category`, `metric` and `value` on the day of `at` (0 when there is none). */
export async function statisticDayCounter(
  category: StatisticCategory,
  metric: string,
  value: string,
  at = new Date(),
): Promise<number> {
  const key = statisticCounterKey(category, metric, 'day', periodOf(at, 'day'), value);
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND #sk = :sk',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
      ExpressionAttributeValues: { ':pk': key.pk, ':sk': key.sk },
      ConsistentRead: true,
    }),
  );
  return (output.Items?.[0]?.value as number | undefined) ?? 0;
}

/** This month's raw events of `category` for the file `fileId`. */
export async function fileStatisticEvents(
  category: StatisticCategory,
  fileId: string,
): Promise<Record<string, unknown>[]> {
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      ExpressionAttributeValues: { ':pk': statisticEventsPartition(category, new Date().toISOString().slice(0, 7)) },
      ConsistentRead: true,
    }),
  );
  return (output.Items ?? []).filter((item) => (item.metadata as { fileId: string }).fileId === fileId);
}
