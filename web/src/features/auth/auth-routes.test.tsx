// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header } from '../../components/layouts/header.tsx';
import { getSession, getStoredSession } from '../../lib/auth/session-store.ts';
import { runtimeConfig, searchContentPage } from '../../testing/fixtures.ts';
import { calledUrls, mockApi } from '../../testing/mock-api.ts';
import { renderApp, renderWithProviders } from '../../testing/render.tsx';
import { PERSONAS, portalToken, signIn, storeSession, USER_IDS } from '../../testing/session.ts';

/** The API of a signed-in reader: GET /claims answers the claims of the token in the store. */
function mockPortal(portalToken = PERSONAS.editor()) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/authenticate') return { body: { token: portalToken } };
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/messages') {
      return { body: { items: [{ id: '01jd7k2m3n4p5q6r7s8t9v0m01', message: 'Welcome aboard', link: null }] } };
    }
    if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
    if (url.pathname === '/api/v1/search/content') return { body: searchContentPage() };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

async function accountMenuItems() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  const menu = await screen.findByRole('menu');
  // The "Saved searches" item (issue 24 item 8) is loaded with the menu: wait for it, so
  // the list read is the whole menu.
  await within(menu).findByRole('menuitem', { name: /^Saved searches/ });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('entry guard (spec §2.1)', () => {
  it('authenticates the t token with provider vcr, logs in and strips t from the address', async () => {
    const portalToken = PERSONAS.editor();
    const spy = mockPortal(portalToken);
    const { router } = renderApp({ path: '/courseware?t=upstream-token&new=true' });
    await screen.findByRole('button', { name: /^Account menu/ });
    await waitFor(() => expect(router.state.location.search).toBe('?new=true'));
    const call = spy.mock.calls.find(([input]) => String(input).endsWith('/authenticate'));
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ provider: 'vcr', token: 'upstream-token' });
    expect(getStoredSession()).toMatchObject({ token: portalToken, provider: 'vcr' });
    expect(getSession().status).toBe('logged-in');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('sends the portal token as Bearer on later calls', async () => {
    const portalToken = PERSONAS.student();
    const spy = mockPortal(portalToken);
    renderApp({ path: '/courseware?s=sso-token' });
    await screen.findByRole('button', { name: /^Account menu/ });
    const authenticate = spy.mock.calls.find(([input]) => String(input).endsWith('/authenticate'));
    expect(JSON.parse(String(authenticate?.[1]?.body))).toEqual({ provider: 'sso', token: 'sso-token' });
    await waitFor(() => expect(calledUrls(spy)).toContain('/api/v1/messages'));
    const messages = spy.mock.calls.find(([input]) => String(input).endsWith('/messages'));
    expect(new Headers(messages?.[1]?.headers).get('Authorization')).toBe(`Bearer ${portalToken}`);
  });

  it('logs in from the stored session when no token is in the address', async () => {
    mockPortal();
    storeSession(PERSONAS.faculty());
    renderApp({ path: '/courseware' });
    expect(await screen.findByRole('button', { name: 'Account menu, 1 message' })).toBeInTheDocument();
  });

  it('clears the token when authentication fails and says the account was not found', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/v1/authenticate') {
        return { status: 401, body: { statusCode: 401, message: 'Your account could not be found.' } };
      }
      return { body: { items: [], nextPageToken: null } };
    });
    storeSession(PERSONAS.editor());
    const { router } = renderApp({ path: '/courseware?t=unknown-user' });
    expect(await screen.findByRole('alertdialog', { name: 'ERROR' })).toHaveTextContent(
      'Your account could not be found.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(getStoredSession().token).toBeNull();
    expect(getSession().status).toBe('logged-out');
    // The modal ERROR dialog hides the page from assistive technology meanwhile.
    expect(screen.getByRole('link', { name: 'Log in', hidden: true })).toBeInTheDocument();
  });
});

