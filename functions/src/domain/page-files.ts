import type { FieldError } from '#shared/contracts/common';
import { FILE_TYPES, fileTooLargeMessage, UPLOAD_KINDS } from '#shared/contracts/file';
import type { PageSection, SectionWidget, WidgetKind } from '#shared/contracts/page';
import { LIMITS, PAGE_LIMITS } from '#shared/limits';

/**
 * The files of page widgets (spec §3 "Widget file", §5 "Widgets"; decision records
 * 020, 026): which upload kind each widget takes, which files a section write
 * attaches, keeps and detaches, and why a named upload is refused. Pure: the caller
 * reads the file records and writes the transaction (`data/pages.ts`).
 */

/** The upload kinds a widget file may come from: images, or the file widget's file. */
export type WidgetFileKind = 'widgetImage' | 'widgetFile';

/** Widgets whose files are images (`widgetImage` uploads); the file widget takes `widgetFile` uploads. */
const IMAGE_WIDGETS: ReadonlySet<WidgetKind> = new Set([
  'featureItem',
  'contentBox',
  'coverImage',
  'image',
  'teamMember',
]);

/** The upload kind of a widget's files, or null for a kind that has no files. */
export function widgetFileKindOf(kind: WidgetKind): WidgetFileKind | null {
  if (kind === 'file') return 'widgetFile';
  return IMAGE_WIDGETS.has(kind) ? 'widgetImage' : null;
}

/** One file a section names: where (`body.widgets.<i>.files.<j>`), which kind, and its size limit. */
export interface NamedWidgetFile {
  readonly fileId: string;
  readonly filename: string;
  /** The field path of the file in a section write's body. */
  readonly path: string;
  readonly widgetIndex: number;
  readonly fileIndex: number;
  readonly kind: WidgetFileKind;
  /**
   * The team member's avatar or logo limit in bytes (`PAGE_LIMITS.teamAvatarMaxBytes`,
   * `teamLogoMaxBytes`; the smaller when the file is both), or null for other files
   * (whose kind's maximum was checked on upload).
   */
  readonly maxBytes: number | null;
}

/** Every file the widgets name, in order (a widget kind without files names none). */
export function namedWidgetFiles(widgets: readonly SectionWidget[]): NamedWidgetFile[] {
  const named: NamedWidgetFile[] = [];
  for (const [widgetIndex, widget] of widgets.entries()) {
    const kind = widgetFileKindOf(widget.kind);
    if (kind === null) continue;
    for (const [fileIndex, file] of widget.files.entries()) {
      const limits: number[] = [];
      if (widget.kind === 'teamMember') {
        if (widget.customAttributes.avatarFileId === file.fileId) limits.push(PAGE_LIMITS.teamAvatarMaxBytes);
        if (widget.customAttributes.logoFileId === file.fileId) limits.push(PAGE_LIMITS.teamLogoMaxBytes);
      }
      named.push({
        fileId: file.fileId,
        filename: file.filename,
        path: `body.widgets.${widgetIndex}.files.${fileIndex}`,
        widgetIndex,
        fileIndex,
        kind,
        maxBytes: limits.length > 0 ? Math.min(...limits) : null,
      });
    }
  }
  return named;
}

/** The distinct file ids a section's widgets name. */
export function sectionFileIds(section: Pick<PageSection, 'widgets'> | null | undefined): string[] {
  return [...new Set((section?.widgets ?? []).flatMap((widget) => widget.files.map((file) => file.fileId)))];
}

/** What the widget-file rules read of a file record (`FileItem` of `data/items.ts`). */
export interface WidgetFileRecord {
  readonly id: string;
  /** The media type the upload declared and `completeUpload` checked. */
  readonly type: string;
  /** Bytes. */
  readonly size: number;
  readonly status: 'Pending' | 'Ready' | 'Failed';
  readonly visibility: 'public' | 'private';
  readonly metadata: { readonly id: string; readonly type: string };
  readonly createdBy?: string | undefined;
  /** The TTL (epoch seconds): present on unattached uploads and detached files, absent on attached ones. */
  readonly expiresAt?: number | undefined;
  readonly bundle?: unknown;
}

