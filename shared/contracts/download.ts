import * as z from 'zod';
import { CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS, type ContentCategory } from '../enums.ts';
import { PREVIEW_KINDS } from '../file-preview.ts';
import { EntityId, IsoDateTime } from './common.ts';

/**
 * Downloads and bundles (spec §1 who may download, §2.6 files and lesson artifacts,
 * §4 "File bundle", §6 "View files" / "View lesson files", §7 "Files", §9 bundle
 * poll, download pause and bundle file name; decision record 022). Shared by the
 * API, the bundle workflow and the SPA.
 */

/** `GET /api/v1/file-access`: what the caller may download on this brand, and why not. */
export const FileAccess = z
  .object({
    /** Courseware files of content (spec §6 "View files"). */
    courseware: z.boolean(),
    /** Lesson artifacts (spec §6 "View lesson files"). */
    lesson: z.boolean(),
    /** Why the caller may not download courseware files; null when they may. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'FileAccess' });
export type FileAccess = z.infer<typeof FileAccess>;

/**
 * `GET /api/v1/files/{id}/download-url` (spec §7 "Get a download URL by id. Returns
 * publicUrl and name."): a short-lived presigned GET whose response carries
 * `Content-Disposition: attachment` with `name` (RFC 6266).
 */
export const DownloadUrl = z
  .object({
    id: EntityId,
    /** The file name the browser saves the download as. */
    name: z.string(),
    /** Where to GET the bytes until `expiresAt`. */
    publicUrl: z.string(),
    expiresAt: IsoDateTime,
  })
  .meta({ id: 'DownloadUrl' });
export type DownloadUrl = z.infer<typeof DownloadUrl>;

/**
 * `GET /api/v1/files/{id}/preview-url` (issue 24 item 1; decision record 058): a
 * presigned GET, valid 2 minutes, whose response carries `Content-Disposition: inline`
 * and `contentType` (a safe type: textual files as `text/plain`, never HTML or SVG).
 * `kind` names the viewer. When the file is larger than `PREVIEW_LIMITS.maxBytes`,
 * `tooLarge` is true, `publicUrl` null and no preview is recorded; the same when
 * `kind` is `none` (a type without a preview).
 */
export const PreviewUrl = z
  .object({
    id: EntityId,
    /** The file name with its original extension (as a download saves it). */
    name: z.string(),
    kind: z.enum(PREVIEW_KINDS),
    /** The file's size in bytes. */
    size: z.number().int().min(0),
    /** The media type the URL is served with. */
    contentType: z.string(),
    tooLarge: z.boolean(),
    /** Where to GET the bytes until `expiresAt`; null when too large or without a preview. */
    publicUrl: z.string().nullable(),
    expiresAt: IsoDateTime,
  })
  .meta({ id: 'PreviewUrl' });
export type PreviewUrl = z.infer<typeof PreviewUrl>;

/** How far a bundle's zipping has got (updated about once a second while Pending). */
export const BundleProgress = z
  .object({
    filesDone: z.number().int().min(0),
    filesTotal: z.number().int().min(0),
    bytesDone: z.number().int().min(0),
    bytesTotal: z.number().int().min(0),
  })
  .meta({ id: 'BundleProgress' });
export type BundleProgress = z.infer<typeof BundleProgress>;

const SCOPE_FIELDS = {
  contentId: EntityId.optional(),
  category: z.enum(CONTENT_CATEGORIES).optional(),
  collectionId: EntityId.optional(),
};

function exactlyOneScope(
  scope: { contentId?: string; category?: string; collectionId?: string },
  context: z.RefinementCtx,
): void {
  const given = [scope.contentId, scope.category, scope.collectionId].filter((value) => value !== undefined);
  if (given.length !== 1) {
    context.addIssue({
      code: 'custom',
      path: ['contentId'],
      message: 'Give exactly one of contentId, category or collectionId.',
    });
  }
}

/**
 * What a bundle covers: one content item with all its descendants, every published
 * item of one category (spec §4 "File bundle": "Downloading all files in a category is
 * offered as a zip"), or the items of a collection the requester may read, one folder
 * each in the collection's order (issue 26 item 2). Exactly one of the three.
 */
export const BundleScope = z.object(SCOPE_FIELDS).superRefine(exactlyOneScope).meta({ id: 'BundleScope' });
export type BundleScope = z.infer<typeof BundleScope>;

/**
 * The output formats of the bundle workflow (issue 27 item 6; decision record 078):
 * `zip` (the default: the files in folders), `imscc` (an IMS Common Cartridge 1.3 of
 * the same files, with an organization mirroring the hierarchy, LOM metadata and web
 * links back to the portal), `imscc-thin` (a Thin Common Cartridge: the links and
 * metadata only, no file; the one format a caller without file rights may ask for).
 */
export const BUNDLE_FORMATS = ['zip', 'imscc', 'imscc-thin'] as const;
export type BundleFormat = (typeof BUNDLE_FORMATS)[number];
/** The formats that make a Common Cartridge. */
export type CartridgeFormat = Exclude<BundleFormat, 'zip'>;

/** True for `imscc` and `imscc-thin`. */
export function isCartridgeFormat(format: BundleFormat | undefined): format is CartridgeFormat {
  return format === 'imscc' || format === 'imscc-thin';
}

/** 400 of an unknown bundle format. */
export const BUNDLE_FORMAT_MESSAGE = 'Choose zip, imscc or imscc-thin.';

/** 400 of a cartridge asked for a category. */
export const CARTRIDGE_SCOPE_MESSAGE = 'A Common Cartridge is made of a content item or a collection, not a category.';

/**
 * `POST /api/v1/files/bundles` body (spec §7 "Bundle request"): the scope, and the
 * output `format` (default `zip`; old callers are unchanged). A cartridge covers a
 * content item or a collection, not a category.
 */
export const RequestBundleRequest = z
  .object({ ...SCOPE_FIELDS, format: z.enum(BUNDLE_FORMATS, { error: BUNDLE_FORMAT_MESSAGE }).optional() })
  .superRefine((body, context) => {
    exactlyOneScope(body, context);
    if (isCartridgeFormat(body.format) && body.category !== undefined) {
      context.addIssue({ code: 'custom', path: ['format'], message: CARTRIDGE_SCOPE_MESSAGE });
    }
  })
  .meta({ id: 'RequestBundleRequest' });
export type RequestBundleRequest = z.infer<typeof RequestBundleRequest>;

/**
 * 403 of a full cartridge (`imscc`) asked by a caller without file rights (decision
 * record 078: refused, not silently made thin, so the caller knows what they get).
 */
export const CARTRIDGE_FILES_REFUSED_MESSAGE =
  'Your account does not include courseware files: ask for a Common Cartridge of links only (format imscc-thin).';

/**
 * The file name of a cartridge (issue 27 item 6): `<alias>.imscc`, the alias being the
 * last segment of the content item's URL alias (or its id when it has none), or the
 * collection's name; sanitised as {@link bundleFileName} does (ASCII letters, digits,
 * `-` and `.`; an empty result is `courseware`).
 */
export function cartridgeFileName(alias: string): string {
  const last = alias.trim().replace(/\/+$/, '').split('/').at(-1) ?? '';
  return `${sanitiseName(last)}.imscc`;
}

/**
 * `POST /api/v1/files/bundles` answer (202): the bundle's file id, its file name and
 * its status (Pending; poll `GET /api/v1/files/{id}` every 5 s until Ready).
 */
export const RequestedBundle = z
  .object({ id: EntityId, name: z.string(), status: z.enum(['Pending', 'Ready', 'Failed']) })
  .meta({ id: 'RequestedBundle' });
export type RequestedBundle = z.infer<typeof RequestedBundle>;

/** Entries a bundle preview lists at most (the counts cover every file). */
export const BUNDLE_PREVIEW_MAX_FILES = 100;

/**
 * `GET /api/v1/content-bundle?contentId=…|category=…` (spec §7 "Get bundle for a
 * content id with children true. Returns the files to bundle."): the bundle's file
 * name, how many files and bytes it would hold, and the first
 * {@link BUNDLE_PREVIEW_MAX_FILES} entry paths.
 */
export const ContentBundle = z
  .object({
    name: z.string(),
    fileCount: z.number().int().min(0),
    totalBytes: z.number().int().min(0),
    files: z.array(z.object({ path: z.string(), size: z.number().int().min(0) })),
  })
  .meta({ id: 'ContentBundle' });
export type ContentBundle = z.infer<typeof ContentBundle>;

/** Refusal of a download to a visitor (401; the SPA shows the login button). */
export const DOWNLOAD_SIGN_IN_MESSAGE = 'Log in to view and download files.';

/** Refusals of file rights on each brand (spec §1; decision record 012). */
export const DOWNLOAD_REFUSALS = {
  /** USCR: the user is not a user of the national range. */
  notNationalRangeUser: 'Downloading files is limited to users of the national cyber range.',
  /** VACR: the user's school is not a Virginia public school. */
  notStateSchoolFaculty: 'Downloading files is limited to faculty at Virginia public schools.',
  /** Eligible, but without a scoped-file claim for courseware files. */
  noCoursewareFileRights: 'Your account does not include access to courseware files. Ask support to add it.',
  /** Eligible, but without a scoped-file claim for lesson files. */
  noLessonFileRights: 'Your account does not include access to lesson files. Ask support to add it.',
} as const;

/** 404 of a bundle request for content without a single file to download (a clear refusal, never an empty zip). */
export function emptyBundleMessage(name: string): string {
  return `${name} has no files to download.`;
}

/** Most characters of the sanitised name part of a bundle file name. */
export const BUNDLE_NAME_MAX_CHARS = 100;

/**
 * The bundle file name of spec §9: the sanitised content name, the date
 * (`YYYY-MM-DD`, UTC) and `_bundle.zip`, e.g.
 * `SEED_Labs_Software_Security_2026-11-21_bundle.zip`. Sanitising keeps ASCII
 * letters, digits, `-` and `.`; accents are dropped, every other run of characters
 * becomes one `_` (at most {@link BUNDLE_NAME_MAX_CHARS}); an empty result is
 * `courseware`. Decision record 022.
 */
export function bundleFileName(contentName: string, date: Date): string {
  return `${sanitiseName(contentName)}_${date.toISOString().slice(0, 10)}_bundle.zip`;
}

function sanitiseName(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return (
    ascii
      .replace(/[^A-Za-z0-9.-]+/g, '_')
      .replace(/^[_.-]+|[_.-]+$/g, '')
      .slice(0, BUNDLE_NAME_MAX_CHARS)
      .replace(/[_.-]+$/, '') || 'courseware'
  );
}

/** The name a category bundle is named after: "All Module files". */
export function categoryBundleTitle(category: ContentCategory): string {
  return `All ${CONTENT_CATEGORY_LABELS[category]} files`;
}
