import { MutationCache, QueryCache, QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { reportError } from './error-store.ts';

/** Extra options a `useX` hook accepts on top of the operation's own query options. */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T> extends UseQueryOptions<infer D, infer E, infer S, infer K> ? UseQueryOptions<D, E, S, K> : never,
  'queryKey' | 'queryFn'
>;

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failureCount < 2;
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
 * error rules of spec §8 (`reportError`); client errors are not retried.
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
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
