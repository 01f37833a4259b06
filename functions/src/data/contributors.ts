import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CONTRIBUTOR_STALE_MESSAGE, type Contributor } from '#shared/contracts/contributor';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError } from '../lib/errors.ts';
import { batchGetItems, createItem, type Page, queryPage, tableName } from './dynamo.ts';
import type { ContributorItem } from './items.ts';
import { CONTRIBUTORS_PARTITION, contributorKey, contributorNameIndexKey, ENTITY_TYPES } from './keys.ts';

/** Access patterns of contributors (keys.ts rows "contributor by id", "contributors by name"). */

/** Options of {@link listContributors}. */
export interface ListContributorsOptions {
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/**
 * Contributors ordered by last name, then first name (gsi1, one partition). One Query
 * per page in the normal case.
 * @throws ValidationError for a foreign or tampered page token.
 */
export function listContributors(options: ListContributorsOptions): Promise<Page<ContributorItem>> {
  return queryPage<ContributorItem>({
    index: 'gsi1',
    partitions: [CONTRIBUTORS_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
  });
}

/** Contributors by id (BatchGetItem); missing ones are absent, order undefined. */
export function getContributorsByIds(ids: readonly string[]): Promise<ContributorItem[]> {
  return batchGetItems<ContributorItem>(ids.map(contributorKey));
}

/**
 * Creates a contributor (version 1), conditional on the id being new.
 * @throws ConflictError when a contributor with this id exists.
 */
export async function createContributor(contributor: Omit<Contributor, 'version'>): Promise<ContributorItem> {
  const item: ContributorItem = {
    ...contributor,
    ...contributorKey(contributor.id),
    ...contributorNameIndexKey(contributor.lastName, contributor.firstName, contributor.id),
    entityType: ENTITY_TYPES.contributor,
    version: 1,
  };
  await createItem({ ...item }, 'Contributor already exists.');
  return item;
}

/** One contributor by id (GetItem), or null. Costs 1 request. */
export async function getContributorById(id: string): Promise<ContributorItem | null> {
  const output = await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: contributorKey(id) }));
  return (output.Item as ContributorItem | undefined) ?? null;
}

/**
 * Replaces a contributor (one conditional Put): stored with version
 * `expectedVersion + 1` and its name-index key rebuilt, conditional on the stored
 * version being `expectedVersion`. Content items keep their denormalised `author`
 * until they are next saved (decision record 015).
 * @throws ConflictError {@link CONTRIBUTOR_STALE_MESSAGE} for a stale version or a
 *   deleted contributor.
 */
export async function updateContributor(
  contributor: Omit<Contributor, 'version'>,
  expectedVersion: number,
): Promise<ContributorItem> {
  const item: ContributorItem = {
    ...contributor,
    ...contributorKey(contributor.id),
    ...contributorNameIndexKey(contributor.lastName, contributor.firstName, contributor.id),
    entityType: ENTITY_TYPES.contributor,
    version: expectedVersion + 1,
  };
  try {
    await dynamoDocumentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: 'attribute_exists(#pk) AND #version = :expected',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new ConflictError(CONTRIBUTOR_STALE_MESSAGE, { cause: error });
    }
    throw error;
  }
  return item;
}

/**
 * The first contributor (by name order) whose e-mail matches `email` under `same`
 * (the contributor rule of decision record 067: trimmed, any case), or null. Reads
 * the contributors' index partition page by page (there is no e-mail index: this
 * runs once per accepted submission, over a list of hundreds).
 */
export async function findContributorByEmail(
  email: string,
  same: (a: string, b: string) => boolean,
): Promise<ContributorItem | null> {
  let pageToken: string | undefined;
  do {
    const page = await listContributors({ limit: 300, pageToken });
    const match = page.items.find((contributor) => contributor.email !== null && same(contributor.email, email));
    if (match) return match;
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return null;
}
