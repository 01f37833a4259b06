// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import type { DownloadHistoryEntry, LibraryItem } from '#shared/contracts/library';
import { contentSummary } from '../../../testing/fixtures.ts';
import { calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { downloadHistoryCsv } from '../utils/download-history-csv.ts';
import { LibraryScreen } from './library-screen.tsx';
import { SaveToLibraryButton } from './save-to-library-button.tsx';

const LAB = contentSummary({ id: '01jd7k2m3n4p5q6r7s8t9v0a01', name: 'Buffer overflow lab', urlAlias: 'buffer-lab' });
const GONE_ID = '01jd7k2m3n4p5q6r7s8t9v0a02';

const savedLab: LibraryItem = {
  contentId: LAB.id,
  savedTimestamp: '2026-11-20T10:00:00.000Z',
  name: LAB.name,
  state: 'available',
  content: LAB,
};
const savedGone: LibraryItem = {
  contentId: GONE_ID,
  savedTimestamp: '2026-11-19T10:00:00.000Z',
  name: 'Retired cipher lab',
  state: 'removed',
  content: null,
};

const download = (overrides: Partial<DownloadHistoryEntry>): DownloadHistoryEntry => ({
  id: '01jd7k2m3n4p5q6r7s8t9v0d01',
  timestamp: '2026-11-21T10:00:00.000Z',
  fileId: '01jd7k2m3n4p5q6r7s8t9v0f01',
  fileName: 'Buffer_Overflow.pdf',
  contentId: LAB.id,
  contentName: LAB.name,
  publishedTimestamp: '2026-10-01T00:00:00.000Z',
  state: 'available',
  urlAlias: 'buffer-lab',
  updatedSince: true,
  ...overrides,
});

function openScreen(path = '/library') {
  signIn(PERSONAS.faculty());
  let saved = [savedLab, savedGone];
  const spy = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    if (url.pathname === '/api/v1/library/saved') return { body: { items: saved, nextPageToken: null } };
    if (url.pathname === `/api/v1/library/saved/${GONE_ID}` && method === 'DELETE') {
      saved = [savedLab];
      return { body: { contentId: GONE_ID, saved: false, savedTimestamp: null } };
    }
    if (url.pathname === '/api/v1/library/downloads') {
      if (url.searchParams.get('pageToken') === 'second')
        return {
          body: {
            items: [
              download({ id: '01jd7k2m3n4p5q6r7s8t9v0d02', state: 'removed', urlAlias: null, updatedSince: false }),
            ],
            nextPageToken: null,
          },
        };
      return { body: { items: [download({})], nextPageToken: 'second' } };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
  const user = userEvent.setup();
  renderWithProviders(<LibraryScreen />, { path });
  return { user, spy };
}

describe('LibraryScreen (issue 26 item 1)', () => {
  it('lists saved items, linking the available ones and marking the removed ones', async () => {
    openScreen();
    const list = await screen.findByRole('list', { name: 'Saved items' });
    const [lab, gone] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(lab).getByRole('link', { name: 'Buffer overflow lab' })).toHaveAttribute(
      'href',
      '/courseware/buffer-lab',
    );
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();
    expect(within(gone).getByText('Removed')).toBeInTheDocument();
  });

  it('removes an item only after the confirmation', async () => {
    const { user, spy } = openScreen();
    await user.click(await screen.findByRole('button', { name: 'Remove Retired cipher lab from my library' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove from your library?' });
    expect(within(dialog).getByText(/cannot save it again/)).toBeInTheDocument();
    expect(calledWith(spy, 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calledWith(spy, 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Retired cipher lab')).not.toBeInTheDocument());
  });

  it('shows the download history page by page and exports all of it as CSV', async () => {
    const { user } = openScreen('/library?tab=downloads');
    const table = await screen.findByRole('table', { name: 'Your downloads, newest first' });
    expect(within(table).getByRole('link', { name: 'Buffer overflow lab' })).toBeInTheDocument();
    expect(within(table).getByText('Updated since')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more downloads' }));
    await waitFor(() => expect(within(table).getByText('Removed')).toBeInTheDocument());

    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:history';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const text = (await created[0]?.text()) ?? '';
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, '')).data;
    expect(rows[0]).toEqual(['downloaded', 'file', 'content', 'version published', 'now', 'updated since']);
    expect(rows.slice(1).map((row) => row[4])).toEqual(['Available', 'Removed']);
  });

  it('says so when nothing is saved or downloaded', async () => {
    signIn(PERSONAS.faculty());
    mockApi((url) => {
      if (url.pathname === '/api/v1/library/saved' || url.pathname === '/api/v1/library/downloads')
        return { body: { items: [], nextPageToken: null } };
      return { body: { items: [] } };
    });
    const user = userEvent.setup();
    renderWithProviders(<LibraryScreen />, { path: '/library' });
    expect(await screen.findByText(/Nothing saved yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Download history' }));
    expect(await screen.findByText(/No downloads yet/)).toBeInTheDocument();
  });
});

describe('downloadHistoryCsv', () => {
  it('neutralises a formula in a name', () => {
    const csv = downloadHistoryCsv([download({ fileName: '=HYPERLINK("x")' })]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('SaveToLibraryButton (issue 26 item 1)', () => {
  it('shows whether the item is saved, saves and removes it, and goes back when the server refuses', async () => {
    signIn(PERSONAS.faculty());
    let ids: string[] = [];
    let refuse = false;
    const spy = mockApi((url, init) => {
      if (url.pathname === '/api/v1/library/saved-ids') return { body: { contentIds: ids } };
      if (url.pathname === `/api/v1/library/saved/${LAB.id}` && init?.method === 'PUT') {
        if (refuse) return { status: 409, body: { statusCode: 409, message: 'Library full.' } };
        ids = [LAB.id];
        return { body: { contentId: LAB.id, saved: true, savedTimestamp: '2026-11-28T10:00:00.000Z' } };
      }
      if (url.pathname === `/api/v1/library/saved/${LAB.id}` && init?.method === 'DELETE') {
        ids = [];
        return { body: { contentId: LAB.id, saved: false, savedTimestamp: null } };
      }
      return { body: { items: [] } };
    });
    const user = userEvent.setup();
    renderWithProviders(<SaveToLibraryButton contentId={LAB.id} name={LAB.name} variant="icon" />);
    const button = await screen.findByRole('button', { name: 'Save “Buffer overflow lab” to my library' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calledWith(spy, 'PUT')).toHaveLength(1));
    await user.click(button);
    await waitFor(() => expect(calledWith(spy, 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));

    refuse = true;
    await user.click(button);
    await waitFor(() => expect(calledWith(spy, 'PUT')).toHaveLength(2));
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
  });
});
