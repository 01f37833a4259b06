import { extensionOf, FILE_TYPES, type FileMediaType } from '#shared/contracts/file';

/**
 * What every file picker of the SPA checks the same way (spec §5 "File picker", §8
 * FILE_TOO_LARGE_ERROR; decision record 016): the too-large text, the accepted-type
 * check the upload route makes, and where a public file is served.
 */

/** The text of FILE_TOO_LARGE_ERROR, shown through the global ERROR dialog (spec §5, §8). */
export const FILE_TOO_LARGE_MESSAGE = 'The selected file is too large to upload.';

/**
 * Whether a picked file has one of `types` as its media type AND an extension that
 * type allows (`FILE_TYPES`) — both are checked by `createUpload`, so a file failing
 * either would be refused by the server.
 */
export function hasAcceptedType(file: Pick<File, 'name' | 'type'>, types: readonly FileMediaType[]): boolean {
  const accepted: readonly string[] = types;
  if (!accepted.includes(file.type)) return false;
  const extensions: readonly string[] = FILE_TYPES[file.type as FileMediaType];
  return extensions.includes(extensionOf(file.name));
}

/**
 * Where a stored public file (a portrait, a news image, a widget file) is served: the
 * runtime configuration's public files base address, then `files/<fileId>` — the one
 * builder of `#shared/public-files`, which the server uses too.
 */
export { publicFileUrl } from '#shared/public-files';
