// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChildContent, ContentDetail } from '#shared/contracts/content';
import { getShownErrors } from '../../../lib/error-store.ts';
import { bufferOverflowDetail, contentSummary, IDS, searchContentPage } from '../../../testing/fixtures.ts';
import { calledUrls, type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const ALIAS_PATH = '/courseware/seed-labs/software-security/buffer-overflow-setuid';

function mockDetail(detail: ContentDetail | MockResponse, children?: (url: URL) => MockResponse) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
    if (url.pathname.startsWith('/api/v1/content-children/') && children) return children(url);
    if (url.pathname.startsWith('/api/v1/content/')) return 'content' in detail ? { body: detail } : detail;
    // The landing list (decision record 062), where a missing item sends the visitor.
    if (url.pathname === '/api/v1/search/content') return { body: searchContentPage() };
    // Issue 26 item 3: the item's ratings and reviews, none yet.
    if (url.pathname.endsWith('/reviews')) {
      return { body: { summary: { average: null, count: 0 }, items: [], nextPageToken: null, canRespond: false } };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

describe('/courseware/{idOrAlias} as a visitor', () => {
  it('fetches the alias lower-cased and URL-encoded', async () => {
    const api = mockDetail(bufferOverflowDetail());
    renderApp({ path: '/courseware/SEED-Labs/Software-Security/Buffer-Overflow-Setuid' });
    // The first test of the file also waits for the cold, on-demand import of the route.
    await screen.findByRole('heading', { level: 1, name: 'Buffer Overflow Attack Lab (Set-UID Version)' });
    expect(calledUrls(api)).toContain('/api/v1/content/seed-labs%2Fsoftware-security%2Fbuffer-overflow-setuid');
  });

  it('shows title, breadcrumbs through the ancestors, chips and the sanitised description', async () => {
    mockDetail(bufferOverflowDetail());
    renderApp({ path: ALIAS_PATH });
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Buffer Overflow Attack Lab (Set-UID Version)');
    await waitFor(() => expect(document.title).toBe('Buffer Overflow Attack Lab (Set-UID Version) | US Cyber Range'));

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(crumbs).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Courseware', '/courseware'],
      ['SEED Labs: Hands-on Labs for Security Education', '/courseware/seed-labs'],
      ['SEED Labs – Software Security', `/courseware/${IDS.softwareSecurity}`],
    ]);
    expect(within(crumbs).getByText('Buffer Overflow Attack Lab (Set-UID Version)')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getAllByRole('navigation', { name: 'Breadcrumb' })).toHaveLength(1);

    const categories = screen.getAllByRole('list', { name: 'Categories' })[0];
    expect(categories).toHaveTextContent('Exercise');
    const tags = screen.getByRole('list', { name: 'Tags' });
    const tagItems = within(tags).getAllByRole('listitem');
    expect(tagItems.map((item) => item.textContent)).toEqual(['lab', 'software security', 'Address randomization…']);
    expect(tagItems[0]?.querySelector('[data-icon="lab"]')).not.toBeNull();
    expect(tagItems[1]?.querySelector('[data-icon="tag"]')).not.toBeNull();

    expect(screen.getByText(/Buffer overflow is defined as the condition/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main.innerHTML).not.toContain('search-tags');
    expect(main.querySelector('script')).toBeNull();
    expect(main.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Includes' })).toBeInTheDocument();
    expect(screen.getByText('Lab description (PDF)')).toBeInTheDocument();
  });

  it('lists files by name and type with the login note, without any download', async () => {
    mockDetail(bufferOverflowDetail());
    renderApp({ path: ALIAS_PATH });
    const files = (await screen.findByRole('heading', { level: 2, name: 'Files' })).closest('section');
    if (!files) throw new Error('no files section');
    expect(within(files).getByText('Buffer_Overflow_Setuid.pdf')).toBeInTheDocument();
    expect(within(files).getByText('(PDF)')).toBeInTheDocument();
    expect(within(files).getByText('(Text)')).toBeInTheDocument();
    expect(within(files).getByText('Log in to view and download files.')).toBeInTheDocument();
    expect(within(files).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(files).queryByRole('link', { name: /Buffer_Overflow/ })).not.toBeInTheDocument();
  });

  it('expands the TKS, KSA and KU lists from disclosure buttons with counts', async () => {
    const user = userEvent.setup();
    mockDetail(bufferOverflowDetail());
    renderApp({ path: ALIAS_PATH });
    const tks = await screen.findByRole('button', { name: 'TKS statements (6)' });
    expect(screen.getByRole('button', { name: 'KSA statements (6)' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Knowledge units (3)' })).toBeInTheDocument();
    expect(tks).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Identify programming code flaws')).not.toBeVisible();

    await user.click(tks);
    expect(tks).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'TKS statements' });
    expect(within(list).getByText('T1262')).toBeInTheDocument();
    expect(within(list).getByText(/Identify programming code flaws/)).toBeVisible();
    expect(document.getElementById(tks.getAttribute('aria-controls') ?? '')).toContainElement(list);
  });

  it('shows levels, the last-curated date, contributors and the licence with attribution', async () => {
    mockDetail(bufferOverflowDetail());
    renderApp({ path: ALIAS_PATH });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('University undergraduate, Graduate student')).toBeInTheDocument();
    expect(screen.getByText('Intermediate')).toBeInTheDocument();
    expect(screen.getByText('Courseware last curated')).toBeInTheDocument();
    expect(screen.getByText('March 4, 2026')).toHaveAttribute('datetime', '2026-03-04');

    const contributors = screen.getByRole('heading', { level: 2, name: 'Contributors' }).closest('section');
    if (!contributors) throw new Error('no contributors section');
    expect(within(contributors).getByText('Dr. Wenliang Du')).toBeInTheDocument();
    expect(within(contributors).getByText('Laura J. and L. Douglas Meredith Professor')).toBeInTheDocument();
    expect(within(contributors).getByText('Syracuse University')).toBeInTheDocument();

    const licence = screen.getByRole('heading', { level: 2, name: 'Licence' }).closest('section');
    if (!licence) throw new Error('no licence section');
    expect(within(licence).getByRole('link', { name: /CC BY-NC-SA 4\.0/ })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    );
    expect(within(licence).getByText('Copyright © 2006 - 2020 by Wenliang Du.')).toBeInTheDocument();
    expect(within(licence).getByRole('link', { name: 'Original source on github.com' })).toHaveAttribute(
      'href',
      expect.stringContaining('https://github.com/seed-labs/seed-labs/tree/'),
    );
  });

  it('warns about archived and uncurated content', async () => {
    mockDetail(bufferOverflowDetail({ status: 'archived', tags: ['lab', 'uncurated'] }));
    renderApp({ path: ALIAS_PATH });
    expect(await screen.findByText('This content is archived.')).toBeInTheDocument();
    expect(screen.getByText('This content has not been curated yet.')).toBeInTheDocument();
    const uncuratedChip = within(screen.getByRole('list', { name: 'Tags' })).getByText('uncurated');
    expect(uncuratedChip.closest('li')?.querySelector('[data-icon="uncurated"]')).not.toBeNull();
  });

  it('goes back to /courseware silently when the content does not exist', async () => {
    mockDetail({ status: 404, body: { statusCode: 404, message: 'Content does not exist.' } });
    const { router } = renderApp({ path: '/courseware/no-such-lab' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The list route is imported on demand, cold in this file.
    expect(await screen.findByText('Content does not exist.', {})).toBeInTheDocument();
    expect(getShownErrors()).toEqual([]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('groups children by main category and loads more of them', async () => {
    const user = userEvent.setup();
    const child = (name: string, index: number, categories: ChildContent['categories']): ChildContent => ({
      ...contentSummary({ name, categories }),
      version: 1,
      index,
    });
    const module = bufferOverflowDetail({
      name: 'SEED Labs – Software Security',
      category: 'module',
      categories: ['module'],
      children: [
        { id: IDS.pdf, index: 0 },
        { id: IDS.txt, index: 1 },
      ],
      files: [],
    });
    mockDetail(module, (url) =>
      url.searchParams.get('pageToken') === 'more'
        ? { body: { items: [child('Shellshock Attack Lab', 2, ['exercise'])], nextPageToken: null } }
        : {
            body: {
              items: [
                child('Return-to-libc Attack Lab', 1, ['exercise']),
                child('Stack basics', 0, ['lesson', 'exercise']),
              ],
              nextPageToken: 'more',
            },
          },
    );
    renderApp({ path: '/courseware/seed-labs/software-security' });
    const lessons = await screen.findByRole('heading', { level: 3, name: 'Lessons (1)' });
    const exercises = screen.getByRole('heading', { level: 3, name: 'Exercises (1)' });
    expect(lessons.compareDocumentPosition(exercises) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Stack basics' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Exercises (2)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shellshock Attack Lab' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
