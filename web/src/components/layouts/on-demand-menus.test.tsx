// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { Header } from './header.tsx';

/**
 * The header's menus load on first use and then replay the click or key that
 * asked for them; they must open the same way under StrictMode, whose extra
 * effect pass (development builds) restarts the menu's state machine.
 */
describe('menus loaded on demand, under StrictMode', () => {
  it('opens the Help menu from a click, focused on the menu', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <StrictMode>
        <Header />
      </StrictMode>,
    );
    const help = screen.getByRole('button', { name: 'Help' });
    expect(help).toHaveAttribute('aria-haspopup', 'menu');
    expect(help).toHaveAttribute('aria-expanded', 'false');
    await user.click(help);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Knowledge Base(opens in a new tab)', 'Support']);
    expect(screen.getByRole('button', { name: 'Help' })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(document.activeElement).toBe(menu));
  });

  it('opens the hamburger menu from the keyboard with the last item highlighted on ArrowUp', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <StrictMode>
        <Header />
      </StrictMode>,
    );
    screen.getByRole('button', { name: 'Menu' }).focus();
    await user.keyboard('{ArrowUp}');
    const last = await screen.findByRole('menuitem', { name: 'Log in' });
    // The highlight follows the item's first render (the menu's state machine sets it), so wait for it.
    await waitFor(() => expect(last).toHaveAttribute('data-highlighted'));
  });
});
