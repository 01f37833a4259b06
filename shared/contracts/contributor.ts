import * as z from 'zod';
import { LIMITS, PAGE } from '../limits.ts';
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

/** Message of the 409 for a contributor save based on an older `version`. */
export const CONTRIBUTOR_STALE_MESSAGE = 'Contributor was changed by someone else. Reload to see the changes.';
/** Message of the 404 for an unknown contributor. */
export const CONTRIBUTOR_NOT_FOUND_MESSAGE = 'Contributor does not exist.';

const max = LIMITS.contributorFieldMaxChars;
const requiredField = z
  .string({ error: 'Is required.' })
  .trim()
  .min(1, 'Is required.')
  .max(max, `Must be at most ${max} characters.`);
/** Optional: blank is stored as null. */
const optionalField = z
  .string()
  .trim()
  .max(max, `Must be at most ${max} characters.`)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/**
 * The editable fields of a contributor (spec §5 "Contributor"): firstName, lastName,
 * school and email required, email valid; prefix, middleName, suffix, title optional;
 * every field at most 1000 characters. `portraitFileId` names an uploaded public file.
 */
export const ContributorFields = z.object({
  prefix: optionalField,
  firstName: requiredField,
  middleName: optionalField,
  lastName: requiredField,
  suffix: optionalField,
  title: optionalField,
  school: requiredField,
  email: z
    .string({ error: 'Is required.' })
    .trim()
    .min(1, 'Is required.')
    .max(max, `Must be at most ${max} characters.`)
    .pipe(z.email('Must be a valid e-mail address.')),
  portraitFileId: EntityId.nullable().optional(),
});

/** `POST /api/v1/contributors` body (spec §7 "Create a contributor"). Answers 201 `{ id }`. */
export const CreateContributorRequest = ContributorFields.meta({ id: 'CreateContributorRequest' });
export type CreateContributorRequest = z.infer<typeof CreateContributorRequest>;

/** `PUT /api/v1/contributors/{id}` body: every field, plus the `version` last read (stale → 409). */
export const UpdateContributorRequest = ContributorFields.extend({
  version: z.number({ error: 'Is required.' }).int().min(1),
}).meta({ id: 'UpdateContributorRequest' });
export type UpdateContributorRequest = z.infer<typeof UpdateContributorRequest>;

/** `PUT /api/v1/contributors/{id}` path. */
export const ContributorPath = z.object({ id: EntityId });
