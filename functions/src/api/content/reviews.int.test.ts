import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ALREADY_REPORTED_MESSAGE,
  ALREADY_RESPONDED_MESSAGE,
  ModeratedReview,
  ModeratedReviewPage,
  MyReview,
  NOT_A_CONTRIBUTOR_MESSAGE,
  OWN_REVIEW_REPORT_MESSAGE,
  REVIEWS_CLOSED_MESSAGE,
  Review,
  ReviewPage,
} from '#shared/contracts/review';
import { createContent } from '../../data/content.ts';
import { createContributor } from '../../data/contributors.ts';
import { getRatingTotals } from '../../data/reviews.ts';
import { newId } from '../../domain/ids.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { VIEW_COURSEWARE_FILES } from '../../test-support/library-callers.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * Ratings and reviews over the emulators (issue 26 item 3; decision record 070): the
 * content group's Lambda entry with real tokens, DynamoDB transactions through
 * dynalite's transaction proxy, and the aggregate read back from the table.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
const CONTRIBUTOR_EMAIL = 'rhea.contributor@example.edu';

/** Signed tokens by name: faculty (view files), a contributor of the item, a student, an editor. */
const tokens = new Map<string, string>();

async function faculty(name: string, email = `${name}@example.edu`): Promise<string> {
  const token = await signPortalToken(
    studentTokenInput({ userId: newId(), displayName: `Faculty ${name}`, email, claims: [VIEW_COURSEWARE_FILES] }),
  );
  tokens.set(name, token);
  return token;
}

let item = '';
let unpublished = '';

