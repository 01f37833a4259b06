// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { FirstPageButton } from './first-page-button.tsx';
import { FIRST_PAGE_NO_RIGHTS_MESSAGE, FIRST_PAGE_SIGN_IN_MESSAGE } from './first-page-dialog.tsx';

/**
 * "Preview first page" for readers without file rights (issue 24 item 1, decision
 * record 059): who sees it, the dialog (the public image with its alt text, the sign-in
 * note), Escape and the focus, and that no API call asks for the private file.
 */

const IMAGE = { url: '/public/thumbnails/c1/f1.page-1.png', alt: 'First page of Buffer_Overflow_Setuid' };
const FILE = { id: '01jd7k2m3n4p5q6r7s8t9v0w1e', name: 'Buffer_Overflow_Setuid', firstPage: IMAGE };

/** `fetch` recording every address asked; the session's calls answer empty lists. */
function mockFetch() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push(url);
      return new Response(JSON.stringify({ items: [] }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FirstPageButton', () => {
  it('shows a visitor the first page with its alt text and the sign-in note; Escape closes, focus returns', async () => {
    const calls = mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<FirstPageButton file={FILE} />);
    const button = await screen.findByRole('button', { name: 'Preview first page of Buffer_Overflow_Setuid' });
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'First page: Buffer_Overflow_Setuid' });
    expect(within(dialog).getByRole('img', { name: IMAGE.alt })).toHaveAttribute('src', IMAGE.url);
    expect(within(dialog).getByText(FIRST_PAGE_SIGN_IN_MESSAGE)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
    expect(calls.filter((url) => url.includes('/files/'))).toEqual([]);
  });

  it('tells a signed-in reader without the file right that the whole file needs it, with no Log in link', async () => {
    signIn(PERSONAS.student());
    mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<FirstPageButton file={FILE} />);
    await user.click(await screen.findByRole('button', { name: 'Preview first page of Buffer_Overflow_Setuid' }));
    const dialog = await screen.findByRole('dialog', { name: 'First page: Buffer_Overflow_Setuid' });
    expect(within(dialog).getByText(FIRST_PAGE_NO_RIGHTS_MESSAGE)).toBeVisible();
    expect(within(dialog).queryByRole('link', { name: 'Log in' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not shown for a file without a published first page', async () => {
    mockFetch();
    renderWithProviders(
      <>
        <FirstPageButton file={{ id: FILE.id, name: 'Answers' }} />
        <p>Rendered</p>
      </>,
    );
    await screen.findByText('Rendered');
    expect(screen.queryByRole('button', { name: /first page/ })).toBeNull();
  });

  it('is not shown to readers with the file right (they get the whole preview)', async () => {
    signIn(PERSONAS.faculty());
    mockFetch();
    renderWithProviders(
      <>
        <FirstPageButton file={FILE} />
        <p>Signed in</p>
      </>,
    );
    await screen.findByText('Signed in');
    expect(screen.queryByRole('button', { name: /first page/ })).toBeNull();
  });
});
