import { Box, Button, Field, Heading, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SUBMISSION_STATES, type SubmissionDetail, type SubmissionState } from '#shared/contracts/submission';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmission } from '../api/get-submission.ts';
import { useSubmissionReviews } from '../api/list-submission-reviews.ts';
import { useDecideSubmission } from '../api/submission-writes.ts';
import { SubmissionSummary } from './my-submissions-screen.tsx';
import { SubmissionMaterials } from './submission-materials.tsx';
import { SUBMISSION_STATE_LABELS, SubmissionStateBadge, SubmissionThread } from './submission-thread.tsx';

/**
 * The review queue of the courseware team (issue 25 item 6; decision record 067), a
 * tab of /admin: submissions of one state (waiting first), longest waiting first, paged;
 * the one in the address (`?submission=`) open with its details (the description as
 * sanitised HTML, the NICE/CAE mappings, the files to download), its thread, and the
 * decisions its state allows — Request changes, Accept, Decline (reason required) —
 * each behind a confirmation dialog.
 */
export function ReviewQueuePanel() {
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const [state, setState] = useState<SubmissionState>('submitted');
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const pageToken = pages.at(-1) ?? null;
  const queue = useSubmissionReviews(state, pageToken);
  const selected = search.get('submission');
  const open = (submissionId: string) => {
    const next = new URLSearchParams(search);
    next.set('submission', submissionId);
    setSearch(next);
  };
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        Submissions
      </Heading>
      <Field.Root maxW="xs">
        <Field.Label htmlFor={`${id}-state`}>Show</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            id={`${id}-state`}
            value={state}
            onChange={(event) => {
              setState(event.target.value as SubmissionState);
              setPages([null]);
            }}
          >
            {SUBMISSION_STATES.map((one) => (
              <option key={one} value={one}>
                {SUBMISSION_STATE_LABELS[one]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {queue.isPending ? <LoadingState label="Loading the submissions…" /> : null}
      {queue.isError ? <Text role="alert">The submissions could not be loaded.</Text> : null}
      {queue.data && queue.data.items.length === 0 ? <Text>No submissions in this state.</Text> : null}
      {queue.data && queue.data.items.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Submissions to review">
          {queue.data.items.map((submission) => (
            <Box as="li" key={submission.id}>
              <HStack gap="3" wrap="wrap">
                <Button variant="ghost" onClick={() => open(submission.id)}>
                  {submission.name}
                </Button>
                <Text color="fg.muted">by {submission.submitterName}</Text>
                <SubmissionStateBadge state={submission.state} />
              </HStack>
            </Box>
          ))}
        </Stack>
      ) : null}
      <HStack gap="3">
        {pages.length > 1 ? (
          <Button variant="outline" onClick={() => setPages((current) => current.slice(0, -1))}>
            Previous page
          </Button>
        ) : null}
        {queue.data?.nextPageToken ? (
          <Button variant="outline" onClick={() => setPages((current) => [...current, queue.data.nextPageToken])}>
            Next page
          </Button>
        ) : null}
      </HStack>
      {selected ? <ReviewDetail id={selected} /> : null}
    </Stack>
  );
}

type Decision = 'requestChanges' | 'accept' | 'decline';

const DECISIONS: Record<Decision, { button: string; title: string; field: string | null; allowed: SubmissionState[] }> =
  {
    requestChanges: {
      button: 'Request changes',
      title: 'Request changes',
      field: 'What should change',
      allowed: ['submitted'],
    },
    accept: { button: 'Accept', title: 'Accept the submission', field: null, allowed: ['submitted'] },
    decline: {
      button: 'Decline',
      title: 'Decline the submission',
      field: 'Reason',
      allowed: ['submitted', 'changesRequested'],
    },
  };

function ReviewDetail({ id }: { id: string }) {
  const detail = useSubmission(id);
  const [decision, setDecision] = useState<Decision | null>(null);
  if (detail.isPending) return <LoadingState label="Loading the submission…" />;
  if (detail.isError) return <Text role="alert">This submission could not be loaded.</Text>;
  const { submission } = detail.data;
  return (
    <Stack gap="4" as="section" aria-labelledby={`review-${id}`}>
      <Heading as="h3" size="lg" id={`review-${id}`}>
        {submission.name}
      </Heading>
      <Text color="fg.muted">
        Submitted by {submission.submitterName} ({submission.contributor.firstName} {submission.contributor.lastName},{' '}
        {submission.contributor.school})
      </Text>
      <SubmissionSummary submission={submission} />
      <SubmissionMaterials submission={submission} />
      {submission.contentId ? <Text>Made into an unpublished item (id {submission.contentId}).</Text> : null}
      <HStack gap="3" wrap="wrap">
        {(Object.keys(DECISIONS) as Decision[])
          .filter((one) => DECISIONS[one].allowed.includes(submission.state))
          .map((one) => (
            <Button
              key={one}
              colorPalette={one === 'decline' ? 'red' : 'brand'}
              variant={one === 'accept' ? 'solid' : 'outline'}
              onClick={() => setDecision(one)}
            >
              {DECISIONS[one].button}
            </Button>
          ))}
      </HStack>
      <SubmissionThread detail={detail.data} />
      {decision ? <DecisionDialog detail={detail.data} decision={decision} onClose={() => setDecision(null)} /> : null}
    </Stack>
  );
}

function DecisionDialog({
  detail,
  decision,
  onClose,
}: {
  detail: SubmissionDetail;
  decision: Decision;
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideSubmission();
  const rule = DECISIONS[decision];
  const { submission } = detail;
  const confirm = async () => {
    setError(null);
    const version = submission.version;
    const body =
      decision === 'accept'
        ? { decision, version }
        : decision === 'decline'
          ? { decision, reason: text, version }
          : { decision, message: text, version };
    try {
      await decide.mutateAsync({ id: submission.id, body });
      announce(`${rule.button}: ${submission.name}.`);
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError) setError(caught.message);
    }
  };
  return (
    <ConfirmDialog
      open
      title={rule.title}
      description={
        decision === 'accept'
          ? `${submission.name} becomes an unpublished item in Courseware Info, with ${submission.contributor.firstName} ${submission.contributor.lastName} as its contributor and its files. The submitter is told by e-mail.`
          : `The submitter is told by e-mail, with your text.`
      }
      confirmLabel={rule.button}
      destructive={decision === 'decline'}
      pending={decide.isPending}
      confirmDisabled={rule.field !== null && text.trim() === ''}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {rule.field ? (
        <Field.Root required>
          <Field.Label htmlFor={`${id}-text`}>
            {rule.field}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea id={`${id}-text`} value={text} onChange={(event) => setText(event.target.value)} rows={4} />
        </Field.Root>
      ) : null}
    </ConfirmDialog>
  );
}
