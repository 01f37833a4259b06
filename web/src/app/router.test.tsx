// @vitest-environment jsdom
import '../testing/setup.ts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEP_FOCUS_STATE } from '../hooks/use-navigation-effects.ts';
import { leaveFor } from '../lib/external-navigation.ts';
import { createQueryClient } from '../lib/react-query.ts';
import { runtimeConfig, searchContentPage } from '../testing/fixtures.ts';
import { mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render.tsx';
import { PERSONAS } from '../testing/session.ts';
import { AppProvider } from './provider.tsx';
import { createRoutes, logoutDestination } from './router.tsx';

vi.mock('../lib/external-navigation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/external-navigation.ts')>()),
  leaveFor: vi.fn(),
}));

function mockEmptyCatalog() {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
    if (url.pathname === '/api/v1/search/content') return { body: searchContentPage() };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(leaveFor).mockClear();
});

describe('routes', () => {
  it('redirects / to /courseware when no home page is configured', async () => {
    mockEmptyCatalog();
    const { router } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Courseware' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courseware');
  });

  it('shows the splash until the first navigation ends', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first navigation waits for the entry guard (here: exchanging a `t` token), never for knowledge.
    const token = PERSONAS.student();
    mockApi(async (url) => {
      if (url.pathname === '/api/v1/authenticate') {
        await gate;
        return { body: { token } };
      }
      return { body: { items: [], nextPageToken: null } };
    });
    renderApp({ path: '/courseware?t=upstream-token' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Courseware' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows the home page when a home-page address is configured', async () => {
    renderApp({ path: '/', config: runtimeConfig({ homepageBaseUrl: 'https://www.uscyberrange.example' }) });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/hands-on practice/);
    expect(screen.getByRole('link', { name: 'Explore the features' })).toHaveAttribute('href', '/features');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('shows a not-found page that links home, without path breadcrumbs, for a news path outside the news routes', async () => {
    // Unknown addresses go home after the catch-all's lookups (spec §2.2); a path with a
    // news or events segment skips them and shows the not-found page.
    renderApp({ path: '/about/news/old-story' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | US Cyber Range'));
  });

  it('shows the blocked-site notice with path breadcrumbs', async () => {
    renderApp({ path: '/unsafe_site' });
    expect(await screen.findByRole('heading', { level: 1, name: 'THIS WEBSITE IS NOT ALLOWED!' })).toBeInTheDocument();
    expect(screen.getByText('This incident has been reported.')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Home');
    expect(crumbs).toHaveTextContent('unsafe site');
  });

  it('has a skip link first that moves focus to the main content', async () => {
    renderApp({ path: '/unsafe_site' });
    await screen.findByRole('heading', { level: 1 });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    const focusable = document.querySelectorAll('a[href], button:not([disabled])');
    expect(focusable[0]).toBe(skip);
    act(() => skip.click());
    expect(document.activeElement).toBe(document.getElementById('main-content'));
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

describe('after each navigation (spec §2.1)', () => {
  it('removes v=<digits> from the address without a new history entry', async () => {
    const { router } = renderApp({ path: '/unsafe_site?v=1732140000&keep=1' });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(router.state.location.search).toBe('?keep=1'));
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate('/about/news/old-story'));
    await act(() => router.navigate(-1));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/unsafe_site?keep=1');
  });

  it('replaces v=<digits> in the route loader, so no screen ever renders with it (issue 21 item 25)', async () => {
    mockEmptyCatalog();
    const seen: string[] = [];
    function Probe() {
      const { search } = useLocation();
      seen.push(search);
      return <h1>Probe</h1>;
    }
    const queryClient = createQueryClient({ retry: false });
    const routes = createRoutes({ config: runtimeConfig(), queryClient });
    routes[0]?.children?.[0]?.children?.unshift({ path: 'probe', Component: Probe });
    const router = createMemoryRouter(routes, { initialEntries: ['/probe?v=42&q=xss'] });
    render(
      <AppProvider config={runtimeConfig()} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Probe' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=xss'));
    await act(() => router.navigate('/probe?v=7'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((search) => /(^|[?&])v=\d/.test(search))).toEqual([]);
  });

  it('focuses the main content and announces the page title after 250 ms', async () => {
    const { router } = renderApp({ path: '/unsafe_site' });
    await screen.findByRole('heading', { level: 1 });
    const live = screen.getByTestId('live-announcer');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(document.activeElement).toBe(document.body);

    vi.useFakeTimers();
    await act(() => router.navigate('/about/news/old-story'));
    expect(document.activeElement).toBe(document.getElementById('main-content'));
    await act(async () => {
      vi.advanceTimersByTime(249);
    });
    expect(live).toHaveTextContent('');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(live).toHaveTextContent('navigated to Page not found');
  });

  it('leaves focus on the control in use when a control pushes a query-only change with KEEP_FOCUS_STATE', async () => {
    const { router } = renderApp({ path: '/unsafe_site' });
    await screen.findByRole('heading', { level: 1 });
    const control = document.createElement('button');
    document.getElementById('main-content')?.append(control);
    control.focus();

    await act(() => router.navigate('/unsafe_site?filter=1', { state: KEEP_FOCUS_STATE }));
    expect(document.activeElement).toBe(control);

    await act(() => router.navigate('/unsafe_site?filter=2'));
    expect(document.activeElement).toBe(document.getElementById('main-content'));
    control.focus();
    await act(() => router.navigate(-1));
    expect(document.activeElement).toBe(document.getElementById('main-content'));
  });
});

describe('leaving routes (spec §2.2)', () => {
  it('/login returns to the catch-all page the reader came from', async () => {
    const { router } = renderApp({ path: '/some/news/alias?x=1' });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await act(() => router.navigate('/login'));
    expect(leaveFor).toHaveBeenCalledTimes(1);
    const url = new URL(vi.mocked(leaveFor).mock.calls[0]?.[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://login.uscyberrange.example/login');
    expect(url.searchParams.get('redirect_url')).toBe(`${window.location.origin}/some/news/alias?x=1`);
    expect(url.searchParams.get('referrer_url')).toBe(`${window.location.origin}/some/news/alias?x=1`);
    expect(await screen.findByRole('link', { name: 'Continue to the login page' })).toHaveAttribute(
      'href',
      url.toString(),
    );
  });

  it('/login from any other page returns to the exercise area', async () => {
    const { router } = renderApp({ path: '/unsafe_site' });
    await screen.findByRole('heading', { level: 1 });
    await act(() => router.navigate('/login'));
    const url = new URL(vi.mocked(leaveFor).mock.calls[0]?.[0] ?? '');
    expect(url.searchParams.get('redirect_url')).toBe('https://app.uscyberrange.example/');
  });

  it('/logout on USCR goes to the home-page address: its home route on this site, else it leaves for it (spec §4)', async () => {
    const here = new URL('/logout', window.location.origin);
    expect(logoutDestination(runtimeConfig({ homepageBaseUrl: null }), here)).toEqual({ url: '/', external: false });
    expect(logoutDestination(runtimeConfig({ homepageBaseUrl: `${window.location.origin}/` }), here)).toEqual({
      url: '/',
      external: false,
    });
    expect(logoutDestination(runtimeConfig({ homepageBaseUrl: 'https://www.uscyberrange.example/' }), here)).toEqual({
      url: 'https://www.uscyberrange.example/',
      external: true,
    });
    // The redirect of VACR does not apply on USCR.
    const withRedirect = new URL('/logout?redirect=%2Fnews', window.location.origin);
    expect(logoutDestination(runtimeConfig({ homepageBaseUrl: null }), withRedirect).url).toBe('/');
  });

  it('/logout on VACR reopens the page logged out from, never another site (spec §4)', async () => {
    const vacr = runtimeConfig({ brand: 'VACR', siteName: 'Virginia Cyber Range' });
    const at = (query: string) => new URL(`/logout${query}`, window.location.origin);
    expect(logoutDestination(vacr, at('?redirect=%2Fcourseware%3Fnew%3Dtrue'))).toEqual({
      url: '/courseware?new=true',
      external: false,
    });
    expect(logoutDestination(vacr, at('')).url).toBe('/');
    expect(logoutDestination(vacr, at('?redirect=https%3A%2F%2Fevil.example%2F')).url).toBe('/');
    expect(logoutDestination(vacr, at('?redirect=%2F%2Fevil.example')).url).toBe('/');
    expect(logoutDestination(vacr, at('?redirect=%2Flogout')).url).toBe('/');
  });

  it('/logout on USCR with another site as home-page address leaves for it', async () => {
    renderApp({ path: '/logout', config: runtimeConfig({ homepageBaseUrl: 'https://www.uscyberrange.example/' }) });
    await screen.findByRole('heading', { level: 1, name: 'Logged out' });
    expect(leaveFor).toHaveBeenCalledWith('https://www.uscyberrange.example/');
  });

  it('/signup adds code=vacr on VACR only', async () => {
    renderApp({ path: '/signup', config: runtimeConfig({ brand: 'VACR', siteName: 'Virginia Cyber Range' }) });
    await screen.findByRole('heading', { level: 1, name: 'Sign up' });
    expect(leaveFor).toHaveBeenCalledWith('https://login.uscyberrange.example/signup?code=vacr');
  });

  it('/signup on USCR has no code', async () => {
    renderApp({ path: '/signup' });
    await screen.findByRole('heading', { level: 1, name: 'Sign up' });
    expect(leaveFor).toHaveBeenCalledWith('https://login.uscyberrange.example/signup');
  });
});