/** 400 message: the file a widget names has no record (never uploaded, or deleted since). */
export const WIDGET_FILE_MISSING_MESSAGE = 'The file was not uploaded, or was deleted. Choose it again.';
/** 400 message: the upload was started but never completed (Pending) or its bytes were refused (Failed). */
export const WIDGET_FILE_NOT_READY_MESSAGE = 'The file has not finished uploading. Choose it again.';
/** 400 message: the upload's day ran out, or the file was removed from a page (its TTL has passed). */
export const WIDGET_FILE_EXPIRED_MESSAGE = 'The upload has expired. Choose the file again.';
/** 400 message: another user uploaded the file (a save attaches only the caller's own uploads). */
export const WIDGET_FILE_FOREIGN_MESSAGE = 'The file was uploaded by someone else. Choose it again.';
/** 400 message: an image widget names something that is not a page image upload (`widgetImage`). */
export const WIDGET_IMAGE_KIND_MESSAGE = 'The file is not an image uploaded for a page. Choose it again.';
/** 400 message: a file widget names something that is not a page file upload (`widgetFile`). */
export const WIDGET_FILE_KIND_MESSAGE = 'The file was not uploaded for a page. Choose it again.';
/** 400 message: the file is attached to something else already (another section, content, …). */
export const WIDGET_FILE_IN_USE_MESSAGE = 'The file is used elsewhere. Upload it again.';
/** 400 message: the same file appears twice in one section. */
export const WIDGET_FILE_TWICE_MESSAGE = 'The file is named more than once in this section.';
/**
 * 400 message when the attach inside the section's transaction fails although the
 * check before it passed (a concurrent save attached, detached or deleted the upload).
 */
export const WIDGET_FILE_UNAVAILABLE_MESSAGE = 'The file was not uploaded, or is used elsewhere. Choose it again.';

const IMAGE_TYPES: ReadonlySet<string> = new Set(UPLOAD_KINDS.widgetImage.types);

/**
 * Whether `record` is an upload of `kind`: public, owner type `Page`, and within the
 * kind's media types and maximum size. The two kinds share bucket and owner type, so
 * the type and size tell them apart (an image of at most 1,000,000 bytes is both).
 */
export function isUploadOfKind(record: WidgetFileRecord, kind: WidgetFileKind): boolean {
  const rule = UPLOAD_KINDS[kind];
  const types: ReadonlySet<string> = kind === 'widgetImage' ? IMAGE_TYPES : new Set(Object.keys(FILE_TYPES));
  return (
    record.bundle === undefined &&
    record.visibility === rule.visibility &&
    record.metadata.type === rule.ownerType &&
    types.has(record.type) &&
    record.size <= rule.maxBytes
  );
}

/**
 * Why a file a section newly names cannot be attached to it, or null when it can: it
 * must exist, be uploaded by `uploadedBy`, be an upload of the widget's kind
 * ({@link isUploadOfKind}), not be attached to anything, be Ready, still have its TTL
 * in the future (the same rule as `isUnattachedReady` in `data/files.ts`), and — as
 * a team member's avatar or logo — be at most `named.maxBytes`. Checked in that order.
 */
export function widgetFileProblem(
  named: NamedWidgetFile,
  record: WidgetFileRecord | undefined,
  uploadedBy: string,
  now: Date,
): string | null {
  if (!record) return WIDGET_FILE_MISSING_MESSAGE;
  if (record.createdBy === undefined || record.createdBy !== uploadedBy) return WIDGET_FILE_FOREIGN_MESSAGE;
  if (!isUploadOfKind(record, named.kind)) {
    return named.kind === 'widgetImage' ? WIDGET_IMAGE_KIND_MESSAGE : WIDGET_FILE_KIND_MESSAGE;
  }
  if (record.status === 'Ready' && record.expiresAt === undefined) return WIDGET_FILE_IN_USE_MESSAGE;
  if (record.status !== 'Ready') return WIDGET_FILE_NOT_READY_MESSAGE;
  if ((record.expiresAt ?? 0) <= Math.floor(now.getTime() / 1000)) return WIDGET_FILE_EXPIRED_MESSAGE;
  return sizeProblem(named, record);
}

function sizeProblem(named: NamedWidgetFile, record: WidgetFileRecord): string | null {
  return named.maxBytes !== null && record.size > named.maxBytes ? fileTooLargeMessage(named.maxBytes) : null;
}

/** A file a section write attaches: its id, the name its record gets, and its field path (for a 400). */
export interface WidgetFileAttach {
  readonly fileId: string;
  /** The widget file's filename cut to `LIMITS.fileNameMaxChars` (a file record's name limit). */
  readonly name: string;
  readonly path: string;
}

/** What a section write does to files, and the widgets it stores. */
export interface SectionFilePlan {
  /** Refusals at `body.widgets.<i>.files.<j>`; nothing may be written when there are any. */
  readonly errors: FieldError[];
  /** The widgets to store: each file's `mimeType` is its record's media type (the server's truth). */
  readonly widgets: SectionWidget[];
  /** Uploads the section newly names, to attach in the section's transaction. */
  readonly attach: WidgetFileAttach[];
  /**
   * Ids of files attached to the section that it no longer names (replaced or
   * removed), to detach in the section's transaction and discard after it.
   */
  readonly detach: string[];
}

/** The name a widget file's record gets when attached: its filename cut to a file record's name limit. */
export function attachedFileName(filename: string): string {
  return filename.trim().slice(0, LIMITS.fileNameMaxChars).trim() || 'File';
}

