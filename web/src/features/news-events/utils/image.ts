import { FILE_TYPES, UPLOAD_KINDS } from '#shared/contracts/file';
import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { hasAcceptedType } from '../../../lib/file-pick.ts';

/**
 * The image of a news item or event (spec §3, §5; decision of issue 8): an editor
 * picks an image file, which is uploaded as a public file (upload kind `image`) when
 * the dialog saves; the item stores its address. A file over
 * `NEWS_EVENT_LIMITS.imageMaxBytes` is not kept and FILE_TOO_LARGE_ERROR is raised.
 */

const RULE = UPLOAD_KINDS.image;

export { FILE_TOO_LARGE_MESSAGE, publicFileUrl } from '../../../lib/file-pick.ts';

/** The media types an image may have: "PNG, JPEG, GIF or WebP". */
export const IMAGE_TYPES_TEXT = 'PNG, JPEG, GIF or WebP';

/** The largest image in MB as file managers show it: "1 MB". */
export const IMAGE_MAX_SIZE_TEXT = `${(NEWS_EVENT_LIMITS.imageMaxBytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** The `accept` attribute of the image input: the media types and their extensions. */
export const IMAGE_ACCEPT = RULE.types.flatMap((type) => [type, ...FILE_TYPES[type]]).join(',');

/** The message of a picked file the server would refuse for its type or extension. */
export const IMAGE_TYPE_MESSAGE = `Invalid file type. Choose a ${IMAGE_TYPES_TEXT} image.`;

/**
 * Why a picked image cannot be used: `type` when its media type or extension is not
 * an image one, `size` when it is over `NEWS_EVENT_LIMITS.imageMaxBytes` (1,000,000
 * bytes); null when it can be uploaded.
 */
export function imageProblem(file: File): 'type' | 'size' | null {
  if (!hasAcceptedType(file, RULE.types)) return 'type';
  if (file.size > NEWS_EVENT_LIMITS.imageMaxBytes) return 'size';
  return null;
}
