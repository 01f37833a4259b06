// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledWith, mockApi } from '../../testing/mock-api.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { Component as UnsubscribePage } from './saved-searches-unsubscribe.tsx';

function api() {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/update-notices/unsubscribe') return { body: { unsubscribed: true } };
    if (url.pathname === '/api/v1/saved-searches/unsubscribe') return { body: { unsubscribed: 1 } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

describe('the e-mail unsubscribe page (issues 24 item 8, 25 item 5)', () => {
  it('stops the update-notice e-mail for a link with list=update-notices', async () => {
    const spy = api();
    const user = userEvent.setup();
    renderWithProviders(<UnsubscribePage />, { path: '/saved-searches/unsubscribe?list=update-notices&token=tok' });
    expect(screen.getByRole('heading', { level: 1, name: 'Stop update e-mails' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop the e-mails' }));
    expect(await screen.findByText(/no more e-mails about updates to courseware you downloaded/)).toBeInTheDocument();
    expect(calledWith(spy, 'POST').map((call) => call.path)).toEqual(['/api/v1/update-notices/unsubscribe']);
  });

  it('stops the saved-search e-mail for a link without list', async () => {
    const spy = api();
    const user = userEvent.setup();
    renderWithProviders(<UnsubscribePage />, { path: '/saved-searches/unsubscribe?token=tok' });
    expect(screen.getByRole('heading', { level: 1, name: 'Stop saved-search e-mails' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop the e-mails' }));
    expect(await screen.findByText(/no more e-mails about your saved searches/)).toBeInTheDocument();
    expect(calledWith(spy, 'POST').map((call) => call.path)).toEqual(['/api/v1/saved-searches/unsubscribe']);
  });
});
