// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, type InvitationPreview } from '#shared/contracts/administration';
import {
  getPendingInvitation,
  resetInvitationForTests,
  savePendingInvitation,
} from '../../../lib/auth/invitation-token.ts';
import { getSession } from '../../../lib/auth/session-store.ts';
import { getShownErrors } from '../../../lib/error-store.ts';
import { searchContentPage } from '../../../testing/fixtures.ts';
import { calledUrls, calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderApp, renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS } from '../../../testing/session.ts';
import { AcceptInvitation, unusableReason } from './accept-invitation.tsx';

const TOKEN = '01jd7k2m3n4p5q6r7s8t9v0v01.s3cr3t';
const ORGANIZATION = 'University of Nebraska at Omaha cyber range courses';
const preview = (overrides: Partial<InvitationPreview> = {}): InvitationPreview => ({
  organizationName: ORGANIZATION,
  role: 'student',
  invitedByName: 'Una Faculty',
  expiresTimestamp: '2099-12-05T12:00:00.000Z',
  status: 'pending',
  ...overrides,
});

function mockPreview(answer: { status?: number; body: unknown }) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/invitations/preview') return answer;
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

// jsdom does not navigate: keep the links' default action from reaching it.
const stopNavigation = (event: Event) => event.preventDefault();
beforeEach(() => document.addEventListener('click', stopNavigation));
afterEach(() => {
  document.removeEventListener('click', stopNavigation);
  resetInvitationForTests();
});

