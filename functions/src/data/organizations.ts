import { ORGANIZATION_NOT_FOUND_MESSAGE } from '../domain/support.ts';
import { NotFoundError } from '../lib/errors.ts';
import { batchGetItems, createItem, type Page, queryPage } from './dynamo.ts';
import { ENTITY_TYPES, ORGANIZATIONS_PARTITION, organizationKey, organizationNameIndexKey } from './keys.ts';

/**
 * Access patterns of organizations (keys.ts rows "organization by id", "organizations
 * by name"; spec §7 "Organizations"; issue 11), apart from the users who belong to
 * them (`users.ts`; issue 23 item 2).
 */

/** An organization (spec §7 "Organizations"): a school's or company's group of courses and people. */
export interface Organization {
  readonly id: string;
  readonly name: string;
  readonly businessUnitId: string | null;
}

/**
 * Creates an organization (conditional on its key being absent).
 * @throws ConflictError "Organization already exists." when it does.
 */
export async function createOrganization(organization: Organization): Promise<void> {
  await createItem(
    {
      ...organizationKey(organization.id),
      ...organizationNameIndexKey(organization.name, organization.id),
      entityType: ENTITY_TYPES.organization,
      version: 1,
      ...organization,
    },
    'Organization already exists.',
  );
}

/**
 * Every organization (team) in name order, lower-cased (gsi1 `ORGANIZATIONS`; one
 * Query per page in the normal case; spec §7 "Organizations: get all", issue 11).
 * Organizations written before issue 11 (without the index key) are not listed.
 * @throws ValidationError for a foreign or tampered page token.
 */
export async function listOrganizationsByName(options: {
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<Page<Organization>> {
  const page = await queryPage<Organization>({
    index: 'gsi1',
    partitions: [ORGANIZATIONS_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
  });
  return {
    items: page.items.map((item) => ({ id: item.id, name: item.name, businessUnitId: item.businessUnitId ?? null })),
    nextPageToken: page.nextPageToken,
  };
}

/** Organizations by id (BatchGetItem); missing ones are absent, order undefined. */
export async function getOrganizationsByIds(ids: readonly string[]): Promise<Organization[]> {
  if (ids.length === 0) return [];
  const items = await batchGetItems<Organization & { entityType: string }>(ids.map(organizationKey));
  return items
    .filter((item) => item.entityType === ENTITY_TYPES.organization)
    .map((item) => ({ id: item.id, name: item.name, businessUnitId: item.businessUnitId }));
}

/**
 * The organization `id` (one BatchGetItem).
 * @throws NotFoundError "Organization does not exist." when there is none.
 */
export async function getOrganization(id: string): Promise<Organization> {
  const [organization] = await getOrganizationsByIds([id]);
  if (!organization) throw new NotFoundError(ORGANIZATION_NOT_FOUND_MESSAGE);
  return organization;
}
