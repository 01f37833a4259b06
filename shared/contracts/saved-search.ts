import * as z from 'zod';
import { EntityId, IsoDateTime } from './common.ts';
import { SearchFilter, SearchSort, SearchText } from './search.ts';
import { UnsubscribeToken } from './unsubscribe.ts';

/**
 * Saved searches with alerts (issue 24 item 8; decision record 061): a signed-in
 * user keeps up to {@link SAVED_SEARCH_LIMITS.perUser} searches, sees how many new
 * items match each, and may get a weekly e-mail digest of them. The search itself
 * is the body of `POST /api/v1/search/content` without its paging (text, filter,
 * sort), so one encoding serves both.
 */

/**
 * The limits of saved searches (kept here, not in `shared/limits.ts`, which the
 * courseware list's first render carries; decision record 061): how many one user keeps, how long a name is, how many new items a digest lists per search (the
 * rest are counted, behind the search's link).
 */
export const SAVED_SEARCH_LIMITS = {
  /** Saved searches one user may keep; the next create is a 409. */
  perUser: 20,
  /** Characters of a saved search's name (trimmed, required). */
  nameMaxChars: 100,
  /** New items a digest e-mail lists per search; more are counted, behind the search's link. */
  digestItemsPerSearch: 10,
  /** New matches counted per search on the "Saved searches" screen ("more than" beyond it). */
  newMatchesCountMax: 100,
} as const;

/** The message of a name that is empty after trimming. */
export const SAVED_SEARCH_NAME_REQUIRED_MESSAGE = 'Is required.';
/** The message of a name longer than {@link SAVED_SEARCH_LIMITS.nameMaxChars}. */
export const SAVED_SEARCH_NAME_TOO_LONG_MESSAGE = `Must be at most ${SAVED_SEARCH_LIMITS.nameMaxChars} characters.`;
/** The 409 of a create beyond {@link SAVED_SEARCH_LIMITS.perUser}. */
export const SAVED_SEARCH_LIMIT_MESSAGE = `You can keep at most ${SAVED_SEARCH_LIMITS.perUser} saved searches. Delete one first.`;
/** The 404 of a saved search that is not the caller's (or does not exist). */
export const SAVED_SEARCH_NOT_FOUND_MESSAGE = 'Saved search does not exist.';
export { UNSUBSCRIBE_LINK_INVALID_MESSAGE } from './unsubscribe.ts';

/** A saved search's name: trimmed, 1 to 100 characters. */
export const SavedSearchName = z
  .string()
  .trim()
  .min(1, SAVED_SEARCH_NAME_REQUIRED_MESSAGE)
  .max(SAVED_SEARCH_LIMITS.nameMaxChars, SAVED_SEARCH_NAME_TOO_LONG_MESSAGE);

/**
 * The search a saved search runs: `SearchContentRequest`'s text, filter (without
 * `nextPageToken`) and optional sort — the same fields, the same rules.
 */
export const SavedSearchQuery = z
  .object({
    text: SearchText.default(''),
    filter: SearchFilter.omit({ nextPageToken: true }).default(SearchFilter.omit({ nextPageToken: true }).parse({})),
    sort: SearchSort.optional(),
  })
  .meta({ id: 'SavedSearchQuery' });
export type SavedSearchQuery = z.infer<typeof SavedSearchQuery>;
export type SavedSearchQueryInput = z.input<typeof SavedSearchQuery>;

/** `POST /api/v1/saved-searches` body: a name and the search; alerts (the weekly e-mail) on unless said otherwise. */
export const CreateSavedSearchRequest = z
  .object({
    name: SavedSearchName,
    query: SavedSearchQuery,
    alerts: z.boolean().default(true),
  })
  .meta({ id: 'CreateSavedSearchRequest' });
export type CreateSavedSearchRequest = z.infer<typeof CreateSavedSearchRequest>;
export type CreateSavedSearchRequestInput = z.input<typeof CreateSavedSearchRequest>;

/** `PATCH /api/v1/saved-searches/{id}` body: a new name, alerts on or off, or both (at least one). */
export const UpdateSavedSearchRequest = z
  .object({
    name: SavedSearchName.optional(),
    alerts: z.boolean().optional(),
  })
  .refine((body) => body.name !== undefined || body.alerts !== undefined, {
    message: 'Give a name or alerts.',
    path: ['name'],
  })
  .meta({ id: 'UpdateSavedSearchRequest' });
export type UpdateSavedSearchRequest = z.infer<typeof UpdateSavedSearchRequest>;

/** Path of one saved search. */
export const SavedSearchPath = z.object({ id: EntityId });

/**
 * One saved search as its owner sees it. `seenTimestamp`: items published or updated
 * after it are new on the screen and in the account menu ("mark seen" moves it);
 * `digestTimestamp`: the weekly e-mail lists items after the later of the two, and
 * moves it. `newMatches` counts the new items (at most
 * {@link SAVED_SEARCH_LIMITS.newMatchesCountMax}; `newMatchesCapped` when there are more).
 */
export const SavedSearch = z
  .object({
    id: EntityId,
    name: z.string(),
    query: SavedSearchQuery,
    alerts: z.boolean(),
    createdTimestamp: IsoDateTime,
    seenTimestamp: IsoDateTime,
    digestTimestamp: IsoDateTime,
    newMatches: z.number().int().min(0),
    newMatchesCapped: z.boolean(),
    /** The portal path that shows its results: `/courseware?<text, filters, sort>` (`savedSearchParams`). */
    address: z.string().startsWith('/courseware'),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof SavedSearch>;

/** `GET /api/v1/saved-searches`: every saved search of the caller (at most 20), newest first. */
export const SavedSearchList = z
  .object({ items: z.array(SavedSearch), limit: z.number().int().min(1) })
  .meta({ id: 'SavedSearchList' });
export type SavedSearchList = z.infer<typeof SavedSearchList>;

export { UnsubscribeToken } from './unsubscribe.ts';

/** Query of `POST /api/v1/saved-searches/unsubscribe` (the digest's List-Unsubscribe address). */
export const UnsubscribeQuery = z.object({ token: UnsubscribeToken });

/** What an unsubscribe did: how many saved searches stopped their alerts (0 when they were off already). */
export const UnsubscribeResult = z.object({ unsubscribed: z.number().int().min(0) }).meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

/** The SPA's page for an unsubscribe link of a digest e-mail (it confirms with a button). */
export const UNSUBSCRIBE_PAGE_PATH = '/saved-searches/unsubscribe';
/** The SPA's "Saved searches" screen. */
export const SAVED_SEARCHES_PAGE_PATH = '/saved-searches';
/** The API address the List-Unsubscribe header names (RFC 8058 one-click POST). */
export const UNSUBSCRIBE_API_PATH = '/api/v1/saved-searches/unsubscribe';
