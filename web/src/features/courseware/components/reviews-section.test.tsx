// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/auth/session-store.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { ReviewsSection } from './reviews-section.tsx';

const ID = '01jd7k2m3n4p5q6r7s8t9v0c01';
const REVIEW = {
  id: '01jd7k2m3n4p5q6r7s8t9v0r01',
  contentId: ID,
  rating: 4,
  text: 'Clear steps.',
  authorName: 'Una Faculty',
  createdTimestamp: '2026-11-20T10:00:00.000Z',
  modifiedTimestamp: '2026-11-20T10:00:00.000Z',
  response: null,
};

/** The reviews routes as a server with one review would answer them; `saved` collects the PUT bodies. */
function mockReviews(saved: unknown[] = []) {
  return mockApi((url, init) => {
    if (url.pathname === `/api/v1/content-items/${ID}/reviews`) {
      return { body: { summary: { average: 4, count: 1 }, items: [REVIEW], nextPageToken: null, canRespond: false } };
    }
    if (url.pathname === `/api/v1/content-items/${ID}/reviews/mine`) {
      if (init?.method === 'PUT') {
        saved.push(JSON.parse(String(init.body)));
        return { body: { review: null, summary: { average: 4, count: 1 } } };
      }
      return { body: { review: null, summary: { average: 4, count: 1 } } };
    }
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

describe('Ratings and reviews on a content page (issue 26 item 3)', () => {
  it('shows a visitor the average with its text equivalent and the reviews, and no form', async () => {
    mockReviews();
    renderWithProviders(<ReviewsSection contentId={ID} />);
    // The summary's text equivalent (each review's own stars repeat it inside an aria-hidden box).
    expect((await screen.findAllByText('Rated 4.0 out of 5 from 1 rating'))[0]).toBeInTheDocument();
    expect(screen.getByText('4 out of 5 stars')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Reviews' })).toHaveTextContent('Clear steps.');
    expect(screen.getByText('Sign in as verified faculty to rate and review courseware.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('lets verified faculty rate with a radio group of five, asking for a rating first', async () => {
    const saved: unknown[] = [];
    mockReviews(saved);
    signIn(PERSONAS.faculty());
    const user = userEvent.setup();
    renderWithProviders(<ReviewsSection contentId={ID} />);
    const group = await screen.findByRole('group', { name: 'Your rating (required)' });
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Save rating' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a rating from 1 to 5 stars.');
    expect(saved).toEqual([]);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Your review (optional)' }), 'Great lab.');
    await user.click(screen.getByRole('button', { name: 'Save rating' }));
    await waitFor(() => expect(saved).toEqual([{ rating: 5, text: 'Great lab.' }]));
    expect(group).toBeInTheDocument();
    // Another's review may be reported by a signed-in reader.
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });
});
