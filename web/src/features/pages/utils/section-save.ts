import type { Page, PageSection, SectionInput } from '#shared/contracts/page';
import {
  checkSection,
  type FormErrors,
  replacedFileIds,
  type SectionDraft,
  sectionBody,
  type UploadedIds,
} from './section-form.ts';
import { type FileSlot, fileSpecs, type WidgetUploadKind } from './widget-fields.ts';

/**
 * The save of the section dialog, in the order of spec §4 "Section dialog" and §8
 * ("Section save failure: uploaded files are removed and the error is rethrown"):
 *
 * 1. validate every widget (nothing is uploaded when one is invalid);
 * 2. upload the newly picked files, one after the other (public uploads of kind
 *    `widgetImage` / `widgetFile`);
 * 3. queue the stored files the save replaces or removes;
 * 4. create or update the section, naming the new files;
 * 5. on failure, delete every file this save uploaded (also one whose upload
 *    started and then failed), then rethrow the original error, even when a delete
 *    fails;
 * 6. on success the queued files are gone: the server detaches them in the
 *    section's own transaction and deletes them after it (decision record 026), so
 *    the client deletes nothing.
 *
 * The steps are injected, so tests can fail any of them.
 */

/** The network steps of a save. */
export interface SectionSaveSteps {
  /**
   * Uploads one file; answers its id (Ready, not attached). Calls `onStarted` with
   * the id as soon as one exists and `onProgress` with the share sent (0–1).
   */
  readonly upload: (
    request: { readonly file: File; readonly kind: WidgetUploadKind },
    callbacks: { readonly onStarted: (fileId: string) => void; readonly onProgress: (share: number) => void },
  ) => Promise<string>;
  /** Creates or updates the section with `body`; answers the whole page. */
  readonly write: (body: SectionInput) => Promise<Page>;
  /** Deletes a file this save uploaded (`DELETE /api/v1/files/{id}`). */
  readonly deleteUpload: (fileId: string) => Promise<unknown>;
}

/** The upload progress: bytes sent of all new files, and the file being sent. */
export interface SaveProgress {
  readonly sentBytes: number;
  readonly totalBytes: number;
  /** 1-based number of the file being sent, of `files`. */
  readonly file: number;
  readonly files: number;
  readonly filename: string;
}

/** A picked file to upload, with where its id goes. */
export interface PendingUpload {
  readonly widgetIndex: number;
  readonly slot: FileSlot;
  readonly file: File;
  readonly kind: WidgetUploadKind;
}

/** The outcome of {@link saveSection}. */
export type SectionSaveResult =
  | { readonly status: 'invalid'; readonly errors: FormErrors }
  | { readonly status: 'saved'; readonly page: Page; readonly replacedFileIds: readonly string[] };

/** The newly picked files of a draft in screen order (widget by widget, place by place). */
export function pendingUploads(draft: SectionDraft): PendingUpload[] {
  return draft.widgets.flatMap((widget, widgetIndex) =>
    fileSpecs(widget.kind).flatMap((spec) => {
      const file = widget.files[spec.slot]?.picked;
      return file ? [{ widgetIndex, slot: spec.slot, file, kind: spec.uploadKind }] : [];
    }),
  );
}

/**
 * Saves a section draft (see the module comment for the order). `original` is the
 * stored section when editing (null when creating), to list the replaced files.
 * Resolves `invalid` with the messages when a check fails (nothing sent), else
 * `saved` with the page the server answered and the ids of the replaced files.
 * Throws the error of the step that failed (`ApiError`, `StorageUploadError`…)
 * after deleting the files it uploaded; a failing delete is swallowed (the upload's
 * time-to-live removes it later) and never hides that error.
 */
export async function saveSection(
  draft: SectionDraft,
  original: PageSection | null,
  steps: SectionSaveSteps,
  { onProgress }: { onProgress?: (progress: SaveProgress) => void } = {},
): Promise<SectionSaveResult> {
  const check = checkSection(draft);
  if (!check.ok) return { status: 'invalid', errors: check.errors };

  const uploads = pendingUploads(draft);
  const totalBytes = uploads.reduce((sum, upload) => sum + upload.file.size, 0);
  const started: string[] = [];
  const uploadedIds = new Map<`${number}.${FileSlot}`, string>();
  try {
    let doneBytes = 0;
    for (const [position, upload] of uploads.entries()) {
      const report = (share: number) =>
        onProgress?.({
          sentBytes: doneBytes + Math.round(upload.file.size * Math.min(Math.max(share, 0), 1)),
          totalBytes,
          file: position + 1,
          files: uploads.length,
          filename: upload.file.name,
        });
      report(0);
      const fileId = await steps.upload(
        { file: upload.file, kind: upload.kind },
        {
          onStarted: (id) => {
            if (!started.includes(id)) started.push(id);
          },
          onProgress: report,
        },
      );
      if (!started.includes(fileId)) started.push(fileId);
      uploadedIds.set(`${upload.widgetIndex}.${upload.slot}`, fileId);
      report(1);
      doneBytes += upload.file.size;
    }
    const body = sectionBody(draft, uploadedIds as UploadedIds);
    const replaced = replacedFileIds(original, body);
    const page = await steps.write(body);
    return { status: 'saved', page, replacedFileIds: replaced };
  } catch (error) {
    await Promise.allSettled(started.map(async (id) => steps.deleteUpload(id)));
    throw error;
  }
}
