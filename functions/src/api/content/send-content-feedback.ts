import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { SCREENSHOT_TYPE_MESSAGE, type SentContentFeedback } from '#shared/contracts/feedback';
import { putObject } from '../../adapters/file-objects.ts';
import { getContentById } from '../../data/content.ts';
import { createFeedback, type FeedbackRecord } from '../../data/feedback.ts';
import { feedbackScreenshotObjectKey } from '../../data/keys.ts';
import { screenshotBytes } from '../../domain/feedback-email.ts';
import { newId } from '../../domain/ids.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { deliverFeedbackEmail, logFeedbackProblem } from '../../feedback/delivery.ts';
import { env } from '../../lib/env.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/content-items/{id}/feedback` (spec §3 "Feedback", §5 "Content
 * feedback", §7; decision record 018). The content must exist and be visible to
 * the caller (else 404 "Content does not exist."); a screenshot whose bytes are not
 * its declared type is a 400 with the accept-error. The feedback is stored first
 * (screenshot in the private bucket under `feedback/<id>`, then the record with
 * `emailStatus: 'pending'`), then e-mailed through SES with the screenshot
 * attached. A failed e-mail does not fail the request: the feedback is kept as
 * `pending` and the answer says so (201 `{ id, emailStatus }`).
 */
export const sendContentFeedback = defineRoute('sendContentFeedback', async ({ path, body, caller, requestId }) => {
  const content = await getContentById(path.id);
  if (!content || !visibleInDetail(content.status, caller?.principal ?? null)) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  const screenshot = body.screenshot ? { ...body.screenshot, bytes: screenshotBytes(body.screenshot) } : null;
  if (screenshot && screenshot.bytes === null) {
    throw new ValidationError([{ path: 'body.screenshot.data', message: SCREENSHOT_TYPE_MESSAGE }]);
  }
  // The access rule let only signed-in callers through.
  const claims = caller?.claims;
  if (!caller || !claims) throw new Error('sendContentFeedback needs a caller.');

  const id = newId();
  const objectKey = feedbackScreenshotObjectKey(id);
  if (screenshot?.bytes) await putObject(env().privateBucket, objectKey, screenshot.bytes, screenshot.type);
  const record: FeedbackRecord = {
    id,
    contentId: content.id,
    contentName: content.name,
    userId: caller.sub,
    userName: claims.displayName,
    userEmail: claims.email,
    message: body.message,
    screenshot: screenshot?.bytes
      ? { objectKey, name: screenshot.name, type: screenshot.type, size: screenshot.bytes.length }
      : null,
    createdTimestamp: new Date().toISOString(),
    emailStatus: 'pending',
  };
  await createFeedback(record);

  const delivery = await deliverFeedbackEmail(record, content, screenshot?.bytes ?? null);
  if (delivery.status === 'pending') {
    logFeedbackProblem(id, 'Content feedback e-mail not sent; the feedback is stored as pending.', delivery.error, {
      requestId,
    });
  }
  return { id, emailStatus: delivery.status } satisfies SentContentFeedback;
});
