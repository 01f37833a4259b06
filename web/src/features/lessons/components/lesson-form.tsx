import { Box, Button, CloseButton, Dialog, Fieldset, Input, Portal, Progress, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useFormContext } from 'react-hook-form';
import {
  type CreateLessonRequest,
  LESSON_LIMITS,
  LESSON_STALE_MESSAGE,
  type Lesson,
  type LessonUrl,
} from '#shared/contracts/lesson';
import { LIMITS } from '#shared/limits';
import { FormDialogFooter } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { endsSession, reportError } from '../../../lib/error-store.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useCreateLesson } from '../api/create-lesson.ts';
import { lessonsQueryKey } from '../api/list-lessons.ts';
import { useUpdateLesson } from '../api/update-lesson.ts';
import { deleteFile, UploadError, uploadContentFile } from '../api/upload-file.ts';
import { type ArtifactDraft, draftOf, LessonFormSchema, type LessonFormValues, newKey } from '../utils/lesson-draft.ts';
import { ArtifactFields } from './artifact-fields.tsx';

interface UploadProgress {
  readonly name: string;
  readonly percent: number;
  readonly position: number;
  readonly total: number;
}

interface LessonProblem {
  readonly message: string;
  readonly details: readonly string[];
  readonly stale: boolean;
}

// Best effort: the server also sweeps unattached uploads (decision record 020).
async function discardUploads(fileIds: readonly string[]): Promise<void> {
  await Promise.allSettled(fileIds.map((id) => deleteFile(id)));
}

/**
 * The add and edit dialog of a lesson. `lesson` null adds one. Mounted while open,
 * so each opening starts from the lesson as listed.
 */
export function LessonFormDialog({
  contentId,
  lesson,
  open,
  onClose,
}: {
  contentId: string;
  lesson: Lesson | null;
  open: boolean;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root
      open={open}
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <LessonForm contentId={contentId} lesson={lesson} onClose={onClose} onBusyChange={setBusy} />
            {busy ? null : (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The lesson form (spec §3 Lesson, decision record 021): name (required, at most
 * 1000 characters), alternate id (at most 200), artifacts, and pages with their own
 * name and artifacts. On save the chosen files are uploaded one by one with a
 * progress bar (createUpload → S3 → complete), then the lesson is created or
 * replaced naming them; when an upload is refused nothing is saved, and when the
 * save fails the uploads it made are deleted.
 */
export function LessonForm({
  contentId,
  lesson,
  onClose,
  onBusyChange,
}: {
  contentId: string;
  lesson: Lesson | null;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const form = useZodForm(LessonFormSchema, draftOf(lesson) as LessonFormValues);
  const { control, register, setError } = form;
  const [problem, setProblem] = useState<LessonProblem | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusyState] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const create = useCreateLesson();
  const update = useUpdateLesson();
  const title = lesson ? 'Edit lesson' : 'Add lesson';

  const setBusy = (value: boolean) => {
    setBusyState(value);
    onBusyChange(value);
  };

  const showProblem = (next: LessonProblem) => {
    setProblem(next);
    queueMicrotask(() => problemRef.current?.focus());
  };

  const save = async (draft: LessonFormValues) => {
    setBusy(true);
    const made: string[] = [];
    const pending = [...draft.urls, ...draft.pages.flatMap((page) => page.urls)].filter((item) => item.file);
    const ids = new Map<string, string>();
    let current = 'The file';
    try {
      for (const [index, artifact] of pending.entries()) {
        const file = artifact.file as File;
        current = file.name;
        const report = (percent: number) =>
          setProgress({ name: file.name, percent, position: index + 1, total: pending.length });
        report(0);
        try {
          const id = await uploadContentFile({ file, type: artifact.mediaType, contentId }, report);
          made.push(id);
          ids.set(artifact.key, id);
        } catch (error) {
          if (error instanceof UploadError && error.fileId) made.push(error.fileId);
          throw error;
        }
      }
    } catch (error) {
      await discardUploads(made);
      setProgress(null);
      setBusy(false);
      const cause = error instanceof UploadError ? error.cause : error;
      if (endsSession(cause)) reportError(cause);
      const reason = error instanceof Error ? error.message : String(error);
      showProblem({ message: `${current} was not uploaded: ${reason}`, details: [], stale: false });
      return;
    }
    setProgress(null);
    const urlsOf = (items: readonly ArtifactDraft[]): LessonUrl[] =>
      items.map((item) => ({ fileId: item.fileId ?? (ids.get(item.key) as string), type: item.type }));
    const fields = {
      name: draft.name,
      alternateId: draft.alternateId === '' ? null : draft.alternateId,
      urls: urlsOf(draft.urls),
      pages: draft.pages.map((page) => ({
        ...(page.id ? { id: page.id } : {}),
        name: page.name,
        urls: urlsOf(page.urls),
      })),
    };
    try {
      if (lesson) {
        await update.mutateAsync({ id: lesson.id, body: { ...fields, index: lesson.index, version: lesson.version } });
      } else {
        const body: CreateLessonRequest = { ...fields, contentId };
        await create.mutateAsync(body);
      }
    } catch (error) {
      await discardUploads(made);
      setBusy(false);
      if (error instanceof ApiError && error.statusCode === 409) {
        showProblem({ message: LESSON_STALE_MESSAGE, details: [], stale: true });
        return;
      }
      if (error instanceof ApiError && error.statusCode === 400) {
        const fields = [
          'name',
          'alternateId',
          ...draft.pages.map((_, index) => `pages.${index}.name` as const),
        ] as const;
        if (applyServerErrors(error, setError, fields)) return;
        showProblem({
          message: error.message,
          details: error.details.map((detail) => `${detail.path}: ${detail.message}`),
          stale: false,
        });
        return;
      }
      showProblem({ message: 'The lesson was not saved.', details: [], stale: false });
      return;
    }
    setBusy(false);
    announce(lesson ? 'Lesson saved.' : 'Lesson added.');
    onClose();
  };

  const submit = (event: FormEvent) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    setProblem(null);
    void form.handleSubmit(save)(event);
  };

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: lessonsQueryKey(contentId) });
    onClose();
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="5">
          <FormField<LessonFormValues>
            name="name"
            label="Name"
            required
            disabled={busy}
            hint={`At most ${LIMITS.childNameMaxChars} characters.`}
          >
            {(described) => <Input {...described} {...register('name')} />}
          </FormField>
          <FormField<LessonFormValues>
            name="alternateId"
            label="Alternate id"
            disabled={busy}
            hint="The lesson's id elsewhere, such as the exercise area. At most 200 characters."
          >
            {(described) => <Input {...described} {...register('alternateId')} />}
          </FormField>
          <Fieldset.Root>
            <Fieldset.Legend>Artifacts</Fieldset.Legend>
            <Fieldset.Content>
              <Controller
                control={control}
                name="urls"
                render={({ field }) => (
                  <ArtifactFields
                    contentId={contentId}
                    artifacts={field.value}
                    onChange={field.onChange}
                    pickerLabel="Add file"
                    disabled={busy}
                  />
                )}
              />
            </Fieldset.Content>
          </Fieldset.Root>
          <LessonPages contentId={contentId} busy={busy} />
          {progress ? (
            <Progress.Root value={progress.percent} max={100}>
              <Progress.Label>
                Uploading {progress.name} ({progress.position} of {progress.total})
              </Progress.Label>
              <Progress.Track aria-label={`Uploading ${progress.name}`}>
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText>{progress.percent}%</Progress.ValueText>
            </Progress.Root>
          ) : null}
          <FormProblem
            ref={problemRef}
            message={problem?.message}
            details={problem?.details}
            onReload={problem?.stale ? reload : undefined}
          />
        </Dialog.Body>
        <FormDialogFooter
          submitLabel="Save"
          onCancel={onClose}
          pending={busy}
          loadingText={progress ? 'Uploading…' : 'Saving…'}
        />
      </form>
    </FormProvider>
  );
}

