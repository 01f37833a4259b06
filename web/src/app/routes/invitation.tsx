import { AcceptInvitation } from '../../features/invitations/components/accept-invitation.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/**
 * /invitation?token=… (issue 11; decision record 030): where an invitation e-mail's
 * link opens, and where its sign-in or sign-up comes back (the entry guard's `?t=`).
 */
export function Component() {
  useDocumentTitle('Invitation');
  return <AcceptInvitation />;
}
