// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Collection } from '#shared/contracts/collection';
import { contentSummary } from '../../../testing/fixtures.ts';
import { calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { CollectionScreen } from './collection-screen.tsx';

const ID = '01jd7k2m3n4p5q6r7s8t9v0c01';
const LAB = contentSummary({ id: '01jd7k2m3n4p5q6r7s8t9v0a01', name: 'Buffer overflow lab', urlAlias: 'buffer-lab' });

const collection: Collection = {
  id: ID,
  name: 'Memory safety week',
  description: 'Two labs for week 3.',
  visibility: 'link',
  ownerName: 'Fay Faculty',
  itemCount: 2,
  createdTimestamp: '2026-11-20T10:00:00.000Z',
  modifiedTimestamp: '2026-11-21T10:00:00.000Z',
  version: 2,
  owned: false,
  entries: [
    { contentId: LAB.id, note: 'Start here.', name: LAB.name, state: 'available', content: LAB },
    { contentId: '01jd7k2m3n4p5q6r7s8t9v0a02', note: '', name: 'Retired cipher lab', state: 'removed', content: null },
  ],
};

function open(answer: { status?: number; body: unknown } = { body: collection }) {
  const spy = mockApi((url) => {
    if (url.pathname === `/api/v1/collections/${ID}`) return answer;
    if (url.pathname === `/api/v1/collections/${ID}/coverage`)
      return { body: { KSA: [], KU: [{ id: 'KU-SSP', name: 'Secure programming', contentIds: [LAB.id] }], TKS: [] } };
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
  renderWithProviders(<CollectionScreen id={ID} />, { path: `/collections/${ID}` });
  return { spy, user: userEvent.setup() };
}

describe('CollectionScreen (issue 26 item 2)', () => {
  it('shows the collection, its entries in order with notes, and marks removed items without linking them', async () => {
    const { spy } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Memory safety week' })).toBeInTheDocument();
    expect(screen.getByText('By Fay Faculty')).toBeInTheDocument();
    expect(screen.getByText('Shared by link')).toBeInTheDocument();
    const entries = within(screen.getByRole('list', { name: 'Items of the collection' })).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    const [first, second] = entries as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Buffer overflow lab' })).toBeInTheDocument();
    expect(within(first).getByText('Start here.')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).toBeNull();
    expect(within(second).getByText('Removed')).toBeInTheDocument();
    expect(calledWith(spy, 'GET').filter((call) => call.path === `/api/v1/collections/${ID}/coverage`)).toHaveLength(0);
  });

  it('loads the coverage only when asked', async () => {
    const { spy, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Show coverage' }));
    expect(await screen.findByText(/KU-SSP: Secure programming/)).toBeInTheDocument();
    expect(calledWith(spy, 'GET').filter((call) => call.path === `/api/v1/collections/${ID}/coverage`)).toHaveLength(1);
  });

  it('reads as not found for a collection the reader may not open', async () => {
    open({ status: 404, body: { statusCode: 404, message: 'Not found.' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Collection not found' })).toBeInTheDocument();
  });
});
