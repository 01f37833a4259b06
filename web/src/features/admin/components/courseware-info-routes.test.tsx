// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/auth/session-store.ts';
import { contentSummary } from '../../../testing/fixtures.ts';
import { calledUrls, mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { PERSONAS, storeSession } from '../../../testing/session.ts';

const ITEM = contentSummary({ name: 'Admin Listed Lab', urlAlias: 'labs/admin-listed' });

function mockPortal() {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/content' && url.searchParams.get('condense') === 'true') {
      return { body: { items: [ITEM], nextPageToken: null } };
    }
    return { body: { items: [], nextPageToken: null } };
  });
}

describe('Courseware Info on the admin routes (spec §2.2, §2.7)', () => {
  it('shows an editor the Courseware Info table on /admin, titles linking to the content', async () => {
    const user = userEvent.setup();
    mockPortal();
    storeSession(PERSONAS.editor());
    const { router } = renderApp({ path: '/admin' });
    const table = await screen.findByRole('table', { name: 'Courseware Info' });
    await user.click(within(table).getByRole('link', { name: 'Admin Listed Lab' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware/labs/admin-listed'));
  });

  it('shows an administrator the archived variant on /archived-content', async () => {
    const spy = mockPortal();
    storeSession(PERSONAS.admin());
    renderApp({ path: '/archived-content' });
    expect(await screen.findByRole('table', { name: 'Archived Courseware Info' })).toBeInTheDocument();
    expect(calledUrls(spy)).toContain('/api/v1/content?archived=true&condense=true&limit=300');
  });
});
