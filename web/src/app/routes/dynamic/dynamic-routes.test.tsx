// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { PAGE_NOT_FOUND_MESSAGE, Page } from '#shared/contracts/page';
import { FeatureFlags, type RuntimeConfig } from '#shared/contracts/runtime-config';
import { getContentQueryOptions } from '../../../features/courseware/api/get-content.ts';
import { getShownErrors } from '../../../lib/error-store.ts';
import { createQueryClient } from '../../../lib/react-query.ts';
import { mergeHandles } from '../../../lib/route-handle.ts';
import { bufferOverflowDetail, IDS, runtimeConfig } from '../../../testing/fixtures.ts';
import { calledUrls, type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { AppProvider } from '../../provider.tsx';
import { contentLookupQueryOptions } from './content-lookup.ts';
import { dynamicLookup } from './lookup.ts';
import { dynamicPageRoute } from './routes.tsx';

const STAMP = '2026-11-01T09:00:00.000Z';
const ALIAS = 'seed-labs/software-security/buffer-overflow-setuid';
const PARENT_ALIAS = 'seed-labs/software-security';

/** A stored, published page at `href` titled `title`, with one section. */
function storedPage(href: string, title: string): Page {
  return Page.parse({
    id: '01jd7k2m3n4p5q6r7s8t9vpg00',
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
        name: 'Summer camp',
        description: '<p>Text of the dynamic page.</p>',
        widgets: [],
        layout: { name: 'oneColumn' },
      },
    ],
    createdTimestamp: STAMP,
    modifiedTimestamp: STAMP,
  });
}

const notFound = (message: string): MockResponse => ({ status: 404, body: { statusCode: 404, message } });

/**
 * The API: content by id or alias from `content` (key: the decoded idOrAlias), pages by
 * href from `pages`; 404 for anything else. `held` holds every answer back until it settles.
 */
function mockPortal({
  content = {},
  pages = {},
  held,
}: {
  content?: Record<string, ReturnType<typeof bufferOverflowDetail>>;
  pages?: Record<string, Page>;
  held?: Promise<void>;
}) {
  return mockApi(async (url) => {
    if (held) await held;
    if (url.pathname.startsWith('/api/v1/content/')) {
      const key = decodeURIComponent(url.pathname.slice('/api/v1/content/'.length));
      const detail = content[key];
      return detail ? { body: detail } : notFound(CONTENT_NOT_FOUND_MESSAGE);
    }
    if (url.pathname === '/api/v1/pages/by-href') {
      const page = pages[url.searchParams.get('href') ?? ''];
      return page ? { body: page } : notFound(PAGE_NOT_FOUND_MESSAGE);
    }
    return notFound('Not found.');
  });
}

/** A router with a home page, a courseware detail stand-in and the catch-all, as `createRoutes` orders them. */
function open(
  path: string,
  config: RuntimeConfig = runtimeConfig(),
  seed: (queryClient: ReturnType<typeof createQueryClient>) => void = () => {},
) {
  const queryClient = createQueryClient({ retry: false });
  seed(queryClient);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <main>
            <Outlet />
          </main>
        ),
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'courseware/*', element: <h1>Courseware detail</h1> },
          dynamicPageRoute({ config, queryClient }),
        ],
      },
    ],
    { initialEntries: ['/elsewhere', path], initialIndex: 1 },
  );
  render(
    <AppProvider config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, queryClient };
}

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('dynamicLookup (spec §2.2)', () => {
  it('splits, lower-cases and normalises the path', () => {
    expect(dynamicLookup('/Programs/Summer-Camp/')).toEqual({
      skip: false,
      contentId: null,
      contentPath: 'programs/summer-camp',
      pageHref: '/programs/summer-camp',
    });
    expect(dynamicLookup(`/${IDS.bufferOverflow.toUpperCase()}`)).toEqual({
      skip: false,
      contentId: IDS.bufferOverflow,
      contentPath: null,
      pageHref: `/${IDS.bufferOverflow}`,
    });
  });

  it('skips paths with a news or events segment, and only those', () => {
    expect(dynamicLookup('/news').skip).toBe(true);
    expect(dynamicLookup('/about/News/spring').skip).toBe(true);
    expect(dynamicLookup('/Events/').skip).toBe(true);
    expect(dynamicLookup('/newsroom').skip).toBe(false);
    expect(dynamicLookup('/special-events').skip).toBe(false);
  });

  it('looks up nothing a page or an alias could not be', () => {
    expect(dynamicLookup('/foo_bar/baz.html')).toMatchObject({ contentId: null, contentPath: null, pageHref: null });
    expect(dynamicLookup('/caf%C3%A9')).toMatchObject({ contentPath: null, pageHref: null });
  });
});

