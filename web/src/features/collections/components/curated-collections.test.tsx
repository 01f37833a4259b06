// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CollectionSummary } from '#shared/contracts/collection';
import { type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { CuratedCollections } from './curated-collections.tsx';

function summary(n: number, overrides: Partial<CollectionSummary> = {}): CollectionSummary {
  return {
    id: `01jd7k2m3n4p5q6r7s8t9v0c${String(n).padStart(2, '0')}`,
    name: `Collection ${n}`,
    description: `What collection ${n} gathers.`,
    visibility: 'curated',
    ownerName: 'Eve Editor',
    itemCount: n,
    createdTimestamp: '2026-11-20T10:00:00.000Z',
    modifiedTimestamp: '2026-11-21T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

function open(answer: (url: URL) => MockResponse) {
  const spy = mockApi((url) => {
    if (url.pathname === '/api/v1/collections') return answer(url);
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
  renderWithProviders(<CuratedCollections />, { path: '/collections' });
  return { spy, user: userEvent.setup() };
}

describe('CuratedCollections (issue 26 item 2)', () => {
  it('lists the curated collections as cards linking to their pages, and loads more with the page token', async () => {
    const { user } = open((url) =>
      url.searchParams.get('pageToken') === 'next'
        ? { body: { items: [summary(3)], nextPageToken: null } }
        : { body: { items: [summary(1, { itemCount: 4 }), summary(2, { itemCount: 1 })], nextPageToken: 'next' } },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the collections' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Curated collections' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Collection 1' })).toHaveAttribute(
      'href',
      `/collections/${summary(1).id}`,
    );
    expect(within(first).getByText('What collection 1 gathers.')).toBeInTheDocument();
    expect(within(first).getByText('4 items · Curated by Eve Editor · Updated November 21, 2026')).toBeInTheDocument();
    expect(within(second).getByText(/^1 item · Curated by Eve Editor/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: 'Collection 3' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there are none', async () => {
    open(() => ({ body: { items: [], nextPageToken: null } }));
    expect(await screen.findByText('No curated collections yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Curated collections' })).toBeNull();
  });

  it('shows the error with Retry, which asks again', async () => {
    let calls = 0;
    const { user } = open(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { statusCode: 500, message: 'Broken.' } }
        : { body: { items: [summary(1)], nextPageToken: null } };
    });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Collection 1' })).toBeInTheDocument();
  });
});