beforeAll(async () => {
  process.env.RATE_LIMIT_SCALE = '100';
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await faculty('ada');
  await faculty('bob');
  await faculty('rhea', CONTRIBUTOR_EMAIL);
  tokens.set('student', await signPortalToken(studentTokenInput({ userId: newId() })));
  tokens.set(
    'editor',
    await signPortalToken(editorTokenInput({ userId: newId(), displayName: 'Eve Editor', email: 'eve@example.org' })),
  );
  const contributor = await createContributor({
    id: newId(),
    prefix: null,
    middleName: null,
    suffix: null,
    title: null,
    firstName: 'Rhea',
    lastName: 'Contributor',
    school: 'Omaha',
    email: 'Rhea.Contributor@Example.edu',
    portraitFileId: null,
  });
  item = (
    await createContent(
      contentRecord(`Rated lab ${newId()}`, { id: newId(), contributors: [{ id: contributor.id, index: 0 }] }),
    )
  ).id;
  unpublished = (await createContent(contentRecord(`Draft lab ${newId()}`, { id: newId(), status: 'unpublished' }))).id;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

async function call(
  who: string | null,
  name: string,
  options: { body?: unknown; path?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  let event: APIGatewayProxyEventV2 = loadEvent(`content/${name}`);
  if (options.path) event = withPathParameters(event, options.path);
  if (options.query) event = withQuery(event, options.query);
  event = { ...event, body: options.body === undefined ? '' : JSON.stringify(options.body) };
  const token = who ? tokens.get(who) : undefined;
  if (who && !token) throw new Error(`No token for ${who}.`);
  if (token) event = withHeaders(event, { authorization: `Bearer ${token}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

const rate = (who: string, contentId: string, rating: number, text = '') =>
  call(who, 'put-my-content-review', { path: { id: contentId }, body: { rating, text } });
const list = (who: string | null, contentId: string) =>
  call(who, 'list-content-reviews', { path: { id: contentId }, query: { limit: '50' } });

describe('who may rate (spec §6 "View files")', () => {
  it('refuses a student (403) and a visitor (401), and stores nothing', async () => {
    expect((await rate('student', item, 5)).status).toBe(403);
    expect((await call(null, 'put-my-content-review', { path: { id: item }, body: { rating: 5 } })).status).toBe(401);
    expect(await getRatingTotals(item)).toEqual({ sum: 0, count: 0 });
  });

  it('refuses an item that is not published (409 for an editor who sees it, 404 for faculty)', async () => {
    await faculty('dora');
    expect((await rate('dora', unpublished, 4)).status).toBe(404);
    const editorTry = await call('editor', 'put-my-content-review', { path: { id: unpublished }, body: { rating: 4 } });
    expect(editorTry.status).toBe(403);
    const token = await signPortalToken(
      editorTokenInput({ userId: newId(), claims: [...editorTokenInput().claims, VIEW_COURSEWARE_FILES] }),
    );
    tokens.set('editor-faculty', token);
    const closed = await rate('editor-faculty', unpublished, 4);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(REVIEWS_CLOSED_MESSAGE);
    expect((await list(null, unpublished)).status).toBe(404);
  });

  it('answers 400 with field messages for a rating out of range, and sanitises the text', async () => {
    const bad = await rate('ada', item, 6);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ path: 'body.rating', message: 'Must be a whole number from 1 to 5.' });
    const tooLong = await rate('ada', item, 3, 'x'.repeat(2001));
    expect(tooLong.status).toBe(400);
  });
});

describe('one rating per user per item', () => {
  it('replaces the first rating with the second, keeping the review id', async () => {
    const first = MyReview.parse((await rate('ada', item, 2, 'Too long for one class.\u0007')).body);
    expect(first.review?.text).toBe('Too long for one class.');
    expect(first.summary).toEqual({ average: 2, count: 1 });
    const second = MyReview.parse((await rate('ada', item, 4, '<b>Better</b> with the new guide')).body);
    expect(second.review?.id).toBe(first.review?.id);
    expect(second.review?.rating).toBe(4);
    // Plain text: stored and answered as written, never interpreted as HTML.
    expect(second.review?.text).toBe('<b>Better</b> with the new guide');
    expect(second.summary).toEqual({ average: 4, count: 1 });
    const page = ReviewPage.parse((await list(null, item)).body);
    expect(page.items.filter((review) => review.id === first.review?.id)).toHaveLength(1);
    expect(page.summary).toEqual({ average: 4, count: 1 });
  });

  it('lets the author read and delete it; deleting adjusts the average', async () => {
    expect(MyReview.parse((await rate('bob', item, 1)).body).summary).toEqual({ average: 2.5, count: 2 });
    const mine = MyReview.parse((await call('bob', 'get-my-content-review', { path: { id: item } })).body);
    expect(mine.review).toMatchObject({ rating: 1, status: 'visible', hiddenReason: null });
    const deleted = await call('bob', 'delete-my-content-review', { path: { id: item } });
    expect(deleted.status).toBe(200);
    expect(MyReview.parse(deleted.body)).toEqual({ review: null, summary: { average: 4, count: 1 } });
    expect(await getRatingTotals(item)).toEqual({ sum: 4, count: 1 });
  });
});

describe('concurrent raters', () => {
  it('keeps the exact average after 50 users rate at once (no lost update)', async () => {
    const target = (await createContent(contentRecord(`Popular lab ${newId()}`, { id: newId() }))).id;
    const names = Array.from({ length: 50 }, (_, i) => `crowd-${i}`);
    await Promise.all(names.map((name) => faculty(name)));
    const ratings = names.map((_, i) => (i % 5) + 1);
    const results = await Promise.all(names.map((name, i) => rate(name, target, ratings[i] as number)));
    expect(results.map((result) => result.status)).toEqual(names.map(() => 200));
    const sum = ratings.reduce((a, b) => a + b, 0);
    expect(await getRatingTotals(target)).toEqual({ sum, count: 50 });
    const page = ReviewPage.parse((await list(null, target)).body);
    expect(page.summary).toEqual({ average: Math.round((sum / 50) * 100) / 100, count: 50 });
    expect(page.items).toHaveLength(50);
    // And each rater changing their mind at once: still exact.
    const again = await Promise.all(names.map((name) => rate(name, target, 5)));
    expect(again.every((result) => result.status === 200)).toBe(true);
    expect(await getRatingTotals(target)).toEqual({ sum: 250, count: 50 });
  });
});

describe('responses, reports and moderation', () => {
  let reviewId = '';

  it('lets a contributor of the item respond once; anyone else is 403', async () => {
    const page = ReviewPage.parse((await list('rhea', item)).body);
    expect(page.canRespond).toBe(true);
    expect(ReviewPage.parse((await list('ada', item)).body).canRespond).toBe(false);
    reviewId = page.items[0]?.id as string;
    const refused = await call('bob', 'respond-to-review', { path: { id: reviewId }, body: { text: 'Not mine.' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_A_CONTRIBUTOR_MESSAGE);
    const responded = await call('rhea', 'respond-to-review', {
      path: { id: reviewId },
      body: { text: 'Thanks: the guide is shorter now.' },
    });
    expect(responded.status).toBe(201);
    expect(Review.parse(responded.body).response).toMatchObject({
      text: 'Thanks: the guide is shorter now.',
      authorName: 'Faculty rhea',
    });
    const twice = await call('rhea', 'respond-to-review', { path: { id: reviewId }, body: { text: 'Again.' } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ALREADY_RESPONDED_MESSAGE);
  });

  it('takes one report per user, not of one’s own review, and queues it for editors', async () => {
    const own = await call('ada', 'report-review', { path: { id: reviewId }, body: {} });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(OWN_REVIEW_REPORT_MESSAGE);
    const report = await call('student', 'report-review', { path: { id: reviewId }, body: { note: 'Rude.' } });
    expect(report.status).toBe(201);
    const again = await call('student', 'report-review', { path: { id: reviewId }, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_REPORTED_MESSAGE);
    expect((await call(null, 'report-review', { path: { id: reviewId }, body: {} })).status).toBe(401);
    expect((await call('student', 'list-reported-reviews')).status).toBe(403);
    const queue = ModeratedReviewPage.parse((await call('editor', 'list-reported-reviews')).body);
    expect(queue.items.find((review) => review.id === reviewId)).toMatchObject({
      openReports: 1,
      reportCount: 1,
      reportNotes: ['Rude.'],
      status: 'visible',
    });
  });

  it('hides a review with a reason its author sees, leaving the average and count consistent with the list', async () => {
    expect(MyReview.parse((await rate('bob', item, 2, 'Meh.')).body).summary).toEqual({ average: 3, count: 2 });
    const hidden = await call('editor', 'hide-review', {
      path: { id: reviewId },
      body: { reason: 'Reviews are about the courseware.' },
    });
    expect(hidden.status).toBe(200);
    expect(ModeratedReview.parse(hidden.body)).toMatchObject({ status: 'hidden', openReports: 0 });
    const page = ReviewPage.parse((await list(null, item)).body);
    expect(page.items.map((review) => review.id)).not.toContain(reviewId);
    // What is shown agrees: the count is the reviews listed, the average theirs.
    expect(page.summary.count).toBe(page.items.length);
    expect(page.summary.average).toBe(page.items.reduce((sum, review) => sum + review.rating, 0) / page.items.length);
    expect(page.summary).toEqual({ average: 2, count: 1 });
    const mine = MyReview.parse((await call('ada', 'get-my-content-review', { path: { id: item } })).body);
    expect(mine.review).toMatchObject({ status: 'hidden', hiddenReason: 'Reviews are about the courseware.' });
    // The author's edit of a hidden review keeps it hidden and uncounted.
    expect(MyReview.parse((await rate('ada', item, 5)).body).summary).toEqual({ average: 2, count: 1 });
    expect((await call('editor', 'hide-review', { path: { id: reviewId }, body: { reason: 'Again.' } })).status).toBe(
      409,
    );
    const restored = await call('editor', 'restore-review', { path: { id: reviewId } });
    expect(ModeratedReview.parse(restored.body).status).toBe('visible');
    expect(ReviewPage.parse((await list(null, item)).body).summary).toEqual({ average: 3.5, count: 2 });
    expect(await getRatingTotals(item)).toEqual({ sum: 7, count: 2 });
    const queue = ModeratedReviewPage.parse((await call('editor', 'list-reported-reviews')).body);
    expect(queue.items.map((review) => review.id)).not.toContain(reviewId);
    expect((await call('editor', 'restore-review', { path: { id: reviewId } })).status).toBe(409);
  });

  it('answers 404 for a review id that names nothing', async () => {
    const missing = newId();
    expect((await call('student', 'report-review', { path: { id: missing }, body: {} })).status).toBe(404);
    expect((await call('editor', 'hide-review', { path: { id: missing }, body: { reason: 'x' } })).status).toBe(404);
  });
});