/**
 * Plans a section write's files (decision record 026, "Widget files"). `widgets` are
 * the new section's, `stored` the section as stored (null for a new section),
 * `sectionId` the section's id (the owner of its files), `records` the file records
 * of every file either names (missing ones absent), `uploadedBy` the caller's user id.
 * - A file the new section names and the stored one does not must pass
 *   {@link widgetFileProblem}; it is attached (owner = section id).
 * - A file both name is left alone (its team member size limit is still checked, as
 *   an unchanged file may have become the avatar or logo).
 * - A file the stored section names and the new one does not is detached when its
 *   record is attached to the section (else there is nothing to detach).
 * - A file named twice in the new section is refused at its second place.
 * Every named file with a record takes the record's media type as `mimeType`.
 */
export function planSectionFiles(input: {
  readonly widgets: readonly SectionWidget[];
  readonly stored: Pick<PageSection, 'widgets'> | null;
  readonly sectionId: string;
  readonly records: readonly WidgetFileRecord[];
  readonly uploadedBy: string;
  readonly now: Date;
}): SectionFilePlan {
  const records = new Map(input.records.map((record) => [record.id, record]));
  const before = new Set(sectionFileIds(input.stored));
  const errors: FieldError[] = [];
  const attach: WidgetFileAttach[] = [];
  const seen = new Set<string>();
  for (const named of namedWidgetFiles(input.widgets)) {
    const record = records.get(named.fileId);
    let problem: string | null;
    if (seen.has(named.fileId)) problem = WIDGET_FILE_TWICE_MESSAGE;
    else if (before.has(named.fileId)) problem = record ? sizeProblem(named, record) : null;
    else problem = widgetFileProblem(named, record, input.uploadedBy, input.now);
    seen.add(named.fileId);
    if (problem !== null) errors.push({ path: named.path, message: problem });
    else if (!before.has(named.fileId)) {
      attach.push({ fileId: named.fileId, name: attachedFileName(named.filename), path: named.path });
    }
  }
  const detach = [...before].filter(
    (fileId) => !seen.has(fileId) && records.get(fileId)?.metadata.id === input.sectionId,
  );
  const widgets = input.widgets.map(
    (widget) =>
      ({
        ...widget,
        files: widget.files.map((file) => {
          const record = records.get(file.fileId);
          return record ? { ...file, mimeType: record.type } : file;
        }),
      }) as SectionWidget,
  );
  return { errors, widgets, attach, detach };
}

/**
 * The files to detach when sections are deleted: for each section, the ids of the
 * files it names whose records are attached to it (owner = section id). Others —
 * missing records, files never attached — have nothing to detach.
 */
export function attachedSectionFiles(
  sections: readonly Pick<PageSection, 'id' | 'widgets'>[],
  records: readonly Pick<WidgetFileRecord, 'id' | 'metadata'>[],
): { readonly id: string; readonly fileIds: string[] }[] {
  const owners = new Map(records.map((record) => [record.id, record.metadata.id]));
  return sections.map((section) => ({
    id: section.id,
    fileIds: sectionFileIds(section).filter((fileId) => owners.get(fileId) === section.id),
  }));
}

/** DynamoDB's most elements in one TransactWriteItems. */
export const TRANSACTION_MAX_ELEMENTS = 100;

/**
 * How a page delete splits over transactions (decision record 026): one transaction
 * when the page item, its guard, every section and every file detach fit in
 * `max` elements (`batches` empty, `final` every section). Otherwise sections are
 * deleted first in `batches`, each one transaction of the page's version step plus
 * whole sections with their file detaches (≤ `max`), in order; `final` (sections
 * that fit next to the page item and its guard) goes with the page's own delete.
 * A section is never split from its files.
 */
export function pageDeleteBatches<S extends { readonly fileIds: readonly string[] }>(
  sections: readonly S[],
  max: number = TRANSACTION_MAX_ELEMENTS,
): { readonly batches: S[][]; readonly final: S[] } {
  const cost = (section: S) => 1 + section.fileIds.length;
  const total = sections.reduce((sum, section) => sum + cost(section), 0);
  if (2 + total <= max) return { batches: [], final: [...sections] };
  const chunks: { sections: S[]; elements: number }[] = [];
  for (const section of sections) {
    const last = chunks.at(-1);
    if (last && 1 + last.elements + cost(section) <= max) {
      last.sections.push(section);
      last.elements += cost(section);
    } else chunks.push({ sections: [section], elements: cost(section) });
  }
  const last = chunks.at(-1);
  if (last && 2 + last.elements <= max) {
    chunks.pop();
    return { batches: chunks.map((chunk) => chunk.sections), final: last.sections };
  }
  return { batches: chunks.map((chunk) => chunk.sections), final: [] };
}
