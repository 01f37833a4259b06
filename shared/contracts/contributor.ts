import { z } from 'zod';
import { PAGE } from '../limits.ts';
import { EntityId, limitParam, PageToken } from './common.ts';

/**
 * Contributors (spec §3 Contributor, §7 "Contributors"). Optional name parts are
 * null when unknown; `email` and `school` are null for seeded contributors whose
 * source gives none (decision record 006).
 */
export const Contributor = z
  .object({
    id: EntityId,
    prefix: z.string().nullable(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    suffix: z.string().nullable(),
    title: z.string().nullable(),
    school: z.string().nullable(),
    email: z.string().nullable(),
    portraitFileId: EntityId.nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'Contributor' });
export type Contributor = z.infer<typeof Contributor>;

/** `GET /api/v1/contributors` query: 300 for the admin list, up to 1000 for the picker (spec §9). */
export const ListContributorsQuery = z.object({
  limit: limitParam(PAGE.contributorsPicker, PAGE.contributorsAdmin),
  pageToken: PageToken.optional(),
});
export type ListContributorsQuery = z.infer<typeof ListContributorsQuery>;

/**
 * A page of contributors. Spec §7 names the list `contributors` (not `items`).
 */
export const ContributorPage = z
  .object({ contributors: z.array(Contributor), nextPageToken: PageToken.nullable() })
  .meta({ id: 'ContributorPage' });
export type ContributorPage = z.infer<typeof ContributorPage>;

/**
 * The picker's display name: prefix, first, middle, last and suffix joined with
 * spaces, blanks skipped (spec §3 Contributor).
 */
export function contributorDisplayName(
  c: Pick<Contributor, 'prefix' | 'firstName' | 'middleName' | 'lastName' | 'suffix'>,
): string {
  return [c.prefix, c.firstName, c.middleName, c.lastName, c.suffix]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(' ');
}
