// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContentSummary } from '#shared/contracts/content';
import { NO_SEARCH_FACETS } from '#shared/contracts/search';
import { storageKey } from '../../../lib/storage.ts';
import { contentSummary, runtimeConfig } from '../../../testing/fixtures.ts';
import { calledUrls, mockApi } from '../../../testing/mock-api.ts';
import { paginationControls, renderApp } from '../../../testing/render.tsx';

const KNOWLEDGE = [
  { id: 'K0070', type: 'KSA', kind: 'knowledge', name: 'Knowledge of system and application security threats.' },
  { id: 'T1262', type: 'TKS', kind: 'task', name: 'Identify programming code flaws' },
  { id: 'CO-M.9', type: 'KU', name: 'Vulnerabilities', program: 'CAE-CO', group: 'Mandatory' },
];

function items(count: number, prefix: string): ContentSummary[] {
  return Array.from({ length: count }, (_, index) => contentSummary({ name: `${prefix} ${index + 1}` }));
}

/** Three pages behind tokens p2 and p3; the third is empty. */
function mockPagedCatalog() {
  const pages: Record<string, { items: ContentSummary[]; nextPageToken: string | null }> = {
    first: { items: items(10, 'First page lab'), nextPageToken: 'p2' },
    p2: { items: items(3, 'Second page lab'), nextPageToken: 'p3' },
    p3: { items: [], nextPageToken: null },
  };
  return mockApi((url) => {
    if (url.pathname === '/api/v1/knowledge') return { body: { items: KNOWLEDGE, nextPageToken: null } };
    if (url.pathname === '/api/v1/content') return { body: pages[url.searchParams.get('pageToken') ?? 'first'] };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

describe('/courseware', () => {
  it('lists 10 condensed items at once, without asking for any knowledge (issue 22 item 1)', async () => {
    const api = mockPagedCatalog();
    renderApp({ path: '/courseware' });
    // The first test of the file also waits for the cold, on-demand import of the route.
    expect(await screen.findByRole('link', { name: 'First page lab 1' })).toBeInTheDocument();
    const urls = calledUrls(api);
    expect(urls[0]).toBe('/api/v1/content?condense=true&limit=10');
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

  it('disables Previous on page 1 and Next when the next page is empty', async () => {
    const user = userEvent.setup();
    const api = mockPagedCatalog();
    renderApp({ path: '/courseware' });
    await screen.findByRole('link', { name: 'First page lab 10' });
    const { pagination, previous, next } = paginationControls();
    expect(previous).toBeDisabled();
    await waitFor(() => expect(next).toBeEnabled());

    await user.click(next);
    expect(await screen.findByRole('link', { name: 'Second page lab 3' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'First page lab 1' })).not.toBeInTheDocument();
    expect(within(pagination).getByText('Page 2')).toBeInTheDocument();
    expect(previous).toBeEnabled();
    await waitFor(() => expect(calledUrls(api)).toContain('/api/v1/content?condense=true&limit=10&pageToken=p3'));
    expect(next).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: 'All courseware' })).toHaveFocus();

    const requests = calledUrls(api).length;
    await user.click(previous);
    expect(await screen.findByRole('link', { name: 'First page lab 1' })).toBeInTheDocument();
    expect(calledUrls(api)).toHaveLength(requests);
  });

  it('turns new=true (the Recent content link) into a search for new or updated content', async () => {
    const api = mockApi((url) => {
      if (url.pathname === '/api/v1/knowledge') return { body: { items: KNOWLEDGE, nextPageToken: null } };
      if (url.pathname === '/api/v1/search/content') {
        return { body: { items: items(1, 'Recent lab'), nextPageToken: null, total: 1, facets: NO_SEARCH_FACETS } };
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
      return { body: { items: [], nextPageToken: null } };
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
      return { body: { items: items(1, 'Recovered lab'), nextPageToken: null } };
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
