import * as z from 'zod';
import { LIMITS } from '../limits.ts';
import { EntityId, fileName } from './common.ts';
import { extensionOf, FEEDBACK_SCREENSHOT_RULE, FILE_TYPES, type FileMediaType, fileTooLargeMessage } from './file.ts';

/**
 * Content feedback (spec §3 "Feedback", §5 "Content feedback", §7 "Send feedback
 * email for a content id"; decision record 018): a message and an optional
 * screenshot sent inline as base64. Shared by the API (which also checks the
 * screenshot's magic bytes) and the SPA's feedback dialog.
 */

/** File-name extensions a screenshot may carry, in the order the SPA lists them. */
export const FEEDBACK_SCREENSHOT_EXTENSIONS: readonly string[] = FEEDBACK_SCREENSHOT_RULE.types.flatMap(
  (type) => FILE_TYPES[type],
);

/** The accept-error of spec §5: a screenshot that is not a .jpg, .jpeg, .png or .gif image. */
export const SCREENSHOT_TYPE_MESSAGE = `The screenshot must be a ${FEEDBACK_SCREENSHOT_EXTENSIONS.join(', ').replace(/, ([^,]*)$/, ' or $1')} image.`;

/** The max-size message of spec §5: a screenshot over 1,000,000 bytes. */
export const SCREENSHOT_SIZE_MESSAGE = fileTooLargeMessage(FEEDBACK_SCREENSHOT_RULE.maxBytes);

/** Message of a feedback message past spec §5's 1000 characters. */
export const FEEDBACK_MESSAGE_TOO_LONG = `Must be at most ${LIMITS.feedbackMessageMaxChars} characters.`;

/**
 * Why a screenshot is refused by its name, media type and size in bytes, or null
 * when it is acceptable: the extension must be one of
 * {@link FEEDBACK_SCREENSHOT_EXTENSIONS} and belong to `type` (an empty `type`, as
 * some browsers send, is read from the extension), and `size` at most 1,000,000.
 * The bytes themselves (magic bytes) are checked by the API only.
 */
export function screenshotProblem(file: { name: string; type: string; size: number }): string | null {
  const extension = extensionOf(file.name);
  const type = file.type === '' ? mediaTypeOfExtension(extension) : file.type;
  const accepted: readonly string[] = FEEDBACK_SCREENSHOT_RULE.types;
  if (type === null || !accepted.includes(type)) return SCREENSHOT_TYPE_MESSAGE;
  const extensions: readonly string[] = FILE_TYPES[type as FileMediaType];
  if (!extensions.includes(extension)) return SCREENSHOT_TYPE_MESSAGE;
  if (file.size > FEEDBACK_SCREENSHOT_RULE.maxBytes) return SCREENSHOT_SIZE_MESSAGE;
  return null;
}

/** The screenshot media type a file-name extension (`.jpg`) stands for, or null. */
export function mediaTypeOfExtension(extension: string): FileMediaType | null {
  return (
    FEEDBACK_SCREENSHOT_RULE.types.find((type) => (FILE_TYPES[type] as readonly string[]).includes(extension)) ?? null
  );
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Bytes that a padded base64 string decodes to (its length is a multiple of 4). */
export function decodedBase64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

/** A screenshot as spec §3 "Feedback" attaches it: file name, media type and base64 bytes. */
export const FeedbackScreenshot = z
  .object({
    name: fileName(),
    type: z.string({ error: 'Is required.' }),
    /** The file's bytes, standard padded base64 (RFC 4648 §4). */
    data: z.string({ error: 'Is required.' }).min(1, 'The file is empty.').regex(BASE64, 'Must be base64.'),
  })
  .superRefine((screenshot, context) => {
    const problem = screenshotProblem({ ...screenshot, size: 0 });
    if (problem) {
      context.addIssue({ code: 'custom', path: ['name'], message: problem });
      return;
    }
    if (BASE64.test(screenshot.data) && decodedBase64Bytes(screenshot.data) > FEEDBACK_SCREENSHOT_RULE.maxBytes) {
      context.addIssue({ code: 'custom', path: ['data'], message: SCREENSHOT_SIZE_MESSAGE });
    }
  })
  .meta({ id: 'FeedbackScreenshot' });
export type FeedbackScreenshot = z.infer<typeof FeedbackScreenshot>;

/** `POST /api/v1/content-items/{id}/feedback` body (spec §5: message required, at most 1000 characters). */
export const SendContentFeedbackRequest = z
  .object({
    message: z
      .string({ error: 'Is required.' })
      .trim()
      .min(1, 'Is required.')
      .max(LIMITS.feedbackMessageMaxChars, FEEDBACK_MESSAGE_TOO_LONG),
    screenshot: FeedbackScreenshot.optional(),
  })
  .meta({ id: 'SendContentFeedbackRequest' });
export type SendContentFeedbackRequest = z.infer<typeof SendContentFeedbackRequest>;

/** Whether the feedback e-mail reached SES (`sent`) or is stored only, to be sent again (`pending`). */
export const FEEDBACK_EMAIL_STATUSES = ['sent', 'pending'] as const;
export type FeedbackEmailStatus = (typeof FEEDBACK_EMAIL_STATUSES)[number];

/** `POST /api/v1/content-items/{id}/feedback` answer: the stored feedback's id and its e-mail status. */
export const SentContentFeedback = z
  .object({ id: EntityId, emailStatus: z.enum(FEEDBACK_EMAIL_STATUSES) })
  .meta({ id: 'SentContentFeedback' });
export type SentContentFeedback = z.infer<typeof SentContentFeedback>;
