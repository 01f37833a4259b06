import { Alert, Button, Container } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { exitImpersonation, useSession } from '../../../lib/auth/session-store.ts';

/**
 * Shown while an administrator views the portal as someone else (spec §4
 * "Impersonation"): Exit ends the impersonation on the server (audited), signs the
 * administrator back in and returns to the saved path.
 */
export function ImpersonationBanner() {
  const { impersonating, user } = useSession();
  const navigate = useNavigate();
  const [exiting, setExiting] = useState(false);
  if (!impersonating || !user) return null;
  return (
    <Container maxW="7xl" pt="3">
      <Alert.Root status="warning" variant="surface">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>You are viewing the portal as {user.displayName}.</Alert.Description>
        </Alert.Content>
        <Button
          size="sm"
          variant="outline"
          loading={exiting}
          onClick={() => {
            setExiting(true);
            void exitImpersonation()
              .then((path) => navigate(path ?? paths.home))
              .finally(() => setExiting(false));
          }}
        >
          Exit impersonation
        </Button>
      </Alert.Root>
    </Container>
  );
}
