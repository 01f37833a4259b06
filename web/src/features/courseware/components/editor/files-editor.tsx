import { Badge, Box, Button, Field, Heading, HStack, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { Trash2Icon } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { extensionOf, FILE_TYPES, type FileMediaType, UPLOAD_KINDS } from '#shared/contracts/file';
import { fileTypeLabel } from '#shared/file-type-labels';
import { LIMITS } from '#shared/limits';
import { announce } from '../../../../lib/announcer.tsx';
import { newDraftKey } from '../../../../lib/contributor-draft.ts';
import { FILE_TOO_LARGE_MESSAGE } from '../../../../lib/file-pick.ts';
import { type ContentDraft, type DraftErrors, draftFieldId, type FileDraft } from './content-draft.ts';
import { EditorField, ErrorText } from './content-fields.tsx';
import { useDraftFieldSetter } from './use-draft-form.ts';
import type { UploadProgress } from './use-save-content.ts';

const RULE = UPLOAD_KINDS.content;

/** The extensions the content file picker accepts, e.g. `.pdf, .zip, …` (spec §5 "File picker"). */
export const ACCEPTED_EXTENSIONS: readonly string[] = RULE.types.flatMap((type) => FILE_TYPES[type]);

/** The picker's maximum size in MB (decimal, as the server counts bytes), e.g. 100. */
export const MAX_MEGABYTES = RULE.maxBytes / 1_000_000;

export { FILE_TOO_LARGE_MESSAGE };

/** The message of a file of a type the picker does not accept. */
export function invalidTypeMessage(name: string): string {
  return `${name}: this type of file is not accepted. Choose a ${ACCEPTED_EXTENSIONS.join(', ')} file.`;
}

/**
 * Checks a chosen file against the content upload rules (decision record 016): its
 * media type (or, when the browser gives none, its extension) must be accepted and
 * match its extension, and its size (bytes) must be at most the maximum. Answers the
 * media type to upload it as, or the message to show.
 */
export function checkPickedFile(file: File): { type: FileMediaType } | { error: string } {
  const extension = extensionOf(file.name);
  const accepted = RULE.types as readonly string[];
  const type = (
    accepted.includes(file.type)
      ? file.type
      : file.type === ''
        ? RULE.types.find((candidate) => (FILE_TYPES[candidate] as readonly string[]).includes(extension))
        : undefined
  ) as FileMediaType | undefined;
  if (!type || !(FILE_TYPES[type] as readonly string[]).includes(extension)) {
    return { error: invalidTypeMessage(file.name) };
  }
  if (file.size > RULE.maxBytes) return { error: FILE_TOO_LARGE_MESSAGE };
  return { type };
}

function fileLabel(file: FileDraft): string {
  return file.kind === 'stored' ? file.filename : file.file.name;
}

function typeOf(file: FileDraft): string {
  return file.kind === 'stored' ? file.type : file.file.type;
}

/** A progress bar (role progressbar) named `label`, at `share` (0 to 1). */
export function UploadProgressBar({ label, share }: { label: string; share: number }) {
  const percent = Math.round(share * 100);
  return (
    <Progress.Root value={percent} size="sm" colorPalette="brand" maxW="md">
      <Progress.Track aria-label={label} aria-valuetext={`${percent}%`}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/**
 * The files of the item in the editor (spec §2.6 "Files", §5 "File name: required,
 * max 120", "File picker"): each with its editable name, its type, a Remove button
 * and, while a save uploads it, a progress bar; then the picker, which shows the
 * accepted types and the maximum size in MB and refuses a file of another type or
 * past the maximum under itself. New files are uploaded when the form is saved;
 * removed ones are deleted by the server on save (Cancel brings them back).
 *
 * The list is the enclosing content form's `files` field array (issue 23 item 4:
 * react-hook-form's `useFieldArray`, rows keyed by its stable ids); each row's name is
 * `files.<i>.name`, a message about the file itself `files.<i>` (in `errors`).
 */
export function FilesEditor({
  errors,
  progress,
  disabled = false,
}: {
  errors: DraftErrors;
  progress: UploadProgress;
  disabled?: boolean;
}) {
  const { control, watch } = useFormContext<ContentDraft>();
  const { fields, append, remove } = useFieldArray({ control, name: 'files' });
  // The rows' current values (the field array's own copies are not updated as a name is typed).
  const files = watch('files');
  const setField = useDraftFieldSetter();
  const [pickError, setPickError] = useState<string | null>(null);
  const pickerId = 'content-edit-file-picker';

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const added: FileDraft[] = [];
    const refused: string[] = [];
    for (const file of chosen) {
      const outcome = checkPickedFile(file);
      if ('error' in outcome) refused.push(outcome.error);
      else {
        const typed = file.type === outcome.type ? file : new File([file], file.name, { type: outcome.type });
        added.push({ kind: 'new', key: newDraftKey(), file: typed, name: file.name.slice(0, LIMITS.fileNameMaxChars) });
      }
    }
    setPickError(refused.length > 0 ? refused.join(' ') : null);
    if (added.length > 0) {
      append(added, { shouldFocus: false });
      announce(`${added.length === 1 ? 'File' : `${added.length} files`} added. Uploaded when you save.`);
    }
  };

  return (
    <Box as="section" aria-labelledby="content-edit-files-heading">
      <Heading as="h2" id="content-edit-files-heading" size="lg" mb="3">
        Files
      </Heading>
      <Stack gap="4">
        {fields.length > 0 ? (
          <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label="Files">
            {fields.map((field, index) => {
              const file = files[index] ?? field;
              const label = fileLabel(file);
              const share = file.kind === 'new' ? progress[file.key] : undefined;
              return (
                <Box
                  as="li"
                  key={field.id}
                  id={draftFieldId(`files.${index}`)}
                  borderWidth="1px"
                  borderRadius="md"
                  p="3"
                >
                  <Stack gap="2">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="semibold">{label}</Text>
                      <Text color="fg.muted" fontSize="sm">
                        {fileTypeLabel(typeOf(file))}
                      </Text>
                      {file.kind === 'new' ? (
                        <Badge colorPalette="green" variant="subtle">
                          New
                        </Badge>
                      ) : null}
                    </HStack>
                    <EditorField
                      name={`files.${index}.name`}
                      label={`File name of ${label}`}
                      hint={`${file.name.length} of ${LIMITS.fileNameMaxChars} characters`}
                      required
                    >
                      {(described) => (
                        <Input
                          {...described}
                          value={file.name}
                          disabled={disabled}
                          onChange={(event) => setField(`files.${index}.name`, event.target.value)}
                        />
                      )}
                    </EditorField>
                    {share !== undefined ? <UploadProgressBar label={`Uploading ${label}`} share={share} /> : null}
                    {errors[`files.${index}`] ? (
                      <Text color="fg.error" fontSize="sm" role="alert">
                        {errors[`files.${index}`]}
                      </Text>
                    ) : null}
                    <Box>
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        disabled={disabled}
                        aria-label={`Remove file ${label}`}
                        onClick={() => {
                          remove(index);
                          announce(`File ${label} removed. It is deleted when you save.`);
                        }}
                      >
                        <Trash2Icon aria-hidden="true" />
                        Remove
                      </Button>
                    </Box>
                  </Stack>
                </Box>
              );
            })}
          </Stack>
        ) : (
          <Text color="fg.muted">No files yet.</Text>
        )}
        <Field.Root id={pickerId} invalid={Boolean(pickError)}>
          <Field.Label>Add files</Field.Label>
          <Input
            type="file"
            multiple
            p="1"
            disabled={disabled}
            accept={[...RULE.types, ...ACCEPTED_EXTENSIONS].join(',')}
            onChange={pick}
          />
          <Field.HelperText>
            Accepted types: {ACCEPTED_EXTENSIONS.join(', ')}. Maximum size: {MAX_MEGABYTES} MB per file. New files are
            uploaded when you save; removed files are deleted from the server when you save.
          </Field.HelperText>
          <ErrorText message={pickError ?? undefined} />
        </Field.Root>
      </Stack>
    </Box>
  );
}
