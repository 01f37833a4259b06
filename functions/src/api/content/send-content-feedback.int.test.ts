import { GetObjectCommand } from '@aws-sdk/client-s3';
import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import {
  FEEDBACK_MESSAGE_TOO_LONG,
  SCREENSHOT_SIZE_MESSAGE,
  SCREENSHOT_TYPE_MESSAGE,
} from '#shared/contracts/feedback';
import { s3Client, sesClient } from '../../adapters/aws-clients.ts';
import { createContent } from '../../data/content.ts';
import { getFeedback } from '../../data/feedback.ts';
import { feedbackScreenshotObjectKey } from '../../data/keys.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { portalTokenTestEnv, resetPortalTokenCaches, studentTokenInput } from '../../lib/auth/test-support.ts';
import { env, FEEDBACK_EMAIL_DEFAULTS } from '../../lib/env.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
const tokens = { student: '', faculty: '' };
const published = contentRecord('Feedback lab', { urlAlias: 'feedback-course/feedback-lab' });
const unpublished = contentRecord('Feedback draft', { status: 'unpublished' });

beforeAll(async () => {
  // The faculty member sends more than the route's limit here; the limits have their own
  // suite (tests/integration/rate-limits.int.test.ts, decision record 033).
  process.env.RATE_LIMIT_SCALE = '100';
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv());
  resetPortalTokenCaches();
  tokens.student = await signPortalToken(studentTokenInput());
  tokens.faculty = await signPortalToken(
    studentTokenInput({
      displayName: 'Fay Faculty',
      email: 'fay@example.edu',
      claims: [{ type: CLAIM_TYPES.api, value: API_CLAIMS.sendContentFeedback }],
    }),
  );
  await createContent(published);
  await createContent(unpublished);
});
afterAll(async () => {
  delete process.env.RATE_LIMIT_SCALE;
  await stack?.stop();
});

/** Sends feedback on `contentId` as `who` (a visitor sends no token). */
async function send(who: keyof typeof tokens | 'visitor', body: unknown, contentId = published.id) {
  let event = withPathParameters(loadEvent('content/send-content-feedback'), { id: contentId });
  event = { ...event, body: JSON.stringify(body) };
  if (who !== 'visitor') event = withHeaders(event, { authorization: `Bearer ${tokens[who]}` });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode ?? 0, body: jsonBody<Record<string, unknown>>(result) };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const SIGNATURES: Record<string, number[]> = {
  'image/png': PNG_SIGNATURE,
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/gif': [...Buffer.from('GIF89a')],
};

/** An image of `size` bytes: the type's magic bytes, then filler. */
function image(type: string, size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x2a);
  Buffer.from(SIGNATURES[type] ?? []).copy(bytes);
  return bytes;
}

interface InboxEmail {
  subject: string;
  from: string;
  destination: { to: string[] };
  replyTo: string[];
  body: { text?: string };
  attachments: { filename: string; contentType: string; content: string }[];
}

async function inbox(): Promise<InboxEmail[]> {
  const store = (await (await fetch(`${stack.sesInboxUrl}/store`)).json()) as { emails: InboxEmail[] };
  return store.emails;
}

