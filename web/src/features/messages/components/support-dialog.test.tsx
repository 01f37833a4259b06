// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Claim } from '#shared/contracts/identity';
import { SUPPORT_EMAIL_REQUIRED_MESSAGE } from '#shared/contracts/messages';
import { ErrorDialog } from '../../../components/errors/error-dialog.tsx';
import { getSession, logout } from '../../../lib/auth/session-store.ts';
import { clearErrors } from '../../../lib/error-store.ts';
import { calledUrls, calledWith, type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { portalToken, signIn } from '../../../testing/session.ts';
import { SupportDialog } from './support-dialog.tsx';

const COURSES = [
  { id: '01jd7k2m3n4p5q6r7s8t9v0k01', name: 'CYBR 1100 Introduction to Cybersecurity', roles: ['instructor'] },
  { id: '01jd7k2m3n4p5q6r7s8t9v0k02', name: 'CYBR 3600 Network Defense', roles: ['instructor', 'course admin'] },
].map((course) => ({ ...course, createdTimestamp: '2026-01-12T15:00:00.000Z' }));
const ORGANIZATIONS = [
  { id: '01jd7k2m3n4p5q6r7s8t9v0g01', name: 'University of Nebraska at Omaha', roles: ['organization admin'] },
];
const RECIPIENTS = [
  { name: 'Ursula Instructor', role: 'instructor' },
  { name: 'Omar Admin', role: 'course admin organization admin' },
];

const api = (value: string, scopes?: string[]): Claim => ({ type: 'api', value, ...(scopes ? { scopes } : {}) });
const COURSE_SUPPORT = api('post_v1_course_support');
const ORGANIZATION_SUPPORT = api('post_v1_organization_support');

interface Answers {
  support?: MockResponse;
}

function mockSupportApi({ support }: Answers = {}) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    if (url.pathname === '/api/v1/user/courses') return { body: { items: COURSES, nextPageToken: null } };
    if (url.pathname === '/api/v1/organizations') return { body: { items: ORGANIZATIONS } };
    if (url.pathname.endsWith('/support')) {
      return (
        support ?? {
          status: 201,
          body: { id: '01jd7k2m3n4p5q6r7s8t9v0s99', emailStatus: 'sent', recipients: RECIPIENTS },
        }
      );
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

async function openDialog({ claims, email = 'una@example.edu' }: { claims: Claim[]; email?: string | null }) {
  const user = userEvent.setup();
  signIn(portalToken({ displayName: 'Una Faculty', email, claims: [...claims] }));
  const onClose = vi.fn();
  renderWithProviders(<SupportDialog onClose={onClose} returnFocus={null} />);
  const dialog = await screen.findByRole('dialog', { name: 'Request support' });
  return { user, dialog, onClose };
}

const topicSelect = () => screen.getByRole('combobox', { name: /^Topic/ });
const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function fill(user: ReturnType<typeof userEvent.setup>, name: string, value: string) {
  await user.clear(textbox(name));
  await user.click(textbox(name));
  await user.paste(value);
}

describe('the support dialog topics (spec §5 "Support dialog")', () => {
  it('shows only a Courses group, from the user’s courses, with the course-support claim', async () => {
    const calls = mockSupportApi();
    await openDialog({ claims: [COURSE_SUPPORT] });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    const groups = within(topicSelect()).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Courses']);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(COURSES.map((course) => course.name));
    expect(calledUrls(calls).some((url) => url.startsWith('/api/v1/organizations'))).toBe(false);
  });

  it('shows only an Organizations group with the organization-support claim', async () => {
    const calls = mockSupportApi();
    await openDialog({ claims: [ORGANIZATION_SUPPORT] });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    const groups = within(topicSelect()).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Organizations']);
    expect(within(groups[0] as HTMLElement).getByRole('option')).toHaveTextContent('University of Nebraska at Omaha');
    expect(calledUrls(calls).some((url) => url.startsWith('/api/v1/user/courses'))).toBe(false);
  });

  it('shows both groups with both claims, and only the courses a scoped claim names', async () => {
    mockSupportApi();
    await openDialog({ claims: [api('post_v1_course_support', [COURSES[1]?.id ?? '']), ORGANIZATION_SUPPORT] });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    const groups = within(topicSelect()).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Courses', 'Organizations']);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['CYBR 3600 Network Defense']);
  });

  it('says there is nothing to ask about without either claim, and fetches nothing', async () => {
    const calls = mockSupportApi();
    await openDialog({ claims: [] });
    expect(screen.getByText('There is no course or organization you may ask support for.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact-us');
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(calledUrls(calls).filter((url) => url.includes('courses') || url.includes('organizations'))).toEqual([]);
  });
});

describe('the support dialog form (spec §5 "Support dialog")', () => {
  it('asks for no e-mail when the identity has one', async () => {
    mockSupportApi();
    await openDialog({ claims: [COURSE_SUPPORT] });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: /^Email/ })).not.toBeInTheDocument();
  });

  it('requires the topic first, then subject and message, focusing the first invalid field', async () => {
    const calls = mockSupportApi();
    const { user } = await openDialog({ claims: [COURSE_SUPPORT] });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Topic: Choose a topic.',
      'Subject: Is required.',
      'Message: Is required.',
    ]);
    expect(topicSelect()).toHaveFocus();
    expect(calledWith(calls, 'POST')).toEqual([]);
  });

  it.each([
    ['Subject', 200],
    ['Message', 10_000],
  ] as const)('refuses %s past %i characters and sends it at the limit', async (label, limit) => {
    const calls = mockSupportApi();
    const { user } = await openDialog({ claims: [COURSE_SUPPORT] });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    await user.selectOptions(topicSelect(), `course:${COURSES[0]?.id}`);
    await fill(user, 'Subject', 'Lab VMs do not start');
    await fill(user, 'Message', 'The lab machines of week 3 stay in Starting.');
    await fill(user, label, 'x'.repeat(limit + 1));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent(`${label}: Must be at most ${limit} characters.`);
    expect(textbox(label)).toHaveFocus();
    expect(calledWith(calls, 'POST')).toEqual([]);

    await user.type(textbox(label), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { name: 'Support request sent' });
    const posted = calledWith(calls, 'POST');
    expect(posted).toHaveLength(1);
    const body = (posted[0]?.body ?? {}) as Record<string, string>;
    expect(body[label.toLowerCase()]).toHaveLength(limit);
  });

  it('sends to the chosen course with the client context, then lists the recipients by name and role', async () => {
    const calls = mockSupportApi();
    const { user, onClose } = await openDialog({ claims: [COURSE_SUPPORT, ORGANIZATION_SUPPORT] });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    await user.selectOptions(topicSelect(), `course:${COURSES[1]?.id}`);
    await fill(user, 'Subject', 'Lab VMs do not start');
    await fill(user, 'Message', 'The lab machines of week 3 stay in Starting.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const title = await screen.findByRole('heading', { name: 'Support request sent' });
    await waitFor(() => expect(title).toHaveFocus());
    const table = screen.getByRole('table', { name: 'Recipients' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual(RECIPIENTS.map((recipient) => [recipient.name, recipient.role]));

    const [sent] = calledWith(calls, 'POST');
    expect(sent?.path).toBe(`/api/v1/courses/${COURSES[1]?.id}/support`);
    const body = sent?.body as { email?: string; subject: string; message: string; context: Record<string, string> };
    expect(body.email).toBeUndefined();
    expect(body.subject).toBe('Lab VMs do not start');
    expect(body.context.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(body.context.browser).toEqual(expect.any(String));
    expect(body.context.operatingSystem).toEqual(expect.any(String));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('sends an organization request to the organization route', async () => {
    const calls = mockSupportApi();
    const { user } = await openDialog({ claims: [ORGANIZATION_SUPPORT] });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    await user.selectOptions(topicSelect(), `organization:${ORGANIZATIONS[0]?.id}`);
    await fill(user, 'Subject', 'Add a co-instructor');
    await fill(user, 'Message', 'Please add my colleague to our organization.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { name: 'Support request sent' });
    expect(calledWith(calls, 'POST')[0]?.path).toBe(`/api/v1/organizations/${ORGANIZATIONS[0]?.id}/support`);
  });
});

describe('the support dialog e-mail (spec §5: asked only when the identity has none)', () => {
  it('asks for it, required and valid, at most 320 characters', async () => {
    const calls = mockSupportApi();
    const { user } = await openDialog({ claims: [COURSE_SUPPORT], email: null });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    await user.selectOptions(topicSelect(), `course:${COURSES[0]?.id}`);
    await fill(user, 'Subject', 'Help');
    await fill(user, 'Message', 'Please help.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email: Is required.');
    expect(textbox('Email')).toHaveFocus();

    const local = (length: number) => `${'a'.repeat(length - '@example.edu'.length)}@example.edu`;
    await fill(user, 'Email', local(321));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email: Must be at most 320 characters.');
    await fill(user, 'Email', 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email: Enter a valid e-mail address.');
    expect(calledWith(calls, 'POST')).toEqual([]);

    await fill(user, 'Email', local(320));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { name: 'Support request sent' });
    const body = (calledWith(calls, 'POST')[0]?.body ?? {}) as { email?: string };
    expect(body.email).toBe(local(320));
  });

  it('asks for it when the server says the account has none', async () => {
    mockSupportApi({
      support: {
        status: 400,
        body: {
          statusCode: 400,
          message: 'The request is not valid.',
          errors: [{ path: 'body.email', message: SUPPORT_EMAIL_REQUIRED_MESSAGE }],
        },
      },
    });
    const { user } = await openDialog({ claims: [COURSE_SUPPORT] });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    await user.selectOptions(topicSelect(), `course:${COURSES[0]?.id}`);
    await fill(user, 'Subject', 'Help');
    await fill(user, 'Message', 'Please help.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Email: ${SUPPORT_EMAIL_REQUIRED_MESSAGE}`);
    await waitFor(() => expect(textbox('Email')).toHaveFocus());
  });
});

describe('the support dialog and the session', () => {
  it('closes itself when the session ends', async () => {
    mockSupportApi();
    const { onClose } = await openDialog({ claims: [COURSE_SUPPORT] });
    logout();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('the support dialog past the rate limit (issue 21 item 4)', () => {
  afterEach(clearErrors);

  it('tells the reader how long to wait, from the 429’s Retry-After, and keeps the dialog open', async () => {
    mockSupportApi({
      support: {
        status: 429,
        body: { statusCode: 429, message: 'Too many requests.' },
        headers: { 'Retry-After': '300' },
      },
    });
    const user = userEvent.setup();
    signIn(portalToken({ displayName: 'Una Faculty', email: 'una@example.edu', claims: [COURSE_SUPPORT] }));
    renderWithProviders(
      <>
        <SupportDialog onClose={vi.fn()} returnFocus={null} />
        <ErrorDialog />
      </>,
    );
    await screen.findByRole('dialog', { name: 'Request support' });
    await waitFor(() => expect(topicSelect()).toBeInTheDocument());
    await user.selectOptions(topicSelect(), `course:${COURSES[0]?.id}`);
    await fill(user, 'Subject', 'Lab VMs do not start');
    await fill(user, 'Message', 'The lab machines of week 3 stay in Starting.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const error = await screen.findByRole('alertdialog', { name: 'ERROR' });
    expect(error).toHaveTextContent('Too many requests. Try again in 5 minutes.');
    // The error dialog is modal: once it is closed, the support dialog is still there with what was typed.
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('textbox', { name: /^Subject/ })).toHaveValue('Lab VMs do not start');
  });
});
