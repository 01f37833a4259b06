// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CollectionSummary } from '#shared/contracts/collection';
import { calledWith, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { MyCollections } from './my-collections.tsx';

const WEEK: CollectionSummary = {
  id: '01jd7k2m3n4p5q6r7s8t9v0c01',
  name: 'Week one labs',
  description: 'Memory safety first.',
  visibility: 'link',
  ownerName: 'Fay Faculty',
  itemCount: 2,
  createdTimestamp: '2026-11-20T10:00:00.000Z',
  modifiedTimestamp: '2026-11-21T10:00:00.000Z',
  version: 3,
};

function open(mine: CollectionSummary[]) {
  const spy = mockApi((url, init) => {
    const { method } = requestOf(init);
    if (method === 'POST' && url.pathname === '/api/v1/collections')
      return {
        status: 201,
        body: { ...WEEK, id: '01jd7k2m3n4p5q6r7s8t9v0c02', name: 'Crypto', itemCount: 0, owned: true, entries: [] },
      };
    if (url.pathname === '/api/v1/collections/mine') return { body: { items: mine, nextPageToken: null } };
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
  signIn(PERSONAS.faculty());
  const rendered = renderWithProviders(<MyCollections />, { path: '/library' });
  return { spy, user: userEvent.setup(), rendered };
}

describe('MyCollections (issue 26 item 2)', () => {
  it('lists the reader’s collections with their visibility and item count', async () => {
    open([WEEK]);
    const list = await screen.findByRole('list', { name: 'My collections' });
    expect(within(list).getByRole('link', { name: 'Week one labs' })).toHaveAttribute(
      'href',
      `/collections/${WEEK.id}`,
    );
    expect(within(list).getByText('Shared by link')).toBeInTheDocument();
    expect(within(list).getByText(/2 items/)).toBeInTheDocument();
  });

  it('says how to start when there is none, and makes a private collection with New collection', async () => {
    const { spy, user } = open([]);
    expect(await screen.findByText(/No collections yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    expect(within(dialog).queryByRole('radio', { name: /Curated/ })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Crypto');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calledWith(spy, 'POST')).toHaveLength(1));
    expect(calledWith(spy, 'POST')[0]?.body).toEqual({
      name: 'Crypto',
      description: '',
      visibility: 'private',
      entries: [],
    });
  });
});
