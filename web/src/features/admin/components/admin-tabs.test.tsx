// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '#shared/contracts/administration';
import type { Claim } from '#shared/contracts/identity';
import { getSession } from '../../../lib/auth/session-store.ts';
import { calledUrls, mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { PERSONAS, portalToken, storeSession, USER_IDS } from '../../../testing/session.ts';

const api = (value: string): Claim => ({ type: 'api', value });
/** The admin persona of the dev identity provider: every administration claim. */
const ADMIN_CLAIMS = [
  'patch_v1_content',
  'get_v1_users',
  'post_v1_impersonation',
  'put_v1_users',
  'put_v1_business_units',
  'post_v1_invitations',
  'post_v1_user_imports',
  'get_v1_audit_events',
].map(api);

const adminToken = () =>
  portalToken({ sub: USER_IDS.admin, displayName: 'Ada Admin', email: 'ada@example.org', claims: ADMIN_CLAIMS });

const SAM = {
  id: USER_IDS.student,
  displayName: 'Sam Student',
  email: 'sam@example.edu',
  roles: ['USER', 'student'],
  businessUnitId: '01jd7k2m3n4p5q6r7s8t9v0b01',
  businessUnitName: 'George Mason University',
  createdTimestamp: '2026-01-02T03:04:05.000Z',
};

const EVENT: AuditEvent = {
  id: '01jd7k2m3n4p5q6r7s8t9v0e01',
  timestamp: '2026-03-04T15:16:00.000Z',
  action: 'user.rights.update',
  actor: { id: USER_IDS.admin, displayName: 'Ada Admin', impersonatorId: null },
  target: { type: 'user', id: USER_IDS.student, name: 'Sam Student' },
  before: { claims: [{ type: 'role', value: 'USER' }], subscriptions: ['coursewareFeature'] },
  after: {
    claims: [
      { type: 'role', value: 'USER' },
      { type: 'can-submit-abstract', value: 'any' },
    ],
    subscriptions: ['coursewareFeature'],
  },
};

function mockPortal() {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/users') {
      const q = url.searchParams.get('q');
      return { body: { items: !q || 'sam student'.includes(q.toLowerCase()) ? [SAM] : [], nextPageToken: null } };
    }
    if (url.pathname === '/api/v1/audit-events') return { body: { items: [EVENT], nextPageToken: null } };
    return { body: { items: [], nextPageToken: null } };
  });
}

describe('the /admin tabs (spec §2.2; issue 11 item 5)', () => {
  it('shows an editor only the Courseware Info, Submissions and Reported reviews tabs', async () => {
    mockPortal();
    storeSession(PERSONAS.editor());
    renderApp({ path: '/admin?tab=users' });
    const tabs = within(await screen.findByRole('tablist', { name: 'Administration' })).getAllByRole('tab');
    // Issue 25 item 6: editors review courseware submissions in a tab of their own.
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Courseware Info', 'Submissions', 'Reported reviews']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('shows an administrator every tab, keeps the chosen one in the address, and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    mockPortal();
    storeSession(adminToken());
    const { router } = renderApp({ path: '/admin' });
    const list = await screen.findByRole('tablist', { name: 'Administration' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Courseware Info',
      'Users',
      'Organizations',
      'Invitations',
      'Imports',
      'Audit log',
      'Submissions',
      'Reported reviews',
    ]);
    await user.click(within(list).getByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=users');
    expect(screen.getByRole('cell', { name: 'George Mason University' })).toBeInTheDocument();

    within(list).getByRole('tab', { name: 'Users' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(list).getByRole('tab', { name: 'Organizations' })).toHaveFocus());
  });

  it('searches users from 2 characters and opens a user’s history in the audit log, before and after side by side', async () => {
    const spy = mockPortal();
    storeSession(adminToken());
    const { router } = renderApp({ path: '/admin?tab=users' });
    await screen.findByRole('table', { name: 'Users' });
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    // The typing pause runs on a fake clock, so one character has settled past the
    // 300 ms debounce before the second comes, however slow the machine (issue 23 item 8).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // fireEvent, not userEvent: Testing Library's async wrapper waits on a real timer.
      fireEvent.change(search, { target: { value: 's' } });
      await act(() => vi.advanceTimersByTimeAsync(300));
      fireEvent.change(search, { target: { value: 'sam' } });
      await act(() => vi.advanceTimersByTimeAsync(300));
    } finally {
      vi.useRealTimers();
    }
    const user = userEvent.setup();
    await waitFor(() => expect(calledUrls(spy)).toContain('/api/v1/users?q=sam&limit=50'));
    expect(calledUrls(spy).filter((url) => url.includes('q=s&'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'History of Sam Student' }));
    const log = await screen.findByRole('table', { name: 'Audit log' });
    expect(router.state.location.search).toBe(`?tab=audit&target=${USER_IDS.student}`);
    expect(calledUrls(spy)).toContain(`/api/v1/audit-events?targetId=${USER_IDS.student}&limit=50`);
    expect(within(log).getByRole('cell', { name: 'Changed rights' })).toBeInTheDocument();
    const disclosure = within(log).getByRole('button', { name: /^Changes: Changed rights, Sam Student/ });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const sides = await screen.findByRole('table', { name: 'Before and after: Changed rights, Sam Student' });
    const claims = within(sides).getByRole('row', { name: /claims/ });
    expect(within(claims).getByText('Changed')).toBeInTheDocument();
    expect(within(claims).getAllByRole('cell')[2]).toHaveTextContent('can-submit-abstract = any');
    expect(within(within(sides).getByRole('row', { name: /subscriptions/ })).queryByText('Changed')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show all changes' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=audit'));
  });
});
