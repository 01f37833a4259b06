import {
  Alert,
  Button,
  chakra,
  Heading,
  HStack,
  Input,
  Link,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { DownloadIcon, FileSearchIcon, UploadIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import * as z from 'zod';
import {
  INVITATION_ROLES,
  SELECT_IMPORT_FILE_MESSAGE,
  type UserImport,
  UserImportMode,
  type UserImportPreview,
} from '#shared/contracts/administration';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { paths } from '../../../config/paths.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { reportError } from '../../../lib/error-store.ts';
import { formValue, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useImportOrganizations } from '../api/get-import-organizations.ts';
import { usePreviewUserImport } from '../api/preview-user-import.ts';
import { useRunUserImport } from '../api/run-user-import.ts';
import { downloadErrorReport } from '../utils/error-report.ts';
import {
  FileTooLargeError,
  fileToBase64,
  IMPORT_ACCEPT,
  IMPORT_MAX_SIZE_TEXT,
  IMPORT_TYPE_MESSAGE,
  IMPORT_TYPES_TEXT,
  importFileProblem,
} from '../utils/import-file.ts';
import { ImportHistory } from './import-history.tsx';
import { ImportPreviewTable } from './import-preview-table.tsx';

const Radio = chakra('input', { base: { boxSize: '4', accentColor: 'colorPalette.solid', cursor: 'pointer' } });

/** The two ways to import, as people read them. */
export const MODE_LABELS: Readonly<Record<UserImportMode, string>> = {
  allOrNothing: 'Import only if every row is valid',
  validRowsOnly: 'Import the valid rows and skip the others',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 rows: 2 valid, 1 invalid." */
export function previewSummary(preview: Pick<UserImportPreview, 'rowCount' | 'validCount' | 'invalidCount'>): string {
  return `${plural(preview.rowCount, 'row', 'rows')}: ${preview.validCount} valid, ${preview.invalidCount} invalid.`;
}

/** "Import complete: 2 invited." or "Import partly done: 2 invited, 1 skipped, 0 failed." */
export function resultSummary(
  result: Pick<UserImport, 'status' | 'createdCount' | 'skippedCount' | 'failedCount'>,
): string {
  const counts = `${result.createdCount} invited, ${result.skippedCount} skipped, ${result.failedCount} failed.`;
  return result.status === 'complete' ? `Import complete: ${counts}` : `Import partly done: ${counts}`;
}

/** Where a server field error belongs (`content`, `fileName` → the file; `organizationId` → the organization). */
function fieldOf(path: string): 'file' | 'organizationId' | null {
  const name = path.split('.').at(-1);
  if (name === 'content' || name === 'fileName') return 'file';
  if (name === 'organizationId') return 'organizationId';
  return null;
}

/** The upload form (spec §5 "File picker and user import"): the organization and the file, both required. */
const ImportFileValues = z.object({
  organizationId: z.string().min(1, 'Choose an organization.'),
  file: formValue<File | null>().refine((file) => file instanceof File, SELECT_IMPORT_FILE_MESSAGE),
});
type ImportFileValues = z.input<typeof ImportFileValues>;

/**
 * The mode of an import of `preview` (spec §3 "User import"): refused when no row is
 * valid, and all-or-nothing refused when a row is invalid (nothing would be imported).
 */
function importModeSchema(preview: UserImportPreview) {
  return z.object({ mode: UserImportMode }).superRefine(({ mode }, context) => {
    if (preview.validCount === 0) {
      context.addIssue({
        code: 'custom',
        path: ['mode'],
        message: 'No row is valid: there is nothing to import. Fix the file and preview it again.',
      });
    } else if (mode === 'allOrNothing' && preview.invalidCount > 0) {
      context.addIssue({
        code: 'custom',
        path: ['mode'],
        message: `${plural(preview.invalidCount, 'row is', 'rows are')} invalid, so nothing would be imported. Fix the file and preview it again, or import the valid rows and skip the others.`,
      });
    }
  });
}

/**
 * User import (spec §3 "User import", §5 "File picker and user import", §6 "import";
 * issue 11): the organization* and the CSV file* (the picker says the accepted type
 * and the maximum in MB; a file of another type is refused under the field, a file
 * too large through the ERROR dialog, the input cleared either way), the template
 * link, "Preview" (no file: "Please select a file to import." under the field), the
 * preview with every bad row and its reasons, the mode (all-or-nothing, or the valid
 * rows only), "Import" with a progress indicator, the result with its error report,
 * and the history of past imports. Nothing is written before "Import".
 */
export function UserImportsPanel() {
  const id = useId();
  const { user, principal } = useSession();
  const organizations = useImportOrganizations(user?.id ?? null, principal);
  const form = useZodForm(ImportFileValues, { organizationId: '', file: null });
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<UserImportPreview | null>(null);
  // Each preview starts its mode form afresh, even of a file of the same name.
  const [previews, setPreviews] = useState(0);
  const [result, setResult] = useState<UserImport | null>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const resultHeading = useRef<HTMLHeadingElement | null>(null);
  const previewHeading = useRef<HTMLHeadingElement | null>(null);
  const previewFile = usePreviewUserImport();
  const runImport = useRunUserImport();
  const choices = organizations.data ?? [];
  const busy = previewFile.isPending || runImport.isPending;

  // A new preview or result takes the focus, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const startOver = () => {
    setPreview(null);
    setFormError(null);
  };

  const clearFile = () => {
    if (fileRef.current) fileRef.current.value = '';
    form.setValue('file', null);
  };

  const chooseFile = (picked: File | undefined) => {
    startOver();
    setResult(null);
    const problem = picked ? importFileProblem(picked) : null;
    if (picked && problem === null) {
      form.setValue('file', picked);
      form.clearErrors('file');
      return;
    }
    clearFile();
    if (problem === 'type') form.setError('file', { type: 'type', message: IMPORT_TYPE_MESSAGE });
    else form.clearErrors('file');
    if (problem === 'size') reportError(new FileTooLargeError());
  };

  /** A 400, 403 or 404 the panel shows itself: field messages under their fields, else above the buttons. */
  const showServerError = (error: unknown) => {
    if (!(error instanceof ApiError) || ![400, 403, 404].includes(error.statusCode)) return;
    if (error.statusCode === 403 && error.message === 'Forbidden') {
      reportError(error);
      return;
    }
    const found = new Map<'file' | 'organizationId', string>();
    for (const detail of error.details) {
      const name = fieldOf(detail.path);
      if (name && !found.has(name)) found.set(name, detail.message);
    }
    const first = found.has('organizationId') ? 'organizationId' : 'file';
    for (const [name, message] of found)
      form.setError(name, { type: 'server', message }, { shouldFocus: name === first });
    if (found.size === 0) setFormError(error.message);
  };

  const requestPreview = async ({ organizationId, file }: ImportFileValues) => {
    if (!file) return;
    try {
      const content = await fileToBase64(file);
      const answer = await previewFile.mutateAsync({ fileName: file.name, content, organizationId });
      setPreview(answer);
      setPreviews((count) => count + 1);
      announce(`Preview of ${answer.fileName}: ${previewSummary(answer)}`);
    } catch (error) {
      showServerError(error);
    }
  };

  const runTheImport = async (mode: UserImportMode) => {
    const { organizationId, file } = form.getValues();
    if (!file) return;
    setFormError(null);
    try {
      const content = await fileToBase64(file);
      const answer = await runImport.mutateAsync({ fileName: file.name, content, organizationId, mode });
      setResult(answer);
      setPreview(null);
      clearFile();
      announce(resultSummary(answer));
    } catch (error) {
      showServerError(error);
    }
  };

  const organization = form.register('organizationId', { onChange: startOver });

  return (
    <Stack as="section" aria-labelledby={`${id}-heading`} gap="6">
      <Heading as="h2" size="xl" id={`${id}-heading`}>
        Import users
      </Heading>
      <Text maxW="prose">
        Invite many people at once from a CSV file with the columns name, email and role ({INVITATION_ROLES.join(', ')}
        ). Each valid row becomes an invitation e-mailed to that address. Fields marked with an asterisk (*) are
        required.
      </Text>
      {organizations.isSuccess && choices.length === 0 ? (
        <Text>You may not import people into an organization yet.</Text>
      ) : null}
      <FormProvider {...form}>
        <Stack gap="4" maxW="xl">
          <FormField<ImportFileValues> name="organizationId" id={`${id}-organization`} label="Organization" required>
            {(control) => (
              <NativeSelect.Root disabled={busy}>
                <NativeSelect.Field {...control} {...organization}>
                  <option value="">
                    {organizations.isPending ? 'Loading organizations…' : 'Choose an organization'}
                  </option>
                  {choices.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <FormField<ImportFileValues>
                name="file"
                id={`${id}-file`}
                label="CSV file"
                required
                hint={
                  <>
                    {IMPORT_TYPES_TEXT}; at most {IMPORT_MAX_SIZE_TEXT}.{' '}
                    <Link href={paths.templateCsv} download="template.csv" color="fg.info" textDecoration="underline">
                      Download the template
                    </Link>
                  </>
                }
              >
                {(control) => (
                  <Input
                    {...control}
                    ref={(element) => {
                      fileRef.current = element;
                      field.ref(element);
                    }}
                    type="file"
                    accept={IMPORT_ACCEPT}
                    p="1.5"
                    disabled={busy}
                    onBlur={field.onBlur}
                    onChange={(event) => chooseFile(event.target.files?.[0])}
                  />
                )}
              </FormField>
            )}
          />
          <div>
            <Button
              variant="outline"
              onClick={(event) => {
                setFormError(null);
                setResult(null);
                void form.handleSubmit(requestPreview)(event);
              }}
              loading={previewFile.isPending}
              loadingText="Reading the file…"
              disabled={runImport.isPending}
            >
              <FileSearchIcon aria-hidden="true" />
              Preview
            </Button>
          </div>
        </Stack>
      </FormProvider>
      <FormProblem message={formError} />
      {preview ? (
        <Stack as="section" aria-labelledby={`${id}-preview`} gap="4">
          <Heading as="h3" size="lg" id={`${id}-preview`} ref={previewHeading} tabIndex={-1}>
            Preview of {preview.fileName}
          </Heading>
          <Text>
            Into {preview.organization.name}. {previewSummary(preview)} Nothing is written yet.
          </Text>
          {preview.rows.length > 0 ? (
            <ImportPreviewTable rows={preview.rows} caption={`Rows of ${preview.fileName}, invalid rows first`} />
          ) : null}
          <ImportModeForm
            key={previews}
            preview={preview}
            pending={runImport.isPending}
            onImport={(mode) => void runTheImport(mode)}
          />
        </Stack>
      ) : null}
      {result ? (
        <Stack as="section" aria-labelledby={`${id}-result`} gap="4">
          <Heading as="h3" size="lg" id={`${id}-result`} ref={resultHeading} tabIndex={-1}>
            Import result: {result.fileName}
          </Heading>
          <Alert.Root status={result.status === 'complete' ? 'success' : 'warning'}>
            <Alert.Indicator />
            <Alert.Title>{resultSummary(result)}</Alert.Title>
          </Alert.Root>
          {result.skippedCount + result.failedCount > 0 ? (
            <div>
              <Button variant="outline" onClick={() => downloadErrorReport(result)}>
                <DownloadIcon aria-hidden="true" />
                Download error report
              </Button>
            </div>
          ) : null}
          <ImportPreviewTable rows={result.rows} caption={`Rows of ${result.fileName} and what became of them`} />
        </Stack>
      ) : null}
      <ImportHistory />
    </Stack>
  );
}

/**
 * How to import a previewed file and the Import button (spec §3 "User import"): the
 * valid rows only is chosen when some rows are valid and some not. `onImport` gets
 * the mode once it can import something.
 */
function ImportModeForm({
  preview,
  pending,
  onImport,
}: {
  preview: UserImportPreview;
  pending: boolean;
  onImport: (mode: UserImportMode) => void;
}) {
  const id = useId();
  const [schema] = useState(() => importModeSchema(preview));
  const form = useZodForm(schema, {
    mode: preview.invalidCount > 0 && preview.validCount > 0 ? 'validRowsOnly' : 'allOrNothing',
  });
  return (
    <FormProvider {...form}>
      <FormField<{ mode: UserImportMode }> name="mode" id={`${id}-mode`} label="How to import" group>
        {(control) => (
          <Stack gap="2" {...control}>
            {(Object.keys(MODE_LABELS) as UserImportMode[]).map((value) => (
              <HStack as="label" key={value} gap="2" cursor="pointer">
                <Radio type="radio" {...form.register('mode')} value={value} colorPalette="brand" disabled={pending} />
                {MODE_LABELS[value]}
              </HStack>
            ))}
          </Stack>
        )}
      </FormField>
      <HStack gap="4" wrap="wrap">
        <Button
          colorPalette="brand"
          onClick={(event) => void form.handleSubmit(({ mode }) => onImport(mode))(event)}
          loading={pending}
          loadingText="Importing…"
        >
          <UploadIcon aria-hidden="true" />
          Import
        </Button>
        {pending ? (
          <HStack role="status" gap="2">
            <Spinner size="sm" aria-hidden="true" />
            <Text>Importing {plural(preview.validCount, 'row', 'rows')}; this can take a minute.</Text>
          </HStack>
        ) : null}
      </HStack>
    </FormProvider>
  );
}