describe('the catch-all dynamic pages (spec §2.2)', () => {
  it('shows a CMS page at an upper-case path with a trailing slash, by its lower-case path', async () => {
    const spy = mockPortal({ pages: { '/programs/summer-camp': storedPage('/programs/summer-camp', 'Summer camp') } });
    const { router } = open('/Programs/Summer-Camp/');
    expect(await h1('Summer camp')).toBeInTheDocument();
    expect(screen.getByText('Text of the dynamic page.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Summer camp \| /));
    expect(router.state.location.pathname).toBe('/Programs/Summer-Camp/');
    expect(mergeHandles(router.state.matches.map((match) => ({ handle: match.route.handle }))).breadcrumbs).toBe(false);
    expect(calledUrls(spy).sort()).toEqual([
      `/api/v1/content/${encodeURIComponent('programs/summer-camp')}`,
      `/api/v1/pages/by-href?href=${encodeURIComponent('/programs/summer-camp')}`,
    ]);
    expect(getShownErrors()).toEqual([]);
  });

  it('shows not found, asking nothing, for a stored page under an address whose flag is off (issue 21 item 21)', async () => {
    const href = '/community/summer-camp';
    const spy = mockPortal({ pages: { [href]: storedPage(href, 'Summer camp') } });
    open('/Community/Summer-Camp', runtimeConfig({ flags: FeatureFlags.parse({ community: false }) }));
    expect(await h1('Page not found')).toBeInTheDocument();
    expect(calledUrls(spy)).toEqual([]);
  });

  it('shows a stored page under a flagged address while its flag is on', async () => {
    const href = '/community/summer-camp';
    mockPortal({ pages: { [href]: storedPage(href, 'Summer camp') } });
    open(href);
    expect(await h1('Summer camp')).toBeInTheDocument();
  });

  it('shows a one-segment hyphenated page, asking for no content (its segment is not an id)', async () => {
    const spy = mockPortal({ pages: { '/summer-camp': storedPage('/summer-camp', 'Summer camp') } });
    open('/SUMMER-CAMP');
    expect(await h1('Summer camp')).toBeInTheDocument();
    expect(calledUrls(spy)).toEqual([`/api/v1/pages/by-href?href=${encodeURIComponent('/summer-camp')}`]);
  });

  it('redirects (replace) to the courseware address of content found by the path id', async () => {
    const spy = mockPortal({ content: { [IDS.bufferOverflow]: bufferOverflowDetail() } });
    const { router } = open(`/${IDS.bufferOverflow.toUpperCase()}/`);
    expect(await h1('Courseware detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/courseware/${ALIAS}`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calledUrls(spy)).toContain(`/api/v1/content/${IDS.bufferOverflow}`);
    expect(getShownErrors()).toEqual([]);
  });

  it('hands the found item to the detail query of its address, so the detail page fetches nothing again (issue 22 item 5)', async () => {
    const detail = bufferOverflowDetail();
    const spy = mockPortal({ content: { [IDS.bufferOverflow]: detail } });
    const { queryClient } = open(`/${IDS.bufferOverflow}`);
    expect(await h1('Courseware detail')).toBeInTheDocument();
    const state = queryClient.getQueryState(getContentQueryOptions(ALIAS).queryKey);
    // The page's own reading of the answer: the change log (issue 25 item 4) is empty when absent.
    expect(state?.data).toEqual({ ...detail, changeLog: [] });
    expect(state?.isInvalidated).toBe(false);
    // Fresh for the detail loader's prefetch: it would not fetch.
    await queryClient.prefetchQuery(getContentQueryOptions(`/${ALIAS.toUpperCase()}/`));
    expect(calledUrls(spy).filter((url) => url.startsWith('/api/v1/content/'))).toEqual([
      `/api/v1/content/${IDS.bufferOverflow}`,
    ]);
  });

  it('asks the API for nothing, not even the page, when the first HTML answered the lookup (issue 22 item 5)', async () => {
    const parent = bufferOverflowDetail({
      id: IDS.softwareSecurity,
      urlAlias: PARENT_ALIAS,
      name: 'Software security',
    });
    const spy = mockPortal({ content: { [PARENT_ALIAS]: parent } });
    const { router } = open(`/${PARENT_ALIAS}`, runtimeConfig(), (queryClient) =>
      queryClient.setQueryData(contentLookupQueryOptions(PARENT_ALIAS).queryKey, parent),
    );
    const settled: string[] = [];
    router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') settled.push(state.location.pathname);
    });
    expect(await h1('Courseware detail')).toBeInTheDocument();
    // The router never settled at the short address: the SPA's first frame is the content page.
    expect(settled).not.toContain(`/${PARENT_ALIAS}`);
    expect(router.state.location.pathname).toBe(`/courseware/${PARENT_ALIAS}`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calledUrls(spy)).toEqual([]);
  });

  it('prefers content found by id over a page at the same path', async () => {
    mockPortal({
      content: { [IDS.bufferOverflow]: bufferOverflowDetail() },
      pages: { [`/${IDS.bufferOverflow}`]: storedPage(`/${IDS.bufferOverflow}`, 'Shadowed page') },
    });
    const { router } = open(`/${IDS.bufferOverflow}`);
    expect(await h1('Courseware detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/courseware/${ALIAS}`);
  });

  it('redirects to content found by the full path (its URL alias) when there is a second segment', async () => {
    const parent = bufferOverflowDetail({
      id: IDS.softwareSecurity,
      urlAlias: PARENT_ALIAS,
      name: 'Software security',
    });
    const spy = mockPortal({ content: { [PARENT_ALIAS]: parent } });
    const { router } = open('/SEED-Labs/Software-Security');
    expect(await h1('Courseware detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/courseware/${PARENT_ALIAS}`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calledUrls(spy)).toContain(`/api/v1/content/${encodeURIComponent(PARENT_ALIAS)}`);
  });

  it('redirects a content id path with more segments to the item of the id', async () => {
    mockPortal({ content: { [IDS.bufferOverflow]: bufferOverflowDetail() } });
    const { router } = open(`/${IDS.bufferOverflow}/files`);
    expect(await h1('Courseware detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/courseware/${ALIAS}`);
  });

  it('goes home (replace) when nothing is found, without the ERROR dialog', async () => {
    const spy = mockPortal({});
    const { router } = open('/no-such/page');
    expect(await h1('Home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calledUrls(spy)).toHaveLength(2);
    expect(getShownErrors()).toEqual([]);
  });

  it('goes home without asking when the path can be neither a page nor an alias', async () => {
    const spy = mockPortal({});
    const { router } = open('/old_site/index.html');
    expect(await h1('Home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calledUrls(spy)).toEqual([]);
  });

  it.each(['/news/spring-fair', '/about/events', '/NEWS'])(
    'shows not found at %s and skips the lookup',
    async (path) => {
      const spy = mockPortal({ pages: { [path.toLowerCase()]: storedPage(path.toLowerCase(), 'Never shown') } });
      const { router } = open(path);
      expect(await h1('Page not found')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(calledUrls(spy)).toEqual([]);
    },
  );

  it('announces a status while it looks', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockPortal({ pages: { '/a/b': storedPage('/a/b', 'Slow page') }, held });
    open('/a/b');
    expect(await screen.findByRole('status')).toHaveTextContent('Looking for the page…');
    answer();
    expect(await h1('Slow page')).toBeInTheDocument();
  });
});
