// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Collection, CollectionSummary } from '#shared/contracts/collection';
import { calledWith, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { AddToCollection } from './add-to-collection.tsx';

const LAB_ID = '01jd7k2m3n4p5q6r7s8t9v0a01';
const WEEK: CollectionSummary = {
  id: '01jd7k2m3n4p5q6r7s8t9v0c01',
  name: 'Week one labs',
  description: '',
  visibility: 'private',
  ownerName: 'Fay Faculty',
  itemCount: 1,
  createdTimestamp: '2026-11-20T10:00:00.000Z',
  modifiedTimestamp: '2026-11-21T10:00:00.000Z',
  version: 1,
};
const answer = (summary: CollectionSummary, itemCount: number): Collection => ({
  ...summary,
  itemCount,
  owned: true,
  entries: [],
});

function open(mine: CollectionSummary[], post: (path: string, body: unknown) => { status?: number; body: unknown }) {
  const spy = mockApi((url, init) => {
    const { method, body } = requestOf(init);
    if (method === 'POST') return post(url.pathname, body);
    if (url.pathname === '/api/v1/collections/mine') return { body: { items: mine, nextPageToken: null } };
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
  signIn(PERSONAS.faculty());
  renderWithProviders(<AddToCollection contentId={LAB_ID} name="Buffer overflow lab" variant="icon" />);
  return { spy, user: userEvent.setup() };
}

describe('AddToCollection (issue 26 item 2)', () => {
  it('adds the item to a collection of the reader, with the note, and says where it went', async () => {
    const { spy, user } = open([WEEK], () => ({ body: answer(WEEK, 2) }));
    await user.click(screen.getByRole('button', { name: 'Add “Buffer overflow lab” to a collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a collection' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Week one labs (1 item)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Day two.');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('“Buffer overflow lab” was added to “Week one labs”.')).toBeInTheDocument();
    expect(calledWith(spy, 'POST')).toEqual([
      { path: `/api/v1/collections/${WEEK.id}/entries`, body: { contentId: LAB_ID, note: 'Day two.' } },
    ]);
    expect(screen.getByRole('link', { name: 'Open the collection' })).toHaveAttribute(
      'href',
      `/collections/${WEEK.id}`,
    );
  });

  it('makes a new private collection holding the item, asking for its name first', async () => {
    const created = { ...WEEK, id: '01jd7k2m3n4p5q6r7s8t9v0c02', name: 'Crypto week', itemCount: 0 };
    const { spy, user } = open([], () => ({ status: 201, body: answer(created, 1) }));
    await user.click(screen.getByRole('button', { name: 'Add “Buffer overflow lab” to a collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a collection' });
    await user.click(await within(dialog).findByRole('radio', { name: 'A new collection' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    expect(calledWith(spy, 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Name of the new collection/ }), 'Crypto week');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('“Buffer overflow lab” was added to “Crypto week”.')).toBeInTheDocument();
    expect(calledWith(spy, 'POST')).toEqual([
      {
        path: '/api/v1/collections',
        body: {
          name: 'Crypto week',
          description: '',
          visibility: 'private',
          entries: [{ contentId: LAB_ID, note: '' }],
        },
      },
    ]);
  });

  it('shows a full collection’s 409 in the dialog', async () => {
    const { user } = open([WEEK], () => ({
      status: 409,
      body: { statusCode: 409, message: 'A collection holds at most 100 items.' },
    }));
    await user.click(screen.getByRole('button', { name: 'Add “Buffer overflow lab” to a collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a collection' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Week one labs (1 item)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('at most 100 items'));
  });
});
