import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { type Claim, COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import { SUPPORT_EMAIL_REQUIRED_MESSAGE } from '#shared/contracts/messages';
import { MESSAGE_LIMITS } from '#shared/limits';
import { sesClient } from '../../adapters/aws-clients.ts';
import { addOrganizationMember, createCourse } from '../../data/courses.ts';
import { getOutboxMessage } from '../../data/messages.ts';
import { createOrganization } from '../../data/organizations.ts';
import { createUserAccount } from '../../data/users.ts';
import { newId } from '../../domain/ids.ts';
import { MESSAGE_EMAIL_DEFAULTS } from '../../domain/message-email.ts';
import { COURSE_NOT_FOUND_MESSAGE, ORGANIZATION_NOT_FOUND_MESSAGE } from '../../domain/support.ts';
import { resendPendingEmail } from '../../housekeeping/feedback-resender.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { portalTokenTestEnv, resetPortalTokenCaches, studentTokenInput } from '../../lib/auth/test-support.ts';
import { deliverPendingMessages, OUTBOX_LEASE_MS } from '../../messages/outbox.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as organizationHandler } from '../organization/index.ts';
import { handler as userHandler } from './index.ts';

/**
 * "My courses" and the support dialog's two routes (spec §5 "Support dialog", §6,
 * §7; decision record 025) against the embedded emulators and the local SES inbox,
 * with a course and an organization of their own.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

const api = (value: string): Claim => ({ type: CLAIM_TYPES.api, value });
const COURSE_SUPPORT = api(API_CLAIMS.requestCourseSupport);
const ORGANIZATION_SUPPORT = api(API_CLAIMS.requestOrganizationSupport);

/** The people of the fixtures: name, e-mail, claims. */
const PEOPLE = {
  teacher: { name: 'Tess Teacher', email: 'tess@example.edu', claims: [COURSE_SUPPORT, ORGANIZATION_SUPPORT] },
  assistant: { name: 'Ari Assistant', email: 'ari@example.edu', claims: [COURSE_SUPPORT] },
  student: { name: 'Stu Student', email: 'stu@example.edu', claims: [COURSE_SUPPORT] },
  mailless: { name: 'Nell NoMail', email: null, claims: [COURSE_SUPPORT] },
  billing: { name: 'Bill Billing', email: 'bill@example.edu', claims: [ORGANIZATION_SUPPORT] },
  outsider: { name: 'Otto Outsider', email: 'otto@example.edu', claims: [COURSE_SUPPORT, ORGANIZATION_SUPPORT] },
} as const;
type Person = keyof typeof PEOPLE;

const ids = Object.fromEntries(Object.keys(PEOPLE).map((person) => [person, newId()])) as Record<Person, string>;
const tokens = {} as Record<Person, string>;
const organization = { id: newId(), name: 'Example College cyber range courses', businessUnitId: null };
const otherOrganization = { id: newId(), name: 'Elsewhere University courses', businessUnitId: null };
const course = {
  id: newId(),
  name: 'Network Defense Lab',
  createdTimestamp: '2026-09-01T12:00:00.000Z',
  organizationId: organization.id,
};
const newerCourse = {
  id: newId(),
  name: 'Forensics Lab',
  createdTimestamp: '2026-10-01T12:00:00.000Z',
  organizationId: organization.id,
};
const otherCourse = {
  id: newId(),
  name: 'Elsewhere Lab',
  createdTimestamp: '2026-09-15T12:00:00.000Z',
  organizationId: otherOrganization.id,
};

const ORGANIZATION_ROLES: Partial<Record<Person, string[]>> = {
  teacher: ['organization admin', 'organization instructor'],
  billing: ['billing admin'],
  student: ['student'],
};

beforeAll(async () => {
  // The student sends more than the route's limit here; the limits have their own
  // suite (tests/integration/rate-limits.int.test.ts, decision record 033).
  process.env.RATE_LIMIT_SCALE = '100';
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  await createOrganization(organization);
  await createOrganization(otherOrganization);
  for (const person of Object.keys(PEOPLE) as Person[]) {
    const { name, email, claims } = PEOPLE[person];
    const roles = ORGANIZATION_ROLES[person];
    const memberships =
      person === 'outsider'
        ? [{ id: otherOrganization.id, name: otherOrganization.name, roles: ['organization admin'] }]
        : roles
          ? [{ id: organization.id, name: organization.name, roles }]
          : [];
    await createUserAccount({
      user: {
        id: ids[person],
        displayName: name,
        email,
        picture: null,
        businessUnitId: null,
        businessUnit: null,
        ranges: ['USCR'],
        createdTimestamp: new Date().toISOString(),
      },
      claims: [{ type: CLAIM_TYPES.role, value: USER_ROLE }, ...claims],
      subscriptions: [COURSEWARE_FEATURE],
      messages: [],
      organizations: memberships,
      identities: [],
    });
    for (const membership of memberships) {
      await addOrganizationMember(membership.id, { userId: ids[person], roles: membership.roles });
    }
    tokens[person] = await signPortalToken(
      studentTokenInput({ userId: ids[person], displayName: name, email, claims: [...claims] }),
    );
  }
  await createCourse(course, [
    { userId: ids.teacher, roles: ['instructor', 'course admin'] },
    { userId: ids.assistant, roles: ['TA'] },
    { userId: ids.student, roles: ['student'] },
    { userId: ids.mailless, roles: ['student'] },
  ]);
  await createCourse(newerCourse, [{ userId: ids.student, roles: ['student'] }]);
  await createCourse(otherCourse, [{ userId: ids.outsider, roles: ['instructor'] }]);
});
afterAll(async () => {
  await stack?.stop();
  delete process.env.RATE_LIMIT_SCALE;
});

const CONTEXT = { browser: 'Firefox 147.0', operatingSystem: 'Windows 11', timeZone: 'America/New_York' };

async function courseSupport(who: Person | 'visitor', courseId: string, body: unknown) {
  let event = withPathParameters(loadEvent('user/request-course-support'), { id: courseId });
  event = { ...event, body: JSON.stringify(body) };
  if (who !== 'visitor') event = withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
  const result = await userHandler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

async function organizationSupport(who: Person, organizationId: string, body: unknown) {
  let event = withPathParameters(loadEvent('organization/request-organization-support'), { id: organizationId });
  event = withHeaders({ ...event, body: JSON.stringify(body) }, { authorization: `Bearer ${tokens[who]}` });
  const result = await organizationHandler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

async function myCourses(who: Person, query: Record<string, string> = {}) {
  const event = withHeaders(withQuery(loadEvent('user/list-user-courses'), query), {
    authorization: `Bearer ${tokens[who]}`,
  });
  const result = await userHandler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

interface InboxEmail {
  subject: string;
  destination: { to: string[] };
  replyTo: string[];
  body: { text?: string };
}

/** The addresses of an inbox e-mail's To (the local inbox keeps the header as one comma-separated string). */
const toAddresses = (email: InboxEmail | undefined) =>
  (email?.destination.to ?? []).flatMap((value) => value.split(',').map((address) => address.trim())).sort();

async function emailsWith(text: string): Promise<InboxEmail[]> {
  // The outbox consumer sends stored requests outside the request (decision record 033).
  await deliverPendingMessages();
  const store = (await (await fetch(`${stack.sesInboxUrl}/store`)).json()) as { emails: InboxEmail[] };
  return store.emails.filter((email) => email.body.text?.includes(text));
}

const DESK = { name: 'US Cyber Range support', role: 'support desk' };

describe('GET /api/v1/user/courses', () => {
  it("lists the caller's courses, newest first, with the caller's roles, paged by token", async () => {
    const first = await myCourses('student', { limit: '1' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      items: [
        {
          id: newerCourse.id,
          name: 'Forensics Lab',
          roles: ['student'],
          createdTimestamp: newerCourse.createdTimestamp,
        },
      ],
      nextPageToken: expect.any(String),
    });
    const rest: unknown[] = [];
    let token = first.body.nextPageToken as string | null;
    while (token) {
      const page = await myCourses('student', { limit: '1', pageToken: token });
      rest.push(...(page.body.items as unknown[]));
      token = page.body.nextPageToken as string | null;
    }
    expect(rest).toEqual([
      { id: course.id, name: 'Network Defense Lab', roles: ['student'], createdTimestamp: course.createdTimestamp },
    ]);
    expect((await myCourses('billing')).body).toEqual({ items: [], nextPageToken: null });
  });
});

describe('POST /api/v1/courses/{id}/support', () => {
  it("stores the request, then e-mails the course's instructors and TAs and the desk, prefixed as spec §5 says", async () => {
    const subject = `VM of lab 3 ${Date.now()}`;
    const { status, body } = await courseSupport('student', course.id, {
      subject,
      message: 'The VM stays at the boot screen.',
      context: CONTEXT,
    });
    expect(status).toBe(201);
    const recipients = [
      { name: 'Ari Assistant', role: 'TA' },
      { name: 'Tess Teacher', role: 'instructor course admin' },
      DESK,
    ];
    expect(body).toEqual({ id: expect.any(String), emailStatus: 'pending', recipients });
    await deliverPendingMessages();
    expect(await getOutboxMessage(body.id as string)).toMatchObject({
      kind: 'supportRequest',
      emailStatus: 'sent',
      payload: {
        userId: ids.student,
        email: 'stu@example.edu',
        provider: 'vcr',
        target: { kind: 'course', id: course.id, name: 'Network Defense Lab' },
        subject,
        context: CONTEXT,
        recipients,
      },
    });
    const [email] = await emailsWith(subject);
    expect(email?.subject).toBe(`Support request: ${subject}`);
    expect(toAddresses(email)).toEqual(
      ['ari@example.edu', 'tess@example.edu', MESSAGE_EMAIL_DEFAULTS.supportRecipient].sort(),
    );
    expect(email?.replyTo).toEqual(['stu@example.edu']);
    expect(
      email?.body.text
        ?.replace(/\r\n/g, '\n')
        .startsWith(
          [
            'Browser: Firefox 147.0',
            'Operating system: Windows 11',
            'Time zone: America/New_York',
            'Name: Stu Student',
            'E-mail: stu@example.edu',
            'Course: Network Defense Lab',
            'Provider: vcr',
            '',
          ].join('\n'),
        ),
    ).toBe(true);
    expect(email?.body.text).toContain('The VM stays at the boot screen.');
  });

  it('answers 404 alike for a course of others and for no course', async () => {
    for (const id of [otherCourse.id, newId()]) {
      const { status, body } = await courseSupport('student', id, { subject: 'S', message: 'M', context: CONTEXT });
      expect(status).toBe(404);
      expect(body).toEqual({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
    }
  });

  it('answers 401 to a visitor and 403 to a member whose claim is scoped to another course', async () => {
    expect((await courseSupport('visitor', course.id, { subject: 'S', message: 'M', context: CONTEXT })).status).toBe(
      401,
    );
    const scoped = await signPortalToken(
      studentTokenInput({
        userId: ids.student,
        claims: [{ ...COURSE_SUPPORT, scopes: [otherCourse.id] }],
      }),
    );
    let event = withPathParameters(loadEvent('user/request-course-support'), { id: course.id });
    event = withHeaders(event, { authorization: `Bearer ${scoped}` });
    expect((await userHandler(event, lambdaContext())).statusCode).toBe(403);
  });

  it('requires an e-mail only of an identity without one, at most 320 characters', async () => {
    const base = { subject: 'No mail', message: 'M', context: CONTEXT };
    const missing = await courseSupport('mailless', course.id, base);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'body.email', message: SUPPORT_EMAIL_REQUIRED_MESSAGE }]);
    const atLimit = `${'n'.repeat(MESSAGE_LIMITS.supportEmailMaxChars - 12)}@example.edu`;
    expect(atLimit).toHaveLength(320);
    const given = await courseSupport('mailless', course.id, {
      ...base,
      subject: `Mail ${Date.now()}`,
      email: atLimit,
    });
    expect(given.status).toBe(201);
    expect((await getOutboxMessage(given.body.id as string))?.payload).toMatchObject({ email: atLimit });
    const past = await courseSupport('mailless', course.id, { ...base, email: `n${atLimit}` });
    expect(past.status).toBe(400);
    expect(past.body.errors).toContainEqual({ path: 'body.email', message: 'Must be at most 320 characters.' });
    // With an identity e-mail, the body's is not needed.
    expect((await courseSupport('student', course.id, base)).status).toBe(201);
  });

  it('takes a subject of 200 and a message of 10000, and refuses one more of each', async () => {
    const at = {
      subject: 's'.repeat(MESSAGE_LIMITS.supportSubjectMaxChars),
      message: 'm'.repeat(MESSAGE_LIMITS.supportMessageMaxChars),
      context: CONTEXT,
    };
    expect((await courseSupport('student', course.id, at)).status).toBe(201);
    const past = await courseSupport('student', course.id, {
      ...at,
      subject: `${at.subject}s`,
      message: `${at.message}m`,
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.subject', message: 'Must be at most 200 characters.' },
        { path: 'body.message', message: 'Must be at most 10000 characters.' },
      ]),
    );
    const blank = await courseSupport('student', course.id, { subject: ' ', message: '', context: CONTEXT });
    expect(blank.status).toBe(400);
  });

  it('keeps a request pending when SES fails, answers its recipients, and the re-sender sends it', async () => {
    const subject = `Support while SES is down ${Date.now()}`;
    const ses = mockClient(sesClient);
    ses.on(SendRawEmailCommand).rejects(new Error('Service unavailable'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let id: string;
    try {
      const { status, body } = await courseSupport('student', course.id, { subject, message: 'M', context: CONTEXT });
      expect(status).toBe(201);
      expect(body).toMatchObject({ emailStatus: 'pending', recipients: expect.arrayContaining([DESK]) });
      id = body.id as string;
      expect((await deliverPendingMessages()).failed).toBeGreaterThanOrEqual(1);
    } finally {
      ses.restore();
      log.mockRestore();
    }
    expect((await getOutboxMessage(id))?.emailStatus).toBe('pending');
    await resendPendingEmail(new Date(Date.now() + OUTBOX_LEASE_MS + 1000));
    expect((await getOutboxMessage(id))?.emailStatus).toBe('sent');
    expect(await emailsWith(subject)).toHaveLength(1);
  });
});

describe('POST /api/v1/organizations/{id}/support', () => {
  it("e-mails the organization's admins and billing admins (not the sender, not students) and the desk", async () => {
    const subject = `Seats ${Date.now()}`;
    const fromTeacher = await organizationSupport('teacher', organization.id, {
      subject,
      message: 'We need 40 more seats.',
      context: CONTEXT,
    });
    expect(fromTeacher.status).toBe(201);
    expect(fromTeacher.body.recipients).toEqual([{ name: 'Bill Billing', role: 'billing admin' }, DESK]);
    const [email] = await emailsWith(subject);
    expect(toAddresses(email)).toEqual(['bill@example.edu', MESSAGE_EMAIL_DEFAULTS.supportRecipient].sort());
    expect(email?.body.text).toContain('Organization: Example College cyber range courses');

    const fromBilling = await organizationSupport('billing', organization.id, {
      subject: 'Invoice',
      message: 'M',
      context: CONTEXT,
    });
    expect(fromBilling.body.recipients).toEqual([
      { name: 'Tess Teacher', role: 'organization admin organization instructor' },
      DESK,
    ]);
  });

  it('answers 404 alike for an organization of others and for none, and 403 without the claim', async () => {
    for (const id of [otherOrganization.id, newId()]) {
      const { status, body } = await organizationSupport('teacher', id, {
        subject: 'S',
        message: 'M',
        context: CONTEXT,
      });
      expect(status).toBe(404);
      expect(body).toEqual({ statusCode: 404, message: ORGANIZATION_NOT_FOUND_MESSAGE });
    }
    expect(
      (await organizationSupport('student', organization.id, { subject: 'S', message: 'M', context: CONTEXT })).status,
    ).toBe(403);
  });
});
