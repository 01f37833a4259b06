import { useMutation } from '@tanstack/react-query';
import { type SendContentFeedbackRequest, SentContentFeedback } from '#shared/contracts/feedback';
import { apiPost } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/**
 * Sends feedback on a content item (`POST /api/v1/content-items/{id}/feedback`,
 * spec §7, decision record 018): a message and an optional screenshot as base64.
 * Answers `{ id, emailStatus }`. Throws `ApiError`: 400 with field errors
 * (`body.message`, `body.screenshot.*`), 404 when the content is gone.
 */
export function sendContentFeedback({ contentId, body }: { contentId: string; body: SendContentFeedbackRequest }) {
  return apiPost(coursewareApiUrl('sendContentFeedback', { id: contentId }), body, SentContentFeedback);
}

/**
 * The POST as a mutation. Nothing cached changes, so nothing is invalidated. A 400
 * is the form's to show under its fields; every other failure goes to the ERROR
 * dialog (spec §8).
 */
export function useSendContentFeedback() {
  return useMutation({ mutationFn: sendContentFeedback, meta: { handledStatuses: [400] } });
}

/** A file's bytes as standard padded base64, as the feedback request carries them. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
