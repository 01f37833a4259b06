import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, ListObjectsCommand, type ListObjectsCommandOutput } from '@aws-sdk/client-s3';
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';

/**
 * Housekeeping on one machine (decision records 018, 020). In AWS, DynamoDB's TTL
 * removes expired items (abandoned uploads, detached files) and the table's stream
 * hands the removed file records to the upload sweeper; a schedule runs the
 * feedback re-sender. dynalite has neither TTL nor streams (LOCAL-STACK.md trap 3),
 * so this loop stands in for them, calling the same functions the Lambdas call:
 * it deletes the items whose `expiresAt` has passed (a Scan: the emulator's table
 * is small, and this is the emulation of a managed feature, not a read path of the
 * portal), sweeps the objects of the file records among them, then retries pending
 * feedback e-mail. S3 lifecycle rules do not exist in s3rver either: the run also
 * deletes bundle objects (`bundles/`) older than `BUNDLE_OBJECT_DAYS`, as the
 * private bucket's rule does in AWS (decision record 022). Each weekly slot, the loop
 * also runs the saved-search digest (`runLocalDigestIfDue`, decision record 061). Each
 * run first publishes the content, news and events whose schedule is due (`publishDueContent`, the
 * function of the every-minute Lambda; decision record 068), so locally an item goes
 * live within one interval (30 s) of its time; each run delivers queued update notices,
 * and each daily slot runs their digest (`runLocalUpdateNoticeDigestIfDue`, decision
 * record 066); each run also runs the one-off backfill of content usage until it is done
 * (`backfillContentUsage`, decision record 071). One run at a time; a failure is logged, never thrown.
 */

/** Milliseconds between two housekeeping runs when none is given. */
export const LOCAL_HOUSEKEEPING_MS = 30_000;

/** What one run did. */
export interface HousekeepingRun {
  /** Items whose TTL had passed and that were deleted. */
  readonly expired: number;
  /** Objects of expired file records swept (per file id). */
  readonly swept: number;
  /** Pending feedback e-mails sent. */
  readonly feedbackSent: number;
  /** Pending message e-mails (newsletter sign-ups, contact and support requests) sent (decision record 025). */
  readonly messagesSent: number;
  /** Bundle objects (zips, manifests) past their lifecycle expiry and deleted. */
  readonly bundleObjectsExpired: number;
  /** Content published by its schedule (issue 25 item 7, decision record 068). */
  readonly scheduledPublished: number;
}

/**
 * One housekeeping run at `now`: TTL emulation (rate-limit counters included), upload
 * sweep, re-send of pending e-mail.
 * @throws when the table, the buckets or SES cannot be reached.
 */
