import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BundleScope, ContentBundle } from '#shared/contracts/download';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { downloadsApiUrl } from './paths.ts';

/**
 * What a bundle would hold (`GET /api/v1/content-bundle?contentId=…|category=…`,
 * spec §7 "Get bundle for a content id with children true"): its file name, file
 * count, total bytes and the first entry paths. Throws `ApiError` (403 when the
 * caller may not download files, 404 when the content does not exist).
 */
export function getContentBundle(scope: BundleScope, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(
    downloadsApiUrl('getContentBundle', {}, { contentId: scope.contentId, category: scope.category }),
    ContentBundle,
    { signal },
  );
}

/** A bundle preview, or the refusal (a 403's message) the page shows beside the button. */
export type BundlePreview = { kind: 'bundle'; bundle: ContentBundle } | { kind: 'refused'; message: string };

/**
 * {@link getContentBundle} with a refusal of download rights (403) as an answer rather
 * than an error: it is not the end of the session spec §8 makes of other 403s, only
 * a reason to show. Every other failure still throws.
 */
export async function getBundlePreview(scope: BundleScope, options: { signal?: AbortSignal } = {}) {
  try {
    return { kind: 'bundle', bundle: await getContentBundle(scope, options) } satisfies BundlePreview;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 403) {
      return { kind: 'refused', message: error.message } satisfies BundlePreview;
    }
    throw error;
  }
}

export function getBundlePreviewQueryOptions(scope: BundleScope) {
  return queryOptions<BundlePreview>({
    queryKey: ['content-bundle', scope.contentId ?? null, scope.category ?? null],
    queryFn: ({ signal }) => getBundlePreview(scope, { signal }),
  });
}

/** The preview of a bundle of `scope`, fetched only when `enabled` (callers who may download). */
export function useBundlePreview({ scope, enabled }: { scope: BundleScope; enabled: boolean }) {
  return useQuery({ ...getBundlePreviewQueryOptions(scope), enabled });
}
