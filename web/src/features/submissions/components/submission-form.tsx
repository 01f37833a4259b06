import { Button, chakra, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type ChangeEvent, type ComponentType, type FormEvent, Suspense, useId, useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import type * as z from 'zod';
import { UPLOAD_KINDS } from '#shared/contracts/file';
import {
  GRANT_TRACKS,
  GrantTrack,
  SUBMISSION_LIMITS,
  type Submission,
  SubmissionContributor,
  SubmissionProposal,
} from '#shared/contracts/submission';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  KNOWLEDGE_TYPE_LABELS,
  type KnowledgeType,
} from '#shared/enums';
import { CheckboxGroupField } from '../../../components/ui/checkbox-group-field.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { RichTextEditor } from '../../../components/ui/rich-text/rich-text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { hasAcceptedType } from '../../../lib/file-pick.ts';
import { uploadFile } from '../../../lib/file-uploads.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useCreateSubmission, useUpdateOwnSubmission } from '../api/submission-writes.ts';
import { MAPPING_FIELDS } from './submission-materials.tsx';

/** The two grant tracks of the call for courseware (spec §1), as the form explains them. */
export const TRACK_TEXTS: Record<GrantTrack, { label: string; hint: string }> = {
  informal: {
    label: 'Informal submission, free',
    hint: 'Material you already teach, as it is; once accepted it is published with you credited. No grant.',
  },
  formal: {
    label: 'Formal process, paid',
    hint: 'Eligible faculty receive a grant to repackage or create courseware in our formats.',
  },
};

const Radio = chakra('input', {
  base: { boxSize: '4', accentColor: 'colorPalette.solid', cursor: 'pointer', mt: '1' },
});

const FormValues = SubmissionProposal.extend({ track: GrantTrack, contributor: SubmissionContributor });
type FormValues = z.input<typeof FormValues>;
type FormOutput = z.output<typeof FormValues>;

const FIELDS = ['name', 'description', 'categories', 'educationLevels', 'track', 'ksas', 'kus', 'tkss'] as const;

/** A file of the submission: uploaded (its id) and the name shown. */
interface FileEntry {
  readonly id: string;
  readonly name: string;
}

/** Props of the knowledge picker the route lends the form (the knowledge feature's; features do not import each other). */
export interface SubmissionKnowledgePickerProps {
  readonly type: KnowledgeType;
  readonly value: readonly string[];
  readonly onValueChange: (value: string[]) => void;
}

/** A knowledge list of the form as the picker sees it: ids in order. */
function idsOf(refs: readonly { id: string }[] | undefined): string[] {
  return (refs ?? []).map((ref) => ref.id);
}

/**
 * The courseware submission form (issue 25 item 6; decision record 067): the proposed
 * item (name, description as rich text — the shared editor of decision record 063 —,
 * categories, education levels, NICE/CAE mappings through the `KnowledgePicker` the
 * route lends, when it lends one), the grant track as a radio
 * group explaining both (spec §1), the submitter as contributor, and the files,
 * each uploaded as the content editor uploads (createUpload → S3 → completeUpload)
 * and attached by the submission. Checked with the server's schema; its 400 field
 * messages go under their fields, its 409 above the buttons. With `editing` it edits
 * and resubmits that submission (changes requested). `onDone` gets the stored submission.
 */
