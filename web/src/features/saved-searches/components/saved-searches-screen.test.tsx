// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SavedSearch } from '#shared/contracts/saved-search';
import { calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { newItemsText, SavedSearchesScreen } from './saved-searches-screen.tsx';

const at = '2026-11-20T10:00:00.000Z';
const saved = (id: string, name: string, overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id,
  name,
  query: {
    text: 'buffer overflow',
    filter: {
      educationLevels: [],
      experienceLevels: [],
      contentCategories: ['exercise'],
      ksaIds: [],
      kuIds: [],
      tksIds: [],
      contributorIds: [],
      newOrUpdatedContent: false,
      tags: [],
    },
    sort: 'newest',
  },
  alerts: true,
  createdTimestamp: at,
  seenTimestamp: at,
  digestTimestamp: at,
  newMatches: 0,
  newMatchesCapped: false,
  address: '/courseware?q=buffer+overflow&cat=exercise&sort=newest',
  ...overrides,
});

const LABS = saved('01jd7k2m3n4p5q6r7s8t9v0s01', 'Overflow labs', { newMatches: 3 });
const CIPHERS = saved('01jd7k2m3n4p5q6r7s8t9v0s02', 'Ciphers', { alerts: false });

function openScreen() {
  signIn(PERSONAS.faculty());
  let items = [LABS, CIPHERS];
  const spy = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    if (url.pathname === '/api/v1/saved-searches' && method === 'GET') return { body: { items, limit: 20 } };
    if (url.pathname === `/api/v1/saved-searches/${LABS.id}/seen`) {
      items = [{ ...LABS, newMatches: 0 }, CIPHERS];
      return { body: items[0] };
    }
    if (url.pathname === `/api/v1/saved-searches/${LABS.id}` && method === 'DELETE') {
      items = [CIPHERS];
      return { body: LABS };
    }
    if (url.pathname === `/api/v1/saved-searches/${CIPHERS.id}` && method === 'PATCH') {
      const body = JSON.parse(String(init?.body)) as Partial<SavedSearch>;
      const changed = { ...CIPHERS, ...body };
      items = [items[0] ?? LABS, changed];
      return { body: changed };
    }
    return { status: 404, body: { statusCode: 404, message: 'Saved search does not exist.' } };
  });
  const user = userEvent.setup();
  renderWithProviders(<SavedSearchesScreen />);
  return { user, spy };
}

describe('the words and addresses of a saved search', () => {
  it('says how many items are new', () => {
    expect(newItemsText({ newMatches: 0, newMatchesCapped: false })).toBe('No new items');
    expect(newItemsText({ newMatches: 1, newMatchesCapped: false })).toBe('1 new item');
    expect(newItemsText({ newMatches: 100, newMatchesCapped: true })).toBe('100+ new items');
  });
});

describe('SavedSearchesScreen (issue 24 item 8)', () => {
  it('lists each saved search with its new items, an Open link to its results and its weekly e-mail switch', async () => {
    openScreen();
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    const [labs, ciphers] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(labs as HTMLElement).getByRole('heading', { name: 'Overflow labs' })).toBeInTheDocument();
    expect(within(labs as HTMLElement).getByText('3 new items')).toBeInTheDocument();
    expect(within(labs as HTMLElement).getByRole('link', { name: 'Open Overflow labs' })).toHaveAttribute(
      'href',
      '/courseware?q=buffer+overflow&cat=exercise&sort=newest',
    );
    expect(within(ciphers as HTMLElement).getByText('No new items')).toBeInTheDocument();
    expect(within(ciphers as HTMLElement).getByRole('button', { name: 'Mark seen Ciphers' })).toBeDisabled();
    expect(
      within(ciphers as HTMLElement).getByRole('checkbox', { name: 'Weekly e-mail of new items for “Ciphers”' }),
    ).not.toBeChecked();
  });

  it('marks a search seen, and turns its weekly e-mail on', async () => {
    const { user, spy } = openScreen();
    await user.click(await screen.findByRole('button', { name: 'Mark seen Overflow labs' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('“Overflow labs” marked seen.'));
    expect(await screen.findAllByText('No new items')).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: 'Weekly e-mail of new items for “Ciphers”' }));
    await waitFor(() =>
      expect(calledWith(spy, 'PATCH')).toEqual([
        { path: `/api/v1/saved-searches/${CIPHERS.id}`, body: { alerts: true } },
      ]),
    );
  });

  it('deletes a search only after the confirmation', async () => {
    const { user, spy } = openScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete Overflow labs' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the saved search?' });
    expect(calledWith(spy, 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calledWith(spy, 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Overflow labs' })).not.toBeInTheDocument());
  });

  it('renames a search in a dialog whose name is required', async () => {
    const { user, spy } = openScreen();
    await user.click(await screen.findByRole('button', { name: 'Rename Ciphers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the saved search' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Is required.')).toBeInTheDocument();
    await user.type(name, 'Classic ciphers');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(calledWith(spy, 'PATCH')).toEqual([
        { path: `/api/v1/saved-searches/${CIPHERS.id}`, body: { name: 'Classic ciphers' } },
      ]),
    );
  });
});
