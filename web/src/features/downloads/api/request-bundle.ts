import { type BundleFormat, type BundleScope, RequestedBundle } from '#shared/contracts/download';
import { apiPost } from '../../../lib/api-client.ts';
import { downloadsApiUrl } from './paths.ts';

/**
 * Asks for a zip of a content item with its descendants, of every published item
 * of a category, or of a collection's items (issue 26 item 2) (`POST /api/v1/files/bundles`, spec §4 "File bundle", §7 "Bundle
 * request"): answers (202) `{ id, name, status }`, the bundle's file id to poll with
 * `getFileStatus` until Ready. Throws `ApiError`: 403 with the reason when the caller
 * may not download files, 404 when the content does not exist or has no file to zip.
 * `format` (issue 27 item 6): `zip` (default, not sent), `imscc` or `imscc-thin` (a
 * Common Cartridge, full or links only).
 */
export function requestBundle(
  scope: BundleScope,
  { signal, format = 'zip' }: { signal?: AbortSignal; format?: BundleFormat } = {},
) {
  const body =
    scope.contentId !== undefined
      ? { contentId: scope.contentId }
      : scope.collectionId !== undefined
        ? { collectionId: scope.collectionId }
        : { category: scope.category };
  return apiPost(downloadsApiUrl('requestBundle'), format === 'zip' ? body : { ...body, format }, RequestedBundle, {
    signal,
  });
}
