// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Collection } from '#shared/contracts/collection';
import { contentSummary } from '../../../testing/fixtures.ts';
import { calledWith, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
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

describe('CollectionScreen, its owner (issue 26 item 2)', () => {
  const owned: Collection = { ...collection, owned: true };

  function openOwned(put: (body: unknown) => { status?: number; body: unknown }) {
    const spy = mockApi((url, init) => {
      const { method, body } = requestOf(init);
      if (url.pathname === `/api/v1/collections/${ID}` && method === 'PUT') return put(body);
      if (url.pathname === `/api/v1/collections/${ID}` && method === 'DELETE')
        return { body: { id: ID, deleted: true } };
      if (url.pathname === `/api/v1/collections/${ID}`) return { body: owned };
      if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
      if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
      return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
    });
    signIn(PERSONAS.faculty());
    renderWithProviders(<CollectionScreen id={ID} />, { path: `/collections/${ID}` });
    return { spy, user: userEvent.setup() };
  }

  it('reorders by keyboard keeping the focus, and saves the whole collection at the version read', async () => {
    const { spy, user } = openOwned(() => ({ body: { ...owned, version: 3, entries: [...owned.entries].reverse() } }));
    await user.click(await screen.findByRole('button', { name: 'Edit collection' }));
    const down = await screen.findByRole('button', { name: 'Move “Buffer overflow lab” down' });
    down.focus();
    await user.keyboard('{Enter}');
    const moved = screen.getByRole('button', { name: 'Move “Buffer overflow lab” down' });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(moved).toHaveAttribute('aria-disabled', 'true');
    const rows = within(screen.getByRole('list', { name: 'Items in order' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Retired cipher lab');
    await user.clear(screen.getByRole('textbox', { name: 'Note on “Buffer overflow lab”' }));
    await user.type(screen.getByRole('textbox', { name: 'Note on “Buffer overflow lab”' }), 'Second now.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calledWith(spy, 'PUT')).toHaveLength(1));
    expect(calledWith(spy, 'PUT')[0]?.body).toEqual({
      name: 'Memory safety week',
      description: 'Two labs for week 3.',
      visibility: 'link',
      version: 2,
      entries: [
        { contentId: '01jd7k2m3n4p5q6r7s8t9v0a02', note: '' },
        { contentId: LAB.id, note: 'Second now.' },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Edit collection' })).toBeInTheDocument();
  });

  it('offers Reload when the collection changed elsewhere (409), keeping the editor open', async () => {
    const { user } = openOwned(() => ({
      status: 409,
      body: { statusCode: 409, message: 'The collection was changed since you opened it.' },
    }));
    await user.click(await screen.findByRole('button', { name: 'Edit collection' }));
    await user.click(await screen.findByRole('button', { name: 'Remove “Retired cipher lab” from the collection' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/changed since you opened it\. Reload/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit collection' })).toBeInTheDocument();
  });

  it('deletes the collection only after a confirmation', async () => {
    const { spy, user } = openOwned(() => ({ body: owned }));
    await user.click(await screen.findByRole('button', { name: 'Delete collection' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this collection?' });
    expect(calledWith(spy, 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete collection' }));
    await waitFor(() => expect(calledWith(spy, 'DELETE')).toHaveLength(1));
  });
});
