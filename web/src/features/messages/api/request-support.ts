import { useMutation } from '@tanstack/react-query';
import { SentSupportRequest, type SupportRequestInput } from '#shared/contracts/messages';
import { apiPost } from '../../../lib/api-client.ts';
import { messagesApiUrl } from './paths.ts';

/** What a support request is about: one of the caller's courses or organizations (spec §3 "Support request" topic). */
export interface SupportTarget {
  readonly kind: 'course' | 'organization';
  readonly id: string;
}

/**
 * Sends a support request about a course (`POST /api/v1/courses/{id}/support`) or an
 * organization (`POST /api/v1/organizations/{id}/support`), spec §5 "Support dialog",
 * §7. Answers the stored request, its e-mail status and the recipients (name and
 * space-separated roles). Throws `ApiError`: 400 with field errors (`body.email`
 * with `SUPPORT_EMAIL_REQUIRED_MESSAGE` when the account has no e-mail), 403 without
 * the claim for that target, 404 when the target is gone.
 */
export function requestSupport({ target, body }: { target: SupportTarget; body: SupportRequestInput }) {
  const operation = target.kind === 'course' ? 'requestCourseSupport' : 'requestOrganizationSupport';
  return apiPost(messagesApiUrl(operation, { id: target.id }), body, SentSupportRequest);
}

/** The support request as a mutation; a 400 is the dialog's to show under its fields, the rest goes to the ERROR dialog. */
export function useRequestSupport() {
  return useMutation({ mutationFn: requestSupport, meta: { handledStatuses: [400] } });
}