describe('impersonation in the shell (spec §4)', () => {
  it('impersonates from the users table, shows the banner, and exits back to /admin', async () => {
    const user = userEvent.setup();
    const adminToken = PERSONAS.admin();
    const studentToken = portalToken({ act: { sub: USER_IDS.admin } });
    mockApi((url) => {
      if (url.pathname === '/api/v1/authenticate') return { body: { token: studentToken } };
      if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
      if (url.pathname === '/api/v1/users') {
        return {
          body: {
            items: [
              {
                id: USER_IDS.student,
                displayName: 'Sam Student',
                email: null,
                roles: ['USER'],
                businessUnitId: null,
                businessUnitName: null,
                createdTimestamp: '2026-11-21T00:00:00.000Z',
              },
            ],
            nextPageToken: null,
          },
        };
      }
      if (url.pathname === '/api/v1/search/content') return { body: searchContentPage() };
      return { body: { items: [], nextPageToken: null } };
    });
    storeSession(adminToken);
    const { router } = renderApp({ path: '/admin?tab=users' });
    await user.click(await screen.findByRole('button', { name: 'Impersonate Sam Student' }));
    expect(await screen.findByText('You are viewing the portal as Sam Student.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courseware');
    expect(getStoredSession()).toMatchObject({ token: studentToken, originalToken: adminToken });

    await user.click(screen.getByRole('button', { name: 'Exit impersonation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(getStoredSession()).toMatchObject({ token: adminToken, originalToken: null });
    expect(screen.queryByText(/You are viewing the portal as/)).not.toBeInTheDocument();
  });
});

describe('guards (spec §2.2)', () => {
  it('sends a student home from /dashboard', async () => {
    mockPortal();
    storeSession(PERSONAS.student());
    const { router } = renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Courseware' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courseware');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('sends a visitor home from /admin', async () => {
    mockPortal();
    const { router } = renderApp({ path: '/admin' });
    await screen.findByRole('heading', { level: 1, name: 'Courseware' });
    expect(router.state.location.pathname).toBe('/courseware');
  });

  it('lets an editor into /dashboard but not /archived-content', async () => {
    mockPortal();
    storeSession(PERSONAS.editor());
    const { router } = renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Courseware metrics' })).toBeInTheDocument();
    await router.navigate('/archived-content');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware'));
  });

  it('shows an admin the users with Impersonate buttons', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/v1/users') {
        return {
          body: {
            items: [
              {
                id: '01jd7k2m3n4p5q6r7s8t9v0s01',
                displayName: 'Sam Student',
                email: 'sam@example.edu',
                roles: ['USER', 'student'],
                businessUnitId: null,
                businessUnitName: null,
                createdTimestamp: '2026-11-21T00:00:00.000Z',
              },
            ],
            nextPageToken: null,
          },
        };
      }
      if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
      return { body: { items: [], nextPageToken: null } };
    });
    storeSession(PERSONAS.admin());
    renderApp({ path: '/admin?tab=users' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'sam@example.edu' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Impersonate Sam Student' })).toBeInTheDocument();
  });
});

describe('/logout (spec §4)', () => {
  it('clears the session and goes home', async () => {
    mockPortal();
    storeSession(PERSONAS.editor());
    const { router } = renderApp({ path: '/logout' });
    await screen.findByRole('heading', { level: 1, name: 'Courseware' });
    expect(router.state.location.pathname).toBe('/courseware');
    expect(getStoredSession().token).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('avatar menu (spec §2.3)', () => {
  it('shows a faculty member the name, e-mail, My library, Saved searches, Your data, messages and Logout only', async () => {
    mockPortal();
    signIn(PERSONAS.faculty());
    renderWithProviders(<Header />);
    expect(await accountMenuItems()).toEqual([
      'My library',
      'Saved searches',
      'Your data',
      'Logout',
      'Welcome aboard',
      'Dismiss',
    ]);
    expect(screen.getByRole('menuitem', { name: 'My library' })).toHaveAttribute('href', '/library');
    expect(screen.getByRole('menuitem', { name: 'Your data' })).toHaveAttribute('href', '/personal-data');
    expect(screen.getByText('Fay Faculty')).toBeInTheDocument();
    expect(screen.getByText('fay@example.edu')).toBeInTheDocument();
  });

  it('logs out to the home route on USCR and back to the same page on VACR (spec §4 "Session")', async () => {
    mockPortal();
    signIn(PERSONAS.faculty());
    const uscr = renderWithProviders(<Header />, { path: '/news?page=2' });
    await accountMenuItems();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    uscr.unmount();
    renderWithProviders(<Header />, {
      path: '/news?page=2',
      config: runtimeConfig({ brand: 'VACR', siteName: 'Virginia Cyber Range' }),
    });
    await accountMenuItems();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute(
      'href',
      `/logout?redirect=${encodeURIComponent('/news?page=2')}`,
    );
  });

  it('adds the editing links for an editor', async () => {
    mockPortal();
    signIn(PERSONAS.editor());
    renderWithProviders(<Header />);
    expect(await accountMenuItems()).toEqual([
      'My library',
      'Add new page',
      'Dashboard',
      'Admin',
      'Saved searches',
      'Your data',
      'Logout',
      'Welcome aboard',
      'Dismiss',
    ]);
  });

  it('adds Archived content for an admin with the archived-content permission', async () => {
    mockPortal();
    signIn(PERSONAS.admin());
    renderWithProviders(<Header />);
    expect(await accountMenuItems()).toEqual([
      'My library',
      'Add new page',
      'Dashboard',
      'Admin',
      'Archived content',
      'Saved searches',
      'Your data',
      'Logout',
      'Welcome aboard',
      'Dismiss',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Archived content' })).toHaveAttribute('href', '/archived-content');
  });

  it('offers the account entries in the hamburger menu instead of Sign up and Log in', async () => {
    const user = userEvent.setup();
    mockPortal();
    signIn(PERSONAS.editor());
    renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toContain('Dashboard');
    expect(items).toContain('Logout');
    expect(items).not.toContain('Log in');
  });
});
