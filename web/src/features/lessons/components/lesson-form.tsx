import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Fieldset,
  HStack,
  Input,
  Portal,
  Progress,
  Stack,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import {
  type CreateLessonRequest,
  LESSON_LIMITS,
  LESSON_STALE_MESSAGE,
  type Lesson,
  type LessonUrl,
} from '#shared/contracts/lesson';
import { LIMITS } from '#shared/limits';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { endsSession, reportError } from '../../../lib/error-store.ts';
import { useCreateLesson } from '../api/create-lesson.ts';
import { lessonsQueryKey } from '../api/list-lessons.ts';
import { useUpdateLesson } from '../api/update-lesson.ts';
import { deleteFile, UploadError, uploadContentFile } from '../api/upload-file.ts';
import {
  type ArtifactDraft,
  type DraftErrors,
  draftErrors,
  draftOf,
  type LessonDraft,
  newKey,
  type PageDraft,
} from '../utils/lesson-draft.ts';
import { ArtifactFields } from './artifact-fields.tsx';

interface UploadProgress {
  readonly name: string;
  readonly percent: number;
  readonly position: number;
  readonly total: number;
}

interface FormProblem {
  readonly message: string;
  readonly details: readonly string[];
  readonly stale: boolean;
}

/** Field errors of a save's 400 (`body.name`, `body.pages.0.name`…), keyed as the form keys them. */
function errorsFromServer(error: ApiError): DraftErrors {
  const errors: DraftErrors = {};
  for (const detail of error.details) {
    const key = detail.path.replace(/^body\./, '');
    if (key === 'name' || key === 'alternateId' || /^pages\.\d+\.name$/.test(key)) errors[key] ??= detail.message;
  }
  return errors;
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
  const [draft, setDraft] = useState<LessonDraft>(() => draftOf(lesson));
  const [errors, setErrors] = useState<DraftErrors>({});
  useRevalidation(draft, setErrors, draftErrors);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusyState] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const create = useCreateLesson();
  const update = useUpdateLesson();
  const title = lesson ? 'Edit lesson' : 'Add lesson';

  const setBusy = (value: boolean) => {
    setBusyState(value);
    onBusyChange(value);
  };

  const focusField = (key: string) => {
    const field = formRef.current?.querySelector<HTMLElement>(`[data-field="${key}"]`);
    field?.focus();
  };

  const showErrors = (found: DraftErrors) => {
    setErrors(found);
    const first = ['name', 'alternateId', ...draft.pages.map((_, index) => `pages.${index}.name`)].find(
      (key) => found[key],
    );
    if (first) focusField(first);
  };

  const showProblem = (next: FormProblem) => {
    setProblem(next);
    queueMicrotask(() => problemRef.current?.focus());
  };

  const setPage = (index: number, change: Partial<PageDraft>) =>
    setDraft((current) => ({
      ...current,
      pages: current.pages.map((page, at) => (at === index ? { ...page, ...change } : page)),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const found = draftErrors(draft);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
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
    const alternateId = draft.alternateId.trim();
    const fields = {
      name: draft.name.trim(),
      alternateId: alternateId === '' ? null : alternateId,
      urls: urlsOf(draft.urls),
      pages: draft.pages.map((page) => ({
        ...(page.id ? { id: page.id } : {}),
        name: page.name.trim(),
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
        const fromServer = errorsFromServer(error);
        if (Object.keys(fromServer).length > 0) {
          showErrors(fromServer);
          return;
        }
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

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: lessonsQueryKey(contentId) });
    onClose();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={title}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="5">
        <Field.Root invalid={Boolean(errors.name)} required disabled={busy}>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            data-field="name"
            value={draft.name}
            onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
          />
          <Field.HelperText>At most {LIMITS.childNameMaxChars} characters.</Field.HelperText>
          {errors.name ? <Field.ErrorText role="alert">{errors.name}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.alternateId)} disabled={busy}>
          <Field.Label>Alternate id</Field.Label>
          <Input
            data-field="alternateId"
            value={draft.alternateId}
            onChange={(event) => setDraft((current) => ({ ...current, alternateId: event.target.value }))}
          />
          <Field.HelperText>
            The lesson's id elsewhere, such as the exercise area. At most 200 characters.
          </Field.HelperText>
          {errors.alternateId ? <Field.ErrorText role="alert">{errors.alternateId}</Field.ErrorText> : null}
        </Field.Root>
        <Fieldset.Root>
          <Fieldset.Legend>Artifacts</Fieldset.Legend>
          <Fieldset.Content>
            <ArtifactFields
              contentId={contentId}
              artifacts={draft.urls}
              onChange={(urls) => setDraft((current) => ({ ...current, urls }))}
              pickerLabel="Add file"
              disabled={busy}
            />
          </Fieldset.Content>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend>Pages</Fieldset.Legend>
          <Fieldset.Content>
            <Stack gap="4">
              {draft.pages.map((page, index) => {
                const label = `Page ${index + 1}`;
                const nameKey = `pages.${index}.name`;
                return (
                  <Fieldset.Root key={page.key} borderWidth="1px" borderRadius="md" p="3">
                    <Fieldset.Legend>{label}</Fieldset.Legend>
                    <Fieldset.Content>
                      <Field.Root invalid={Boolean(errors[nameKey])} required disabled={busy}>
                        <Field.Label>
                          {label} name <Field.RequiredIndicator />
                        </Field.Label>
                        <Input
                          data-field={nameKey}
                          value={page.name}
                          onChange={(event) => setPage(index, { name: event.target.value })}
                        />
                        {errors[nameKey] ? <Field.ErrorText role="alert">{errors[nameKey]}</Field.ErrorText> : null}
                      </Field.Root>
                      <ArtifactFields
                        contentId={contentId}
                        artifacts={page.urls}
                        onChange={(urls) => setPage(index, { urls })}
                        pickerLabel={`Add file to ${label.toLowerCase()}`}
                        disabled={busy}
                      />
                      <Box>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          onClick={() => {
                            setErrors({});
                            setDraft((current) => ({
                              ...current,
                              pages: current.pages.filter((_, at) => at !== index),
                            }));
                          }}
                        >
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
                  disabled={busy || draft.pages.length >= LESSON_LIMITS.pages}
                  onClick={() => {
                    setDraft((current) => ({
                      ...current,
                      pages: [...current.pages, { key: newKey(), id: null, name: '', urls: [] }],
                    }));
                    queueMicrotask(() => focusField(`pages.${draft.pages.length}.name`));
                  }}
                >
                  Add page
                </Button>
              </Box>
            </Stack>
          </Fieldset.Content>
        </Fieldset.Root>
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
        {problem ? (
          <Alert.Root status="error" role="alert" ref={problemRef} tabIndex={-1}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{problem.message}</Alert.Title>
              {problem.details.length > 0 ? (
                <Alert.Description>
                  <Stack as="ul" gap="1" ps="4">
                    {problem.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </Stack>
                </Alert.Description>
              ) : null}
            </Alert.Content>
            {problem.stale ? (
              <Button size="sm" onClick={reload}>
                Reload
              </Button>
            ) : null}
          </Alert.Root>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <HStack gap="3">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={progress ? 'Uploading…' : 'Saving…'}>
            Save
          </Button>
        </HStack>
      </Dialog.Footer>
    </form>
  );
}