/** The pages of a lesson in the form (a `useFieldArray`): each with its name and artifacts, Remove, and Add page. */
function LessonPages({ contentId, busy }: { contentId: string; busy: boolean }) {
  const { control, register } = useFormContext<LessonFormValues>();
  const pages = useFieldArray({ control, name: 'pages' });
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Pages</Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="4">
          {pages.fields.map((page, index) => {
            const label = `Page ${index + 1}`;
            return (
              <Fieldset.Root key={page.id} borderWidth="1px" borderRadius="md" p="3">
                <Fieldset.Legend>{label}</Fieldset.Legend>
                <Fieldset.Content>
                  <FormField<LessonFormValues>
                    name={`pages.${index}.name`}
                    label={`${label} name`}
                    required
                    disabled={busy}
                  >
                    {(described) => <Input {...described} {...register(`pages.${index}.name`)} />}
                  </FormField>
                  <Controller
                    control={control}
                    name={`pages.${index}.urls`}
                    render={({ field }) => (
                      <ArtifactFields
                        contentId={contentId}
                        artifacts={field.value}
                        onChange={field.onChange}
                        pickerLabel={`Add file to ${label.toLowerCase()}`}
                        disabled={busy}
                      />
                    )}
                  />
                  <Box>
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => pages.remove(index)}>
                      Remove {label.toLowerCase()}
                    </Button>
                  </Box>
                </Fieldset.Content>
              </Fieldset.Root>
            );
          })}
          <Box>
            <Button
              size="sm"
              variant="outline"
              disabled={busy || pages.fields.length >= LESSON_LIMITS.pages}
              onClick={() =>
                pages.append(
                  { key: newKey(), id: null, name: '', urls: [] },
                  { focusName: `pages.${pages.fields.length}.name` },
                )
              }
            >
              Add page
            </Button>
          </Box>
        </Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
