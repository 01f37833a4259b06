// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContentSummary } from '#shared/contracts/content';
import { contentSummary } from '../../../testing/fixtures.ts';
import { calledUrls, type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { CoursewareInfoTable } from './courseware-info-table.tsx';

function pages(...batches: ContentSummary[][]) {
  return (url: URL): MockResponse => {
    const index = Number(url.searchParams.get('pageToken') ?? '0');
    const items = batches[index] ?? [];
    return { body: { items, nextPageToken: index + 1 < batches.length ? String(index + 1) : null } };
  };
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';
let nextId = 0;

/** A fresh id (the fixture's own ids repeat after a few hundred). */
function uniqueId(): string {
  nextId += 1;
  let suffix = '';
  for (let rest = nextId; suffix.length < 6; rest = Math.floor(rest / 32)) suffix = CROCKFORD[rest % 32] + suffix;
  return `01jd7k2m3n4p5q6r7s8t${suffix}`;
}

function many(count: number, overrides: (index: number) => Partial<ContentSummary> = () => ({})) {
  return Array.from({ length: count }, (_, index) => {
    const id = uniqueId();
    return contentSummary({ id, urlAlias: `labs/${id}`, ...overrides(index) });
  });
}

async function table(name = 'Courseware Info') {
  return screen.findByRole('table', { name });
}

/** The text of column `column` (0-based) in every body row on screen. */
function columnTexts(tableElement: HTMLElement, column: number): string[] {
  return within(tableElement)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent ?? '');
}

function rangeText() {
  return within(screen.getByRole('navigation', { name: 'Pagination' })).getByText(/of \d+$/).textContent;
}

const THREE = [
  contentSummary({
    name: 'beta lab',
    status: 'unlisted',
    categories: ['exercise'],
    author: 'Carol',
    createdTimestamp: '2025-02-01T10:00:00.000Z',
    modifiedTimestamp: '2026-01-02T23:30:00.000Z',
  }),
  contentSummary({
    name: 'Alpha course',
    status: 'published',
    categories: ['exercise', 'course'],
    author: 'Álvaro',
    createdTimestamp: '2025-03-01T10:00:00.000Z',
    modifiedTimestamp: '2026-01-01T10:00:00.000Z',
  }),
  contentSummary({
    name: 'Gamma module',
    status: 'archived',
    categories: ['module'],
    author: 'bob',
    createdTimestamp: '2025-01-01T10:00:00.000Z',
    modifiedTimestamp: '2026-01-03T10:00:00.000Z',
  }),
];

describe('CoursewareInfoTable', () => {
  it('shows a loading indicator first, then "No data available" when there is no content', async () => {
    mockApi(pages([]));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading courseware…');
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('loads every page, 300 at a time, showing the count so far', async () => {
    let releaseSecond: () => void = () => {};
    const secondPageHeld = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const handler = pages(many(300), many(5));
    const spy = mockApi(async (url) => {
      if (url.searchParams.get('pageToken') === '1') await secondPageHeld;
      return handler(url);
    });
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    expect(await screen.findByText('Loading courseware… (300 items so far)')).toBeInTheDocument();
    releaseSecond();
    await table();
    expect(rangeText()).toBe('1–25 of 305');
    expect(calledUrls(spy)).toEqual([
      '/api/v1/content?condense=true&limit=300',
      '/api/v1/content?condense=true&limit=300&pageToken=1',
    ]);
  });

  it('asks for archived content when the path contains archived-content', async () => {
    const spy = mockApi(pages([contentSummary({ status: 'archived' })]));
    renderWithProviders(<CoursewareInfoTable />, { path: '/archived-content' });
    await table('Archived Courseware Info');
    expect(screen.getByRole('heading', { level: 2, name: 'Archived Courseware Info' })).toBeInTheDocument();
    expect(calledUrls(spy)).toEqual(['/api/v1/content?archived=true&condense=true&limit=300']);
  });

  it('starts with Last Modified descending and shows the date part only', async () => {
    mockApi(pages(THREE));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    const element = await table();
    expect(screen.getByRole('columnheader', { name: 'Last Modified' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Content Title' })).toHaveAttribute('aria-sort', 'none');
    expect(columnTexts(element, 2)).toEqual(['Gamma module', 'beta lab', 'Alpha course']);
    expect(columnTexts(element, 5)).toEqual(['2026-01-03', '2026-01-02', '2026-01-01']);
    expect(columnTexts(element, 4)).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
  });

  it.each([
    ['Status', ['Gamma module', 'Alpha course', 'beta lab']],
    ['Category', ['Alpha course', 'beta lab', 'Gamma module']],
    ['Content Title', ['Alpha course', 'beta lab', 'Gamma module']],
    ['Author', ['Alpha course', 'Gamma module', 'beta lab']],
    ['Creation Date', ['Gamma module', 'beta lab', 'Alpha course']],
    ['Last Modified', ['Alpha course', 'beta lab', 'Gamma module']],
  ])('sorts by %s ascending, then descending', async (column, ascending) => {
    const user = userEvent.setup();
    mockApi(pages(THREE));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    const element = await table();
    const header = screen.getByRole('columnheader', { name: column });
    const button = within(header).getByRole('button', { name: column });

    await user.click(button);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(columnTexts(element, 2)).toEqual(ascending);

    button.focus();
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(columnTexts(element, 2)).toEqual([...ascending].reverse());
  });

  it('keeps the incoming order of rows that tie', async () => {
    const user = userEvent.setup();
    const tied = many(4, (index) => ({ name: `Tie ${index}`, author: 'Same' }));
    mockApi(pages(tied));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    const element = await table();
    await user.click(screen.getByRole('button', { name: 'Author' }));
    expect(columnTexts(element, 2)).toEqual(['Tie 0', 'Tie 1', 'Tie 2', 'Tie 3']);
    await user.click(screen.getByRole('button', { name: 'Author' }));
    expect(columnTexts(element, 2)).toEqual(['Tie 0', 'Tie 1', 'Tie 2', 'Tie 3']);
  });

  it('puts rows without an author last in both directions', async () => {
    const user = userEvent.setup();
    mockApi(
      pages([
        contentSummary({ name: 'none', author: null }),
        contentSummary({ name: 'zed', author: 'Zed' }),
        contentSummary({ name: 'amy', author: 'amy' }),
      ]),
    );
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    const element = await table();
    await user.click(screen.getByRole('button', { name: 'Author' }));
    expect(columnTexts(element, 2)).toEqual(['amy', 'zed', 'none']);
    expect(columnTexts(element, 3)).toEqual(['amy', 'Zed', '—']);
    await user.click(screen.getByRole('button', { name: 'Author' }));
    expect(columnTexts(element, 2)).toEqual(['zed', 'amy', 'none']);
  });

  it('shows the main category, the status icons by name, and links by URL alias or id', async () => {
    const noAlias = contentSummary({ name: 'No alias', urlAlias: '', status: 'unpublished' });
    mockApi(pages([...THREE, noAlias]));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    const element = await table();
    const alpha = within(element).getByRole('link', { name: 'Alpha course' }).closest('tr') as HTMLElement;
    expect(within(alpha).getAllByRole('cell')[1]).toHaveTextContent('Course');
    expect(within(alpha).getByRole('img', { name: 'Published' })).toBeInTheDocument();
    expect(within(element).getByRole('img', { name: 'Unlisted' })).toBeInTheDocument();
    expect(within(element).getByRole('img', { name: 'Archived' })).toBeInTheDocument();
    expect(within(element).getByRole('img', { name: 'Unpublished' })).toBeInTheDocument();
    expect(within(element).getByRole('link', { name: 'Alpha course' })).toHaveAttribute(
      'href',
      `/courseware/${THREE[1]?.urlAlias}`,
    );
    expect(within(element).getByRole('link', { name: 'No alias' })).toHaveAttribute(
      'href',
      `/courseware/${noAlias.id}`,
    );
  });

  it('pages 25, 50, 100 or All rows at a time', async () => {
    const user = userEvent.setup();
    mockApi(pages(many(120)));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    const element = await table();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const previous = within(nav).getByRole('button', { name: 'Previous' });
    const next = within(nav).getByRole('button', { name: 'Next' });
    const select = within(nav).getByRole('combobox', { name: 'Rows per page' });

    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['25', '50', '100', 'All']);
    expect(columnTexts(element, 2)).toHaveLength(25);
    expect(rangeText()).toBe('1–25 of 120');
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(rangeText()).toBe('26–50 of 120');
    await user.click(previous);
    expect(rangeText()).toBe('1–25 of 120');

    await user.selectOptions(select, '50');
    expect(columnTexts(element, 2)).toHaveLength(50);
    expect(rangeText()).toBe('1–50 of 120');

    await user.selectOptions(select, '100');
    await user.click(next);
    expect(columnTexts(element, 2)).toHaveLength(20);
    expect(rangeText()).toBe('101–120 of 120');
    expect(next).toBeDisabled();

    await user.selectOptions(select, 'All');
    expect(columnTexts(element, 2)).toHaveLength(120);
    expect(rangeText()).toBe('1–120 of 120');
    expect(next).toBeDisabled();
    expect(previous).toBeDisabled();
  });

  it('filters by title or author', async () => {
    const user = userEvent.setup();
    mockApi(pages(THREE));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    const element = await table();
    await user.type(screen.getByRole('searchbox', { name: 'Filter by title or author' }), 'alvaro');
    expect(columnTexts(element, 2)).toEqual(['Alpha course']);
    await user.clear(screen.getByRole('searchbox', { name: 'Filter by title or author' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter by title or author' }), 'nothing like it');
    expect(await screen.findByText('No content matches the filter.')).toBeInTheDocument();
  });

  it('shows an error with Retry, which loads the list', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const handler = pages(THREE);
    mockApi((url) => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Internal server error' } } : handler(url);
    });
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    expect(await screen.findByText('The courseware could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(columnTexts(await table(), 2)).toHaveLength(3);
  });

  it('resumes at the failed page when Retry follows a failure part-way', async () => {
    const user = userEvent.setup();
    let failed = false;
    const handler = pages(many(300), many(2));
    const spy = mockApi((url) => {
      if (url.searchParams.get('pageToken') === '1' && !failed) {
        failed = true;
        return { status: 503, body: { message: 'Service unavailable' } };
      }
      return handler(url);
    });
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    expect(await screen.findByText(/300 items arrived before the failure/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await table();
    await waitFor(() => expect(rangeText()).toBe('1–25 of 302'));
    expect(calledUrls(spy)).toEqual([
      '/api/v1/content?condense=true&limit=300',
      '/api/v1/content?condense=true&limit=300&pageToken=1',
      '/api/v1/content?condense=true&limit=300&pageToken=1',
    ]);
  });
});
