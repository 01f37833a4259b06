import * as z from 'zod';
import { FILE_OWNER_TYPES, FILE_STATUSES, FILE_VISIBILITIES, type FileOwnerType } from '../enums.ts';
import { FILE_LIMITS, PAGE_LIMITS } from '../limits.ts';
import { EntityId, fileName, IsoDateTime } from './common.ts';
import { BundleProgress } from './download.ts';

/**
 * File uploads straight to S3 (spec §3 File, §5, §7 "Files"; decision record 016):
 * `createUpload` answers a presigned POST, the browser posts the bytes to S3, and
 * `completeUpload` checks the stored object (size, magic bytes) before the file is
 * Ready. Shared by the API and the SPA's file picker (accepted types, maximum size).
 */

/** Media types the portal accepts, with the file-name extensions each may carry (lower case, with dot). */
export const FILE_TYPES = {
  'application/pdf': ['.pdf'],
  'application/zip': ['.zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/plain': ['.txt'],
  'text/markdown': ['.md'],
  // Course material of courseware-extra (issue 24 item 0): text, checked as UTF-8 text on upload.
  'text/csv': ['.csv'],
  'text/x-python': ['.py'],
  'application/json': ['.json'],
  'application/x-ipynb+json': ['.ipynb'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
} as const satisfies Record<string, readonly `.${string}`[]>;

/** One accepted media type. */
export type FileMediaType = keyof typeof FILE_TYPES;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const satisfies readonly FileMediaType[];

/**
 * The only media types a public file is shown as in the browser (`/public/*`): raster
 * images, which never run script. Every other public file is answered with
 * `Content-Disposition: attachment` (and `nosniff`), so it can never run in the
 * portal's origin; types that could (HTML, SVG, JavaScript, XML) are accepted by no
 * upload kind at all (issue 21 item 1, decision record 031).
 */
export const INLINE_PUBLIC_FILE_TYPES: readonly FileMediaType[] = IMAGE_TYPES;

/**
 * What an upload is for, and its rules: the bucket (`visibility`), the owner type of
 * spec §3 File `metadata`, the accepted media types and the maximum size in bytes.
 * Feedback screenshots are not an upload kind: spec §3 "Feedback" sends them inside
 * the feedback request as a base64 attachment (decision record 016), with
 * {@link FEEDBACK_SCREENSHOT_RULE}.
 */
export const UPLOAD_KINDS = {
  /** A courseware file attached to content (private; downloads by presigned GET). */
  content: {
    visibility: 'private',
    ownerType: 'Content',
    types: Object.keys(FILE_TYPES) as FileMediaType[],
    maxBytes: FILE_LIMITS.contentMaxBytes,
  },
  /** A contributor portrait (public, served under `/public/`). */
  portrait: {
    visibility: 'public',
    ownerType: 'Portrait',
    types: IMAGE_TYPES,
    maxBytes: FILE_LIMITS.portraitMaxBytes,
  },
  /** An image of content HTML (spec §3 Image, §5 "Image dialog"; public). */
  image: {
    visibility: 'public',
    ownerType: 'Content',
    types: IMAGE_TYPES,
    maxBytes: FILE_LIMITS.imageMaxBytes,
  },
  /**
   * An image uploaded from the rich text editor's image dialog into an HTML field
   * (content, section, news and event descriptions, content boxes; issue 25 item 1,
   * decision record 063; public). A save that names it keeps it for good (no save
   * ever detaches one: revisions may show it again); unnamed, it expires as any upload.
   */
  htmlImage: {
    visibility: 'public',
    ownerType: 'Content',
    types: IMAGE_TYPES,
    maxBytes: FILE_LIMITS.imageMaxBytes,
  },
  /**
   * An image of a page widget (featureItem, contentBox, coverImage, image, and a
   * teamMember's avatar and logo; spec §3 "Widget file", §5 "Widgets"; public). The
   * team member's 50 KB limits are checked by the section write against the file's
   * size, as this kind's maximum is the 1 MB of the other widgets.
   */
  widgetImage: {
    visibility: 'public',
    ownerType: 'Page',
    types: IMAGE_TYPES,
    maxBytes: PAGE_LIMITS.widgetImageMaxBytes,
  },
  /** The file of a file widget (spec §5 "Widgets": any accepted type, 104,857,600 bytes; public). */
  widgetFile: {
    visibility: 'public',
    ownerType: 'Page',
    types: Object.keys(FILE_TYPES) as FileMediaType[],
    maxBytes: PAGE_LIMITS.widgetFileMaxBytes,
  },
} as const satisfies Record<
  string,
  {
    visibility: (typeof FILE_VISIBILITIES)[number];
    ownerType: FileOwnerType;
    types: readonly FileMediaType[];
    maxBytes: number;
  }
>;

/** One upload kind: `content`, `portrait`, `image`, `htmlImage`, `widgetImage` or `widgetFile`. */
export type UploadKind = keyof typeof UPLOAD_KINDS;
/** The kinds, for enums and pickers. */
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]];

