import { Alert, Box, Button, Field, Heading, HStack, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { can } from '#shared/capabilities';
import { REVIEW_LIMITS, type Review } from '#shared/contracts/review';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import {
  useContentReviews,
  useDeleteMyReview,
  useMyReview,
  useReportReview,
  useRespondToReview,
  useSaveMyReview,
} from '../api/reviews.ts';

const STAR_LABELS = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'] as const;

function problemOf(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.details[0]?.message ?? error.message;
  return 'Something went wrong. Try again.';
}

function when(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * "Ratings and reviews" on a published item's page (issue 26 item 3; decision record
 * 070): the average as stars with its text equivalent and the count, the caller's own
 * rating and review (for verified faculty: the file-viewing right), and the visible
 * reviews, ten a page, each with its contributor's response, "Respond" for a
 * contributor of the item and "Report" for any other signed-in reader.
 */
export function ReviewsSection({ contentId }: { contentId: string }) {
  const { principal } = useSession();
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const pageToken = pages.at(-1) ?? null;
  const reviews = useContentReviews(contentId, pageToken);
  const signedIn = principal !== null;
  const mine = useMyReview(contentId, signedIn);
  const ownId = mine.data?.review?.id ?? null;
  return (
    <Box as="section" aria-labelledby="reviews-heading">
      <Heading as="h2" id="reviews-heading" size="lg" mb="3">
        Ratings and reviews
      </Heading>
      {reviews.isPending ? (
        <LoadingState label="Loading ratings and reviews…" />
      ) : reviews.isError ? (
        <LoadError title="Ratings and reviews could not be loaded." onRetry={() => reviews.refetch()} />
      ) : (
        <Stack gap="5">
          {reviews.data.summary.average === null ? (
            <Text color="fg.muted">No ratings yet.</Text>
          ) : (
            <RatingStars average={reviews.data.summary.average} count={reviews.data.summary.count} size="md" />
          )}
          {can(principal, 'viewFiles') ? (
            <MyReviewForm
              key={mine.data?.review?.modifiedTimestamp ?? 'new'}
              contentId={contentId}
              mine={mine.data?.review ?? null}
            />
          ) : (
            <Text color="fg.muted">
              {signedIn
                ? 'Verified faculty can rate and review courseware.'
                : 'Sign in as verified faculty to rate and review courseware.'}
            </Text>
          )}
          {reviews.data.items.length === 0 ? (
            <Text color="fg.muted">No reviews yet.</Text>
          ) : (
            <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label="Reviews">
              {reviews.data.items.map((review) => (
                <ReviewItem
                  key={review.id}
                  contentId={contentId}
                  review={review}
                  canRespond={reviews.data.canRespond}
                  canReport={signedIn && review.id !== ownId}
                />
              ))}
            </Stack>
          )}
          {pages.length > 1 || reviews.data.nextPageToken ? (
            <HStack gap="3">
              <Button
                size="sm"
                variant="outline"
                disabled={pages.length <= 1}
                onClick={() => setPages(pages.slice(0, -1))}
              >
                Previous reviews
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!reviews.data.nextPageToken}
                onClick={() => setPages([...pages, reviews.data.nextPageToken])}
              >
                More reviews
              </Button>
            </HStack>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}

/** The caller's own rating (a radio group of five) and review, Save, and Delete behind a confirmation. */
function MyReviewForm({
  contentId,
  mine,
}: {
  contentId: string;
  mine: (Review & { status: string; hiddenReason: string | null }) | null;
}) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(mine?.rating ?? null);
  const [text, setText] = useState(mine?.text ?? '');
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveMyReview(contentId);
  const remove = useDeleteMyReview(contentId);
  const problem = problemOf(save.error);
  return (
    <Box
      as="form"
      borderWidth="1px"
      borderRadius="l2"
      p="4"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (rating === null) {
          setMissing(true);
          return;
        }
        save.mutate({ rating, text }, { onSuccess: () => announce('Your rating was saved.') });
      }}
    >
      <Stack gap="4">
        <Heading as="h3" size="md" id={`${id}-title`}>
          {mine ? 'Your rating and review' : 'Rate this courseware'}
        </Heading>
        {mine?.status === 'hidden' ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>An editor hid your review.</Alert.Title>
              <Alert.Description>Reason: {mine.hiddenReason}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Box as="fieldset" aria-describedby={missing ? `${id}-missing` : undefined}>
          <Box as="legend" fontWeight="medium" mb="2">
            Your rating (required)
          </Box>
          <HStack gap="4" wrap="wrap">
            {STAR_LABELS.map((label, index) => (
              <HStack as="label" key={label} gap="1.5" cursor="pointer">
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={index + 1}
                  checked={rating === index + 1}
                  onChange={() => {
                    setRating(index + 1);
                    setMissing(false);
                  }}
                />
                <Text as="span">{label}</Text>
              </HStack>
            ))}
          </HStack>
          {missing ? (
            <Text id={`${id}-missing`} color="fg.error" textStyle="sm" role="alert" mt="1">
              Choose a rating from 1 to 5 stars.
            </Text>
          ) : null}
        </Box>
        <Field.Root>
          <Field.Label htmlFor={`${id}-text`}>Your review (optional)</Field.Label>
          <Textarea
            id={`${id}-text`}
            value={text}
            maxLength={REVIEW_LIMITS.textMaxChars}
            rows={4}
            onChange={(event) => setText(event.target.value)}
          />
          <Field.HelperText>Plain text, up to {REVIEW_LIMITS.textMaxChars} characters.</Field.HelperText>
        </Field.Root>
        {problem ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        ) : null}
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            {mine ? 'Save changes' : 'Save rating'}
          </Button>
          {mine ? (
            <Button type="button" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
              Delete my review
            </Button>
          ) : null}
        </HStack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Delete your rating and review?"
        description="Your rating and review of this item, and any response to it, will be deleted."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        error={problemOf(remove.error)}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              announce('Your rating and review were deleted.');
            },
          })
        }
      />
    </Box>
  );
}

