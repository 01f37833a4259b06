import {
  Alert,
  Button,
  chakra,
  Field,
  Fieldset,
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
import {
  INVITATION_ROLES,
  SELECT_IMPORT_FILE_MESSAGE,
  type UserImport,
  type UserImportMode,
  type UserImportPreview,
} from '#shared/contracts/administration';
import { FieldErrorText, fieldIds } from '../../../components/ui/field-parts.tsx';
import { paths } from '../../../config/paths.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { reportError } from '../../../lib/error-store.ts';
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

type FieldName = 'organization' | 'file';
type Errors = Partial<Record<FieldName | 'mode', string>>;

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
function fieldOf(path: string): FieldName | null {
  const name = path.split('.').at(-1);
  if (name === 'content' || name === 'fileName') return 'file';
  if (name === 'organizationId') return 'organization';
  return null;
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
  const [organizationId, setOrganizationId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<UserImportPreview | null>(null);
  const [mode, setMode] = useState<UserImportMode>('allOrNothing');
  const [result, setResult] = useState<UserImport | null>(null);
  const organizationRef = useRef<HTMLSelectElement | null>(null);
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
    setFile(null);
  };

  const chooseFile = (picked: File | undefined) => {
    startOver();
    setResult(null);
    if (!picked) {
      setFile(null);
      return;
    }
    const problem = importFileProblem(picked);
    if (problem === null) {
      setFile(picked);
      setErrors(({ file: _cleared, ...rest }) => rest);
      return;
    }
    clearFile();
    if (problem === 'type') {
      setErrors((current) => ({ ...current, file: IMPORT_TYPE_MESSAGE }));
      return;
    }
    setErrors(({ file: _cleared, ...rest }) => rest);
    reportError(new FileTooLargeError());
  };

  /** A 400, 403 or 404 the panel shows itself: field messages under their fields, else above the buttons. */
  const showServerError = (error: unknown) => {
    if (!(error instanceof ApiError) || ![400, 403, 404].includes(error.statusCode)) return;
    if (error.statusCode === 403 && error.message === 'Forbidden') {
      reportError(error);
      return;
    }
    const found: Errors = {};
    for (const detail of error.details) {
      const name = fieldOf(detail.path);
      if (name) found[name] ??= detail.message;
    }
    if (found.file || found.organization) {
      setErrors(found);
      (found.organization ? organizationRef : fileRef).current?.focus();
    }
    if (!found.file && !found.organization) setFormError(error.message);
  };

  const requestPreview = async () => {
    setFormError(null);
    setResult(null);
    const found: Errors = {};
    if (!organizationId) found.organization = 'Choose an organization.';
    if (!file) found.file = SELECT_IMPORT_FILE_MESSAGE;
    setErrors(found);
    if (found.organization) organizationRef.current?.focus();
    else if (found.file) fileRef.current?.focus();
    if (!file || !organizationId) return;
    try {
      const content = await fileToBase64(file);
      const answer = await previewFile.mutateAsync({ fileName: file.name, content, organizationId });
      setPreview(answer);
      setMode(answer.invalidCount > 0 && answer.validCount > 0 ? 'validRowsOnly' : 'allOrNothing');
      announce(`Preview of ${answer.fileName}: ${previewSummary(answer)}`);
    } catch (error) {
      showServerError(error);
    }
  };

  const runTheImport = async () => {
    if (!preview || !file) return;
    setFormError(null);
    if (preview.validCount === 0) {
      setErrors({ mode: 'No row is valid: there is nothing to import. Fix the file and preview it again.' });
      return;
    }
    if (mode === 'allOrNothing' && preview.invalidCount > 0) {
      setErrors({
        mode: `${plural(preview.invalidCount, 'row is', 'rows are')} invalid, so nothing would be imported. Fix the file and preview it again, or import the valid rows and skip the others.`,
      });
      return;
    }
    setErrors({});
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

  const organizationIds = fieldIds(`${id}-organization`, { help: false, error: Boolean(errors.organization) });
  const fileIds = fieldIds(`${id}-file`, { help: true, error: Boolean(errors.file) });

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
      <Stack gap="4" maxW="xl">
        <Field.Root ids={organizationIds.ids} invalid={Boolean(errors.organization)} required>
          <Field.Label>
            Organization
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root disabled={busy}>
            <NativeSelect.Field
              ref={organizationRef}
              aria-describedby={organizationIds.describedBy}
              value={organizationId}
              onChange={(event) => {
                setOrganizationId(event.target.value);
                setErrors(({ organization: _cleared, ...rest }) => rest);
                startOver();
              }}
            >
              <option value="">{organizations.isPending ? 'Loading organizations…' : 'Choose an organization'}</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <FieldErrorText message={errors.organization} />
        </Field.Root>
        <Field.Root ids={fileIds.ids} invalid={Boolean(errors.file)} required>
          <Field.Label>
            CSV file
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={fileRef}
            type="file"
            accept={IMPORT_ACCEPT}
            p="1.5"
            disabled={busy}
            aria-describedby={fileIds.describedBy}
            onChange={(event) => chooseFile(event.target.files?.[0])}
          />
          <Field.HelperText>
            {IMPORT_TYPES_TEXT}; at most {IMPORT_MAX_SIZE_TEXT}.{' '}
            <Link href={paths.templateCsv} download="template.csv" color="fg.info" textDecoration="underline">
              Download the template
            </Link>
          </Field.HelperText>
          <FieldErrorText message={errors.file} />
        </Field.Root>
        <div>
          <Button
            variant="outline"
            onClick={() => void requestPreview()}
            loading={previewFile.isPending}
            loadingText="Reading the file…"
            disabled={runImport.isPending}
          >
            <FileSearchIcon aria-hidden="true" />
            Preview
          </Button>
        </div>
      </Stack>
      {formError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      ) : null}
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
          <Fieldset.Root invalid={Boolean(errors.mode)} disabled={runImport.isPending}>
            <Fieldset.Legend>How to import</Fieldset.Legend>
            <Stack gap="2">
              {(Object.keys(MODE_LABELS) as UserImportMode[]).map((value) => (
                <HStack as="label" key={value} gap="2" cursor="pointer">
                  <Radio
                    type="radio"
                    name={`${id}-mode`}
                    value={value}
                    colorPalette="brand"
                    checked={mode === value}
                    onChange={() => {
                      setMode(value);
                      setErrors(({ mode: _cleared, ...rest }) => rest);
                    }}
                  />
                  {MODE_LABELS[value]}
                </HStack>
              ))}
            </Stack>
            {errors.mode ? <Fieldset.ErrorText role="alert">{errors.mode}</Fieldset.ErrorText> : null}
          </Fieldset.Root>
          <HStack gap="4" wrap="wrap">
            <Button
              colorPalette="brand"
              onClick={() => void runTheImport()}
              loading={runImport.isPending}
              loadingText="Importing…"
            >
              <UploadIcon aria-hidden="true" />
              Import
            </Button>
            {runImport.isPending ? (
              <HStack role="status" gap="2">
                <Spinner size="sm" aria-hidden="true" />
                <Text>Importing {plural(preview.validCount, 'row', 'rows')}; this can take a minute.</Text>
              </HStack>
            ) : null}
          </HStack>
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
