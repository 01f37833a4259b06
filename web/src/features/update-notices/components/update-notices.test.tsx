// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { UPDATE_NOTICE_EMAIL_LABEL, UpdateNoticesEmailSetting } from './update-notices-email-setting.tsx';
import { UpdateNoticesUnsubscribe } from './update-notices-unsubscribe.tsx';

function baseApi(extra: (url: URL, init?: RequestInit) => { status?: number; body: unknown } | null) {
  return mockApi((url, init) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return extra(url, init) ?? { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

describe('the update-notice e-mail switch (issue 25 item 5)', () => {
  it('shows the stored setting and turns the e-mail off with the keyboard', async () => {
    signIn(PERSONAS.faculty());
    let emailDigest = true;
    const spy = baseApi((url, init) => {
      if (url.pathname !== '/api/v1/update-notices/settings') return null;
      if (init?.method === 'PUT') emailDigest = JSON.parse(String(init.body)).emailDigest;
      return { body: { emailDigest } };
    });
    const user = userEvent.setup();
    renderWithProviders(<UpdateNoticesEmailSetting />);
    const box = await screen.findByRole('checkbox', { name: UPDATE_NOTICE_EMAIL_LABEL });
    expect(box).toBeChecked();
    box.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Update e-mails off.')).toBeInTheDocument();
    expect(calledWith(spy, 'PUT')).toEqual([{ path: '/api/v1/update-notices/settings', body: { emailDigest: false } }]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: UPDATE_NOTICE_EMAIL_LABEL })).not.toBeChecked());
  });
});

describe('the update-notice unsubscribe page (issue 25 item 5)', () => {
  it('stops the e-mails only when the button is pressed, without signing in', async () => {
    const spy = baseApi((url) =>
      url.pathname === '/api/v1/update-notices/unsubscribe' ? { body: { unsubscribed: true } } : null,
    );
    const user = userEvent.setup();
    renderWithProviders(<UpdateNoticesUnsubscribe token="tok" />);
    expect(calledWith(spy, 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Stop the e-mails' }));
    expect(
      await screen.findByText('Done: you will get no more e-mails about updates to courseware you downloaded.'),
    ).toBeInTheDocument();
    expect(calledWith(spy, 'POST')).toEqual([{ path: '/api/v1/update-notices/unsubscribe', body: undefined }]);
  });

  it('says a forged or used link is not valid', async () => {
    baseApi((url) =>
      url.pathname === '/api/v1/update-notices/unsubscribe'
        ? { status: 404, body: { statusCode: 404, message: 'This unsubscribe link is not valid.' } }
        : null,
    );
    const user = userEvent.setup();
    renderWithProviders(<UpdateNoticesUnsubscribe token="used" />);
    await user.click(screen.getByRole('button', { name: 'Stop the e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid, or was used already.',
    );
    expect(screen.queryByRole('button', { name: 'Stop the e-mails' })).not.toBeInTheDocument();
  });
});
