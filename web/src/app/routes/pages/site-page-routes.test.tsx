// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGE_NOT_FOUND_MESSAGE, Page } from '#shared/contracts/page';
import { FeatureFlags, type RuntimeConfig } from '#shared/contracts/runtime-config';
import { Footer } from '../../../components/layouts/footer.tsx';
import { createQueryClient } from '../../../lib/react-query.ts';
import { runtimeConfig } from '../../../testing/fixtures.ts';
import { calledUrls, mockApi } from '../../../testing/mock-api.ts';
import { AppProvider } from '../../provider.tsx';
import { NotFoundRoute } from '../not-found.tsx';
import { SITE_PAGES, sitePageRoutes } from './routes.tsx';

const STAMP = '2026-11-01T09:00:00.000Z';

/** The stored page at `href`, titled `title`, with one section. */
function storedPage(href: string, title: string): Page {
  return Page.parse({
    id: `01jd7k2m3n4p5q6r7s8t9vpr${String(SITE_PAGES.findIndex((page) => page.path === href)).padStart(2, '0')}`,
    title,
    href,
    parentId: null,
    status: 'published',
    meta: { description: `${title} of the portal.`, images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections: [
      {
        id: '01jd7k2m3n4p5q6r7s8t9vps00',
        index: 0,
        key: '',
        name: `About ${title.toLowerCase()}`,
        description: '<p>Stored text of the page.</p>',
        widgets: [],
        layout: { name: 'oneColumn' },
      },
    ],
    createdTimestamp: STAMP,
    modifiedTimestamp: STAMP,
  });
}

const TITLES: Record<string, string> = {
  '/features': 'Features of the courseware portal',
  '/about': 'About the courseware portal',
  '/community': 'Community',
  '/community/cyber-workshops': 'Weekly workshops',
  '/community/k12-advisory-board': 'K-12 advisory board',
  '/rangepricing': 'Pricing',
  '/team': 'Our team',
  '/resources': 'Resources for educators',
  '/terms-of-use': 'Terms of use',
  '/privacy': 'Privacy policy',
};

/** The API: the four stored pages by href, 404 for anything else. */
function mockPages() {
  return mockApi((url) => {
    const href = url.searchParams.get('href') ?? '';
    if (url.pathname === '/api/v1/pages/by-href' && TITLES[href]) return { body: storedPage(href, TITLES[href]) };
    return { status: 404, body: { statusCode: 404, message: PAGE_NOT_FOUND_MESSAGE } };
  });
}

/** A router of the site page routes under a bare layout with the footer, and the catch-all not found (as `createRoutes` has). */
function open(path: string, config: RuntimeConfig = runtimeConfig()) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <main>
              <Outlet />
            </main>
            <Footer />
          </>
        ),
        children: [
          { index: true, element: <h1>Home</h1> },
          ...sitePageRoutes({ config, queryClient }),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router };
}

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const flagsOff = (...off: (keyof FeatureFlags)[]) =>
  FeatureFlags.parse(Object.fromEntries(off.map((flag) => [flag, false])));

describe('the editable site pages (issue 8; spec §2.2, §2.14)', () => {
  it.each(Object.entries(TITLES))('shows the stored page of %s', async (path, title) => {
    const spy = mockPages();
    open(path);
    expect(await h1(title)).toBeInTheDocument();
    expect(screen.getByText('Stored text of the page.')).toBeInTheDocument();
    expect(calledUrls(spy)).toEqual([`/api/v1/pages/by-href?href=${encodeURIComponent(path)}`]);
  });

  it.each([
    ['/team', 'team'],
    ['/resources', 'resources'],
    ['/about', 'about'],
    ['/community', 'community'],
    ['/community/cyber-workshops', 'weeklyWorkshops'],
    ['/community/cyber-workshops', 'community'],
    ['/community/k12-advisory-board', 'k12Advisory'],
    ['/community/k12-advisory-board', 'community'],
    ['/rangepricing', 'pricing'],
  ] as const)('shows not found at %s with the %s flag off, asking for nothing', async (path, flag) => {
    const spy = mockPages();
    open(path, runtimeConfig({ flags: flagsOff(flag) }));
    expect(await h1('Page not found')).toBeInTheDocument();
    expect(calledUrls(spy)).toEqual([]);
  });

  it('shows not found when the page is not stored', async () => {
    mockApi(() => ({ status: 404, body: { statusCode: 404, message: PAGE_NOT_FOUND_MESSAGE } }));
    open('/privacy');
    expect(await h1('Page not found')).toBeInTheDocument();
  });

  it('reaches every page from the footer: about, team, jobs, contact, terms of use and privacy (spec §2.3)', async () => {
    mockPages();
    const { router } = open('/');
    await h1('Home');
    const contact = within(screen.getByRole('navigation', { name: 'Contact' }));
    expect(contact.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About', '/about'],
      ['Team', '/team'],
      ['Jobs', '/jobs'],
      ['Contact us', '/contact-us'],
      ['Terms of use', '/terms-of-use'],
      ['Privacy policy', '/privacy'],
    ]);
    const resources = within(screen.getByRole('navigation', { name: 'Resources' }));
    expect(resources.getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/resources');
    for (const [name, path] of [
      ['Team', '/team'],
      ['Terms of use', '/terms-of-use'],
      ['Privacy policy', '/privacy'],
    ] as const) {
      await userEvent.click(within(screen.getByRole('navigation', { name: 'Contact' })).getByRole('link', { name }));
      expect(await h1(TITLES[path] ?? '')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    }
  });
});