/** One review: its author, stars, date, text and response; Respond and Report where allowed. */
function ReviewItem({
  contentId,
  review,
  canRespond,
  canReport,
}: {
  contentId: string;
  review: Review;
  canRespond: boolean;
  canReport: boolean;
}) {
  const id = useId();
  const [responding, setResponding] = useState(false);
  const [response, setResponse] = useState('');
  const [reporting, setReporting] = useState(false);
  const [note, setNote] = useState('');
  const respond = useRespondToReview(contentId);
  const report = useReportReview(contentId);
  return (
    <Box as="li" borderBottomWidth="1px" pb="4" aria-labelledby={`${id}-by`}>
      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Text id={`${id}-by`} fontWeight="semibold">
            {review.authorName}
          </Text>
          <HStack gap="0.5" aria-hidden="true">
            <RatingStars average={review.rating} count={1} />
          </HStack>
          <VisuallyHidden>{`${review.rating} out of 5 stars`}</VisuallyHidden>
          <Text color="fg.muted" textStyle="sm">
            {when(review.modifiedTimestamp)}
          </Text>
        </HStack>
        {review.text ? <Text whiteSpace="pre-wrap">{review.text}</Text> : null}
        {review.response ? (
          <Box borderStartWidth="3px" borderColor="brand.muted" ps="3">
            <Text fontWeight="semibold" textStyle="sm">
              Response from {review.response.authorName}
            </Text>
            <Text whiteSpace="pre-wrap">{review.response.text}</Text>
          </Box>
        ) : null}
        <HStack gap="3">
          {canRespond && !review.response && !responding ? (
            <Button size="xs" variant="outline" onClick={() => setResponding(true)}>
              Respond
            </Button>
          ) : null}
          {canReport ? (
            <Button size="xs" variant="ghost" onClick={() => setReporting(true)}>
              Report
            </Button>
          ) : null}
        </HStack>
        {responding ? (
          <Box
            as="form"
            onSubmit={(event) => {
              event.preventDefault();
              respond.mutate(
                { id: review.id, text: response },
                {
                  onSuccess: () => {
                    setResponding(false);
                    announce('Your response was published.');
                  },
                },
              );
            }}
          >
            <Stack gap="2">
              <Field.Root required>
                <Field.Label htmlFor={`${id}-response`}>Your response to {review.authorName}</Field.Label>
                <Textarea
                  id={`${id}-response`}
                  value={response}
                  maxLength={REVIEW_LIMITS.responseMaxChars}
                  onChange={(event) => setResponse(event.target.value)}
                />
              </Field.Root>
              {respond.error ? (
                <Text color="fg.error" role="alert">
                  {problemOf(respond.error)}
                </Text>
              ) : null}
              <HStack gap="2">
                <Button type="submit" size="sm" colorPalette="brand" loading={respond.isPending}>
                  Publish response
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => setResponding(false)}>
                  Cancel
                </Button>
              </HStack>
            </Stack>
          </Box>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={reporting}
        title="Report this review?"
        description={`The editors will look at ${review.authorName}'s review and may hide it.`}
        confirmLabel="Report"
        pending={report.isPending}
        error={problemOf(report.error)}
        onClose={() => setReporting(false)}
        onConfirm={() =>
          report.mutate(
            { id: review.id, note },
            {
              onSuccess: () => {
                setReporting(false);
                announce('The review was reported to the editors.');
              },
            },
          )
        }
      >
        <Field.Root>
          <Field.Label htmlFor={`${id}-note`}>What is wrong with it? (optional)</Field.Label>
          <Textarea
            id={`${id}-note`}
            value={note}
            maxLength={REVIEW_LIMITS.reasonMaxChars}
            onChange={(event) => setNote(event.target.value)}
          />
        </Field.Root>
      </ConfirmDialog>
    </Box>
  );
}
