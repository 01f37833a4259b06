import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_TOPICS, tooManyRequestsMessage } from '#shared/contracts/messages';
import { MESSAGE_LIMITS, PUBLIC_FORM_RATE_LIMIT, ROUTE_RATE_LIMITS } from '#shared/limits';
import { dynamoDocumentClient, sesClient } from '../../adapters/aws-clients.ts';
import { tableName } from '../../data/dynamo.ts';
import { outboxMessageKey } from '../../data/keys.ts';
import { getOutboxMessage } from '../../data/messages.ts';
import { clientDigest, hitRateLimit } from '../../data/rate-limits.ts';
import { MESSAGE_EMAIL_DEFAULTS } from '../../domain/message-email.ts';
import { resendPendingEmail } from '../../housekeeping/feedback-resender.ts';
import { deliverPendingMessages, OUTBOX_LEASE_MS } from '../../messages/outbox.ts';
import { jsonBody, loadEvent } from '../../test-support/events.ts';
import { startOfNextRateLimitWindow } from '../../test-support/rate-limit-window.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler as newsletterHandler } from '../newsletter/index.ts';
import { sendContactRequest as contentHandler } from './send-contact-request.ts';

/**
 * The public forms (spec §2.9, §2.11, §5 "Contact form", "Newsletter"; decision
 * record 025) against the embedded emulators and the local SES inbox: stored first,
 * then e-mailed; the limits of spec §5; both brands' topics; the trap field; the
 * rate limit per client address; an SES failure, then the re-sender.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let nextAddress = 1;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(() => {
  delete process.env.BRAND;
  vi.useRealTimers();
});

/** A client address of its own for each call site, so tests do not share a rate-limit window. */
function freshAddress(): string {
  nextAddress += 1;
  return `198.51.100.${nextAddress}`;
}

function withSourceIp(event: APIGatewayProxyEventV2, sourceIp: string): APIGatewayProxyEventV2 {
  return { ...event, requestContext: { ...event.requestContext, http: { ...event.requestContext.http, sourceIp } } };
}

/** Without `email`: each call gets an address of its own (the route also limits per address, decision record 033). */
const CONTACT = {
  name: 'Pat Lee',
  organization: 'Example College',
  subject: 'A demo, please',
  message: 'We would like a demo.',
  topic: 'requestDemo',
};
const SIGNUP = {
  firstName: 'Pat',
  lastName: 'Lee',
  organization: 'Example College',
  jobTitle: 'Instructor',
  emailFormat: 'HTML',
};

let nextEmail = 1;
/** A sender's e-mail address of its own for each call that names none. */
function withEmail(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || 'email' in body) return body;
  nextEmail += 1;
  return { ...body, email: `sender${nextEmail}.${Date.now()}@example.edu` };
}

async function contact(body: unknown, sourceIp = freshAddress()) {
  const event = withSourceIp(
    { ...loadEvent('content/send-contact-request'), body: JSON.stringify(withEmail(body)) },
    sourceIp,
  );
  const result = await contentHandler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result), headers: result.headers };
}

async function signup(body: unknown, sourceIp = freshAddress()) {
  const event = withSourceIp(
    { ...loadEvent('newsletter/create-newsletter-subscriber'), body: JSON.stringify(withEmail(body)) },
    sourceIp,
  );
  const result = await newsletterHandler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result), headers: result.headers };
}

interface InboxEmail {
  subject: string;
  from: string;
  destination: { to: string[] };
  replyTo: string[];
  body: { text?: string };
}

async function inbox(): Promise<InboxEmail[]> {
  const store = (await (await fetch(`${stack.sesInboxUrl}/store`)).json()) as { emails: InboxEmail[] };
  return store.emails;
}

/** Stored contact requests with this subject (a Scan: the emulator's table is small, and this is a test's check). */
async function storedWithSubject(subject: string): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'payload.subject = :subject',
        ExpressionAttributeValues: { ':subject': subject },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    count += output.Items?.length ?? 0;
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** The e-mails whose text holds `text`, once the outbox consumer has run (decision record 033). */
const emailsWith = async (text: string) => {
  await deliverPendingMessages();
  return (await inbox()).filter((email) => email.body.text?.includes(text));
};

