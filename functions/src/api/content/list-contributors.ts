import { listContributors as listContributorItems } from '../../data/contributors.ts';
import { toContributor } from '../../data/items.ts';
import { defineRoute } from './define-route.ts';

/** `GET /api/v1/contributors` (spec §7 "Contributors"): by last name, then first name. */
export const listContributors = defineRoute('listContributors', async ({ query }) => {
  const page = await listContributorItems({ limit: query.limit, pageToken: query.pageToken });
  return { contributors: page.items.map(toContributor), nextPageToken: page.nextPageToken };
});