/** Spec §5 "Content feedback": a screenshot is .jpg, .jpeg, .png or .gif, at most 1,000,000 bytes. */
export const FEEDBACK_SCREENSHOT_RULE = {
  types: ['image/jpeg', 'image/png', 'image/gif'],
  maxBytes: FILE_LIMITS.feedbackScreenshotMaxBytes,
} as const satisfies { types: readonly FileMediaType[]; maxBytes: number };

/** The lower-case extension of a file name (`.pdf`), or '' without one. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** `POST /api/v1/files/uploads` body. `size` is the file's size in bytes. */
export const CreateUploadRequest = z
  .object({
    kind: z.enum(UPLOAD_KIND_NAMES),
    /** The file's name as the user sees it (spec §5 "File name: required, max 120"). */
    name: fileName(),
    type: z.string().min(1),
    size: z.number().int().min(1, 'The file is empty.'),
    /**
     * The content item (content, image) or contributor (portrait) the file belongs to,
     * when it exists already. Optional for every kind: a new item's files and a new
     * contributor's portrait are uploaded before their owner exists, and the save
     * that names them sets the owner (`saveContent`, decision record 020). Until then
     * the file owns itself (`metadata.id` is its own id).
     */
    ownerId: EntityId.optional(),
  })
  .superRefine((request, context) => {
    const rule = UPLOAD_KINDS[request.kind];
    const types: readonly string[] = rule.types;
    if (!types.includes(request.type)) {
      context.addIssue({ code: 'custom', path: ['type'], message: `The file type ${request.type} is not accepted.` });
      return;
    }
    const extensions: readonly string[] = FILE_TYPES[request.type as FileMediaType];
    if (!extensions.includes(extensionOf(request.name))) {
      context.addIssue({
        code: 'custom',
        path: ['name'],
        message: `The file name must end with ${extensions.join(' or ')}.`,
      });
    }
    if (request.size > rule.maxBytes) {
      context.addIssue({ code: 'custom', path: ['size'], message: fileTooLargeMessage(rule.maxBytes) });
    }
  })
  .meta({ id: 'CreateUploadRequest' });
export type CreateUploadRequest = z.infer<typeof CreateUploadRequest>;

/** The message of a file past its maximum; the SPA maps it to FILE_TOO_LARGE_ERROR (spec §8). */
export function fileTooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${maxBytes.toLocaleString('en-US')} bytes.`;
}

/** A presigned POST: the form's action and the fields to send before the `file` field. */
export const PresignedPost = z
  .object({ url: z.string(), fields: z.record(z.string(), z.string()) })
  .meta({ id: 'PresignedPost' });

/** `POST /api/v1/files/uploads` answer: the new file's id and where to post its bytes until `expiresAt`. */
export const CreatedUpload = z
  .object({ fileId: EntityId, upload: PresignedPost, expiresAt: IsoDateTime })
  .meta({ id: 'CreatedUpload' });
export type CreatedUpload = z.infer<typeof CreatedUpload>;

/** Path of the routes of one file. */
export const FilePath = z.object({ id: EntityId });

/**
 * A file (spec §3 File). `publicUrl` is the portal-relative address of a public file
 * (`/public/files/<id>`), null for a private one (downloads use presigned GETs).
 */
export const File = z
  .object({
    id: EntityId,
    name: z.string(),
    type: z.string(),
    filename: z.string(),
    size: z.number().int(),
    status: z.enum(FILE_STATUSES),
    visibility: z.enum(FILE_VISIBILITIES),
    publicUrl: z.string().nullable(),
    metadata: z.object({ id: z.string(), type: z.enum(FILE_OWNER_TYPES) }),
  })
  .meta({ id: 'File' });
export type File = z.infer<typeof File>;

/**
 * `GET /api/v1/files/{id}` (spec §7 "Get a file by id. Returns status and name."). A
 * bundle (spec §4 "File bundle") also carries how far its zipping has got while
 * Pending (`progress`) and, once Failed, why (`reason`, for people); decision record 022.
 */
export const FileStatusBody = z
  .object({
    id: EntityId,
    name: z.string(),
    status: z.enum(FILE_STATUSES),
    progress: BundleProgress.nullable().optional(),
    reason: z.string().nullable().optional(),
  })
  .meta({ id: 'FileStatus' });
export type FileStatusBody = z.infer<typeof FileStatusBody>;

/** `DELETE /api/v1/files/{id}` answer. */
export const DeletedFile = z.object({ id: EntityId }).meta({ id: 'DeletedFile' });

/** Message of the 404 for a file that does not exist (or a Pending one of someone else). */
export const FILE_NOT_FOUND_MESSAGE = 'File does not exist.';
/** Message of the 409 for deleting a file that content, a contributor or a lesson holds (decision record 020). */
export const FILE_ATTACHED_MESSAGE = 'The file is in use. Remove it from its content and save instead.';
