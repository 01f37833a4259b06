import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { Submission } from '#shared/contracts/submission';
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from '#shared/enums';
import { Prose } from '../../../components/ui/prose.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { safeHtml } from '../../../lib/safe-html.ts';
import { saveDownload } from '../../../lib/save-download.ts';
import { getSubmissionFileDownloadUrl } from '../api/get-submission-file-download-url.ts';

/** The mapping lists of a submission with the knowledge type each holds (spec §3 Content `tkss`, `ksas`, `kus`). */
export const MAPPING_FIELDS = [
  ['TKS', 'tkss'],
  ['KSA', 'ksas'],
  ['KU', 'kus'],
] as const satisfies readonly (readonly [KnowledgeType, 'tkss' | 'ksas' | 'kus'])[];

/**
 * What a submission proposes, as the team reviews it (issue 25 item 6; decision
 * record 067): the description as sanitised HTML (sanitised again in the browser,
 * though the server sanitised it on save), the NICE/CAE mappings by type, and the
 * files, each with a Download button — a presigned URL of the submission's own route,
 * so the files can be read before any decision.
 */
export function SubmissionMaterials({ submission }: { submission: Submission }) {
  const html = useMemo(() => safeHtml(submission.description), [submission.description]);
  const mapped = MAPPING_FIELDS.filter(([, field]) => submission[field].length > 0);
  return (
    <Stack gap="4">
      <Heading as="h4" size="md">
        Description
      </Heading>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above */}
      <Prose dangerouslySetInnerHTML={{ __html: html }} />
      <Heading as="h4" size="md">
        NICE/CAE mappings
      </Heading>
      {mapped.length === 0 ? <Text>No mappings proposed.</Text> : null}
      {mapped.map(([type, field]) => (
        <Text key={type}>
          <Text as="span" fontWeight="semibold">
            {KNOWLEDGE_TYPE_LABELS[type]}:
          </Text>{' '}
          {submission[field].map((ref) => ref.id).join(', ')}
        </Text>
      ))}
      <Heading as="h4" size="md">
        Files
      </Heading>
      {submission.files.length === 0 ? <Text>No files.</Text> : null}
      {submission.files.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={`Files of ${submission.name}`}>
          {submission.files.map((file) => (
            <li key={file.id}>
              <SubmissionFileRow submissionId={submission.id} file={file} />
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function SubmissionFileRow({ submissionId, file }: { submissionId: string; file: Submission['files'][number] }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      saveDownload(await getSubmissionFileDownloadUrl(submissionId, file.id));
      announce(`Downloading ${file.name}.`);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The download could not be started.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="1">
      <HStack gap="3" wrap="wrap">
        <Text>{file.name}</Text>
        <Text color="fg.muted" fontSize="sm">
          {file.filename}
        </Text>
        <Button size="xs" variant="outline" loading={busy} onClick={() => void download()}>
          Download {file.name}
        </Button>
      </HStack>
      {problem ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
