import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type ComponentType, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Submission } from '#shared/contracts/submission';
import { CONTENT_CATEGORY_LABELS } from '#shared/enums';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { useSubmission } from '../api/get-submission.ts';
import { useOwnSubmissions } from '../api/list-own-submissions.ts';
import { SubmissionForm, type SubmissionKnowledgePickerProps, TRACK_TEXTS } from './submission-form.tsx';
import { SubmissionStateBadge, SubmissionThread } from './submission-thread.tsx';

/**
 * "My submissions" (issue 25 item 6; decision record 067), a section of the call for
 * courseware page: the caller's courseware submissions with their states; the one in
 * the address (`?submission=`) open with its details and comment thread, editable and
 * resubmittable while changes are requested; `?new=1` opens the submission form.
 * Loading, empty and error states.
 */
export function MySubmissionsScreen({
  email,
  KnowledgePicker,
}: {
  email: string;
  /** The knowledge feature's picker for the NICE/CAE mappings, lent by the route (features do not import each other). */
  KnowledgePicker?: ComponentType<SubmissionKnowledgePickerProps> | undefined;
}) {
  const [search, setSearch] = useSearchParams();
  const selected = search.get('submission');
  const creating = search.get('new') === '1';
  const list = useOwnSubmissions();
  const show = (params: Record<string, string>) => setSearch(new URLSearchParams(params));

  if (creating) {
    return (
      <Stack gap="4">
        <Heading as="h3" size="lg">
          Submit courseware
        </Heading>
        <SubmissionForm
          defaultEmail={email}
          KnowledgePicker={KnowledgePicker}
          onDone={(submission) => {
            announce(`Submitted ${submission.name}.`);
            show({ submission: submission.id });
          }}
          onCancel={() => show({})}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <Box>
        <Button colorPalette="brand" onClick={() => show({ new: '1' })}>
          Submit courseware
        </Button>
      </Box>
      {list.isPending ? <LoadingState label="Loading your submissions…" /> : null}
      {list.isError ? <Text role="alert">Your submissions could not be loaded.</Text> : null}
      {list.data && list.data.items.length === 0 ? (
        <Text>You have no submissions yet. Submit courseware to offer it to the courseware team.</Text>
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="My submissions">
          {list.data.items.map((submission) => (
            <Box as="li" key={submission.id}>
              <HStack gap="3" wrap="wrap">
                <Button
                  variant={submission.id === selected ? 'subtle' : 'ghost'}
                  aria-current={submission.id === selected ? 'true' : undefined}
                  onClick={() => show({ submission: submission.id })}
                >
                  {submission.name}
                </Button>
                <SubmissionStateBadge state={submission.state} />
                <Text color="fg.muted">
                  Submitted{' '}
                  <time dateTime={submission.createdTimestamp}>{submission.createdTimestamp.slice(0, 10)}</time>
                </Text>
              </HStack>
            </Box>
          ))}
        </Stack>
      ) : null}
      {selected ? <SubmissionPanel id={selected} email={email} KnowledgePicker={KnowledgePicker} /> : null}
    </Stack>
  );
}

/** The details of one submission, its thread, and its edit while changes are requested. */
function SubmissionPanel({
  id,
  email,
  KnowledgePicker,
}: {
  id: string;
  email: string;
  KnowledgePicker?: ComponentType<SubmissionKnowledgePickerProps> | undefined;
}) {
  const detail = useSubmission(id);
  const [editing, setEditing] = useState(false);
  if (detail.isPending) return <LoadingState label="Loading the submission…" />;
  if (detail.isError) return <Text role="alert">This submission could not be loaded.</Text>;
  const { submission } = detail.data;
  if (editing) {
    return (
      <Stack gap="4">
        <Heading as="h3" size="lg">
          Edit and resubmit {submission.name}
        </Heading>
        <SubmissionForm
          editing={submission}
          defaultEmail={email}
          KnowledgePicker={KnowledgePicker}
          onDone={() => {
            announce(`Resubmitted ${submission.name}.`);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="4" as="section" aria-labelledby={`submission-${id}`}>
      <Heading as="h3" size="lg" id={`submission-${id}`}>
        {submission.name}
      </Heading>
      <SubmissionSummary submission={submission} />
      {submission.state === 'changesRequested' ? (
        <Box>
          <Button colorPalette="brand" onClick={() => setEditing(true)}>
            Edit and resubmit
          </Button>
        </Box>
      ) : null}
      <SubmissionThread detail={detail.data} />
    </Stack>
  );
}

/** The state, track, categories, files and (declined) reason of a submission. */
export function SubmissionSummary({ submission }: { submission: Submission }) {
  return (
    <Stack gap="2">
      <HStack gap="2">
        <Text fontWeight="semibold">State:</Text>
        <SubmissionStateBadge state={submission.state} />
      </HStack>
      <Text>
        <Text as="span" fontWeight="semibold">
          Grant track:
        </Text>{' '}
        {TRACK_TEXTS[submission.track].label}
      </Text>
      {submission.categories.length > 0 ? (
        <Text>
          <Text as="span" fontWeight="semibold">
            Kind:
          </Text>{' '}
          {submission.categories.map((category) => CONTENT_CATEGORY_LABELS[category]).join(', ')}
        </Text>
      ) : null}
      {submission.declineReason ? (
        <Text>
          <Text as="span" fontWeight="semibold">
            Reason:
          </Text>{' '}
          {submission.declineReason}
        </Text>
      ) : null}
      {submission.files.length > 0 ? (
        <Text>
          <Text as="span" fontWeight="semibold">
            Files:
          </Text>{' '}
          {submission.files.map((file) => file.name).join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}
