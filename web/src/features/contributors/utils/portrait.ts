import { FILE_TYPES, type FileMediaType, UPLOAD_KINDS } from '#shared/contracts/file';
import { FILE_TOO_LARGE_MESSAGE, hasAcceptedType, publicFileUrl } from '../../../lib/file-pick.ts';

const RULE = UPLOAD_KINDS.portrait;

export { FILE_TOO_LARGE_MESSAGE };

/** A picked file past its upload kind's maximum size (spec §5 "Contributor", §8 FILE_TOO_LARGE_ERROR). */
export class FileTooLargeError extends Error {
  constructor(options?: ErrorOptions) {
    super(FILE_TOO_LARGE_MESSAGE, options);
    this.name = 'FileTooLargeError';
  }
}

const TYPE_NAMES: Partial<Record<FileMediaType, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

/** Names of the accepted portrait types, e.g. "PNG, JPEG, GIF or WebP". */
export const PORTRAIT_TYPES_TEXT = (() => {
  const names = RULE.types.map((type) => TYPE_NAMES[type] ?? type);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
})();

/** The maximum portrait size in MB (decimal, as file managers show it), e.g. "1 MB". */
export const PORTRAIT_MAX_SIZE_TEXT = `${(RULE.maxBytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** The `accept` attribute of the portrait input: the media types and their extensions. */
export const PORTRAIT_ACCEPT = RULE.types.flatMap((type) => [type, ...FILE_TYPES[type]]).join(',');

/** The message of a portrait of a type the server would refuse. */
export const PORTRAIT_TYPE_MESSAGE = `Invalid file type. Choose a ${PORTRAIT_TYPES_TEXT} image.`;

/**
 * Why a picked portrait cannot be uploaded (spec §5 "Contributor", "File picker"):
 * `type` when its media type or its extension is not one of the portrait upload
 * kind's (the server checks both), `size` when it is larger than its maximum; null
 * when it can be uploaded.
 */
export function portraitProblem(file: File): 'type' | 'size' | null {
  if (!hasAcceptedType(file, RULE.types)) return 'type';
  if (file.size > RULE.maxBytes) return 'size';
  return null;
}

/** Where a stored portrait is served: the public files base address, then `files/<fileId>` (spec §3, decision record 016). */
export const portraitUrl = publicFileUrl;