export async function runLocalHousekeeping(now: Date = new Date()): Promise<HousekeepingRun> {
  const [
    { dynamoDocumentClient },
    { tableName },
    { fileIdOfPartition },
    { sweepFileObjects },
    { resendPendingEmail },
    { publishDueContent },
    { purgeDeletedContentRemains },
    { backfillContentUsage },
  ] = await Promise.all([
    import('../../functions/src/adapters/aws-clients.ts'),
    import('../../functions/src/data/dynamo.ts'),
    import('../../functions/src/data/keys.ts'),
    import('../../functions/src/housekeeping/upload-sweeper.ts'),
    import('../../functions/src/housekeeping/feedback-resender.ts'),
    import('../../functions/src/services/scheduled-publishing.ts'),
    import('../../functions/src/services/content-purge.ts'),
    import('../../functions/src/services/content-usage-backfill.ts'),
  ]);
  // First, like the every-minute rule in AWS: a due item should not wait for the e-mail retries.
  const scheduled = await publishDueContent(now);
  // The same Lambda finishes the purges of deleted content left over (issue 25 item 3).
  await purgeDeletedContentRemains(now);
  // The one-off backfill of content usage, as the update-notices Lambda runs it (decision record 071).
  await backfillContentUsage(now);
  const epoch = Math.floor(now.getTime() / 1000);
  const expiredFiles: string[] = [];
  let expired = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocumentClient.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#ttl <= :now',
        ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute, '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':now': epoch },
        ProjectionExpression: '#pk, #sk',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      const key = { [TABLE.partitionKey]: item[TABLE.partitionKey], [TABLE.sortKey]: item[TABLE.sortKey] };
      try {
        // Like TTL, only while the item is still expired: an attach may have removed the TTL meanwhile.
        await dynamoDocumentClient.send(
          new DeleteCommand({
            TableName: tableName(),
            Key: key,
            ConditionExpression: '#ttl <= :now',
            ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute },
            ExpressionAttributeValues: { ':now': epoch },
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) continue;
        throw error;
      }
      expired += 1;
      const fileId = fileIdOfPartition(String(key[TABLE.partitionKey]));
      if (fileId) expiredFiles.push(fileId);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const swept = expiredFiles.length > 0 ? await sweepFileObjects(expiredFiles) : 0;
  const resent = await resendPendingEmail(now);
  const bundleObjectsExpired = await expireBundleObjects(now);
  return {
    expired,
    swept,
    feedbackSent: resent.feedback.sent,
    messagesSent: resent.messages.sent,
    bundleObjectsExpired,
    scheduledPublished: scheduled.published,
  };
}

/**
 * The private bucket's lifecycle rule for bundles, emulated: deletes every object
 * under `BUNDLE_OBJECT_PREFIX` last modified more than `BUNDLE_OBJECT_DAYS` days
 * before `now`. Returns how many went.
 */
export async function expireBundleObjects(now: Date = new Date()): Promise<number> {
  const [{ s3Client }, { env }, { BUNDLE_OBJECT_DAYS, BUNDLE_OBJECT_PREFIX }] = await Promise.all([
    import('../../functions/src/adapters/aws-clients.ts'),
    import('../../functions/src/lib/env.ts'),
    import('../../functions/src/data/keys.ts'),
  ]);
  const bucket = env().privateBucket;
  const cutoff = now.getTime() - BUNDLE_OBJECT_DAYS * 86_400_000;
  let deleted = 0;
  // ListObjects v1, paged by marker: s3rver's v2 continuation tokens need DES, which
  // Node 20's OpenSSL refuses, so a truncated v2 listing fails there.
  let marker: string | undefined;
  do {
    const page: ListObjectsCommandOutput = await s3Client.send(
      new ListObjectsCommand({ Bucket: bucket, Prefix: BUNDLE_OBJECT_PREFIX, Marker: marker }),
    );
    const expired = (page.Contents ?? []).filter(
      (object) => object.Key && object.LastModified && object.LastModified.getTime() < cutoff,
    );
    // One DeleteObject each: few objects expire at a time, and it needs no request checksum.
    for (const object of expired) {
      await s3Client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
      deleted += 1;
    }
    marker = page.IsTruncated ? page.Contents?.at(-1)?.Key : undefined;
  } while (marker);
  return deleted;
}

/**
 * The weekly saved-search digest on one machine (issue 24 item 8; decision record 061):
 * runs `sendSavedSearchDigests(now)`, the function the weekly Lambda runs, when the
 * weekly slot of `now` (Mondays 08:00 UTC, `DIGEST_SCHEDULE`) is later than `lastSlot`;
 * returns the slot it ran for, or null when it did not run. Tests call
 * `sendSavedSearchDigests` directly with any `now`, not waiting on the clock.
 */
export async function runLocalDigestIfDue(
  now: Date,
  lastSlot: Date | null,
): Promise<{ slot: Date; emails: number } | null> {
  const [{ digestSlotOf }, { sendSavedSearchDigests }] = await Promise.all([
    import('../../functions/src/domain/saved-searches.ts'),
    import('../../functions/src/services/saved-searches.ts'),
  ]);
  const slot = digestSlotOf(now);
  if (lastSlot && slot.getTime() <= lastSlot.getTime()) return null;
  const result = await sendSavedSearchDigests(now);
  return { slot, emails: result.emails };
}

/**
 * Update notices on one machine (issue 25 item 5; decision record 066): delivers queued
 * notices as messages at every run (AWS: every 15 minutes), and when the daily slot of
 * `now` (07:00 UTC, `UPDATE_NOTICE_DIGEST_SCHEDULE`) is later than `lastSlot` also runs
 * the digest, as the daily Lambda does; returns the slot the digest ran for (else
 * `lastSlot`), the messages written and the e-mails. Tests call the services with any `now`.
 */
export async function runLocalUpdateNoticesIfDue(
  now: Date,
  lastSlot: Date | null,
): Promise<{ slot: Date | null; messages: number; emails: number }> {
  const [{ updateNoticeDigestSlotOf }, { runUpdateNoticesTask }] = await Promise.all([
    import('../../functions/src/domain/update-notices.ts'),
    import('../../functions/src/housekeeping/update-notices.ts'),
  ]);
  const slot = updateNoticeDigestSlotOf(now);
  const due = !lastSlot || slot.getTime() > lastSlot.getTime();
  const result = await runUpdateNoticesTask({ task: due ? 'digest' : 'deliver' }, now);
  return {
    slot: due ? slot : lastSlot,
    messages: result.delivery.messages,
    emails: result.digest?.emails ?? 0,
  };
}

/** A running housekeeping loop. */
export interface LocalHousekeeping {
  /** Stops the loop; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Starts the housekeeping loop: a first run after `intervalMs`, then one every
 * `intervalMs` after the previous ended. Logs what each run did when it did anything.
 */
export function startLocalHousekeeping(
  options: { readonly intervalMs?: number; readonly log?: (line: string) => void } = {},
): LocalHousekeeping {
  const intervalMs = options.intervalMs ?? LOCAL_HOUSEKEEPING_MS;
  const log = options.log ?? (() => undefined);
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  // Like EventBridge, the weekly digest runs at the next slot after the loop starts, not at start.
  let digestSlot: Date | null = null;
  const digestDue = async () => {
    const { digestSlotOf } = await import('../../functions/src/domain/saved-searches.ts');
    digestSlot ??= digestSlotOf(new Date());
    const ran = await runLocalDigestIfDue(new Date(), digestSlot);
    if (ran) {
      digestSlot = ran.slot;
      log(`housekeeping: weekly saved-search digest, ${ran.emails} e-mails written to the outbox`);
    }
  };
  // Like EventBridge, the daily update-notice digest runs at the next 07:00 UTC after the loop starts.
  let noticeSlot: Date | null = null;
  const noticesDue = async () => {
    const { updateNoticeDigestSlotOf } = await import('../../functions/src/domain/update-notices.ts');
    noticeSlot ??= updateNoticeDigestSlotOf(new Date());
    const ran = await runLocalUpdateNoticesIfDue(new Date(), noticeSlot);
    noticeSlot = ran.slot;
    if (ran.messages > 0 || ran.emails > 0) {
      log(`housekeeping: update notices, ${ran.messages} messages, ${ran.emails} digest e-mails written to the outbox`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runLocalHousekeeping()
        .then((run) => {
          if (run.expired > 0 || run.feedbackSent > 0 || run.bundleObjectsExpired > 0 || run.scheduledPublished > 0) {
            log(
              `housekeeping: ${run.expired} expired items removed, ${run.swept} uploads swept, ${run.feedbackSent} feedback e-mails sent, ${run.bundleObjectsExpired} bundle objects expired, ${run.scheduledPublished} scheduled items published`,
            );
          }
        })
        .then(digestDue)
        .then(noticesDue)
        .catch((error: unknown) =>
          log(`housekeeping failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
