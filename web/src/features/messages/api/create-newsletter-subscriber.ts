import { useMutation } from '@tanstack/react-query';
import { type NewsletterSignupRequest, SentMessage } from '#shared/contracts/messages';
import { apiPost } from '../../../lib/api-client.ts';
import { messagesApiUrl } from './paths.ts';

/**
 * Signs a visitor up for the newsletter (`POST /api/v1/newsletter-subscribers`, spec
 * §2.11, §7 "Create newsletter subscriber"). Answers the stored subscriber's id and
 * whether the sign-up e-mail went out (`sent`) or waits to be sent again
 * (`pending`). Throws `ApiError`: 400 with field errors (`body.email`, …), 429 when
 * the client's address sent too many forms (`RATE_LIMITED_MESSAGE`).
 */
export function createNewsletterSubscriber(body: NewsletterSignupRequest) {
  return apiPost(messagesApiUrl('createNewsletterSubscriber'), body, SentMessage);
}

/**
 * The sign-up as a mutation. A 400 and a 429 are the form's to show (under the
 * fields, above the button); every other failure goes to the ERROR dialog (spec §8).
 */
export function useCreateNewsletterSubscriber() {
  return useMutation({ mutationFn: createNewsletterSubscriber, meta: { handledStatuses: [400, 429] } });
}
