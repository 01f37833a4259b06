// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContentSummary } from '#shared/contracts/content';
import type { SearchContentRequest } from '#shared/contracts/search';
import { EMPTY_SEARCH, searchRequestOf } from '#shared/courseware-search';
import { storageKey } from '../../../lib/storage.ts';
import { contentSummary, runtimeConfig, searchContentPage } from '../../../testing/fixtures.ts';
import { calledUrls, calledWith, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { paginationControls, renderApp } from '../../../testing/render.tsx';

const KNOWLEDGE = [
  { id: 'K0070', type: 'KSA', kind: 'knowledge', name: 'Knowledge of system and application security threats.' },
  { id: 'T1262', type: 'TKS', kind: 'task', name: 'Identify programming code flaws' },
  { id: 'CO-M.9', type: 'KU', name: 'Vulnerabilities', program: 'CAE-CO', group: 'Mandatory' },
];

function items(count: number, prefix: string): ContentSummary[] {
  return Array.from({ length: count }, (_, index) => contentSummary({ name: `${prefix} ${index + 1}` }));
}

/**
 * All courseware as the search answers it without text or filters (decision record 062):
 * 13 items, "First page lab 1…10" and "Second page lab 1…3" by page number, or with
 * `sort: 'name'` "Alpha lab 1…10" then "Beta lab 1…3". Other requests find nothing.
 */
function mockPagedCatalog() {
  const byName = [items(10, 'Alpha lab'), items(3, 'Beta lab')];
  const byUpdate = [items(10, 'First page lab'), items(3, 'Second page lab')];
  return mockApi((url, init) => {
    if (url.pathname === '/api/v1/knowledge') return { body: { items: KNOWLEDGE, nextPageToken: null } };
    if (url.pathname === '/api/v1/search/content') {
      const request = requestOf(init).body as SearchContentRequest;
      const at = request.page ?? 1;
      const pages = request.sort === 'name' ? byName : byUpdate;
      return { body: searchContentPage(pages[at - 1] ?? [], { total: 13, nextPageToken: at < 2 ? 'next' : null }) };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

/** The bodies of the searches the mocked API was asked. */
function searches(api: ReturnType<typeof mockApi>): SearchContentRequest[] {
  return calledWith(api, 'POST')
    .filter((call) => call.path === '/api/v1/search/content')
    .map((call) => call.body as SearchContentRequest);
}

describe('/courseware', () => {
  it('lists 10 condensed items at once, without asking for any knowledge (issue 22 item 1)', async () => {
    const api = mockPagedCatalog();
    renderApp({ path: '/courseware' });
    // The first test of the file also waits for the cold, on-demand import of the route.
    expect(await screen.findByRole('link', { name: 'First page lab 1' })).toBeInTheDocument();
    const urls = calledUrls(api);
    // The landing list is a search without text or filters (decision record 062), the body the first HTML embeds.
    expect(urls).toEqual(['/api/v1/search/content']);
    expect(searches(api)).toEqual([searchRequestOf(EMPTY_SEARCH)]);
    expect(urls.some((url) => url.startsWith('/api/v1/knowledge'))).toBe(false);
    await waitFor(() => expect(document.title).toBe('Courseware | US Cyber Range'));
  });

  it('shows the landing links without a search', async () => {
    mockPagedCatalog();
    renderApp({ path: '/courseware' });
    const nav = await screen.findByRole('navigation', { name: 'Courseware' });
    expect(within(nav).getByRole('link', { name: 'Browse repository' })).toHaveAttribute('href', '#content-list');
    expect(within(nav).getByRole('link', { name: 'Recent content' })).toHaveAttribute('href', '/courseware?new=true');
    expect(within(nav).getByRole('link', { name: 'Call for courseware' })).toHaveAttribute(
      'href',
      '/call-for-courseware',
    );
    expect(within(nav).queryByRole('link', { name: 'Courseware index' })).not.toBeInTheDocument();
  });

  it('links to the external call and the courseware index when configured', async () => {
    mockPagedCatalog();
    renderApp({
      path: '/courseware',
      config: runtimeConfig({
        callForCoursewareUrl: 'https://forms.example.org/call',
        coursewareIndexUrl: 'https://www.example.org/index',
      }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Courseware' });
    expect(within(nav).getByRole('link', { name: 'Call for courseware' })).toHaveAttribute(
      'href',
      'https://forms.example.org/call',
    );
    expect(within(nav).getByRole('link', { name: 'Courseware index' })).toHaveAttribute(
      'href',
      'https://www.example.org/index',
    );
  });

  it('disables Previous on page 1 and Next on the last page, and shows the range', async () => {
    const user = userEvent.setup();
    const api = mockPagedCatalog();
    const { router } = renderApp({ path: '/courseware' });
    await screen.findByRole('link', { name: 'First page lab 10' });
    expect(screen.getByText('1–10 of 13')).toBeInTheDocument();
    const { pagination, previous, next } = paginationControls();
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(await screen.findByRole('link', { name: 'Second page lab 3' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'First page lab 1' })).not.toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.search).toBe('?page=2');
    expect(previous).toBeEnabled();
    expect(next).toBeDisabled();
    expect(screen.getByText('11–13 of 13')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'All courseware' })).toHaveFocus());

    const requests = calledUrls(api).length;
    await user.click(previous);
    expect(await screen.findByRole('link', { name: 'First page lab 1' })).toBeInTheDocument();
    expect(calledUrls(api)).toHaveLength(requests);
  });

  it('sorts the landing list by name and goes to page 2 by its number, both in the address (issue 24 items 3 and 4)', async () => {
    const user = userEvent.setup();
    const api = mockPagedCatalog();
    const { router } = renderApp({ path: '/courseware' });
    await screen.findByRole('link', { name: 'First page lab 1' });
    // The selects load after the cards (decision record 062).
    const sortBy = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sortBy).toHaveValue('updated');
    // Without text there is nothing to rank by: no "Best match" (decision record 052).
    expect(within(sortBy).queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument();

    await user.selectOptions(sortBy, 'Name (A–Z)');
    expect(await screen.findByRole('link', { name: 'Alpha lab 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=name');
    expect(searches(api).at(-1)).toEqual({ ...searchRequestOf(EMPTY_SEARCH), sort: 'name' });

    await user.click(within(paginationControls().pagination).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Beta lab 3' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=name&page=2');
    expect(searches(api).at(-1)).toEqual({ ...searchRequestOf(EMPTY_SEARCH), sort: 'name', page: 2 });
    expect(screen.getByRole('navigation', { name: 'Courseware' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Results per page' }), '25');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&per=25'));
    await waitFor(() =>
      expect(searches(api).at(-1)).toEqual({ ...searchRequestOf(EMPTY_SEARCH), sort: 'name', limit: 25 }),
    );
  });

  it('opens a shared address of the landing list at its order and page, with one request', async () => {
    const api = mockPagedCatalog();
    renderApp({ path: '/courseware?sort=name&page=2' });
    expect(await screen.findByRole('link', { name: 'Beta lab 1' })).toBeInTheDocument();
    expect(searches(api)).toEqual([{ ...searchRequestOf(EMPTY_SEARCH), sort: 'name', page: 2 }]);
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    expect(within(paginationControls().pagination).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('turns new=true (the Recent content link) into a search for new or updated content', async () => {
    const api = mockApi((url) => {
      if (url.pathname === '/api/v1/knowledge') return { body: { items: KNOWLEDGE, nextPageToken: null } };
      if (url.pathname === '/api/v1/search/content') {
        return { body: searchContentPage(items(1, 'Recent lab')) };
      }
      return { body: { items: [], nextPageToken: null } };
    });
    renderApp({ path: '/courseware?new=true' });
    expect(await screen.findByRole('link', { name: 'Recent lab 1' })).toBeInTheDocument();
    const search = api.mock.calls.find(([input]) => String(input).endsWith('/api/v1/search/content'));
    expect(JSON.parse(String(search?.[1]?.body))).toMatchObject({ text: '', filter: { newOrUpdatedContent: true } });
    expect(calledUrls(api).some((url) => url.startsWith('/api/v1/content'))).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Courseware' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '1 result' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Recent courseware | US Cyber Range'));
  });

  it('says that content does not exist when the list is empty', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
      return { body: searchContentPage() };
    });
    renderApp({ path: '/courseware' });
    expect(await screen.findByText('Content does not exist.')).toBeInTheDocument();
  });

  it('offers Retry when the list fails, and shows the error in the ERROR dialog', async () => {
    const user = userEvent.setup();
    let failing = true;
    mockApi((url) => {
      if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
      if (failing) return { status: 500, body: { statusCode: 500, message: 'Internal server error.' } };
      return { body: searchContentPage(items(1, 'Recovered lab')) };
    });
    renderApp({ path: '/courseware' });
    expect(await screen.findByText('The courseware list could not be loaded.')).toBeInTheDocument();
    const dialog = await screen.findByRole('alertdialog', { name: 'ERROR' });
    expect(dialog).toHaveTextContent('Internal server error.');
    expect(dialog).toHaveTextContent('Status code: 500');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Recovered lab 1' })).toBeInTheDocument();
  });

  it('starts a stored knowledge list of an earlier visit without asking the API', async () => {
    window.localStorage.setItem(
      storageKey('knowledges', '1.00'),
      JSON.stringify({ savedAt: Date.now(), value: { KSA: { savedAt: Date.now(), items: KNOWLEDGE.slice(0, 1) } } }),
    );
    const api = mockPagedCatalog();
    renderApp({ path: '/courseware' });
    await screen.findByRole('link', { name: 'First page lab 1' });
    expect(calledUrls(api).some((url) => url.startsWith('/api/v1/knowledge'))).toBe(false);
  });
});
