import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  DownloadHistoryPage,
  LIBRARY_LIMITS,
  LibraryPage,
  SavedContentIds,
  SavedContentState,
} from '#shared/contracts/library';
import { apiDelete, apiGet, apiPut } from '../../../lib/api-client.ts';
import { libraryApiUrl } from './paths.ts';

/** Every query of My library starts with this key; a save or removal invalidates it all. */
export const LIBRARY_QUERY_KEY = ['library'] as const;
/** The query key of the ids in the caller's library (the save buttons read it). */
export const SAVED_IDS_KEY = [...LIBRARY_QUERY_KEY, 'saved-ids'] as const;

/** The ids of the caller's saved items (`GET /api/v1/library/saved-ids`; issue 26 item 1). Throws `ApiError`. */
export function listSavedContentIds({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet(libraryApiUrl('listSavedContentIds'), SavedContentIds, { signal });
}

/** The caller's saved ids, kept a minute: every save button of a page shares the one request. */
export function useSavedContentIds({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...queryOptions({ queryKey: SAVED_IDS_KEY, queryFn: ({ signal }) => listSavedContentIds({ signal }) }),
    staleTime: 60_000,
    enabled,
  });
}

/**
 * Saves (`PUT /api/v1/library/saved/{id}`) or removes (`DELETE`) one item. Throws
 * `ApiError` (404 for an item the reader can no longer open, 409 for a full library).
 */
export function setSaved({ contentId, saved }: { contentId: string; saved: boolean }) {
  const url = libraryApiUrl(saved ? 'saveToLibrary' : 'removeFromLibrary', { id: contentId });
  return saved ? apiPut(url, undefined, SavedContentState) : apiDelete(url, SavedContentState);
}

/**
 * A save or removal as a mutation: the saved ids change at once (every button of the
 * item follows) and go back when the server refuses, whose message the app's error
 * dialog shows; the library's lists go stale after it.
 */
export function useSetSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSaved,
    onMutate: async ({ contentId, saved }) => {
      await queryClient.cancelQueries({ queryKey: SAVED_IDS_KEY });
      const before = queryClient.getQueryData<SavedContentIds>(SAVED_IDS_KEY);
      if (before) {
        const others = before.contentIds.filter((id) => id !== contentId);
        queryClient.setQueryData<SavedContentIds>(SAVED_IDS_KEY, {
          contentIds: saved ? [contentId, ...others] : others,
        });
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(SAVED_IDS_KEY, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY }),
  });
}

/** A page of the caller's saved items (`GET /api/v1/library/saved`), most recently saved first. Throws `ApiError`. */
export function listLibrary(
  { pageToken, limit = LIBRARY_LIMITS.pageSizeDefault }: { pageToken?: string | null; limit?: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(libraryApiUrl('listLibrary', {}, { limit, pageToken }), LibraryPage, { signal });
}

/** The saved items, a page at a time (`fetchNextPage` for more). */
export function useLibrary() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...LIBRARY_QUERY_KEY, 'saved'],
      queryFn: ({ pageParam, signal }) => listLibrary({ pageToken: pageParam }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextPageToken,
    }),
  );
}

/** A page of the caller's downloads (`GET /api/v1/library/downloads`), newest first. Throws `ApiError`. */
export function listDownloadHistory(
  { pageToken, limit = LIBRARY_LIMITS.pageSizeDefault }: { pageToken?: string | null; limit?: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(libraryApiUrl('listDownloadHistory', {}, { limit, pageToken }), DownloadHistoryPage, { signal });
}

/** The downloads, a page at a time (`fetchNextPage` for more). */
export function useDownloadHistory() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...LIBRARY_QUERY_KEY, 'downloads'],
      queryFn: ({ pageParam, signal }) => listDownloadHistory({ pageToken: pageParam }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextPageToken,
    }),
  );
}

/**
 * Every download of the caller, read page after page of the largest size, for the CSV
 * export; `onProgress` gets the count read so far. Throws `ApiError`.
 */
export async function allDownloads({
  onProgress,
  signal,
}: {
  onProgress?: (read: number) => void;
  signal?: AbortSignal;
} = {}): Promise<DownloadHistoryPage['items']> {
  const entries: DownloadHistoryPage['items'] = [];
  let pageToken: string | null = null;
  do {
    const page: DownloadHistoryPage = await listDownloadHistory(
      { pageToken, limit: LIBRARY_LIMITS.pageSizeMax },
      signal ? { signal } : {},
    );
    entries.push(...page.items);
    onProgress?.(entries.length);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return entries;
}
