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

describe('update notices on one machine (issue 25 item 5; decision record 066)', () => {
  it('delivers at every run and digests once per daily 07:00 UTC slot, as the two schedules do', async () => {
    const [{ createContent }, { recordContentDownloaders }, { queueContentUpdateNotice }, { createPlainUserAccount }] =
      await Promise.all([
        import('../../functions/src/data/content.ts'),
        import('../../functions/src/data/update-notices.ts'),
        import('../../functions/src/services/update-notices.ts'),
        import('../../functions/src/test-support/user-admin.ts'),
      ]);
    const { contentRecord } = await import('../../functions/src/test-support/content-record.ts');
    const { runLocalUpdateNoticesIfDue } = await import('./housekeeping.ts');
    // The digest's links need the portal's origin, as the local server sets it.
    vi.stubEnv('PORTAL_URL', 'http://127.0.0.1:8080');
    const userId = newId();
    await createPlainUserAccount(userId, 'Local Notices', 'local.notices@example.edu');
    const item = contentRecord('Local housekeeping notice lab');
    await createContent(item);
    await recordContentDownloaders(userId, [item.id], '2026-11-20T08:00:00.000Z');
    const notice = (day: string) =>
      queueContentUpdateNotice({
        contentId: item.id,
        revisionId: newId(),
        note: `Changed on ${day}`,
        publishedTimestamp: `${day}T09:00:00.000Z`,
      });

    await notice('2026-11-21');
    const first = await runLocalUpdateNoticesIfDue(new Date('2026-11-21T10:00:00.000Z'), null);
    expect(first).toMatchObject({ messages: 1, emails: 1 });
    expect(first.slot?.toISOString()).toBe('2026-11-21T07:00:00.000Z');
    // The same slot again: nothing to deliver, no second digest.
    expect(await runLocalUpdateNoticesIfDue(new Date('2026-11-21T10:30:00.000Z'), first.slot)).toEqual({
      slot: first.slot,
      messages: 0,
      emails: 0,
    });

    await notice('2026-11-22');
    // Before 07:00 UTC the next day: delivered, not yet digested.
    const early = await runLocalUpdateNoticesIfDue(new Date('2026-11-22T06:59:00.000Z'), first.slot);
    expect(early).toEqual({ slot: first.slot, messages: 1, emails: 0 });
    const next = await runLocalUpdateNoticesIfDue(new Date('2026-11-22T07:01:00.000Z'), early.slot);
    expect(next).toMatchObject({ messages: 0, emails: 1 });
    expect(next.slot?.toISOString()).toBe('2026-11-22T07:00:00.000Z');
    vi.unstubAllEnvs();
  });
});
