// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserDetail } from '#shared/contracts/administration';
import { calledWith, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { UserMoveDialog } from './user-move-dialog.tsx';

const USER_ID = '01jd7k2m3n4p5q6r7s8t9v0s01';
const OLD_TEAM = { id: '01jd7k2m3n4p5q6r7s8t9v0t01', name: 'Blue team', businessUnitId: null };
const NEW_TEAM = { id: '01jd7k2m3n4p5q6r7s8t9v0t02', name: 'Red team', businessUnitId: null };

function detail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: USER_ID,
    displayName: 'Sam Student',
    email: 'sam@example.edu',
    picture: null,
    businessUnit: null,
    ranges: ['VACR'],
    roles: ['USER'],
    claims: [{ type: 'role', value: 'USER' }],
    subscriptions: ['coursewareFeature'],
    organizations: [{ id: OLD_TEAM.id, name: OLD_TEAM.name, roles: ['student'] }],
    createdTimestamp: '2026-01-02T03:04:05.000Z',
    version: 4,
    ...overrides,
  };
}

async function openDialog() {
  const spy = mockApi((url, init) => {
    const { method, body } = requestOf(init);
    if (url.pathname === `/api/v1/users/${USER_ID}` && method === 'GET') return { body: detail() };
    if (url.pathname === '/api/v1/organizations/all') {
      return { body: { items: [OLD_TEAM, NEW_TEAM], nextPageToken: null } };
    }
    if (url.pathname === `/api/v1/users/${USER_ID}/organization` && method === 'PUT') {
      const { roles } = body as { roles: string[] };
      return { body: detail({ version: 5, organizations: [{ id: NEW_TEAM.id, name: NEW_TEAM.name, roles }] }) };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
  const user = userEvent.setup();
  renderWithProviders(<UserMoveDialog open userId={USER_ID} userName="Sam Student" onClose={vi.fn()} />);
  const dialog = await screen.findByRole('dialog', { name: 'Move Sam Student' });
  await within(dialog).findByRole('option', { name: NEW_TEAM.name });
  return { spy, user, dialog };
}

describe('the move dialog (issue 11 item 2)', () => {
  it('says under the fields that a team and a role are needed, focuses the team, and sends nothing', async () => {
    const { spy, user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: 'student' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move team' }));

    const team = within(dialog).getByRole('combobox', { name: /Join team/ });
    await waitFor(() => expect(team).toHaveFocus());
    expect(team).toHaveAccessibleDescription('Choose the team to move to.');
    const roles = within(dialog).getByRole('group', { name: 'Roles in the new team' });
    expect(within(roles).getByRole('alert')).toHaveTextContent('Choose at least one role.');
    expect(calledWith(spy, 'PUT')).toEqual([]);

    // A field's message goes as it is fixed; the other stays.
    await user.selectOptions(team, NEW_TEAM.name);
    await waitFor(() => expect(team).not.toHaveAccessibleDescription('Choose the team to move to.'));
    expect(within(roles).getByRole('alert')).toHaveTextContent('Choose at least one role.');
  });

  it('moves the user from one team to another with the roles chosen and the version read', async () => {
    const { spy, user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Join team/ }), NEW_TEAM.name);
    await user.click(within(dialog).getByRole('checkbox', { name: 'organization instructor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move team' }));

    await waitFor(() => expect(calledWith(spy, 'PUT')).toHaveLength(1));
    expect(calledWith(spy, 'PUT')[0]?.body).toEqual({
      version: 4,
      fromOrganizationId: OLD_TEAM.id,
      toOrganizationId: NEW_TEAM.id,
      roles: ['student', 'organization instructor'],
    });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Join team/ })).toHaveValue(''));
  });
});
