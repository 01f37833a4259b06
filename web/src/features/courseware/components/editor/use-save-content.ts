import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Content } from '#shared/contracts/content';
import type { SavedContent } from '#shared/contracts/content-save';
import type { UploadKind } from '#shared/contracts/file';
import { ApiError } from '../../../../lib/api-client.ts';
import { deleteFile, StorageUploadError, uploadFile } from '../../../../lib/file-uploads.ts';
import { storeSavedContent } from '../../api/patch-content.ts';
import { saveContent } from '../../api/save-content.ts';
import { type ContentDraft, saveRequestOf, type UploadedIds } from './content-draft.ts';

/** The share sent (0 to 1) of each upload under way, by draft key (a new file's, or a contributor's for a portrait). */
export type UploadProgress = Readonly<Record<string, number>>;

/** What one save attempt sends: the draft, and creating mode's Learning Objectives. */
export interface SaveInput {
  readonly draft: ContentDraft;
  readonly learningObjectives?: string;
}

/**
 * One upload of the save: posts the bytes and completes them. Any refusal — by
 * `createUpload` (type, size, name), by storage, or by `completeUpload` (the checked
 * object) — becomes a 400 `ApiError` whose field error is `path`, so the form shows
 * the reason under that file. `created` gets the new file id as soon as it exists,
 * so a failure later can delete it.
 */
async function uploadOne(
  {
    kind,
    file,
    name,
    ownerId,
    path,
  }: { kind: UploadKind; file: File; name: string; ownerId: string | undefined; path: string },
  created: (id: string) => void,
  onProgress: (share: number) => void,
): Promise<string> {
  const refused = (message: string, cause?: unknown) =>
    new ApiError(400, message, [{ path, message }], cause === undefined ? undefined : { cause });
  try {
    return await uploadFile(
      { kind, name: name.trim() || file.name, type: file.type, size: file.size, ...(ownerId ? { ownerId } : {}) },
      file,
      { onStarted: created, onProgress },
    );
  } catch (error) {
    if (error instanceof StorageUploadError) throw refused(error.message, error);
    if (error instanceof ApiError && error.statusCode === 400) {
      throw refused(error.details[0]?.message ?? error.message, error);
    }
    throw error;
  }
}

/**
 * Uploads the new portraits (kind `portrait`, spec §4 step 1) and the new content
 * files (kind `content`, step 5) of `draft` one by one — created, posted to S3 with
 * progress, completed — and answers their ids by draft key. Every id created is pushed
 * to `created` at once, so the caller can delete them when anything later fails.
 * Throws a 400 `ApiError` at `contributors.N.portraitFileId` or `files.N` for a refused upload.
 */
export async function uploadNewFiles(
  draft: ContentDraft,
  ownerId: string | undefined,
  created: string[],
  setProgress: (update: (current: UploadProgress) => UploadProgress) => void,
): Promise<UploadedIds> {
  const track = (key: string) => (share: number) => setProgress((current) => ({ ...current, [key]: share }));
  const onCreated = (id: string) => created.push(id);
  const portraits: Record<string, string> = {};
  for (const [index, contributor] of draft.contributors.entries()) {
    if (contributor.portrait.kind !== 'new') continue;
    const file = contributor.portrait.file;
    portraits[contributor.key] = await uploadOne(
      {
        kind: 'portrait',
        file,
        name: file.name,
        ownerId: contributor.stored?.id,
        path: `contributors.${index}.portraitFileId`,
      },
      onCreated,
      track(contributor.key),
    );
  }
  const files: Record<string, string> = {};
  for (const [index, file] of draft.files.entries()) {
    if (file.kind !== 'new') continue;
    files[file.key] = await uploadOne(
      { kind: 'content', file: file.file, name: file.name, ownerId, path: `files.${index}` },
      onCreated,
      track(file.key),
    );
  }
  return { files, portraits };
}

/**
 * Saves a content draft in the order of spec §4 "Saving content, in order", as the
 * server's one save call wants it (decision record 020): first the new portraits
 * (kind `portrait`, step 1) and the new content files (kind `content`, step 5) are
 * uploaded one by one — created, posted to S3 with progress, completed — then ONE
 * `saveContent` call writes everything. A refused upload stops the save with its
 * reason under that file (a 400 `ApiError` with path `files.N`, or `contributors.N`
 * for a portrait). On any failure every upload this attempt made is deleted, and the
 * error is rethrown for the form (400 and 409 are the form's; the rest go to the
 * ERROR dialog, spec §8); the draft is the caller's, so nothing typed is lost.
 * On success the item's caches are refreshed and the lists marked stale.
 * `base` is the stored item, or null in creating mode.
 */
export function useSaveContent(base: Content | null) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress>({});
  const baseRef = useRef(base);
  baseRef.current = base;

  const run = async ({ draft, learningObjectives }: SaveInput): Promise<SavedContent> => {
    const stored = baseRef.current;
    const uploaded: string[] = [];
    setProgress({});
    try {
      const uploads = await uploadNewFiles(draft, stored?.id, uploaded, setProgress);
      return await saveContent(
        saveRequestOf(draft, {
          base: stored,
          uploads,
          ...(learningObjectives === undefined ? {} : { learningObjectives }),
        }),
      );
    } catch (error) {
      // The server deletes the uploads a failed save named; these may not have reached it.
      await Promise.allSettled(uploaded.map((id) => deleteFile({ id })));
      throw error;
    } finally {
      setProgress({});
    }
  };

  const mutation = useMutation({
    mutationFn: run,
    meta: { handledStatuses: [400, 409] },
    onSuccess: ({ content }) => {
      storeSavedContent(queryClient, content);
      void queryClient.invalidateQueries({ queryKey: ['content', 'children', content.id] });
      void queryClient.invalidateQueries({
        queryKey: ['content', 'detail'],
        predicate: (query) =>
          (query.state.data as { content?: { id?: string } } | undefined)?.content?.id === content.id,
      });
    },
  });

  return { ...mutation, progress };
}
