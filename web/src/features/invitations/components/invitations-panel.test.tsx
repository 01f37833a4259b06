// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invitation } from '#shared/contracts/administration';
import { getShownErrors } from '../../../lib/error-store.ts';
import { calledUrls, calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { portalToken, signIn, USER_IDS } from '../../../testing/session.ts';
import { InvitationsPanel } from './invitations-panel.tsx';

const OMAHA = { id: '01jd7k2m3n4p5q6r7s8t9v0g01', name: 'Omaha cyber range courses', roles: ['organization admin'] };
const OTHER = { id: '01jd7k2m3n4p5q6r7s8t9v0g02', name: 'Another school', roles: ['student'] };
const FACULTY_CLAIMS = [{ type: 'api', value: 'post_v1_invitations', scopes: [OMAHA.id] }];

const invitation = (id: string, overrides: Partial<Invitation>): Invitation => ({
  id,
  email: 'kim@example.edu',
  displayName: 'Kim Student',
  organization: { id: OMAHA.id, name: OMAHA.name },
  role: 'student',
  status: 'pending',
  invitedBy: { id: USER_IDS.faculty, displayName: 'Una Faculty' },
  createdTimestamp: '2026-11-20T10:00:00.000Z',
  expiresTimestamp: '2026-12-04T10:00:00.000Z',
  sentCount: 1,
  lastSentTimestamp: '2026-11-20T10:00:00.000Z',
  emailStatus: 'sent',
  acceptedTimestamp: null,
  acceptedUserId: null,
  importId: null,
  version: 1,
  ...overrides,
});

const PENDING = invitation('01jd7k2m3n4p5q6r7s8t9v0v01', {});
const ACCEPTED = invitation('01jd7k2m3n4p5q6r7s8t9v0v02', {
  email: 'lee@example.edu',
  displayName: null,
  status: 'accepted',
  acceptedTimestamp: '2026-11-21T09:00:00.000Z',
});

function openPanel(createAnswer: { status?: number; body: unknown } = { status: 201, body: PENDING }) {
  signIn(portalToken({ sub: USER_IDS.faculty, displayName: 'Una Faculty', claims: FACULTY_CLAIMS }));
  let items = [PENDING, ACCEPTED];
  const spy = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/claims') return { body: { items: FACULTY_CLAIMS } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    if (url.pathname === '/api/v1/organizations') return { body: { items: [OTHER, OMAHA] } };
    if (url.pathname === '/api/v1/invitations' && method === 'POST') return createAnswer;
    if (url.pathname === '/api/v1/invitations') {
      const status = url.searchParams.get('status');
      return { body: { items: items.filter((item) => !status || item.status === status), nextPageToken: null } };
    }
    if (url.pathname === `/api/v1/invitations/${PENDING.id}` && method === 'DELETE') {
      const revoked = { ...PENDING, status: 'revoked' as const, version: 2 };
      items = [revoked, ACCEPTED];
      return { body: revoked };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
  const user = userEvent.setup();
  renderWithProviders(<InvitationsPanel />);
  return { user, spy };
}

describe('InvitationsPanel (issue 11)', () => {
  it('lists the invitations with their status in words, expiry and inviter, filtered by status', async () => {
    const { user, spy } = openPanel();

    const table = await screen.findByRole('table', { name: 'Invitations, newest first' });
    const [pendingRow, acceptedRow] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(pendingRow as HTMLElement).getByText('Pending')).toBeInTheDocument();
    expect(within(pendingRow as HTMLElement).getByText('December 4, 2026')).toBeInTheDocument();
    expect(within(pendingRow as HTMLElement).getByRole('button', { name: 'Re-invite kim@example.edu' })).toBeEnabled();
    expect(within(acceptedRow as HTMLElement).getByText('Accepted')).toBeInTheDocument();
    expect(within(acceptedRow as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    // Only the organizations the claim covers are offered.
    const organizationFilter = screen.getByRole('combobox', { name: 'Organization' });
    expect(
      within(organizationFilter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All organizations', OMAHA.name]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'accepted');
    await waitFor(() => expect(calledUrls(spy)).toContain('/api/v1/invitations?status=accepted&limit=50'));
    await waitFor(() => expect(screen.queryByText('kim@example.edu')).not.toBeInTheDocument());
  });

  it('invites with the organization preselected and shows a 409 in the dialog', async () => {
    const { user, spy } = openPanel({
      status: 409,
      body: { statusCode: 409, message: 'kim@example.edu is already invited to this organization.' },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    expect(within(dialog).getByRole('combobox', { name: /Organization/ })).toHaveValue(OMAHA.id);

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Is required.');
    expect(email).toHaveFocus();

    await user.type(email, 'kim@example.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(
      await within(dialog).findByText('kim@example.edu is already invited to this organization.'),
    ).toBeInTheDocument();
    expect(calledWith(spy, 'POST')).toEqual([
      {
        path: '/api/v1/invitations',
        body: { email: 'kim@example.edu', organizationId: OMAHA.id, role: 'student' },
      },
    ]);
    expect(getShownErrors()).toEqual([]);
  });

  it("puts a 400's field message under the name it names and focuses it", async () => {
    const { user } = openPanel({
      status: 400,
      body: {
        statusCode: 400,
        message: 'Invalid request.',
        errors: [{ path: 'body.displayName', message: 'Must not contain a line break.' }],
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'kim@example.edu');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Kim');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Must not contain a line break.'));
    expect(name).toHaveFocus();
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(getShownErrors()).toEqual([]);
  });

  it('withdraws a pending invitation after a confirmation', async () => {
    const { user, spy } = openPanel();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to kim@example.edu' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw the invitation?' });
    expect(within(confirm).getByText(/its link stops working/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('The invitation to kim@example.edu was withdrawn.')).toBeInTheDocument();
    expect(calledWith(spy, 'DELETE')).toEqual([{ path: `/api/v1/invitations/${PENDING.id}`, body: undefined }]);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Withdrawn')).toBeInTheDocument());
  });
});
