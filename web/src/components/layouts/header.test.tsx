// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FeatureFlags } from '#shared/contracts/runtime-config';
import { getShownErrors } from '../../lib/error-store.ts';
import { runtimeConfig } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { Header } from './header.tsx';
import { POPUP_BLOCKED_MESSAGE } from './use-help-actions.ts';

function mainNavLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('Header', () => {
  it('shows every link on USCR with all flags on, Contact us included', () => {
    renderWithProviders(<Header />);
    expect(mainNavLinks()).toEqual([
      ['Features', '/features'],
      ['Courseware', '/courseware'],
      ['Exercises', '/exercises'],
      ['Pricing', '/pricing'],
      ['Contact us', '/contact-us'],
      ['Community', '/community'],
      ['Resources', '/resources'],
    ]);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'US Cyber Range home' })).toHaveAttribute('href', '/');
  });

  it('never shows Contact us on VACR', () => {
    renderWithProviders(<Header />, { config: runtimeConfig({ brand: 'VACR', siteName: 'Virginia Cyber Range' }) });
    expect(mainNavLinks().map(([label]) => label)).toEqual([
      'Features',
      'Courseware',
      'Exercises',
      'Pricing',
      'Community',
      'Resources',
    ]);
    expect(screen.getByRole('link', { name: 'Virginia Cyber Range home' })).toBeInTheDocument();
  });

  it.each([
    ['USCR', '#0b1f3a'],
    ['VACR', '#5e1a2c'],
  ] as const)('draws the %s header in its own colours', (brand, headerBg) => {
    renderWithProviders(<Header />, { config: runtimeConfig({ brand }) });
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(new RegExp(`--chakra-colors-header-bg:\\s*${headerBg}`));
  });

  it('hides flagged links when their flags are off', () => {
    const flags = FeatureFlags.parse({
      courseware: false,
      pricing: false,
      contact: false,
      community: false,
      resources: false,
    });
    renderWithProviders(<Header />, { config: runtimeConfig({ flags }) });
    expect(mainNavLinks().map(([label]) => label)).toEqual(['Features', 'Exercises']);
  });

  it('opens the Knowledge Base in a new tab from the Help menu', async () => {
    const user = userEvent.setup();
    const opened = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(opened);
    renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('menuitem', { name: /Knowledge Base/ }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://kb.uscyberrange.example', '_blank'));
    expect(opened.opener).toBeNull();
    expect(getShownErrors()).toEqual([]);
  });

  it('shows the popup-blocked error when the new tab is blocked', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<Header />);
    screen.getByRole('button', { name: 'Help' }).focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: /Knowledge Base/ });
    // The menu moves focus to its first item with retries (spec §9: up to 5 × 60 ms); on a busy machine, wait for it.
    await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(getShownErrors().map((error) => error.message)).toEqual([POPUP_BLOCKED_MESSAGE]));
  });

  it('sends Support to the contact page when logged out, by keyboard', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Header />);
    screen.getByRole('button', { name: 'Help' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact-us'));
  });

  it('offers the same links in the hamburger menu', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Features',
      'Courseware',
      'Exercises',
      'Pricing',
      'Contact us',
      'Community',
      'Resources',
      'Knowledge Base(opens in a new tab)',
      'Support',
      'Sign up',
      'Log in',
    ]);
  });
});