export function SubmissionForm({
  editing,
  defaultEmail,
  onDone,
  onCancel,
  KnowledgePicker,
}: {
  editing?: Submission;
  defaultEmail: string;
  KnowledgePicker?: ComponentType<SubmissionKnowledgePickerProps> | undefined;
  onDone: (submission: Submission) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useZodForm(FormValues, {
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    categories: editing?.categories ?? [],
    educationLevels: editing?.educationLevels ?? [],
    ksas: editing?.ksas ?? [],
    kus: editing?.kus ?? [],
    tkss: editing?.tkss ?? [],
    track: editing?.track ?? 'informal',
    contributor: editing?.contributor ?? { firstName: '', lastName: '', school: '', email: defaultEmail },
  });
  const [files, setFiles] = useState<FileEntry[]>(
    editing?.files.map(({ id: fileId, name }) => ({ id: fileId, name })) ?? [],
  );
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateSubmission();
  const update = useUpdateOwnSubmission();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    for (const file of picked) {
      if (!hasAcceptedType(file, UPLOAD_KINDS.content.types)) {
        setProblem(`${file.name}: this type of file is not accepted.`);
        continue;
      }
      if (files.length + 1 > SUBMISSION_LIMITS.filesMax) {
        setProblem(`A submission carries at most ${SUBMISSION_LIMITS.filesMax} files.`);
        break;
      }
      setUploading((count) => count + 1);
      try {
        const fileId = await uploadFile({ kind: 'content', name: file.name, type: file.type, size: file.size }, file);
        setFiles((current) => [...current, { id: fileId, name: file.name }]);
      } catch (error) {
        setProblem(`${file.name}: ${error instanceof Error ? error.message : 'the upload failed.'}`);
      } finally {
        setUploading((count) => count - 1);
      }
    }
  };

  const send = async (values: FormOutput) => {
    const body = { ...values, files };
    try {
      const stored = editing
        ? await update.mutateAsync({ id: editing.id, ...body, version: editing.version })
        : await create.mutateAsync(body);
      onDone(stored);
    } catch (error) {
      if (!(error instanceof ApiError) || ![400, 404, 409].includes(error.statusCode)) return;
      if (!applyServerErrors(error, form.setError, FIELDS)) setProblem(error.message);
    }
  };
  const submit = (event: FormEvent) => {
    setProblem(null);
    return form.handleSubmit(send)(event);
  };
  const pending = create.isPending || update.isPending;

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Courseware submission">
        <Stack gap="5" maxW="2xl">
          <Text>Fields marked with an asterisk (*) are required.</Text>
          <FormField<FormValues> name="name" label="Name of the courseware" required>
            {(control) => <Input {...control} {...form.register('name')} />}
          </FormField>
          <FormField<FormValues>
            name="description"
            label="Description"
            hint="What it covers, who it is for, its size and format."
            required
          >
            {(control) => (
              <Controller
                name="description"
                control={form.control}
                render={({ field }) => (
                  <RichTextEditor
                    control={control}
                    label="Description"
                    value={field.value}
                    onChange={field.onChange}
                    inputRef={field.ref}
                    rows={8}
                    // Submitters may not upload images (kind htmlImage is for editors; decision record 063).
                    imageUpload={false}
                  />
                )}
              />
            )}
          </FormField>
          <CheckboxGroupField<FormValues, (typeof CONTENT_CATEGORIES)[number]>
            name="categories"
            label="Kind of courseware"
            options={CONTENT_CATEGORIES}
            optionLabel={(category) => CONTENT_CATEGORY_LABELS[category]}
          />
          <CheckboxGroupField<FormValues, (typeof EDUCATION_LEVELS)[number]>
            name="educationLevels"
            label="Education levels"
            options={EDUCATION_LEVELS}
            optionLabel={(level) => EDUCATION_LEVEL_LABELS[level]}
          />
          {KnowledgePicker ? (
            <Stack gap="3" as="section" aria-labelledby={`${id}-mappings`}>
              <Heading as="h3" size="md" id={`${id}-mappings`}>
                NICE/CAE mappings
              </Heading>
              <Text color="fg.muted">The NICE Framework statements and CAE knowledge units the courseware covers.</Text>
              <Suspense
                fallback={
                  <Stack role="status" aria-label="Loading the mapping pickers">
                    <Skeleton height="16" />
                  </Stack>
                }
              >
                <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
                  {MAPPING_FIELDS.map(([type, field]) => (
                    <Controller
                      key={type}
                      name={field}
                      control={form.control}
                      render={({ field: list, fieldState }) => (
                        <Stack gap="2" role="group" aria-label={KNOWLEDGE_TYPE_LABELS[type]}>
                          <KnowledgePicker
                            type={type}
                            value={idsOf(list.value)}
                            onValueChange={(ids) => list.onChange(ids.map((one, index) => ({ id: one, index })))}
                          />
                          {fieldState.error?.message ? (
                            <Text color="fg.error" fontSize="sm" role="alert">
                              {fieldState.error.message}
                            </Text>
                          ) : null}
                        </Stack>
                      )}
                    />
                  ))}
                </SimpleGrid>
              </Suspense>
            </Stack>
          ) : null}
          <FormField<FormValues> name="track" id={`${id}-track`} label="Grant track" group required>
            {(control) => (
              <Stack gap="3" {...control}>
                {GRANT_TRACKS.map((track) => (
                  <HStack as="label" key={track} gap="2" alignItems="flex-start" cursor="pointer">
                    <Radio type="radio" {...form.register('track')} value={track} colorPalette="brand" />
                    <Stack gap="0">
                      <Text fontWeight="semibold">{TRACK_TEXTS[track].label}</Text>
                      <Text color="fg.muted">{TRACK_TEXTS[track].hint}</Text>
                    </Stack>
                  </HStack>
                ))}
              </Stack>
            )}
          </FormField>
          <FormField<FormValues> name="contributor.firstName" label="Your first name" required>
            {(control) => <Input {...control} {...form.register('contributor.firstName')} autoComplete="given-name" />}
          </FormField>
          <FormField<FormValues> name="contributor.lastName" label="Your last name" required>
            {(control) => <Input {...control} {...form.register('contributor.lastName')} autoComplete="family-name" />}
          </FormField>
          <FormField<FormValues> name="contributor.school" label="Your school" required>
            {(control) => <Input {...control} {...form.register('contributor.school')} autoComplete="organization" />}
          </FormField>
          <FormField<FormValues> name="contributor.email" label="Your e-mail" required>
            {(control) => (
              <Input {...control} {...form.register('contributor.email')} type="email" autoComplete="email" />
            )}
          </FormField>
          <Stack gap="2">
            <label htmlFor={`${id}-files`}>
              <Text fontWeight="medium">Files</Text>
            </label>
            <Input id={`${id}-files`} type="file" multiple onChange={(event) => void pick(event)} p="1" />
            {uploading > 0 ? <Text role="status">Uploading…</Text> : null}
            {files.length > 0 ? (
              <ul aria-label="Files of the submission">
                {files.map((file) => (
                  <li key={file.id}>
                    <HStack gap="3">
                      <Text>{file.name}</Text>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setFiles((current) => current.filter((one) => one.id !== file.id))}
                      >
                        Remove {file.name}
                      </Button>
                    </HStack>
                  </li>
                ))}
              </ul>
            ) : null}
          </Stack>
          {problem ? <FormProblem message={problem} /> : null}
          <HStack gap="3">
            <Button type="submit" colorPalette="brand" loading={pending} disabled={uploading > 0}>
              {editing ? 'Resubmit' : 'Submit courseware'}
            </Button>
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      </form>
    </FormProvider>
  );
}
