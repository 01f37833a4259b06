import { Box, Field, Image, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { type ChangeEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { UPLOAD_KINDS } from '#shared/contracts/file';
import { PUBLIC_FILES_PATH, publicFileUrl } from '#shared/public-files';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteFile, StorageUploadError, uploadFile } from '../../../lib/file-uploads.ts';

/** The upload kind of an image put into HTML by the editor (issue 25 item 1; decision record 063). */
const KIND = UPLOAD_KINDS.htmlImage;
/** `accept` of the file input: the kind's media types. */
const ACCEPT = KIND.types.join(',');
/** The kind's maximum in MB, as the hint says it. */
const MAX_MB = KIND.maxBytes / 1_000_000;

/** Why a picked file is refused before any upload starts, or null. */
export function pickedImageProblem(file: { readonly type: string; readonly size: number }): string | null {
  const types: readonly string[] = KIND.types;
  if (!types.includes(file.type)) return 'Choose a PNG, JPEG, GIF or WebP image.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > KIND.maxBytes) return `The image is larger than ${MAX_MB} MB.`;
  return null;
}

type UploadState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'uploading'; readonly name: string; readonly share: number }
  | { readonly phase: 'done'; readonly name: string; readonly url: string }
  | { readonly phase: 'failed'; readonly message: string };

/** The message of a failed upload: the server's field message, the storage's, or a general one. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError) return error.details[0]?.message ?? error.message;
  if (error instanceof StorageUploadError) return error.message;
  return 'The image could not be uploaded. Try again.';
}

/**
 * "Upload an image" of the image dialog (issue 25 item 1; decision record 063): a
 * file input (PNG, JPEG, GIF or WebP, at most the `htmlImage` kind's size), checked
 * here first, then uploaded to the public bucket through the one upload client
 * (`uploadFile`: presigned POST, the server's type and magic-byte check) with a
 * progress bar; a refusal is said under the field. `onUploaded` gets the image's
 * portal address (`/public/files/<id>`) once it is Ready. An upload that is replaced
 * by another, or left when the dialog closes without `keep()` having been called by
 * its owner, is deleted (best effort: it would expire in a day anyway).
 */
export function ImageUpload({
  onUploaded,
  keepRef,
  inputRef,
}: {
  readonly onUploaded: (url: string) => void;
  /** Set to true by the owner once the image is inserted, so the upload is not deleted on close. */
  readonly keepRef: { current: boolean };
  /** Gets the file input, e.g. for the dialog's first focus. */
  readonly inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const uploaded = useRef<string | null>(null);
  /** An upload is under way: a file picked meanwhile is ignored. */
  const busy = useRef(false);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  useEffect(
    () => () => {
      const id = uploaded.current;
      if (id && !keepRef.current) void deleteFile({ id }).catch(() => undefined);
    },
    [keepRef],
  );

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || busy.current) return;
    const problem = pickedImageProblem(file);
    if (problem) {
      setState({ phase: 'failed', message: problem });
      return;
    }
    const previous = uploaded.current;
    uploaded.current = null;
    if (previous) void deleteFile({ id: previous }).catch(() => undefined);
    setState({ phase: 'uploading', name: file.name, share: 0 });
    busy.current = true;
    let started: string | null = null;
    try {
      const id = await uploadFile({ kind: 'htmlImage', name: file.name, type: file.type, size: file.size }, file, {
        onStarted: (fileId) => {
          started = fileId;
        },
        onProgress: (share) => setState({ phase: 'uploading', name: file.name, share }),
      });
      uploaded.current = id;
      const url = publicFileUrl(PUBLIC_FILES_PATH, id);
      setState({ phase: 'done', name: file.name, url });
      onUploadedRef.current(url);
    } catch (error) {
      if (started) void deleteFile({ id: started }).catch(() => undefined);
      setState({ phase: 'failed', message: failureOf(error) });
    } finally {
      busy.current = false;
    }
  };

  return (
    <Stack gap="2">
      {/* Never disabled while uploading: a disabled input would drop the keyboard focus. */}
      <Field.Root invalid={state.phase === 'failed'} aria-busy={state.phase === 'uploading'}>
        <Field.Label>Upload an image</Field.Label>
        <Input ref={inputRef} type="file" accept={ACCEPT} p="1" onChange={(event) => void pick(event)} />
        {state.phase === 'failed' ? (
          <Field.ErrorText role="alert">{state.message}</Field.ErrorText>
        ) : (
          <Field.HelperText>{`PNG, JPEG, GIF or WebP, at most ${MAX_MB} MB. Its address fills the Image URL.`}</Field.HelperText>
        )}
      </Field.Root>
      {state.phase === 'uploading' ? (
        <Progress.Root value={Math.round(state.share * 100)} size="sm" aria-label={`Uploading ${state.name}`}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      <Box role="status" aria-live="polite">
        {state.phase === 'uploading' ? <Text fontSize="sm">{`Uploading ${state.name}…`}</Text> : null}
        {state.phase === 'done' ? (
          <Stack gap="1">
            <Text fontSize="sm">{`${state.name} is uploaded.`}</Text>
            {/* The preview repeats the picture the alt text describes: decorative here. */}
            <Image src={state.url} alt="" maxH="32" maxW="full" objectFit="contain" alignSelf="flex-start" />
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}
