import { Badge, Box, Button, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import * as z from 'zod';
import {
  SUBMISSION_LIMITS,
  type SubmissionComment,
  type SubmissionDetail,
  type SubmissionState,
} from '#shared/contracts/submission';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useCommentOnSubmission } from '../api/submission-writes.ts';

/** How each state reads on the screens (issue 25 item 6). */
export const SUBMISSION_STATE_LABELS: Record<SubmissionState, string> = {
  submitted: 'Waiting for review',
  changesRequested: 'Changes requested',
  accepted: 'Accepted',
  declined: 'Declined',
};

const STATE_PALETTES: Record<SubmissionState, string> = {
  submitted: 'blue',
  changesRequested: 'orange',
  accepted: 'green',
  declined: 'red',
};

/** A submission's state as a badge. */
export function SubmissionStateBadge({ state }: { state: SubmissionState }) {
  return <Badge colorPalette={STATE_PALETTES[state]}>{SUBMISSION_STATE_LABELS[state]}</Badge>;
}

const CommentValues = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Is required.')
    .max(SUBMISSION_LIMITS.commentMaxChars, `Must be at most ${SUBMISSION_LIMITS.commentMaxChars} characters.`),
});
type CommentValues = z.input<typeof CommentValues>;

const DECISION_TEXTS: Record<NonNullable<SubmissionComment['decision']>, string> = {
  requestChanges: 'Changes requested',
  decline: 'Declined',
  accept: 'Accepted',
};

/**
 * The comment thread of a submission (issue 25 item 6): each comment with its author,
 * time and the decision it carries, answers indented under the comment they answer;
 * "Reply" answers one, and the form at the end writes a comment while the
 * submission is open (submitted or changes requested).
 */
export function SubmissionThread({ detail }: { detail: SubmissionDetail }) {
  const [replyTo, setReplyTo] = useState<SubmissionComment | null>(null);
  const open = detail.submission.state === 'submitted' || detail.submission.state === 'changesRequested';
  const answers = new Map<string | null, SubmissionComment[]>();
  for (const comment of detail.comments) {
    const parent =
      comment.inReplyTo && detail.comments.some((one) => one.id === comment.inReplyTo) ? comment.inReplyTo : null;
    answers.set(parent, [...(answers.get(parent) ?? []), comment]);
  }
  const render = (parent: string | null, depth: number) => (
    <Stack as="ul" gap="3" ps={depth > 0 ? '6' : '0'} listStyleType="none">
      {(answers.get(parent) ?? []).map((comment) => (
        <Box as="li" key={comment.id}>
          <Box as="article" borderWidth="1px" borderRadius="l2" p="3" aria-label={`Comment by ${comment.authorName}`}>
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{comment.authorName}</Text>
              <Text color="fg.muted">{comment.authorRole === 'team' ? 'Courseware team' : 'Submitter'}</Text>
              <Text color="fg.muted">
                <time dateTime={comment.createdTimestamp}>{new Date(comment.createdTimestamp).toLocaleString()}</time>
              </Text>
              {comment.decision ? <Badge>{DECISION_TEXTS[comment.decision]}</Badge> : null}
            </HStack>
            <Text whiteSpace="pre-wrap" mt="2">
              {comment.text}
            </Text>
            {open ? (
              <Button size="xs" variant="ghost" mt="1" onClick={() => setReplyTo(comment)}>
                Reply to {comment.authorName}
              </Button>
            ) : null}
          </Box>
          {render(comment.id, depth + 1)}
        </Box>
      ))}
    </Stack>
  );
  return (
    <Stack gap="4">
      <Heading as="h4" size="md">
        Comments
      </Heading>
      {detail.comments.length === 0 ? <Text>No comments yet.</Text> : render(null, 0)}
      {open ? (
        <CommentForm id={detail.submission.id} replyTo={replyTo} onReplyCancelled={() => setReplyTo(null)} />
      ) : null}
    </Stack>
  );
}

function CommentForm({
  id,
  replyTo,
  onReplyCancelled,
}: {
  id: string;
  replyTo: SubmissionComment | null;
  onReplyCancelled: () => void;
}) {
  const form = useZodForm(CommentValues, { text: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const comment = useCommentOnSubmission();
  const send = async ({ text }: z.output<typeof CommentValues>) => {
    try {
      await comment.mutateAsync({ id, text, inReplyTo: replyTo?.id ?? null });
      form.reset({ text: '' });
      onReplyCancelled();
    } catch (error) {
      if (!(error instanceof ApiError) || ![400, 404, 409].includes(error.statusCode)) return;
      if (!applyServerErrors(error, form.setError, ['text'])) setProblem(error.message);
    }
  };
  const submit = (event: FormEvent) => {
    setProblem(null);
    return form.handleSubmit(send)(event);
  };
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="New comment">
        <Stack gap="3">
          {replyTo ? (
            <HStack gap="2">
              <Text>Replying to {replyTo.authorName}</Text>
              <Button size="xs" variant="outline" onClick={onReplyCancelled}>
                Cancel reply
              </Button>
            </HStack>
          ) : null}
          <FormField<CommentValues> name="text" label="Your comment" required>
            {(control) => <Textarea {...control} {...form.register('text')} rows={4} />}
          </FormField>
          {problem ? <FormProblem message={problem} /> : null}
          <Box>
            <Button type="submit" colorPalette="brand" loading={comment.isPending}>
              {replyTo ? 'Send reply' : 'Send comment'}
            </Button>
          </Box>
        </Stack>
      </form>
    </FormProvider>
  );
}
