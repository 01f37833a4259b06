// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ContentSummary } from '#shared/contracts/content';
import type { SearchContentPage, SearchContentRequest, SearchFacets } from '#shared/contracts/search';
import { contentSummary, IDS, runtimeConfig, wenliangDu } from '../../../testing/fixtures.ts';
import { paginationControls, renderApp } from '../../../testing/render.tsx';

const KNOWLEDGE = [
  { id: 'K0070', type: 'KSA', kind: 'knowledge', name: 'Knowledge of system and application security threats.' },
  { id: 'T1262', type: 'TKS', kind: 'task', name: 'Identify programming code flaws' },
  { id: 'CO-M.9', type: 'KU', name: 'Vulnerabilities', program: 'CAE-CO', group: 'Mandatory' },
  { id: 'CO-M.4', type: 'KU', name: 'Cybersecurity Principles', program: 'CAE-CO', group: 'Mandatory' },
];
const DU = IDS.wenliangDu;
const WORK_ROLES = [
  {
    id: 'DD-WRL-001',
    generation: '2.1.0',
    name: 'Cybersecurity Architecture',
    description: 'Architecture.',
    category: { id: 'DD', name: 'Design and Development' },
    opmCodes: ['652'],
    statements: ['K0018'],
  },
  {
    id: 'PD-WRL-001',
    generation: '2.1.0',
    name: 'Defensive Cybersecurity',
    description: 'Defends.',
    category: { id: 'PD', name: 'Protection and Defense' },
    opmCodes: ['511'],
    statements: ['K0001'],
  },
];
const CONTRIBUTORS = [wenliangDu({ title: 'Professor' })];

function facets(overrides: Partial<SearchFacets> = {}): SearchFacets {
  return {
    contentCategories: [
      { value: 'exercise', count: 14 },
      { value: 'lesson', count: 12 },
    ],
    educationLevels: [{ value: 'universityundergraduate', count: 20 }],
    experienceLevels: [{ value: 'intermediate', count: 9 }],
    tags: [
      { value: 'lab', count: 14 },
      { value: 'software security', count: 8 },
    ],
    contributorIds: [{ value: DU, count: 20 }],
    ksaIds: [{ value: 'K0070', count: 6 }],
    kuIds: [{ value: 'CO-M.9', count: 5 }],
    tksIds: [],
    newOrUpdatedContent: 4,
    ...overrides,
  };
}

function page(items: ContentSummary[], overrides: Partial<SearchContentPage> = {}): SearchContentPage {
  return { items, nextPageToken: null, total: items.length, facets: facets(), ...overrides };
}

function items(count: number, prefix: string): ContentSummary[] {
  return Array.from({ length: count }, (_, index) => contentSummary({ name: `${prefix} ${index + 1}` }));
}

type SearchHandler = (request: SearchContentRequest) => SearchContentPage | { status: number; body: unknown };

/**
 * Stubs `fetch` for the courseware screens: knowledge, contributors and the search
 * (the landing list too, decision record 062), whose answer comes from `search(body)`. Returns the
 * search bodies sent, in order.
 */
