import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DeletedNewsEvent, Event, EventPage, type ListEventsQuery, News, NewsPage } from '#shared/contracts/news';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import type { InputOf, ItemOf, NewsEventKind } from '../utils/kinds.ts';
import { newsEventsApiUrl } from './paths.ts';

/**
 * The news and event calls of spec §7 ("Get news", "Get events", "Home upcoming
 * events") as TanStack Query options and mutations, over the routes of
 * `shared/routes.ts` (`listNews` … `deleteEvent`). Query keys: `['news' | 'events',
 * 'list', query]` and `['news' | 'events', 'detail', idOrLink]`; every write marks
 * the whole kind stale, so lists, details and the home blocks refresh.
 */

const OPERATIONS = {
  news: {
    key: 'news',
    list: 'listNews',
    get: 'getNews',
    create: 'createNews',
    update: 'updateNews',
    remove: 'deleteNews',
    item: News,
    page: NewsPage,
  },
  event: {
    key: 'events',
    list: 'listEvents',
    get: 'getEvent',
    create: 'createEvent',
    update: 'updateEvent',
    remove: 'deleteEvent',
    item: Event,
    page: EventPage,
  },
} as const;

/** A page of items of a kind: `items` newest date first (soonest first when `upcoming`), `nextPageToken` or null. */
export interface PageOf<K extends NewsEventKind> {
  readonly items: ItemOf<K>[];
  readonly nextPageToken: string | null;
}

/**
 * What a list asks for: `limit` items (1–100), after `pageToken`; `status` `all` or
 * `unpublished` only count for callers who may update content (others get published
 * items); `upcoming` (events only) keeps published events from now on, soonest first.
 */
export interface ListQuery {
  readonly limit?: number;
  readonly pageToken?: string | undefined;
  readonly status?: NonNullable<ListEventsQuery['status']>;
  readonly upcoming?: boolean;
}

/** The query key prefix of a kind (`news` or `events`): invalidating it refreshes everything of that kind. */
export function kindKey(kind: NewsEventKind): readonly [string] {
  return [OPERATIONS[kind].key];
}

/**
 * One page of a kind (`GET /api/v1/news`, `GET /api/v1/events`). `upcoming` is sent
 * for events only. Throws `ApiError` (400 for a bad token or limit).
 */
export function listItems<K extends NewsEventKind>(
  kind: K,
  query: ListQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PageOf<K>> {
  const ops = OPERATIONS[kind];
  const params = {
    limit: query.limit,
    pageToken: query.pageToken,
    status: query.status,
    upcoming: kind === 'event' && query.upcoming ? 'true' : undefined,
  };
  return apiGet(newsEventsApiUrl(ops.list, {}, params), ops.page, { signal }) as Promise<PageOf<K>>;
}

/** Query options of one list page; the key holds the whole query. */
export function listQueryOptions<K extends NewsEventKind>(kind: K, query: ListQuery) {
  return queryOptions({
    queryKey: [...kindKey(kind), 'list', query] as const,
    queryFn: ({ signal }) => listItems(kind, query, { signal }),
  });
}

/**
 * One item by id or link (`GET /api/v1/news/{id}`, `GET /api/v1/events/{id}`).
 * Throws `ApiError` 404 `NEWS_NOT_FOUND_MESSAGE` / `EVENT_NOT_FOUND_MESSAGE` (spec §8:
 * silent; the detail page goes back to its list).
 */
export function getItem<K extends NewsEventKind>(
  kind: K,
  idOrLink: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ItemOf<K>> {
  const ops = OPERATIONS[kind];
  return apiGet(newsEventsApiUrl(ops.get, { id: idOrLink }), ops.item, { signal }) as Promise<ItemOf<K>>;
}

/** Query options of one item; the key is the lower-cased id or link (links are lower case). */
export function itemQueryOptions<K extends NewsEventKind>(kind: K, idOrLink: string) {
  return queryOptions({
    queryKey: [...kindKey(kind), 'detail', idOrLink.toLowerCase()] as const,
    queryFn: ({ signal }) => getItem(kind, idOrLink, { signal }),
    // A missing item is answered by going back to the list, not by asking again.
    retry: false,
  });
}

/** A page of a kind as a query (see {@link listQueryOptions}). */
export function useItems<K extends NewsEventKind>(kind: K, query: ListQuery, { enabled = true } = {}) {
  return useQuery({ ...listQueryOptions(kind, query), enabled });
}

/** One item as a query (see {@link itemQueryOptions}). */
export function useItem<K extends NewsEventKind>(kind: K, idOrLink: string) {
  return useQuery(itemQueryOptions(kind, idOrLink));
}

/**
 * Creates (`POST`) or, with `id`, replaces (`PUT`) an item; answers the stored item.
 * Throws `ApiError`: 400 with field messages (`body.<field>`), 409
 * `LINK_TAKEN_MESSAGE`, 413 `NEWS_EVENT_DATA_TOO_LONG_MESSAGE`, 404 when the item is gone.
 */
export function saveItem<K extends NewsEventKind>(
  kind: K,
  { id, body }: { id: string | null; body: InputOf<K> },
): Promise<ItemOf<K>> {
  const ops = OPERATIONS[kind];
  const saved =
    id === null
      ? apiPost(newsEventsApiUrl(ops.create), body, ops.item)
      : apiPut(newsEventsApiUrl(ops.update, { id }), body, ops.item);
  return saved as Promise<ItemOf<K>>;
}

/** Deletes an item by id (`DELETE`); needs `deleteNews` / `deleteEvents`. Throws `ApiError` (403, 404). */
export function deleteItem(kind: NewsEventKind, id: string) {
  return apiDelete(newsEventsApiUrl(OPERATIONS[kind].remove, { id }), DeletedNewsEvent);
}

/**
 * {@link saveItem} as a mutation that refreshes the kind's lists, details and home
 * blocks. 400, 409 and 413 are the dialog's to show under its fields.
 */
export function useSaveItem<K extends NewsEventKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: string | null; body: InputOf<K> }) => saveItem(kind, variables),
    meta: { handledStatuses: [400, 409, 413] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kindKey(kind) }),
  });
}

/** {@link deleteItem} as a mutation that refreshes the kind's lists; the confirmation shows a failure itself. */
export function useDeleteItem(kind: NewsEventKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteItem(kind, id),
    meta: { handledStatuses: [404, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kindKey(kind) }),
  });
}