describe('POST /api/v1/contact-requests', () => {
  it('stores the request, then e-mails it to the team with Reply-To the sender', async () => {
    const subject = `Demo ${Date.now()}`;
    const { status, body } = await contact({ ...CONTACT, email: 'pat.lee@example.edu', subject });
    expect(status).toBe(201);
    // Stored; the outbox consumer sends it, outside the request (decision record 033).
    expect(body).toEqual({ id: expect.any(String), emailStatus: 'pending' });
    const [email] = await emailsWith(subject);
    expect(await getOutboxMessage(body.id as string)).toMatchObject({
      kind: 'contactRequest',
      entityType: 'ContactRequest',
      brand: 'USCR',
      emailStatus: 'sent',
      payload: { ...CONTACT, email: 'pat.lee@example.edu', subject },
    });
    expect(email).toMatchObject({
      subject: `Contact request: ${subject}`,
      destination: { to: [MESSAGE_EMAIL_DEFAULTS.contactRecipient] },
      replyTo: ['pat.lee@example.edu'],
    });
    expect(email?.body.text).toContain('Topic: Request a demo');
    expect(email?.body.text).toContain('Organization: Example College');
  });

  it('accepts every field at its limit of spec §5 and refuses each one past it', async () => {
    const at = {
      name: 'n'.repeat(MESSAGE_LIMITS.contactFieldMaxChars),
      email: `${'e'.repeat(MESSAGE_LIMITS.contactFieldMaxChars - 12)}@example.edu`,
      organization: 'o'.repeat(MESSAGE_LIMITS.contactFieldMaxChars),
      subject: 's'.repeat(MESSAGE_LIMITS.contactFieldMaxChars),
      message: `${Date.now()}`.padEnd(MESSAGE_LIMITS.contactMessageMaxChars, 'm'),
      topic: 'requestInformation',
    };
    expect(at.email).toHaveLength(MESSAGE_LIMITS.contactFieldMaxChars);
    expect((await contact(at)).status).toBe(201);
    for (const field of ['name', 'email', 'organization', 'subject', 'message'] as const) {
      const past = { ...at, [field]: field === 'email' ? `e${at.email}` : `${at[field]}x` };
      const { status, body } = await contact(past);
      expect(status, field).toBe(400);
      expect(body.errors, field).toContainEqual({
        path: `body.${field}`,
        message: `Must be at most ${field === 'message' ? 10000 : 100} characters.`,
      });
    }
  });

  it('requires every field and a valid e-mail address', async () => {
    const { status, body } = await contact({ email: 'not-an-address' });
    expect(status).toBe(400);
    const paths = (body.errors as { path: string }[]).map((error) => error.path).sort();
    expect(paths).toEqual([
      'body.email',
      'body.message',
      'body.name',
      'body.organization',
      'body.subject',
      'body.topic',
    ]);
  });

  it('offers "other" on USCR and refuses it on VACR at body.topic', async () => {
    expect((await contact({ ...CONTACT, topic: 'other' })).status).toBe(201);
    process.env.BRAND = 'VACR';
    const refused = await contact({ ...CONTACT, topic: 'other' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: 'body.topic',
        message: 'Choose one of: signUpForServices, requestDemo, requestEstimate, requestInformation.',
      },
    ]);
    const subject = `VACR ${Date.now()}`;
    const accepted = await contact({ ...CONTACT, subject, topic: 'signUpForServices' });
    expect(accepted.status).toBe(201);
    expect((await getOutboxMessage(accepted.body.id as string))?.brand).toBe('VACR');
    expect((await emailsWith(subject))[0]?.body.text).toContain('from the Virginia Cyber Range site');
  });

  it('answers success to a filled honeypot, and stores and sends nothing', async () => {
    const subject = `Trap ${Date.now()}`;
    const { status, body } = await contact({ ...CONTACT, subject, trap: 'http://spam.example' });
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(String), emailStatus: 'pending' });
    expect(await getOutboxMessage(body.id as string)).toBeNull();
    expect(await emailsWith(subject)).toEqual([]);
  });

  it('answers the 6th request of one address in a window 429 with Retry-After, storing and sending nothing', async () => {
    startOfNextRateLimitWindow(PUBLIC_FORM_RATE_LIMIT.windowSeconds);
    const address = freshAddress();
    const stamp = Date.now();
    for (let i = 1; i <= PUBLIC_FORM_RATE_LIMIT.requests; i += 1) {
      expect((await contact({ ...CONTACT, subject: `Burst ${stamp} ${i}` }, address)).status).toBe(201);
    }
    const sixth = await contact({ ...CONTACT, subject: `Burst ${stamp} 6` }, address);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      statusCode: 429,
      message: tooManyRequestsMessage(Number(sixth.headers?.['retry-after'])),
    });
    expect(sixth.body.message).toMatch(/^Too many requests\. Try again in \d+ (minutes?|seconds?)\.$/);
    const retryAfter = Number(sixth.headers?.['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(PUBLIC_FORM_RATE_LIMIT.windowSeconds);
    expect(await emailsWith(`Burst ${stamp} 6`)).toEqual([]);
    expect(await storedWithSubject(`Burst ${stamp} 6`)).toBe(0);
    expect(await storedWithSubject(`Burst ${stamp} 5`)).toBe(1);
    expect(await emailsWith(`Burst ${stamp} 5`)).toHaveLength(1);
    // Another address still passes, and the other form counts on its own.
    expect((await contact({ ...CONTACT, subject: `Burst ${stamp} other` })).status).toBe(201);
    expect((await signup(SIGNUP, address)).status).toBe(201);
    // The counters never hold the address itself, only its digest.
    const counters: { pk: string }[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamoDocumentClient.send(
        new ScanCommand({
          TableName: tableName(),
          FilterExpression: 'begins_with(pk, :rate)',
          ExpressionAttributeValues: { ':rate': 'RATE#' },
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      counters.push(...((page.Items ?? []) as { pk: string }[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    expect(counters.some((item) => item.pk.includes(clientDigest(`address:${address}`)))).toBe(true);
    expect(counters.some((item) => item.pk.includes(address))).toBe(false);
  });

  it('keeps the request pending when SES fails, and the re-sender sends it exactly once', async () => {
    const subject = `SES down ${Date.now()}`;
    const { status, body } = await contact({ ...CONTACT, subject });
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(String), emailStatus: 'pending' });
    const id = body.id as string;
    const ses = mockClient(sesClient);
    ses.on(SendRawEmailCommand).rejects(new Error('Throttling: Maximum sending rate exceeded.'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const run = await deliverPendingMessages();
      expect(run.failed).toBeGreaterThanOrEqual(1);
      expect(await getOutboxMessage(id)).toMatchObject({ emailStatus: 'pending', emailAttempts: 1 });
      const lines = log.mock.calls.map((args) => JSON.parse(String(args[0])));
      expect(lines).toContainEqual(expect.objectContaining({ kind: 'contactRequest' }));
    } finally {
      ses.restore();
      log.mockRestore();
    }
    const stored = await dynamoDocumentClient.send(
      new GetCommand({ TableName: tableName(), Key: outboxMessageKey(id) }),
    );
    expect(stored.Item).toMatchObject({ gsi1pk: 'OUTBOX_PENDING' });

    // While the failed sender's lease holds it, the re-sender leaves it alone.
    const early = await resendPendingEmail(new Date());
    expect(early.messages.skipped).toBeGreaterThanOrEqual(1);
    expect(await emailsWith(subject)).toEqual([]);

    const later = new Date(Date.now() + OUTBOX_LEASE_MS + 1000);
    const run = await resendPendingEmail(later);
    expect(run.messages.sent).toBeGreaterThanOrEqual(1);
    const after = await getOutboxMessage(id);
    expect(after).toMatchObject({ emailStatus: 'sent', emailMessageId: expect.any(String) });
    expect(after).not.toHaveProperty('gsi1pk');
    expect(await emailsWith(subject)).toHaveLength(1);

    // Once sent, it is not sent again.
    await resendPendingEmail(new Date(later.getTime() + OUTBOX_LEASE_MS + 1000));
    expect(await emailsWith(subject)).toHaveLength(1);
  });
});

describe('POST /api/v1/newsletter-subscribers', () => {
  it('stores the subscriber with the brand topic, then e-mails the sign-up to the team', async () => {
    const lastName = `Lee${Date.now()}`;
    const { status, body } = await signup({ ...SIGNUP, email: 'pat.lee@example.edu', lastName });
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(String), emailStatus: 'pending' });
    await deliverPendingMessages();
    expect((await getOutboxMessage(body.id as string))?.payload).toEqual({
      name: `Pat ${lastName}`,
      emailAddress: 'pat.lee@example.edu',
      emailFormat: 'HTML',
      jobTitle: 'Instructor',
      businessUnit: 'Example College',
      topics: [NEWSLETTER_TOPICS.USCR],
    });
    const [email] = await emailsWith(`Pat ${lastName}`);
    expect(email).toMatchObject({
      subject: `Newsletter sign-up: Pat ${lastName}`,
      destination: { to: [MESSAGE_EMAIL_DEFAULTS.contactRecipient] },
    });
    expect(email?.body.text).toContain('Topics: US Cyber Range general');
  });

  it('gives a VACR sign-up the VACR topic', async () => {
    process.env.BRAND = 'VACR';
    const { body } = await signup({ ...SIGNUP, emailFormat: 'TEXT' });
    expect((await getOutboxMessage(body.id as string))?.payload).toMatchObject({
      emailFormat: 'TEXT',
      topics: [NEWSLETTER_TOPICS.VACR],
    });
  });

  it('accepts every field at 256 and refuses each one past it', async () => {
    const limit = MESSAGE_LIMITS.newsletterFieldMaxChars;
    const at = {
      email: `${'e'.repeat(limit - 12)}@example.edu`,
      firstName: 'f'.repeat(limit),
      lastName: 'l'.repeat(limit),
      organization: 'o'.repeat(limit),
      jobTitle: 'j'.repeat(limit),
      emailFormat: 'TEXT',
    };
    expect((await signup(at)).status).toBe(201);
    for (const field of ['email', 'firstName', 'lastName', 'organization', 'jobTitle'] as const) {
      const { status, body } = await signup({ ...at, [field]: field === 'email' ? `e${at.email}` : `${at[field]}x` });
      expect(status, field).toBe(400);
      expect(body.errors, field).toContainEqual({ path: `body.${field}`, message: 'Must be at most 256 characters.' });
    }
  });

  it('answers success to a filled trap field, and stores and sends nothing', async () => {
    const lastName = `Trap${Date.now()}`;
    const { status, body } = await signup({ ...SIGNUP, lastName, trap: 'filled by a bot' });
    expect(status).toBe(201);
    expect(await getOutboxMessage(body.id as string)).toBeNull();
    expect(await emailsWith(lastName)).toEqual([]);
  });

  it('answers the 6th sign-up of one address 429, and another address still passes', async () => {
    startOfNextRateLimitWindow(PUBLIC_FORM_RATE_LIMIT.windowSeconds);
    const address = freshAddress();
    for (let i = 1; i <= PUBLIC_FORM_RATE_LIMIT.requests; i += 1) {
      expect((await signup(SIGNUP, address)).status).toBe(201);
    }
    const lastName = `Sixth${Date.now()}`;
    const sixth = await signup({ ...SIGNUP, lastName }, address);
    expect(sixth.status).toBe(429);
    expect(sixth.headers?.['retry-after']).toMatch(/^\d+$/);
    expect(await emailsWith(lastName)).toEqual([]);
    expect((await signup(SIGNUP)).status).toBe(201);
  });
});

describe('rate limit per e-mail address (decision record 033)', () => {
  it('answers the 6th contact request naming one e-mail address 429, whatever the client address', async () => {
    startOfNextRateLimitWindow(ROUTE_RATE_LIMITS.sendContactRequest.target.windowSeconds);
    const email = `target.${Date.now()}@example.edu`;
    const stamp = Date.now();
    for (let i = 1; i <= 5; i += 1) {
      expect((await contact({ ...CONTACT, email, subject: `Target ${stamp} ${i}` })).status).toBe(201);
    }
    const sixth = await contact({ ...CONTACT, email: email.toUpperCase(), subject: `Target ${stamp} 6` });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await storedWithSubject(`Target ${stamp} 6`)).toBe(0);
    expect(await emailsWith(`Target ${stamp} 6`)).toEqual([]);
  });
});

describe('hitRateLimit (decision record 025)', () => {
  it('lets exactly the limit through when requests race, and opens a new window after the old one', async () => {
    const limit = { requests: 5, windowSeconds: 600 };
    const now = new Date('2026-11-21T10:05:00.000Z');
    const address = freshAddress();
    const decisions = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit('sendContactRequest.caller', address, now, limit)),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    // The window of 10:00–10:10 ends in 300 s.
    expect(decisions.find((decision) => !decision.allowed)).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect(
      (await hitRateLimit('sendContactRequest.caller', address, new Date('2026-11-21T10:10:00.000Z'), limit)).allowed,
    ).toBe(true);
  });
});
