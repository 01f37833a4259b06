// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonalData } from '#shared/contracts/personal-data';
import { calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { PersonalDataScreen } from './personal-data-screen.tsx';
import { UserPersonalDataDialog } from './user-personal-data-dialog.tsx';

const USER_ID = '01jd7k2m3n4p5q6r7s8t9v0w01';
const LAB_ID = '01jd7k2m3n4p5q6r7s8t9v0a01';

function personalData(overrides: Partial<PersonalData> = {}): PersonalData {
  return {
    exportedTimestamp: '2026-11-28T10:00:00.000Z',
    account: {
      id: USER_ID,
      displayName: 'Fay Faculty',
      email: 'fay@example.edu',
      picture: null,
      businessUnit: null,
      ranges: ['USCR'],
      roles: ['USER'],
      claims: [],
      subscriptions: ['coursewareFeature'],
      organizations: [],
      createdTimestamp: '2026-01-05T09:00:00.000Z',
    },
    messages: [],
    library: [{ contentId: LAB_ID, name: 'Buffer overflow lab', savedTimestamp: '2026-11-20T10:00:00.000Z' }],
    downloads: [],
    downloadsTruncated: false,
    collections: [],
    reviews: [
      {
        id: '01jd7k2m3n4p5q6r7s8t9v0r01',
        contentId: LAB_ID,
        rating: 4,
        text: 'Good lab.',
        authorName: 'Fay Faculty',
        createdTimestamp: '2026-11-21T10:00:00.000Z',
        modifiedTimestamp: '2026-11-21T10:00:00.000Z',
        response: null,
        status: 'hidden',
        hiddenReason: 'Off topic.',
      },
    ],
    savedSearches: [],
    updateNotices: { emailDigest: true },
    submissions: [],
    ...overrides,
  };
}

/** Captures the Blob a download button saves. */
function captureDownloads(): Blob[] {
  const created: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:personal-data';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  return created;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PersonalDataScreen (issue 26 item 5)', () => {
  it('shows what the portal holds and saves all of it as JSON', async () => {
    signIn(PERSONAS.faculty());
    const data = personalData();
    mockApi((url) => (url.pathname === '/api/v1/personal-data' ? { body: data } : { body: { items: [] } }));
    const user = userEvent.setup();
    renderWithProviders(<PersonalDataScreen />, { path: '/personal-data' });

    const table = await screen.findByRole('table', { name: 'What the portal holds about you' });
    expect(within(table).getByRole('rowheader', { name: 'My library' }).closest('tr')).toHaveTextContent(
      '1 saved item',
    );
    expect(within(table).getByRole('rowheader', { name: 'Ratings and reviews' }).closest('tr')).toHaveTextContent(
      '1 review (1 hidden by editors)',
    );
    expect(screen.getByRole('button', { name: 'Delete my collections' })).toBeDisabled();

    const created = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Download my data (JSON)' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(JSON.parse((await created[0]?.text()) ?? '')).toEqual(data);
  });

  it('deletes the reviews after a confirmation that says how many, then shows none', async () => {
    signIn(PERSONAS.faculty());
    let data = personalData();
    const spy = mockApi((url, init) => {
      if (url.pathname === '/api/v1/personal-data/reviews' && init?.method === 'DELETE') {
        data = personalData({ reviews: [] });
        return { body: { deleted: 1 } };
      }
      if (url.pathname === '/api/v1/personal-data') return { body: data };
      return { body: { items: [] } };
    });
    const user = userEvent.setup();
    renderWithProviders(<PersonalDataScreen />, { path: '/personal-data' });

    await user.click(await screen.findByRole('button', { name: 'Delete my reviews' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete all your ratings and reviews?' });
    expect(dialog).toHaveTextContent('1 review will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calledWith(spy, 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete my reviews' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete my reviews' })).toBeDisabled());
    expect(calledWith(spy, 'DELETE').map((call) => call.path)).toEqual(['/api/v1/personal-data/reviews']);
  });

  it('offers Retry when the data cannot be loaded', async () => {
    signIn(PERSONAS.faculty());
    mockApi(() => ({ status: 503, body: { statusCode: 503, message: 'Try again later.' } }));
    renderWithProviders(<PersonalDataScreen />, { path: '/personal-data' });
    expect(await screen.findByText('Your data could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('UserPersonalDataDialog (issue 26 item 5)', () => {
  it("shows an administrator the user's data and saves the same JSON", async () => {
    signIn(PERSONAS.admin());
    const data = personalData();
    mockApi((url) =>
      url.pathname === `/api/v1/users/${USER_ID}/personal-data` ? { body: data } : { body: { items: [] } },
    );
    const user = userEvent.setup();
    renderWithProviders(
      <UserPersonalDataDialog open userId={USER_ID} userName="Fay Faculty" onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Personal data of Fay Faculty' });
    const table = await within(dialog).findByRole('table', { name: 'What the portal holds about Fay Faculty' });
    expect(table).toHaveTextContent('fay@example.edu');
    const created = captureDownloads();
    await user.click(within(dialog).getByRole('button', { name: 'Download JSON' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(JSON.parse((await created[0]?.text()) ?? '')).toEqual(data);
  });
});
