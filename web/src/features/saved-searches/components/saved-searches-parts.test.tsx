// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { Menu } from '@chakra-ui/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { SaveSearchButton } from './save-search-button.tsx';
import { SavedSearchesMenuItem, savedSearchesMenuLabel } from './saved-searches-menu-item.tsx';
import { UnsubscribeConfirm } from './unsubscribe-confirm.tsx';

const ID = '01jd7k2m3n4p5q6r7s8t9v0s01';
const NO_FILTER = {
  educationLevels: [],
  experienceLevels: [],
  contentCategories: [],
  ksaIds: [],
  kuIds: [],
  tksIds: [],
  contributorIds: [],
  newOrUpdatedContent: false,
  tags: [],
};
const at = '2026-11-20T10:00:00.000Z';
const item = (id: string, newMatches: number) => ({
  id,
  name: `Search ${id.slice(-2)}`,
  query: { text: 'ciphers', filter: {} },
  alerts: true,
  createdTimestamp: at,
  seenTimestamp: at,
  digestTimestamp: at,
  newMatches,
  newMatchesCapped: false,
  address: '/courseware?q=ciphers',
});

function baseApi(extra: (url: URL, init?: RequestInit) => { status?: number; body: unknown } | null) {
  return mockApi((url, init) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return extra(url, init) ?? { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

describe('the account menu item (issue 24 item 8)', () => {
  it('counts the saved searches with new items in its badge and its accessible name', async () => {
    signIn(PERSONAS.faculty());
    baseApi((url) =>
      url.pathname === '/api/v1/saved-searches'
        ? {
            body: {
              items: [item(ID, 2), item('01jd7k2m3n4p5q6r7s8t9v0s02', 0), item('01jd7k2m3n4p5q6r7s8t9v0s03', 7)],
              limit: 20,
            },
          }
        : null,
    );
    renderWithProviders(
      <Menu.Root open>
        <Menu.Content>
          <SavedSearchesMenuItem />
        </Menu.Content>
      </Menu.Root>,
    );
    const link = await screen.findByRole('menuitem', { name: 'Saved searches, 2 with new items' });
    expect(link).toHaveAttribute('href', '/saved-searches');
    expect(savedSearchesMenuLabel(0)).toBe('Saved searches');
  });
});

describe('Save this search (issue 24 item 8)', () => {
  it('saves the shown search under the name given, then links to the saved searches', async () => {
    signIn(PERSONAS.faculty());
    const spy = baseApi((url, init) =>
      url.pathname === '/api/v1/saved-searches' && init?.method === 'POST'
        ? { status: 201, body: { ...item(ID, 0), name: 'Overflow labs' } }
        : null,
    );
    const user = userEvent.setup();
    renderWithProviders(
      <SaveSearchButton
        query={{ text: 'buffer overflow', filter: { ...NO_FILTER, contentCategories: ['exercise'] }, sort: 'newest' }}
        defaultName="buffer overflow"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('buffer overflow');
    await user.clear(name);
    await user.type(name, 'Overflow labs');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved as “Overflow labs”.'));
    const [call] = calledWith(spy, 'POST');
    expect(call?.body).toMatchObject({
      name: 'Overflow labs',
      alerts: true,
      query: { text: 'buffer overflow', sort: 'newest', filter: { contentCategories: ['exercise'] } },
    });
    expect(screen.getByRole('link', { name: 'See your saved searches' })).toHaveAttribute('href', '/saved-searches');
  });

  it('shows the 409 of a 21st saved search in the dialog', async () => {
    signIn(PERSONAS.faculty());
    baseApi((url) =>
      url.pathname === '/api/v1/saved-searches'
        ? {
            status: 409,
            body: { statusCode: 409, message: 'You can keep at most 20 saved searches. Delete one first.' },
          }
        : null,
    );
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchButton query={{ text: '', filter: NO_FILTER }} defaultName="Courseware search" />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/at most 20 saved searches/)).toBeInTheDocument();
  });
});

describe('the unsubscribe page (issue 24 item 8)', () => {
  it('stops the e-mails only when the button is pressed, without signing in', async () => {
    const spy = baseApi((url) =>
      url.pathname === '/api/v1/saved-searches/unsubscribe' ? { body: { unsubscribed: 2 } } : null,
    );
    const user = userEvent.setup();
    renderWithProviders(<UnsubscribeConfirm token="tok" />);
    expect(calledWith(spy, 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Stop the e-mails' }));
    expect(
      await screen.findByText('Done: you will get no more e-mails about your saved searches.'),
    ).toBeInTheDocument();
    expect(calledWith(spy, 'POST')).toEqual([{ path: '/api/v1/saved-searches/unsubscribe', body: undefined }]);
  });

  it('says a forged link is not valid', async () => {
    baseApi((url) =>
      url.pathname === '/api/v1/saved-searches/unsubscribe'
        ? { status: 404, body: { statusCode: 404, message: 'This unsubscribe link is not valid.' } }
        : null,
    );
    const user = userEvent.setup();
    renderWithProviders(<UnsubscribeConfirm token="forged" />);
    await user.click(screen.getByRole('button', { name: 'Stop the e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });
});
