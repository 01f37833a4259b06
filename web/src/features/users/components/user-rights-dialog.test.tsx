// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserDetail } from '#shared/contracts/administration';
import { FACULTY_CLAIMS } from '#shared/role-presets';
import { getShownErrors } from '../../../lib/error-store.ts';
import { calledWith, type MockResponse, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { UserRightsDialog } from './user-rights-dialog.tsx';

const USER_ID = '01jd7k2m3n4p5q6r7s8t9v0s01';

function detail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: USER_ID,
    displayName: 'Sam Student',
    email: 'sam@example.edu',
    picture: null,
    businessUnit: null,
    ranges: ['VACR'],
    roles: ['USER', 'student'],
    claims: [
      { type: 'role', value: 'USER' },
      { type: 'role', value: 'student' },
      { type: 'api', value: 'list_v1_courses', scopes: ['any'] },
    ],
    subscriptions: ['coursewareFeature'],
    organizations: [],
    createdTimestamp: '2026-01-02T03:04:05.000Z',
    version: 4,
    ...overrides,
  };
}

/** Renders the dialog over a mocked API: GET answers `reads` in turn (the last repeats), PUT answers `save`. */
async function openDialog({
  reads = [detail()],
  save = (body: unknown) => ({ body: { ...detail(), ...(body as object), version: 5 } }),
}: {
  reads?: UserDetail[];
  save?: (body: unknown) => MockResponse;
} = {}) {
  let read = 0;
  const spy = mockApi((url, init) => {
    const { method, body } = requestOf(init);
    if (url.pathname === `/api/v1/users/${USER_ID}` && method === 'GET') {
      const answer = reads[Math.min(read, reads.length - 1)];
      read += 1;
      return { body: answer };
    }
    if (url.pathname === `/api/v1/users/${USER_ID}/rights` && method === 'PUT') return save(body);
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<UserRightsDialog open userId={USER_ID} userName="Sam Student" onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Edit rights of Sam Student' });
  await within(dialog).findByRole('button', { name: 'Save rights' });
  return { spy, onClose, user, dialog };
}

describe('the rights dialog (issue 11 item 2)', () => {
  it('applies a role preset: its claims replace the raw ones, its range is added, and removals are confirmed (issue 21 item 13)', async () => {
    const { spy, onClose, user, dialog } = await openDialog();
    const apply = within(dialog).getByRole('button', { name: 'Apply preset' });
    expect(apply).toBeDisabled();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Preset' }),
      'Faculty on the national range (USCR)',
    );
    expect(within(dialog).getByText(/Downloads courseware and lesson files/)).toBeInTheDocument();
    await user.click(apply);
    // The raw claims stay editable under the Advanced disclosure.
    expect(within(dialog).getByText('Advanced: claims (7)')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Value of claim 2' })).toHaveValue('list_v1_courses');
    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));
    // The student role goes: the dialog asks first.
    const confirm = await screen.findByRole('alertdialog', { name: 'Take rights away from Sam Student?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove and save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = calledWith(spy, 'PUT');
    expect(put?.body).toEqual({
      version: 4,
      claims: [{ type: 'role', value: 'USER' }, ...FACULTY_CLAIMS.filter((claim) => claim.type !== 'role')],
      subscriptions: ['coursewareFeature'],
      ranges: ['VACR', 'USCR'],
    });
  });

  it('adds a claim and saves the whole set with the version read', async () => {
    const { spy, onClose, user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Add claim' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Type of claim 2' })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: 'Type of claim 2' }), 'can-submit-abstract');
    await user.type(within(dialog).getByRole('textbox', { name: 'Value of claim 2' }), 'any');
    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calledWith(spy, 'PUT')).toEqual([
      {
        path: `/api/v1/users/${USER_ID}/rights`,
        body: {
          version: 4,
          claims: [
            { type: 'role', value: 'USER' },
            { type: 'role', value: 'student' },
            { type: 'api', value: 'list_v1_courses', scopes: ['any'] },
            { type: 'can-submit-abstract', value: 'any' },
          ],
          subscriptions: ['coursewareFeature'],
          ranges: ['VACR'],
        },
      },
    ]);
  });

  it('says under the field that a new claim needs a value, and sends nothing', async () => {
    const { spy, user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Add claim' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Type of claim 2' }), 'api');
    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));

    const value = within(dialog).getByRole('textbox', { name: 'Value of claim 2' });
    await waitFor(() => expect(value).toHaveFocus());
    expect(value).toHaveAccessibleDescription('Is required.');
    expect(calledWith(spy, 'PUT')).toEqual([]);
  });

  it('shows the server’s field message under the claim it names', async () => {
    const { user, dialog, onClose } = await openDialog({
      save: () => ({
        status: 400,
        body: {
          statusCode: 400,
          message: 'Invalid request.',
          errors: [{ path: 'body.claims.2.value', message: 'Unknown api operation.' }],
        },
      }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));
    const value = within(dialog).getByRole('textbox', { name: 'Value of claim 1' });
    await waitFor(() => expect(value).toHaveAccessibleDescription('Unknown api operation.'));
    expect(onClose).not.toHaveBeenCalled();
    expect(getShownErrors()).toEqual([]);
  });

  it('shows the server’s messages about a role and the subscriptions under their text boxes and focuses the first', async () => {
    const { user, dialog } = await openDialog({
      save: () => ({
        status: 400,
        body: {
          statusCode: 400,
          message: 'Invalid request.',
          errors: [
            { path: 'body.subscriptions.0', message: 'Unknown product.' },
            { path: 'body.claims.1.value', message: 'Unknown role.' },
          ],
        },
      }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));
    const role = within(dialog).getByRole('textbox', { name: 'New role' });
    await waitFor(() => expect(role).toHaveFocus());
    expect(role).toHaveAccessibleDescription(/Unknown role\.$/);
    expect(within(dialog).getByRole('textbox', { name: 'New subscription' })).toHaveAccessibleDescription(
      /Unknown product\.$/,
    );
  });

  it('asks before taking a role away; Cancel sends nothing, confirming saves', async () => {
    const { spy, user, dialog, onClose } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Remove role student' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Take rights away from Sam Student?' });
    expect(within(confirm).getByText('role student')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calledWith(spy, 'PUT')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove and save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = calledWith(spy, 'PUT');
    expect((put?.body as { claims: unknown[] } | undefined)?.claims).toEqual([
      { type: 'role', value: 'USER' },
      { type: 'api', value: 'list_v1_courses', scopes: ['any'] },
    ]);
  });

  it('on a 409 says the user changed meanwhile and reloads the current rights', async () => {
    const { user, dialog, onClose } = await openDialog({
      reads: [detail(), detail({ version: 7, subscriptions: ['coursewareFeature', 'labs'] })],
      save: () => ({ status: 409, body: { statusCode: 409, message: 'The user was changed meanwhile.' } }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));
    expect(await within(dialog).findByText(/changed by someone else meanwhile/)).toBeInTheDocument();
    expect(getShownErrors()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(await within(dialog).findByRole('button', { name: 'Remove subscription labs' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/changed by someone else meanwhile/)).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
