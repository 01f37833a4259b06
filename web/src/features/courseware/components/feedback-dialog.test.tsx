// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_MESSAGE_TOO_LONG,
  SCREENSHOT_SIZE_MESSAGE,
  SCREENSHOT_TYPE_MESSAGE,
} from '#shared/contracts/feedback';
import { getSession } from '../../../lib/auth/session-store.ts';
import { getShownErrors } from '../../../lib/error-store.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, portalToken, signIn } from '../../../testing/session.ts';
import { FeedbackButton } from './feedback-dialog.tsx';

const CONTENT = { id: '01jd7k2m3n4p5q6r7s8t9v0c01', name: 'Buffer Overflow Attack Lab' };
const feedbackToken = () =>
  portalToken({ displayName: 'Fay Faculty', claims: [{ type: 'api', value: 'post_v1_content_feedback' }] });

const FEEDBACK_PATH = `/api/v1/content-items/${CONTENT.id}/feedback`;
const SENT = { status: 201, body: { id: CONTENT.id, emailStatus: 'sent' } };

/** Answers the feedback POST with `answer`, and the session's own calls (claims, messages) as a server would. */
function mockFeedbackApi(answer: { status?: number; body: unknown } = SENT) {
  return mockApi((url) => {
    if (url.pathname === FEEDBACK_PATH) return answer;
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

/** The JSON bodies the feedback route received. */
function sentBodies(api: ReturnType<typeof mockApi>): unknown[] {
  return api.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === FEEDBACK_PATH)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function openDialog() {
  const user = userEvent.setup({ applyAccept: false });
  signIn(feedbackToken());
  renderWithProviders(<FeedbackButton content={CONTENT} />);
  await user.click(await screen.findByRole('button', { name: 'Send feedback' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
  return { user, dialog };
}

const png = (size: number, name = 'shot.png', type = 'image/png') => new File([new Uint8Array(size)], name, { type });

describe('the feedback button (spec §2.6, §6)', () => {
  it('is not shown to a visitor nor to a reader without the send-content-feedback capability', async () => {
    const { unmount } = renderWithProviders(<FeedbackButton content={CONTENT} />);
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();
    unmount();
    signIn(PERSONAS.student());
    renderWithProviders(<FeedbackButton content={CONTENT} />);
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();
  });
});

describe('the feedback dialog (spec §5 "Content feedback")', () => {
  it('does not send an empty message: the error is an alert and the message takes the focus', async () => {
    const api = mockFeedbackApi();
    const { user } = await openDialog();

    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Is required.');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveFocus();
    expect(sentBodies(api)).toEqual([]);
  });

  it('refuses 1001 characters and sends 1000, with a counter', async () => {
    const api = mockFeedbackApi();
    const { user } = await openDialog();
    const message = screen.getByRole('textbox', { name: /Message/ });

    await user.click(message);
    await user.paste('x'.repeat(1001));
    expect(screen.getByText('1001 of 1000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent(FEEDBACK_MESSAGE_TOO_LONG);
    expect(message).toHaveFocus();
    expect(sentBodies(api)).toEqual([]);

    await user.type(message, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thank you. Your feedback was sent to the courseware team.')).toBeInTheDocument();
    expect(sentBodies(api)).toEqual([{ message: 'x'.repeat(1000) }]);
  });

  it('shows the accepted types and the maximum size next to the screenshot field', async () => {
    await openDialog();
    const input = screen.getByLabelText('Screenshot (optional)');
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,.gif');
    expect(screen.getByText('.jpg, .jpeg, .png, .gif; at most 1,000,000 bytes.')).toBeInTheDocument();
  });

  it('drops a file of 1,000,001 bytes with the max-size message and keeps one of 1,000,000', async () => {
    const { user } = await openDialog();
    const input = screen.getByLabelText<HTMLInputElement>('Screenshot (optional)');

    await user.upload(input, png(1_000_001));
    expect(screen.getByRole('alert')).toHaveTextContent(SCREENSHOT_SIZE_MESSAGE);
    expect(input.files).toHaveLength(0);
    expect(screen.queryByText(/^Attached:/)).not.toBeInTheDocument();

    await user.upload(input, png(1_000_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Attached: shot.png (1,000,000 bytes)')).toBeInTheDocument();
  });

  it('drops a file of another type with the accept-error', async () => {
    const { user } = await openDialog();
    const input = screen.getByLabelText<HTMLInputElement>('Screenshot (optional)');

    await user.upload(input, png(10, 'shot.bmp', 'image/bmp'));

    expect(screen.getByRole('alert')).toHaveTextContent(SCREENSHOT_TYPE_MESSAGE);
    expect(input.files).toHaveLength(0);
  });

  it('sends the message and the screenshot as base64', async () => {
    const api = mockFeedbackApi();
    const { user } = await openDialog();

    await user.type(screen.getByRole('textbox', { name: /Message/ }), '  Step 4 is wrong.  ');
    await user.upload(
      screen.getByLabelText('Screenshot (optional)'),
      new File(['GIF89a'], 'step.gif', { type: 'image/gif' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await screen.findByText('Thank you. Your feedback was sent to the courseware team.');
    expect(sentBodies(api)).toEqual([
      { message: 'Step 4 is wrong.', screenshot: { name: 'step.gif', type: 'image/gif', data: btoa('GIF89a') } },
    ]);
  });

  it("shows the server's field errors under their fields, outside the ERROR dialog", async () => {
    mockFeedbackApi({
      status: 400,
      body: {
        statusCode: 400,
        message: 'Invalid request.',
        errors: [{ path: 'body.screenshot.data', message: SCREENSHOT_TYPE_MESSAGE }],
      },
    });
    const { user } = await openDialog();

    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hi');
    await user.upload(
      screen.getByLabelText('Screenshot (optional)'),
      new File(['PNG'], 'fake.gif', { type: 'image/gif' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SCREENSHOT_TYPE_MESSAGE);
    await waitFor(() => expect(screen.getByLabelText('Screenshot (optional)')).toHaveFocus());
    expect(getShownErrors()).toEqual([]);
  });

  it('says so when the feedback was stored but the e-mail is still pending', async () => {
    mockFeedbackApi({ status: 201, body: { id: CONTENT.id, emailStatus: 'pending' } });
    const { user } = await openDialog();

    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Thank you. Your feedback was saved; the e-mail to the courseware team will follow.'),
    ).toBeInTheDocument();
  });
});
