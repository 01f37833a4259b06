import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Client, sesClient } from '../../functions/src/adapters/aws-clients.ts';
import { createFeedback, type FeedbackRecord, getFeedback } from '../../functions/src/data/feedback.ts';
import { createPendingFile, getFile } from '../../functions/src/data/files.ts';
import {
  BUNDLE_OBJECT_DAYS,
  bundleObjectKey,
  feedbackScreenshotObjectKey,
  uploadedFileObjectKey,
} from '../../functions/src/data/keys.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import { FEEDBACK_RESEND_GRACE_MS } from '../../functions/src/housekeeping/feedback-resender.ts';
import { env } from '../../functions/src/lib/env.ts';
import { startTestStack } from '../../functions/src/test-support/stack.ts';
import { expireBundleObjects, runLocalHousekeeping } from './housekeeping.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function objectExists(bucket: string, key: string): Promise<boolean> {
  try {
    const output = await s3Client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await output.Body?.transformToByteArray();
    return true;
  } catch {
    return false;
  }
}

async function pendingFeedback(message: string, createdTimestamp: string, screenshot?: Uint8Array) {
  const id = newId();
  const objectKey = feedbackScreenshotObjectKey(id);
  if (screenshot) {
    await s3Client.send(
      new PutObjectCommand({ Bucket: env().privateBucket, Key: objectKey, Body: screenshot, ContentType: 'image/png' }),
    );
  }
  const record: FeedbackRecord = {
    id,
    contentId: newId(),
    contentName: 'Housekeeping lab',
    userId: 'user-1',
    userName: 'Fay Faculty',
    userEmail: 'fay@example.edu',
    message,
    screenshot: screenshot ? { objectKey, name: 'shot.png', type: 'image/png', size: screenshot.length } : null,
    createdTimestamp,
    emailStatus: 'pending',
  };
  await createFeedback(record);
  return record;
}

interface InboxEmail {
  subject: string;
  body: { text?: string };
  attachments: { filename: string }[];
}

describe('local housekeeping (TTL emulation, upload sweeper, feedback re-sender)', () => {
  it('deletes expired upload records and their objects, leaving live ones alone', async () => {
    const now = new Date();
    const epoch = Math.floor(now.getTime() / 1000);
    const record = (id: string, expiresAt: number) => ({
      id,
      name: 'notes.pdf',
      filename: 'notes.pdf',
      type: 'application/pdf',
      size: 4,
      sha256: '',
      visibility: 'private' as const,
      objectKey: uploadedFileObjectKey(id),
      metadata: { id, type: 'Content' as const },
      createdTimestamp: now.toISOString(),
      createdBy: 'user-1',
      expiresAt,
    });
    const expired = newId();
    const live = newId();
    for (const [id, expiresAt] of [
      [expired, epoch - 10],
      [live, epoch + 600],
    ] as const) {
      await createPendingFile(record(id, expiresAt));
      await s3Client.send(
        new PutObjectCommand({ Bucket: env().privateBucket, Key: uploadedFileObjectKey(id), Body: '%PDF' }),
      );
    }

    const run = await runLocalHousekeeping(now);

    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect(await getFile(expired)).toBeNull();
    expect(await objectExists(env().privateBucket, uploadedFileObjectKey(expired))).toBe(false);
    expect(await getFile(live)).not.toBeNull();
    expect(await objectExists(env().privateBucket, uploadedFileObjectKey(live))).toBe(true);
  });

  it('re-sends pending feedback older than the grace period, screenshot attached, and marks it sent', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - FEEDBACK_RESEND_GRACE_MS - 1000).toISOString();
    const young = new Date(now.getTime() - 1000).toISOString();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const message = `Retry me ${Date.now()}`;
    const stale = await pendingFeedback(message, old, png);
    const fresh = await pendingFeedback(`Leave me ${Date.now()}`, young);

    const run = await runLocalHousekeeping(now);

    expect(run.feedbackSent).toBeGreaterThanOrEqual(1);
    expect(await getFeedback(stale.id)).toMatchObject({ emailStatus: 'sent', emailMessageId: expect.any(String) });
    expect(await getFeedback(fresh.id)).toMatchObject({ emailStatus: 'pending' });
    const store = (await (await fetch(`${stack.sesInboxUrl}/store`)).json()) as { emails: InboxEmail[] };
    const email = store.emails.find((candidate) => candidate.body.text?.includes(message));
    expect(email?.subject).toBe('Courseware feedback: Housekeeping lab');
    expect(email?.attachments.map((attachment) => attachment.filename)).toEqual(['shot.png']);

    // Sent feedback leaves the pending index: a second run does not send it again.
    const again = await runLocalHousekeeping(now);
    const after = (await (await fetch(`${stack.sesInboxUrl}/store`)).json()) as { emails: InboxEmail[] };
    expect(after.emails.filter((candidate) => candidate.body.text?.includes(message))).toHaveLength(1);
    expect(again.feedbackSent).toBe(0);
  });

  it('counts a failed re-send as an attempt and keeps the feedback pending', async () => {
    const now = new Date();
    const record = await pendingFeedback(
      `Still failing ${Date.now()}`,
      new Date(now.getTime() - FEEDBACK_RESEND_GRACE_MS - 1000).toISOString(),
    );
    const ses = mockClient(sesClient);
    ses.on(SendRawEmailCommand).rejects(new Error('Throttling: Maximum sending rate exceeded.'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await runLocalHousekeeping(now);
    } finally {
      ses.restore();
      log.mockRestore();
    }
    expect(await getFeedback(record.id)).toMatchObject({ emailStatus: 'pending', emailAttempts: 1 });
    await runLocalHousekeeping(now);
    expect(await getFeedback(record.id)).toMatchObject({ emailStatus: 'sent' });
  });

  it('expires bundle objects after BUNDLE_OBJECT_DAYS days, like the bucket lifecycle rule, and nothing else', async () => {
    const zipKey = bundleObjectKey(`${'0'.repeat(56)}${Date.now().toString(16).padStart(8, '0')}`.slice(-64));
    const otherKey = uploadedFileObjectKey(newId());
    for (const key of [zipKey, otherKey]) {
      await s3Client.send(new PutObjectCommand({ Bucket: env().privateBucket, Key: key, Body: 'PK' }));
    }

    await runLocalHousekeeping(new Date());
    expect(await objectExists(env().privateBucket, zipKey)).toBe(true);

    const later = new Date(Date.now() + (BUNDLE_OBJECT_DAYS * 86_400 + 60) * 1000);
    expect(await expireBundleObjects(later)).toBeGreaterThanOrEqual(1);
    expect(await objectExists(env().privateBucket, zipKey)).toBe(false);
    expect(await objectExists(env().privateBucket, otherKey)).toBe(true);
  });
});
