// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/auth/session-store.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { portalToken, signIn, storeSession } from '../../../testing/session.ts';

function mockServer() {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    // A signed-in shell counts the saved searches for the account menus (issue 24 item 8);
    // left unanswered, its error would open the error dialog of spec §8 over the page.
    if (url.pathname === '/api/v1/saved-searches') return { body: { items: [], limit: 20 } };
    if (url.pathname === '/api/v1/user/courses') {
      return {
        body: {
          items: [
            {
              id: '01jd7k2m3n4p5q6r7s8t9v0k01',
              name: 'CYBR 1100 Introduction to Cybersecurity',
              roles: ['instructor'],
              createdTimestamp: '2026-01-12T15:00:00.000Z',
            },
          ],
          nextPageToken: null,
        },
      };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

const facultyToken = () =>
  portalToken({ displayName: 'Una Faculty', claims: [{ type: 'api', value: 'post_v1_course_support' }] });

/**
 * Chooses an item of the menu opened from `button` by keyboard, as the header's own
 * tests do: the menu highlights its first item with retries (spec §9), so each step
 * waits for the highlight before the next key.
 */
async function chooseFromMenu(user: ReturnType<typeof userEvent.setup>, button: string, keys: string, item: string) {
  screen.getByRole('button', { name: button }).focus();
  await user.keyboard('{Enter}');
  await screen.findByRole('menu');
  await waitFor(() =>
    expect(screen.getAllByRole('menuitem').some((i) => i.hasAttribute('data-highlighted'))).toBe(true),
  );
  await user.keyboard(keys);
  const target = screen.getByRole('menuitem', { name: item });
  await waitFor(() => expect(target).toHaveAttribute('data-highlighted'));
  await user.keyboard('{Enter}');
}

// The dialog's code loads on first opening; load (and transform) it once up front so the
// tests' waits measure the app, not the test runner's first compile.
beforeAll(() => import('../../../features/messages/components/support-dialog.tsx'), 30_000);

describe('Help → Support (spec §2.3)', () => {
  it('goes to the contact page when logged out', async () => {
    mockServer();
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/knowledge_base' });
    await screen.findByRole('heading', { level: 1, name: 'Knowledge base' });
    await chooseFromMenu(user, 'Help', '{End}', 'Support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contact-us');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the support dialog when logged in, and gives the focus back to Help on close', async () => {
    mockServer();
    signIn(facultyToken());
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/knowledge_base' });
    await screen.findByRole('heading', { level: 1, name: 'Knowledge base' });
    await chooseFromMenu(user, 'Help', '{End}', 'Support');

    const dialog = await screen.findByRole('dialog', { name: 'Request support' });
    expect(await screen.findByRole('option', { name: 'CYBR 1100 Introduction to Cybersecurity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/knowledge_base');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Help' })).toHaveFocus());
  });

  it('opens the support dialog from the hamburger menu too', async () => {
    mockServer();
    storeSession(facultyToken());
    const user = userEvent.setup();
    renderApp({ path: '/knowledge_base' });
    await screen.findByRole('heading', { level: 1, name: 'Knowledge base' });
    await screen.findByRole('button', { name: /Account menu/ });
    await chooseFromMenu(user, 'Menu', 'S', 'Support');
    expect(await screen.findByRole('dialog', { name: 'Request support' })).toBeInTheDocument();
  });
});
