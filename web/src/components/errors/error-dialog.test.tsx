// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getShownErrors } from '../../lib/error-store.ts';
import { leaveFor } from '../../lib/external-navigation.ts';
import { mockApi } from '../../testing/mock-api.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { portalToken, signIn } from '../../testing/session.ts';
import { ErrorDialog } from './error-dialog.tsx';

vi.mock('../../lib/external-navigation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/external-navigation.ts')>()),
  leaveFor: vi.fn(),
}));

/** The ERROR dialog when a session ends (spec §8 "Your session has expired."; issue 21 item 26). */
describe('the ERROR dialog for an ended session', () => {
  it('says "Your session has expired." when the API refuses the token, and offers to log in again on this page', async () => {
    // Prepare: a signed-in reader whose token the API no longer accepts (revoked, decision record 032).
    mockApi(() => ({ status: 401, body: { statusCode: 401, message: 'Your session has ended. Sign in again.' } }));
    window.history.replaceState(null, '', '/courseware/seed-labs?q=xss');
    signIn(portalToken());
    // Act
    renderWithProviders(<ErrorDialog />, { path: '/courseware/seed-labs' });
    // Assess
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Your session has expired.')).toBeTruthy();
    expect(getShownErrors().map((shown) => shown.message)).toEqual(['Your session has expired.']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in again' }));
    const target = new URL(String(vi.mocked(leaveFor).mock.calls[0]?.[0]));
    expect(`${target.origin}${target.pathname}`).toBe('https://login.uscyberrange.example/login');
    expect(new URL(target.searchParams.get('redirect_url') ?? '').pathname).toBe('/courseware/seed-labs');
    expect(new URL(target.searchParams.get('redirect_url') ?? '').search).toBe('?q=xss');
  });

  it('offers no log-in button for other errors', async () => {
    mockApi(() => ({ status: 500, body: { statusCode: 500, message: 'Internal server error.' } }));
    signIn(portalToken());
    renderWithProviders(<ErrorDialog />);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Internal server error.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Log in again' })).toBeNull();
  });
});
