import type { Contributor } from '#shared/contracts/contributor';
import { batchGetItems, createItem, type Page, queryPage } from './dynamo.ts';
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