describe('POST /api/v1/content-items/{id}/feedback', () => {
  it('stores the feedback and its screenshot, then e-mails it with the screenshot attached', async () => {
    const png = image('image/png', 2048);
    const message = `The link in step 4 is broken ${Date.now()}`;

    const { status, body } = await send('faculty', {
      message,
      screenshot: { name: 'step 4.png', type: 'image/png', data: png.toString('base64') },
    });

    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(String), emailStatus: 'sent' });
    const stored = await getFeedback(body.id as string);
    expect(stored).toMatchObject({
      contentId: published.id,
      contentName: 'Feedback lab',
      userName: 'Fay Faculty',
      userEmail: 'fay@example.edu',
      message,
      emailStatus: 'sent',
      screenshot: { objectKey: feedbackScreenshotObjectKey(body.id as string), name: 'step 4.png', size: 2048 },
    });
    expect(stored?.createdTimestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    const object = await s3Client.send(
      new GetObjectCommand({ Bucket: env().privateBucket, Key: feedbackScreenshotObjectKey(body.id as string) }),
    );
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? [])).toEqual(png);

    const email = (await inbox()).find((candidate) => candidate.body.text?.includes(message));
    expect(email).toMatchObject({
      subject: 'Courseware feedback: Feedback lab',
      destination: { to: [FEEDBACK_EMAIL_DEFAULTS.recipient] },
      replyTo: ['fay@example.edu'],
    });
    expect(email?.from).toContain(FEEDBACK_EMAIL_DEFAULTS.sender);
    expect(email?.body.text).toContain('/courseware/feedback-course/feedback-lab');
    expect(email?.body.text).toContain('From: Fay Faculty <fay@example.edu>');
    expect(email?.attachments).toHaveLength(1);
    expect(email?.attachments[0]).toMatchObject({ filename: 'step 4.png', contentType: 'image/png' });
    expect(Buffer.from(email?.attachments[0]?.content ?? '', 'base64')).toEqual(png);
  });

  it('sends feedback without a screenshot, and a message of exactly 1000 characters', async () => {
    const message = `${Date.now()}`.padEnd(1000, 'x');
    const { status, body } = await send('faculty', { message });
    expect(status).toBe(201);
    expect((await getFeedback(body.id as string))?.screenshot).toBeNull();
    expect((await inbox()).find((email) => email.body.text?.includes(message))?.attachments).toEqual([]);
  });

  it.each([
    ['shot.jpg', 'image/jpeg'],
    ['shot.jpeg', 'image/jpeg'],
    ['shot.png', 'image/png'],
    ['shot.gif', 'image/gif'],
  ])('accepts a %s screenshot', async (name, type) => {
    const { status } = await send('faculty', {
      message: 'Typo',
      screenshot: { name, type, data: image(type, 64).toString('base64') },
    });
    expect(status).toBe(201);
  });

  it('accepts a screenshot of 1,000,000 bytes and refuses 1,000,001 with the max-size message', async () => {
    const at = await send('faculty', {
      message: 'Big',
      screenshot: { name: 'big.png', type: 'image/png', data: image('image/png', 1_000_000).toString('base64') },
    });
    const past = await send('faculty', {
      message: 'Too big',
      screenshot: { name: 'big.png', type: 'image/png', data: image('image/png', 1_000_001).toString('base64') },
    });
    expect(at.status).toBe(201);
    expect(past.status).toBe(400);
    expect(past.body.errors).toContainEqual({ path: 'body.screenshot.data', message: SCREENSHOT_SIZE_MESSAGE });
  });

  it('refuses a message of 1001 characters', async () => {
    const { status, body } = await send('faculty', { message: 'x'.repeat(1001) });
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'body.message', message: FEEDBACK_MESSAGE_TOO_LONG }]);
  });

  it('refuses PNG bytes named and typed as a GIF with the accept-error, storing nothing', async () => {
    const message = `Disguised ${Date.now()}`;
    const { status, body } = await send('faculty', {
      message,
      screenshot: { name: 'shot.gif', type: 'image/gif', data: image('image/png', 64).toString('base64') },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: 'body.screenshot.data', message: SCREENSHOT_TYPE_MESSAGE }]);
    expect((await inbox()).some((email) => email.body.text?.includes(message))).toBe(false);
  });

  it('answers 401 to a visitor and 403 to a student without the capability', async () => {
    expect((await send('visitor', { message: 'Hi' })).status).toBe(401);
    expect((await send('student', { message: 'Hi' })).status).toBe(403);
  });

  it('answers 404 "Content does not exist." for content hidden from the caller, and for none', async () => {
    const hidden = await send('faculty', { message: 'Hi' }, unpublished.id);
    const missing = await send('faculty', { message: 'Hi' }, '00000000000000000000000000');
    expect(hidden).toEqual({ status: 404, body: { statusCode: 404, message: CONTENT_NOT_FOUND_MESSAGE } });
    expect(missing.status).toBe(404);
  });

  it('keeps the feedback as pending and says so when SES fails', async () => {
    const ses = mockClient(sesClient);
    ses.on(SendRawEmailCommand).rejects(new Error('Throttling: Maximum sending rate exceeded.'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { status, body } = await send('faculty', { message: 'SES is down' });
      expect(status).toBe(201);
      expect(body).toEqual({ id: expect.any(String), emailStatus: 'pending' });
      expect(await getFeedback(body.id as string)).toMatchObject({ message: 'SES is down', emailStatus: 'pending' });
      const lines = log.mock.calls.map((args) => JSON.parse(String(args[0])));
      expect(lines).toContainEqual(expect.objectContaining({ feedbackId: expect.any(String) }));
    } finally {
      ses.restore();
      log.mockRestore();
    }
  });
});