describe('the invitation link (/invitation?token=)', () => {
  it('says who invites whom to what until when, and keeps the token for the trip to the login host', async () => {
    // Prepare
    const spy = mockPreview({ body: preview() });
    const user = userEvent.setup();

    // Act
    renderWithProviders(<AcceptInvitation />, { path: `/invitation?token=${encodeURIComponent(TOKEN)}` });

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'You are invited' })).toBeInTheDocument();
    expect(
      screen.getByText(`Una Faculty invites you to ${ORGANIZATION} as a student, until December 5, 2099.`),
    ).toBeInTheDocument();
    expect(calledUrls(spy)).toEqual([`/api/v1/invitations/preview?token=${encodeURIComponent(TOKEN)}`]);
    const signIn = screen.getByRole('link', { name: 'Sign in to accept' });
    const login = new URL(signIn.getAttribute('href') ?? '');
    expect(`${login.origin}${login.pathname}`).toBe('https://login.uscyberrange.example/login');
    expect(login.searchParams.get('redirect_url')).toBe(`${window.location.origin}/invitation`);
    const signUp = new URL(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href') ?? '');
    expect(`${signUp.origin}${signUp.pathname}`).toBe('https://login.uscyberrange.example/signup');
    expect(signUp.searchParams.get('redirect_url')).toBe(`${window.location.origin}/invitation`);
    expect(getPendingInvitation()).toBeNull();

    await user.click(signIn);
    expect(getPendingInvitation()).toEqual({ token: TOKEN, organizationName: ORGANIZATION, role: 'student' });
  });

  it.each([
    ['used', preview({ status: 'accepted' }), INVITATION_MESSAGES.used],
    ['withdrawn', preview({ status: 'revoked' }), INVITATION_MESSAGES.revoked],
    ['expired', preview({ status: 'expired' }), INVITATION_MESSAGES.expired],
    ['past its expiry date', preview({ expiresTimestamp: '2020-01-01T00:00:00.000Z' }), INVITATION_MESSAGES.expired],
  ])('says an invitation that is %s cannot be used, with no way to accept it', async (_case, answer, message) => {
    mockPreview({ body: answer });
    renderWithProviders(<AcceptInvitation />, { path: `/invitation?token=${TOKEN}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to accept' })).not.toBeInTheDocument();
  });

  it('says a forged link is not valid, without the ERROR dialog', async () => {
    mockPreview({ status: 404, body: { statusCode: 404, message: 'Invitation not found.' } });
    renderWithProviders(<AcceptInvitation />, { path: '/invitation?token=forged' });
    expect(await screen.findByText(INVITATION_MESSAGES.invalid)).toBeInTheDocument();
    expect(getShownErrors()).toEqual([]);
  });

  it('offers Retry when the preview could not be loaded', async () => {
    mockPreview({ status: 500, body: { statusCode: 500, message: 'Internal server error.' } });
    renderWithProviders(<AcceptInvitation />, { path: `/invitation?token=${TOKEN}` });
    expect(await screen.findByText('The invitation could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('reads the status of a preview', () => {
    expect(unusableReason(preview())).toBeNull();
    expect(unusableReason(null)).toBe(INVITATION_MESSAGES.invalid);
  });
});

/** The API of the return trip: authenticate answers per whether the invitation token came along. */
function mockReturnTrip({
  withInvitation,
  withoutInvitation,
}: {
  withInvitation: { status?: number; body: unknown };
  withoutInvitation: { status?: number; body: unknown };
}) {
  return mockApi((url, init) => {
    if (url.pathname === '/api/v1/authenticate') {
      const body = JSON.parse(String(init?.body)) as { invitationToken?: string };
      return body.invitationToken ? withInvitation : withoutInvitation;
    }
    if (url.pathname === '/api/v1/claims' || url.pathname === '/api/v1/messages') return { body: { items: [] } };
    if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
    if (url.pathname === '/api/v1/search/content') return { body: searchContentPage() };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

describe("coming back from the login host (the entry guard's ?t= with an invitation)", () => {
  it('sends the kept invitation token with the sign-in, confirms, links to the exercise area and forgets the token', async () => {
    // Prepare
    savePendingInvitation({ token: TOKEN, organizationName: ORGANIZATION, role: 'student' });
    const spy = mockReturnTrip({
      withInvitation: { body: { token: PERSONAS.student() } },
      withoutInvitation: { status: 401, body: { statusCode: 401, message: 'Your account could not be found.' } },
    });

    // Act
    const { router } = renderApp({ path: '/invitation?t=upstream-token' });

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeInTheDocument();
    expect(screen.getByText(`Welcome! You joined ${ORGANIZATION} as a student.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the exercise area' })).toHaveAttribute('href', '/exercises');
    expect(calledWith(spy, 'POST')).toEqual([
      {
        path: '/api/v1/authenticate',
        body: { provider: 'vcr', token: 'upstream-token', invitationToken: TOKEN },
      },
    ]);
    expect(getSession().status).toBe('logged-in');
    expect(getPendingInvitation()).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(getShownErrors()).toEqual([]);
  });

  it('shows a refusal in the ERROR dialog and gives someone with an account their normal session', async () => {
    savePendingInvitation({ token: TOKEN, organizationName: ORGANIZATION, role: 'student' });
    const spy = mockReturnTrip({
      withInvitation: { status: 409, body: { statusCode: 409, message: INVITATION_MESSAGES.used } },
      withoutInvitation: { body: { token: PERSONAS.faculty() } },
    });

    renderApp({ path: '/invitation?t=upstream-token' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The invitation was not accepted' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You are signed in with your existing account/)).toBeInTheDocument();
    expect(getShownErrors().map((error) => error.message)).toEqual([INVITATION_MESSAGES.used]);
    expect(calledWith(spy, 'POST').map((call) => call.body)).toEqual([
      { provider: 'vcr', token: 'upstream-token', invitationToken: TOKEN },
      { provider: 'vcr', token: 'upstream-token' },
    ]);
    expect(getSession()).toMatchObject({ status: 'logged-in', user: { displayName: 'Fay Faculty' } });
    expect(getPendingInvitation()).toBeNull();
  });

  it('leaves a new person signed out after a refusal, with only the refusal shown', async () => {
    savePendingInvitation({ token: TOKEN, organizationName: ORGANIZATION, role: 'student' });
    mockReturnTrip({
      withInvitation: { status: 409, body: { statusCode: 409, message: INVITATION_MESSAGES.expired } },
      withoutInvitation: { status: 401, body: { statusCode: 401, message: 'Your account could not be found.' } },
    });

    renderApp({ path: '/invitation?t=upstream-token' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The invitation was not accepted' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ask whoever invited you for a new invitation.')).toBeInTheDocument();
    expect(getShownErrors().map((error) => error.message)).toEqual([INVITATION_MESSAGES.expired]);
    expect(getSession().status).toBe('logged-out');
  });

  it('keeps a ?t= sign-in on any other page a normal one', async () => {
    savePendingInvitation({ token: TOKEN, organizationName: ORGANIZATION, role: 'student' });
    const spy = mockReturnTrip({
      withInvitation: { body: { token: PERSONAS.student() } },
      withoutInvitation: { body: { token: PERSONAS.student() } },
    });

    renderApp({ path: '/courseware?t=upstream-token' });

    await screen.findByRole('button', { name: /^Account menu/ });
    expect(calledWith(spy, 'POST').map((call) => call.body)).toEqual([{ provider: 'vcr', token: 'upstream-token' }]);
    expect(getPendingInvitation()).not.toBeNull();
  });
});
