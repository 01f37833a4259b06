import { useMutation } from '@tanstack/react-query';
import { type ContactRequestInput, SentMessage } from '#shared/contracts/messages';
import { apiPost } from '../../../lib/api-client.ts';
import { messagesApiUrl } from './paths.ts';

/**
 * Sends the contact form (`POST /api/v1/contact-requests`, spec §2.9, §5 "Contact
 * form", §7 "Send support email"): stored first, then e-mailed to the team. Answers
 * the stored request's id and e-mail status. Throws `ApiError`: 400 with field
 * errors (`body.topic` when the topic is not one of the brand's), 429 when the
 * client's address sent too many forms.
 */
export function sendContactRequest(body: ContactRequestInput) {
  return apiPost(messagesApiUrl('sendContactRequest'), body, SentMessage);
}

/** The contact request as a mutation; a 400 and a 429 are the form's to show, the rest goes to the ERROR dialog. */
export function useSendContactRequest() {
  return useMutation({ mutationFn: sendContactRequest, meta: { handledStatuses: [400, 429] } });
}
