import { Badge, Box, Button, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { contentPath } from '#shared/content-address';
import { type ModeratedReview, REVIEW_LIMITS } from '#shared/contracts/review';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RouterLink } from '../../../components/ui/link.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useHideReview, useReportedReviews, useRestoreReview } from '../api/moderation.ts';

function problemOf(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.details[0]?.message ?? error.message;
  return 'Something went wrong. Try again.';
}

/**
 * "Reported reviews", a tab of /admin for editors (issue 26 item 3; decision record
 * 070): reported or hidden reviews, the longest waiting first, 25 a page, each with
 * its item, rating, text, reports and notes; Hide (a reason, shown to the author, is
 * required) and Restore (show again, or dismiss the reports), each behind a
 * confirmation dialog.
 */
export function ReportedReviewsPanel() {
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const queue = useReportedReviews(pages.at(-1) ?? null);
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        Reported reviews
      </Heading>
      {queue.isPending ? (
        <LoadingState label="Loading reported reviews…" />
      ) : queue.isError ? (
        <LoadError title="Reported reviews could not be loaded." onRetry={() => queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <Text color="fg.muted">No reported or hidden reviews.</Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label="Reported reviews">
          {queue.data.items.map((review) => (
            <ModeratedReviewItem key={review.id} review={review} />
          ))}
        </Stack>
      )}
      {queue.data && (pages.length > 1 || queue.data.nextPageToken) ? (
        <HStack gap="3">
          <Button size="sm" variant="outline" disabled={pages.length <= 1} onClick={() => setPages(pages.slice(0, -1))}>
            Previous page
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!queue.data.nextPageToken}
            onClick={() => setPages([...pages, queue.data.nextPageToken])}
          >
            Next page
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}

function ModeratedReviewItem({ review }: { review: ModeratedReview }) {
  const id = useId();
  const [hiding, setHiding] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const hide = useHideReview();
  const restore = useRestoreReview();
  const hidden = review.status === 'hidden';
  return (
    <Box as="li" borderWidth="1px" borderRadius="l2" p="4" aria-labelledby={`${id}-title`}>
      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Heading as="h3" size="sm" id={`${id}-title`}>
            {review.authorName} on{' '}
            {review.contentUrlAlias ? (
              <RouterLink to={contentPath({ id: review.contentId, urlAlias: review.contentUrlAlias })}>
                {review.contentName}
              </RouterLink>
            ) : (
              'a deleted item'
            )}
          </Heading>
          <Badge colorPalette={hidden ? 'orange' : 'blue'}>{hidden ? 'Hidden' : 'Visible'}</Badge>
        </HStack>
        <Text>
          {review.rating} out of 5 stars · {review.reportCount} {review.reportCount === 1 ? 'report' : 'reports'}
          {review.openReports > 0 ? ` (${review.openReports} open)` : ''}
        </Text>
        {review.text ? <Text whiteSpace="pre-wrap">{review.text}</Text> : <Text color="fg.muted">No review text.</Text>}
        {review.reportNotes.length > 0 ? (
          <Box>
            <Text fontWeight="semibold" textStyle="sm">
              Reporters' notes
            </Text>
            <Stack as="ul" ps="5" gap="1">
              {review.reportNotes.map((note, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: notes are append-only and may repeat
                <li key={index}>{note}</li>
              ))}
            </Stack>
          </Box>
        ) : null}
        {hidden && review.hiddenReason ? (
          <Text textStyle="sm">Reason shown to the author: {review.hiddenReason}</Text>
        ) : null}
        <HStack gap="3">
          {hidden ? null : (
            <Button size="sm" colorPalette="red" variant="outline" onClick={() => setHiding(true)}>
              Hide
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setRestoring(true)}>
            {hidden ? 'Restore' : 'Dismiss reports'}
          </Button>
        </HStack>
      </Stack>
      <ConfirmDialog
        open={hiding}
        title="Hide this review?"
        description="Its rating stops counting in the item's average. Its author sees the reason you give."
        confirmLabel="Hide review"
        destructive
        pending={hide.isPending}
        error={missing ? 'Give a reason for the author.' : problemOf(hide.error)}
        onClose={() => setHiding(false)}
        onConfirm={() => {
          if (reason.trim() === '') {
            setMissing(true);
            return;
          }
          hide.mutate(
            { id: review.id, reason },
            {
              onSuccess: () => {
                setHiding(false);
                announce('The review was hidden.');
              },
            },
          );
        }}
      >
        <Field.Root required invalid={missing}>
          <Field.Label htmlFor={`${id}-reason`}>Reason shown to the author</Field.Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={REVIEW_LIMITS.reasonMaxChars}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
        </Field.Root>
      </ConfirmDialog>
      <ConfirmDialog
        open={restoring}
        title={hidden ? 'Restore this review?' : 'Dismiss the reports?'}
        description={
          hidden
            ? 'The review is shown again and its rating counts again.'
            : 'The review stays visible and leaves this list.'
        }
        confirmLabel={hidden ? 'Restore review' : 'Dismiss reports'}
        pending={restore.isPending}
        error={problemOf(restore.error)}
        onClose={() => setRestoring(false)}
        onConfirm={() =>
          restore.mutate(
            { id: review.id },
            {
              onSuccess: () => {
                setRestoring(false);
                announce(hidden ? 'The review was restored.' : 'The reports were dismissed.');
              },
            },
          )
        }
      />
    </Box>
  );
}
