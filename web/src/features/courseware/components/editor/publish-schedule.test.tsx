// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PUBLISH_AT_PAST_MESSAGE } from '#shared/contracts/content';
import { bufferOverflowDetail, IDS } from '../../../../testing/fixtures.ts';
import { calledWith } from '../../../../testing/mock-api.ts';
import { PERSONAS, storeSession } from '../../../../testing/session.ts';
import { mockEditorApi, renderEditorRoutes as renderApp } from '../../testing/editor-test-kit.tsx';

const PATH = '/courseware/seed-labs/software-security/buffer-overflow-setuid';
const ITEM_PATH = `/api/v1/content-items/${IDS.bufferOverflow}`;

async function pickTime(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  const day = within(dialog).getByLabelText('Day');
  await user.clear(day);
  await user.type(day, '2031-05-04');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Hour' }), '9');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Minute' }), '30');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'AM or PM' }), 'AM');
}

describe('scheduled publishing in the editor (issue 25 item 7)', () => {
  it('schedules an unpublished item at a day and time, shows when, and cancels it after a confirmation', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(bufferOverflowDetail({ status: 'unpublished', version: 2 }));
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Schedule publishing…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Schedule publishing' });
    await pickTime(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    expect(await screen.findByText(/^Scheduled for May 4, 2031/)).toBeInTheDocument();
    const [set] = calledWith(api.spy, 'PATCH').filter((call) => call.path === ITEM_PATH);
    const sent = set?.body as { publishAt: string; version: number };
    expect(sent.version).toBe(2);
    expect(new Date(sent.publishAt).getHours()).toBe(9);
    expect(new Date(sent.publishAt).getMinutes()).toBe(30);
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('Publishing scheduled.'));

    await user.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel the schedule' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByRole('button', { name: 'Schedule publishing…' })).toBeInTheDocument();
    const [, cancel] = calledWith(api.spy, 'PATCH').filter((call) => call.path === ITEM_PATH);
    expect(cancel?.body).toEqual({ publishAt: null, version: 3 });
  });

  it('shows the server’s refusal of a time in the past in the dialog', async () => {
    const user = userEvent.setup();
    mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }), {
      patch: () => ({
        status: 400,
        body: {
          statusCode: 400,
          message: 'Invalid request',
          errors: [{ path: 'body.publishAt', message: PUBLISH_AT_PAST_MESSAGE }],
        },
      }),
    });
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Schedule publishing…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Schedule publishing' });
    await pickTime(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText(PUBLISH_AT_PAST_MESSAGE)).toBeInTheDocument();
  });
});