function mockPortal(search: SearchHandler) {
  const searches: SearchContentRequest[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/v1/knowledge') return json({ items: KNOWLEDGE, nextPageToken: null });
    if (url.pathname === '/api/v1/contributors') return json({ contributors: CONTRIBUTORS, nextPageToken: null });
    if (url.pathname === '/api/v1/work-roles') return json({ items: WORK_ROLES, competencyAreas: [] });
    if (url.pathname === '/api/v1/search/content' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as SearchContentRequest;
      searches.push(body);
      const answer = search(body);
      return 'status' in answer && 'body' in answer ? json(answer.body, answer.status) : json(answer);
    }
    return json({ statusCode: 404, message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', spy);
  return { searches };
}

function currentSearch(router: ReturnType<typeof renderApp>['router']) {
  return router.state.location.search;
}

async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  const toggle = screen.getByRole('button', { name: /^Filters/ });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  return screen.findByRole('region', { name: 'Filters' });
}

describe('/courseware search', () => {
  it('searches for submitted text: q in the address, the text in the request, the count as heading', async () => {
    const user = userEvent.setup();
    const api = mockPortal((request) =>
      request.text ? page(items(3, 'Overflow lab'), { total: 23 }) : page(items(2, 'Listed lab')),
    );
    const { router } = renderApp({ path: '/courseware' });
    const box = await screen.findByRole('searchbox', { name: 'Search courseware' });
    await screen.findByRole('link', { name: 'Listed lab 1' });

    await user.type(box, '  buffer overflow ');
    // Only the landing list's search so far: typing alone searches for nothing.
    expect(api.searches.map((request) => request.text)).toEqual(['']);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { level: 2, name: '23 results' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overflow lab 1' })).toBeInTheDocument();
    expect(currentSearch(router)).toBe('?q=buffer+overflow');
    expect(router.state.historyAction).toBe('PUSH');
    expect(api.searches.at(-1)).toMatchObject({ text: 'buffer overflow', limit: 10 });
    expect(screen.queryByRole('navigation', { name: 'Courseware' })).not.toBeInTheDocument();
    expect(box).toHaveFocus();
    await waitFor(() => expect(document.title).toBe('Search: buffer overflow | US Cyber Range'));
  });

  it('asks for two characters at least, under the field, and does not search', async () => {
    const user = userEvent.setup();
    const api = mockPortal(() => page([]));
    const { router } = renderApp({ path: '/courseware' });
    const box = await screen.findByRole('searchbox', { name: 'Search courseware' });
    await screen.findByText('Content does not exist.');

    await user.type(box, ' a {Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please enter at least two characters.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please enter at least two characters.');
    expect(currentSearch(router)).toBe('');
    expect(api.searches.map((request) => request.text)).toEqual(['']);

    await user.type(box, 'b');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('takes at most 256 characters, and leaves longer text from an address out of the request', async () => {
    const api = mockPortal(() => page([]));
    renderApp({ path: `/courseware?q=${'x'.repeat(300)}&cat=lesson` });
    const box = await screen.findByRole('searchbox', { name: 'Search courseware' });
    expect(box).toHaveAttribute('maxLength', '256');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter at most 256 characters.');
    await waitFor(() => expect(api.searches).toHaveLength(1));
    expect(api.searches[0]).toMatchObject({ text: '', filter: { contentCategories: ['lesson'] } });
  });

  it('reproduces a shared address: every parameter, repeated ones as lists, in the request and the controls', async () => {
    const user = userEvent.setup();
    const api = mockPortal(() => page(items(2, 'Shared lab')));
    renderApp({
      path:
        '/courseware?q=overflow&edu=universityundergraduate&exp=intermediate&exp=advanced&cat=exercise&cat=lesson' +
        `&ksas=K0070&kus=CO-M.9&kus=CO-M.4&tkss=T1262&cid=${DU}&new=true&tag=lab&tag=software+security`,
    });
    await screen.findByRole('link', { name: 'Shared lab 1' });
    expect(api.searches[0]).toEqual({
      text: 'overflow',
      filter: {
        educationLevels: ['universityundergraduate'],
        experienceLevels: ['intermediate', 'advanced'],
        contentCategories: ['exercise', 'lesson'],
        ksaIds: ['K0070'],
        kuIds: ['CO-M.9', 'CO-M.4'],
        tksIds: ['T1262'],
        contributorIds: [DU],
        newOrUpdatedContent: true,
        tags: ['lab', 'software security'],
      },
      limit: 10,
    });

    expect(screen.getByRole('searchbox', { name: 'Search courseware' })).toHaveValue('overflow');
    const panel = await openFilters(user);
    expect(await within(panel).findByRole('checkbox', { name: /^Lesson/ })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /^Exercise/ })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /^Course/ })).not.toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /^Intermediate,/ })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /^New or updated/ })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /^software security/ })).toBeChecked();
    expect(within(panel).getByRole('button', { name: 'Remove CO-M.4' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Remove T1262' })).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: 'Remove Dr. Wenliang Du' })).toBeInTheDocument();
  });

  it('links "Follow this search" to the Atom feed of the search in the address (issue 24 item 7)', async () => {
    mockPortal(() => page(items(2, 'Followed lab')));
    const { router } = renderApp({ path: '/courseware?q=overflow&cat=exercise&cat=lesson&tag=lab&page=2&sort=name' });
    await screen.findByRole('link', { name: 'Followed lab 1' });
    const follow = screen.getByRole('link', { name: 'Follow this search (Atom feed)' });
    // The search alone: not its page or its order (a feed is always most recently updated first).
    expect(follow).toHaveAttribute('href', '/api/v1/search/feed?q=overflow&cat=exercise&cat=lesson&tag=lab');
    expect(follow).toHaveAttribute('type', 'application/atom+xml');
    await act(() => router.navigate('/courseware?new=true'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Follow this search (Atom feed)' })).toHaveAttribute(
        'href',
        '/api/v1/search/feed?new=true',
      ),
    );
  });

  it('shows facet counts and turns a checked filter into a new search and a new history entry', async () => {
    const user = userEvent.setup();
    const api = mockPortal((request) =>
      request.filter.contentCategories.includes('lesson')
        ? page(items(12, 'Lesson result'), { total: 12 })
        : page(items(3, 'Overflow lab'), { total: 26 }),
    );
    const { router } = renderApp({ path: '/courseware?q=overflow' });
    await screen.findByRole('heading', { level: 2, name: '26 results' });
    const panel = await openFilters(user);

    const lesson = await within(panel).findByRole('checkbox', { name: 'Lesson, 12 results' });
    expect(within(panel).getByRole('checkbox', { name: 'Course, 0 results' })).not.toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'New or updated (last 90 days), 4 results' })).toBeEnabled();
    await user.click(lesson);

    await screen.findByRole('heading', { level: 2, name: '12 results' });
    expect(currentSearch(router)).toBe('?q=overflow&cat=lesson');
    expect(api.searches.at(-1)).toMatchObject({ text: 'overflow', filter: { contentCategories: ['lesson'] } });
    expect(lesson).toBeChecked();
    expect(lesson).toHaveFocus();

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 2, name: '26 results' });
    expect(currentSearch(router)).toBe('?q=overflow');
    expect(
      within(screen.getByRole('region', { name: 'Filters' })).getByRole('checkbox', { name: /^Lesson/ }),
    ).not.toBeChecked();
  });

  it('shows the work-role filter as a removable tag, chooses a role, and says when the crosswalk widened a filter (issue 27 items 1 and 5)', async () => {
    const user = userEvent.setup();
    const api = mockPortal((request) =>
      page(items(2, 'Role result'), {
        total: 2,
        ...(request.filter.ksaIds.includes('K0018')
          ? { expansions: [{ facet: 'ksaIds' as const, id: 'K0018', twinId: 'K0018' }] }
          : {}),
      }),
    );
    const { router } = renderApp({ path: '/courseware?ksas=K0018&workRole=DD-WRL-001' });
    await screen.findByRole('heading', { level: 2, name: '2 results' });
    expect(api.searches.at(-1)).toMatchObject({ filter: { workRole: 'DD-WRL-001', ksaIds: ['K0018'] } });
    const panel = await openFilters(user);
    expect(await within(panel).findByText('Work role: Cybersecurity Architecture')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Also showing courseware mapped to the same statement in the other NICE generation: K0018 (NICE 2017) ↔ K0018 (v2.1.0).',
      ),
    ).toHaveAttribute('role', 'status');

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Work role' }), 'PD-WRL-001');
    await waitFor(() => expect(currentSearch(router)).toBe('?ksas=K0018&workRole=PD-WRL-001'));
    await within(panel).findByText('Work role: Defensive Cybersecurity');

    await user.click(within(panel).getByRole('button', { name: 'Remove work role filter' }));
    await waitFor(() => expect(currentSearch(router)).toBe('?ksas=K0018'));
    await waitFor(() => expect(api.searches.at(-1)?.filter.workRole).toBeUndefined());
    expect(within(panel).queryByText(/^Work role:/)).toBeNull();
  });

  it('chooses a knowledge unit with the keyboard and adds it to the address', async () => {
    const user = userEvent.setup();
    const api = mockPortal(() => page(items(2, 'KU lab')));
    const { router } = renderApp({ path: '/courseware?cat=lesson' });
    await screen.findByRole('link', { name: 'KU lab 1' });
    const panel = await openFilters(user);

    const picker = await within(panel).findByRole('combobox', { name: 'Knowledge units' });
    await user.click(picker);
    await user.keyboard('co-m.9');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveTextContent(/^CO-M\.9/),
    );
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(currentSearch(router)).toBe('?cat=lesson&kus=CO-M.9'));
    await waitFor(() => expect(api.searches.at(-1)?.filter.kuIds).toEqual(['CO-M.9']));
    expect(within(panel).getByRole('button', { name: 'Remove CO-M.9' })).toBeInTheDocument();
    expect(picker).toHaveFocus();
  });

  // Numbered pages, the sort and the results per page (issue 24 items 3 and 4; decision record 053).
  /** A search answer of 23 hits, by page number: 10 "First hit", 10 "Second hit", 3 "Third hit". */
  function numberedPages(request: SearchContentRequest) {
    const at = request.page ?? 1;
    const names = ['First hit', 'Second hit', 'Third hit'];
    if (at > 3) return page([], { total: 23 });
    return page(items(at === 3 ? 3 : 10, names[at - 1] as string), {
      total: 23,
      nextPageToken: at < 3 ? 'next' : null,
    });
  }

  it('shows numbered pages with the range and the total, the current page marked, the page in the address', async () => {
    const user = userEvent.setup();
    const api = mockPortal(numberedPages);
    const { router } = renderApp({ path: '/courseware?q=overflow' });
    await screen.findByRole('link', { name: 'First hit 10' });
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    const { pagination, previous, next } = paginationControls();
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    expect(within(pagination).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).getByRole('button', { name: 'Page 3' })).not.toHaveAttribute('aria-current');
    expect(api.searches.at(-1)).not.toHaveProperty('page');

    await user.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Second hit 1' })).toBeInTheDocument();
    expect(currentSearch(router)).toBe('?q=overflow&page=2');
    expect(api.searches.at(-1)).toMatchObject({ text: 'overflow', page: 2, limit: 10 });
    expect(api.searches.at(-1)?.filter).not.toHaveProperty('nextPageToken');
    expect(screen.getByText('11–20 of 23')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '23 results' })).toHaveFocus());

    await user.click(next);
    expect(await screen.findByRole('link', { name: 'Third hit 3' })).toBeInTheDocument();
    expect(screen.getByText('21–23 of 23')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(await screen.findByRole('link', { name: 'Second hit 1' })).toBeInTheDocument();
    expect(currentSearch(router)).toBe('?q=overflow&page=2');
  });

  it('opens a shared link at its page with one request, and turns a page past the last into the last', async () => {
    const api = mockPortal(numberedPages);
    const shared = renderApp({ path: '/courseware?q=overflow&page=3' });
    expect(await screen.findByRole('link', { name: 'Third hit 3' })).toBeInTheDocument();
    expect(api.searches).toEqual([expect.objectContaining({ page: 3 })]);
    expect(within(paginationControls().pagination).getByRole('button', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await act(() => shared.router.navigate('/courseware?q=overflow&page=2'));
    expect(await screen.findByRole('link', { name: 'Second hit 1' })).toBeInTheDocument();
    await act(() => shared.router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Third hit 1' })).toBeInTheDocument();
    shared.unmount();

    const past = renderApp({ path: '/courseware?q=overflow&page=9' });
    expect(await screen.findByRole('link', { name: 'Third hit 1' })).toBeInTheDocument();
    await waitFor(() => expect(currentSearch(past.router)).toBe('?q=overflow&page=3'));
    expect(past.router.state.historyAction).toBe('REPLACE');
  });

  it('sorts with the "Sort by" select and sets results per page, both in the address, back to page 1', async () => {
    const user = userEvent.setup();
    const api = mockPortal(numberedPages);
    const { router } = renderApp({ path: '/courseware?q=overflow&page=2' });
    await screen.findByRole('link', { name: 'Second hit 1' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('relevance');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Best match', 'Newest', 'Recently updated', 'Most downloaded', 'Name (A–Z)', 'Highest rated']);

    await user.selectOptions(sort, 'Most downloaded');
    await waitFor(() => expect(currentSearch(router)).toBe('?q=overflow&sort=downloads'));
    await waitFor(() => expect(api.searches.at(-1)).toMatchObject({ text: 'overflow', sort: 'downloads' }));
    expect(api.searches.at(-1)).not.toHaveProperty('page');
    expect(await screen.findByRole('link', { name: 'First hit 1' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Results per page' }), '25');
    await waitFor(() => expect(currentSearch(router)).toBe('?q=overflow&sort=downloads&per=25'));
    await waitFor(() => expect(api.searches.at(-1)).toMatchObject({ sort: 'downloads', limit: 25 }));

    // A new search keeps the order and the page size.
    const box = screen.getByRole('searchbox', { name: 'Search courseware' });
    await user.clear(box);
    await user.type(box, 'stack{Enter}');
    await waitFor(() => expect(currentSearch(router)).toBe('?sort=downloads&per=25&q=stack'));
    await waitFor(() => expect(api.searches.at(-1)).toMatchObject({ text: 'stack', sort: 'downloads', limit: 25 }));

    // Back to the default order: the parameter goes.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Best match');
    await waitFor(() => expect(currentSearch(router)).toBe('?per=25&q=stack'));
    await waitFor(() => expect(api.searches.at(-1)).not.toHaveProperty('sort'));
  });

  it('offers no "Best match" without text, and reads the order of a shared address', async () => {
    const api = mockPortal(numberedPages);
    renderApp({ path: '/courseware?cat=lesson&sort=name' });
    await screen.findByRole('link', { name: 'First hit 1' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('name');
    expect(within(sort).queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument();
    expect(api.searches.at(-1)).toMatchObject({ text: '', sort: 'name' });
  });

  it('starts again at page 1 when the search changes', async () => {
    const user = userEvent.setup();
    mockPortal((request) => (request.text === 'stack' ? page(items(1, 'Stack hit')) : numberedPages(request)));
    const { router } = renderApp({ path: '/courseware?q=overflow' });
    await screen.findByRole('link', { name: 'First hit 1' });
    await user.click(paginationControls().next);
    await screen.findByRole('link', { name: 'Second hit 1' });
    expect(currentSearch(router)).toBe('?q=overflow&page=2');

    const box = screen.getByRole('searchbox', { name: 'Search courseware' });
    await user.clear(box);
    await user.type(box, 'stack{Enter}');
    await screen.findByRole('link', { name: 'Stack hit 1' });
    const { pagination, previous, next } = paginationControls();
    expect(within(pagination).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(previous).toBeDisabled();
    expect(next).toBeDisabled();
    expect(currentSearch(router)).toBe('?q=stack');
  });

  it('makes the first search of the page once its first-load wait is over', async () => {
    const api = mockPortal(() => page(items(1, 'Debounced hit')));
    renderApp({ path: '/courseware?q=overflow' });
    await screen.findByRole('link', { name: 'Debounced hit 1' });
    // That the wait holds the first load back 500 ms (spec §9) is tested on a fake clock
    // in the next test and in use-debounced-start.test.tsx; here the page searches once.
    expect(api.searches).toHaveLength(1);
  });

  it('holds the first search back exactly 500 ms after the page opens (spec §9), on a fake clock', async () => {
    const api = mockPortal(() => page(items(1, 'Debounced hit')));
    // A first visit loads the route's modules; the timed visit then mounts at once.
    const warm = renderApp({ path: '/courseware?q=overflow' });
    await screen.findByRole('searchbox', { name: 'Search courseware' });
    warm.unmount();
    api.searches.length = 0;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderApp({ path: '/courseware?q=overflow' });
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('searchbox', { name: 'Search courseware' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(499));
      expect(api.searches).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(api.searches).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces an empty result and offers to clear the filters, keeping the text', async () => {
    const user = userEvent.setup();
    const api = mockPortal((request) =>
      request.filter.tags.length > 0 ? page([], { total: 0 }) : page(items(2, 'Unfiltered hit')),
    );
    const { router } = renderApp({ path: '/courseware?q=overflow&tag=quizzes' });
    expect(await screen.findByText('No results: no courseware matches this search.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '0 results' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('live-announcer')).toHaveTextContent('No results: no courseware matches this search.'),
    );

    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await screen.findByRole('link', { name: 'Unfiltered hit 1' });
    expect(currentSearch(router)).toBe('?q=overflow');
    expect(api.searches.at(-1)?.filter.tags).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('2 results'));
  });

  it('offers Retry when the search fails', async () => {
    const user = userEvent.setup();
    let failing = true;
    mockPortal(() =>
      failing
        ? { status: 500, body: { statusCode: 500, message: 'Internal server error.' } }
        : page(items(1, 'Recovered')),
    );
    renderApp({ path: '/courseware?q=overflow' });
    expect(await screen.findByText('The search could not be completed.')).toBeInTheDocument();
    const dialog = await screen.findByRole('alertdialog', { name: 'ERROR' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Recovered 1' })).toBeInTheDocument();
  });

  it('shows a status badge on content that is not published, and the tags with their icons', async () => {
    mockPortal(() =>
      page([contentSummary({ name: 'Draft lab', status: 'unpublished', tags: ['lab', 'quizzes', 'stack'] })]),
    );
    renderApp({ path: '/courseware?q=draft' });
    const card = (await screen.findByRole('link', { name: 'Draft lab' })).closest('article');
    expect(card).not.toBeNull();
    const scope = within(card as HTMLElement);
    expect(scope.getByText('Unpublished')).toBeInTheDocument();
    const tags = scope.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['lab', 'quizzes', 'stack']);
    expect(tags.querySelector('[data-icon="lab"]')).not.toBeNull();
    expect(tags.querySelector('[data-icon="quizzes"]')).not.toBeNull();
    expect(tags.querySelector('[data-icon="tag"]')).not.toBeNull();
  });

  it('hides the search box and the filters when the searchCourseware flag is off, but still answers a searching address', async () => {
    const api = mockPortal(() => page(items(1, 'Recent lab')));
    const config = runtimeConfig();
    renderApp({
      path: '/courseware?new=true',
      config: { ...config, flags: { ...config.flags, searchCourseware: false } },
    });
    expect(await screen.findByRole('link', { name: 'Recent lab 1' })).toBeInTheDocument();
    expect(api.searches.at(-1)).toMatchObject({ filter: { newOrUpdatedContent: true } });
    expect(screen.queryByRole('searchbox', { name: 'Search courseware' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
