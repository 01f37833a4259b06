// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContentSummary } from '#shared/contracts/content';
import type { ContentBulkActionRequest } from '#shared/contracts/content-bulk';
import { contentSummary } from '../../../testing/fixtures.ts';
import { calledWith, type MockResponse, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { CoursewareInfoTable } from './courseware-info-table.tsx';

const ITEMS: ContentSummary[] = [
  contentSummary({ name: 'Alpha lab', version: 3, modifiedTimestamp: '2026-01-03T00:00:00.000Z' }),
  contentSummary({ name: 'Beta module', version: 5, modifiedTimestamp: '2026-01-02T00:00:00.000Z' }),
  contentSummary({
    name: 'Gamma lab',
    status: 'unpublished',
    version: 1,
    publishAt: '2026-12-24T09:30:00.000Z',
    modifiedTimestamp: '2026-01-01T00:00:00.000Z',
  }),
];

/** The content list, and the bulk route answering with `answer(request)`. */
function api(answer: (request: ContentBulkActionRequest) => MockResponse) {
  return mockApi((url, init) => {
    if (url.pathname === '/api/v1/content-bulk-actions') {
      return answer(requestOf(init).body as ContentBulkActionRequest);
    }
    return { body: { items: ITEMS, nextPageToken: null } };
  });
}

async function select(...titles: string[]) {
  await screen.findByRole('table', { name: 'Courseware Info' });
  for (const title of titles) await userEvent.click(screen.getByRole('checkbox', { name: `Select ${title}` }));
}

describe('bulk actions in Courseware Info (issue 25 item 8)', () => {
  it('counts the selection, selects all on the page, and keeps the buttons off while nothing is selected', async () => {
    api(() => ({ body: {} }));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    const toolbar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    expect(within(toolbar).getByText('0 selected')).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Publish' })).toBeDisabled();
    await select('Alpha lab', 'Beta module');
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Publish' })).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(within(toolbar).getByText('3 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(within(toolbar).getByText('0 selected')).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('asks before archiving, sends each id with its version, and summarises what was done and what failed', async () => {
    const spy = api((request) => ({
      body: {
        action: request.action,
        done: 1,
        failed: 1,
        results: [
          { id: request.items[0]?.id, outcome: 'done', version: 4 },
          {
            id: request.items[1]?.id,
            outcome: 'failed',
            status: 409,
            reason: 'Content was changed by someone else. Reload to see the changes.',
          },
        ],
      },
    }));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    await select('Alpha lab', 'Beta module');
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive 2 items?' });
    expect(calledWith(spy, 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    const summary = await screen.findByRole('status');
    expect(summary).toHaveTextContent('1 archived, 1 failed');
    expect(summary).toHaveTextContent('Beta module: Content was changed by someone else. Reload to see the changes.');
    expect(calledWith(spy, 'POST')).toEqual([
      {
        path: '/api/v1/content-bulk-actions',
        body: {
          action: 'archive',
          items: [
            { id: ITEMS[0]?.id, version: 3 },
            { id: ITEMS[1]?.id, version: 5 },
          ],
        },
      },
    ]);
  });

  it('publishes without asking, and cancelling a delete sends nothing', async () => {
    const spy = api((request) => ({
      body: {
        action: request.action,
        done: request.items.length,
        failed: 0,
        results: request.items.map((item) => ({ id: item.id, outcome: 'done', version: item.version + 1 })),
      },
    }));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    await select('Gamma lab');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 1 item?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calledWith(spy, 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 published, 0 failed');
    expect(calledWith(spy, 'POST')).toHaveLength(1);
  });

  it('shows "Scheduled for" on a scheduled item', async () => {
    api(() => ({ body: {} }));
    renderWithProviders(<CoursewareInfoTable />, { path: '/admin' });
    await screen.findByRole('table', { name: 'Courseware Info' });
    expect(screen.getByText('Scheduled for 2026-12-24 09:30 UTC')).toBeInTheDocument();
  });
});
