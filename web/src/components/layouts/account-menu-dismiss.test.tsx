// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dismissSessionMessage } from '../../lib/auth/dismiss-session-message.ts';
import { getSession } from '../../lib/auth/session-store.ts';
import { calledUrls, mockApi } from '../../testing/mock-api.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { PERSONAS, signIn } from '../../testing/session.ts';
import { Header } from './header.tsx';

const MESSAGE = { id: '01jd7k2m3n4p5q6r7s8t9v0m01', message: 'Welcome aboard', link: null };

/** The API of a signed-in reader with one message; `DELETE` answers `deleteStatus` (200: `{ id }`). */
function mockPortal(deleteStatus = 200) {
  return mockApi((url, init) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [MESSAGE] } };
    if (init?.method === 'DELETE' && url.pathname === `/api/v1/messages/${MESSAGE.id}`) {
      return deleteStatus === 200
        ? { body: { id: MESSAGE.id } }
        : { status: deleteStatus, body: { statusCode: deleteStatus, message: 'Busy.' } };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

async function accountMenuItems() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  const menu = await screen.findByRole('menu');
  await within(menu).findByRole('menuitem', { name: /^Saved searches/ });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

/** Chooses a menu item as a keyboard user does: highlight it, then Enter. */
async function chooseItem(user: ReturnType<typeof userEvent.setup>, item: HTMLElement) {
  await user.hover(item);
  await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
  await user.keyboard('{Enter}');
}

describe('dismissing account-menu messages (issue 25 item 5)', () => {
  it('dismisses a message from the menu: it leaves at once, the badge follows, the menu stays open (issue 25 item 5)', async () => {
    const spy = mockPortal();
    signIn(PERSONAS.faculty());
    renderWithProviders(<Header />);
    await accountMenuItems();
    const menu = screen.getByRole('menu');
    // The messages load after the login: wait for them, or their answer would bring the message back.
    expect(await within(menu).findByText('Messages (1)')).toBeInTheDocument();
    const user = userEvent.setup();
    await chooseItem(user, within(menu).getByRole('menuitem', { name: 'Dismiss: Welcome aboard' }));
    await waitFor(() =>
      expect(within(menu).queryByRole('menuitem', { name: 'Welcome aboard' })).not.toBeInTheDocument(),
    );
    expect(within(menu).getByText('Messages (0)')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'No messages' })).toBeInTheDocument();
    expect(screen.getByRole('menu')).toBeVisible();
    await waitFor(() => expect(calledUrls(spy)).toContain('/api/v1/messages/01jd7k2m3n4p5q6r7s8t9v0m01'));
    const call = spy.mock.calls.find(([input]) => String(input).endsWith('/messages/01jd7k2m3n4p5q6r7s8t9v0m01'));
    expect(call?.[1]?.method).toBe('DELETE');
    expect(getSession().messages).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('puts a message back in its place when its dismiss fails, and rethrows', async () => {
    mockPortal(409);
    signIn(PERSONAS.faculty());
    renderWithProviders(<Header />);
    await waitFor(() => expect(getSession().messages).toEqual([MESSAGE]));
    const dismissing = dismissSessionMessage(MESSAGE.id);
    expect(getSession().messages).toEqual([]);
    await expect(dismissing).rejects.toMatchObject({ statusCode: 409 });
    expect(getSession().messages).toEqual([MESSAGE]);
  });
});
