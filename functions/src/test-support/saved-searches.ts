import { SavedSearchQuery, type SavedSearchQueryInput } from '#shared/contracts/saved-search';
import { createSavedSearch, getSavedSearchSettings, type SavedSearchRecord } from '../data/saved-searches.ts';
import { newId } from '../domain/ids.ts';
import { newUnsubscribeSecret, unsubscribeToken } from '../domain/saved-searches.ts';

/**
 * Stores a saved search of `userId` through the data layer, as `POST /api/v1/saved-searches`
 * would (issue 24 item 8): its points at `since` (ISO, default now), alerts on unless said.
 * @returns the stored record and the user's unsubscribe token.
 */
export async function storeSavedSearchFixture(
  userId: string,
  name: string,
  query: SavedSearchQueryInput,
  options: { readonly since?: string; readonly alerts?: boolean } = {},
): Promise<{ record: SavedSearchRecord; token: string }> {
  const at = options.since ?? new Date().toISOString();
  const record: SavedSearchRecord = {
    id: newId(),
    userId,
    name,
    query: SavedSearchQuery.parse(query),
    alerts: options.alerts ?? true,
    createdTimestamp: at,
    seenTimestamp: at,
    digestTimestamp: at,
    version: 1,
  };
  await createSavedSearch(record, newUnsubscribeSecret());
  const settings = await getSavedSearchSettings(userId);
  return { record, token: unsubscribeToken(userId, settings?.unsubscribeSecret ?? '') };
}
