import { MutationCache, QueryCache, QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { reportError } from './error-store.ts';

/** Extra options a `useX` hook accepts on top of the operation's own query options. */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T> extends UseQueryOptions<infer D, infer E, infer S, infer K> ? UseQueryOptions<D, E, S, K> : never,
  'queryKey' | 'queryFn'
>;

/** The longest `Retry-After` a read waits out before it shows the error instead, seconds (issue 28 item 4). */
export const MAX_READ_RETRY_AFTER_SECONDS = 10;

/** A busy portal's answer (429 throttled, 503 shed) that says when to come back, within the bound. */
function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || (error.statusCode !== 429 && error.statusCode !== 503)) return null;
  const seconds = error.retryAfterSeconds;
  return seconds !== null && seconds <= MAX_READ_RETRY_AFTER_SECONDS ? seconds : null;
}

/** Reads retry twice: a busy answer after its `Retry-After`, any other 4xx never. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (retryAfterOf(error) !== null) return true;
  return !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500);
}

/** `Retry-After` of a busy answer, else TanStack Query's default backoff (1 s, 2 s, … ≤ 30 s). */
export function retryDelay(failureCount: number, error: unknown): number {
  const seconds = retryAfterOf(error);
  return seconds !== null ? seconds * 1000 : Math.min(1000 * 2 ** failureCount, 30_000);
}

/**
 * A mutation may answer some statuses itself (a form shows a 400's field messages
 * under its fields, a 409 with a Reload offer): `meta: { handledStatuses: [400, 409] }`
 * keeps those out of the ERROR dialog. Session-ending answers always go through.
 */
function handledLocally(error: unknown, meta: Record<string, unknown> | undefined): boolean {
  const handled = meta?.handledStatuses;
  return error instanceof ApiError && Array.isArray(handled) && handled.includes(error.statusCode);
}

/**
 * The query client of the app: every failed query and mutation goes through the
 * error rules of spec §8 (`reportError`); client errors are not retried, except a
 * busy portal's 429 or 503 with a `Retry-After` of at most 10 s, retried after it
 * (reads only: mutations keep TanStack Query's default of no retry).
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => reportError(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (handledLocally(error, mutation.options.meta)) return;
        reportError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : shouldRetry,
        retryDelay,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
