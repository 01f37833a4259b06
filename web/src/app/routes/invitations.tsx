import { Heading, Stack, Text } from '@chakra-ui/react';
import { InvitationsPanel } from '../../features/invitations/components/invitations-panel.tsx';
import { RequireCapabilities } from '../../lib/auth/guards.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/**
 * /invitations, "Invite students" (spec §1 "Faculty also invite students"; issue 11):
 * for anyone who may invite (inviteUsers), else home. Faculty are not editors, so
 * this page, not /admin, is theirs; it is linked from the account menu.
 */
export function Component() {
  useDocumentTitle('Invite students');
  return (
    <RequireCapabilities capabilities={['inviteUsers']}>
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          Invite students
        </Heading>
        <Text maxW="prose">
          Invite your students to the exercise area by e-mail. Each invitation carries a link that works once and
          expires after 14 days; re-invite to send a new link.
        </Text>
        <InvitationsPanel />
      </Stack>
    </RequireCapabilities>
  );
}
