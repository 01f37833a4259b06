/**
 * Where a widget's stored file (an image, an avatar, a download) is served: the
 * public files base address of the runtime configuration, then `files/<fileId>`
 * (spec §3 "Widget file", decision record 016), as contributor portraits are.
 */
export function publicFileUrl(publicFilesBaseUrl: string, fileId: string): string {
  return `${publicFilesBaseUrl.replace(/\/+$/, '')}/files/${encodeURIComponent(fileId)}`;
}
