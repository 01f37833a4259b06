import { Alert, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { LogInIcon, UserPlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { INVITATION_MESSAGES, type InvitationPreview } from '#shared/contracts/administration';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { savePendingInvitation, useInvitationOutcome } from '../../../lib/auth/invitation-token.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { buildLoginUrl, buildSignupUrl } from '../../../lib/login-redirect.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { useInvitationPreview } from '../api/get-invitation-preview.ts';
import { formatInvitationDate, roleInSentence } from '../utils/labels.ts';

/** Why a link cannot be used, by the status its preview gave (null: it can). */
export function unusableReason(preview: InvitationPreview | null, now: number = Date.now()): string | null {
  if (preview === null) return INVITATION_MESSAGES.invalid;
  switch (preview.status) {
    case 'accepted':
      return INVITATION_MESSAGES.used;
    case 'revoked':
      return INVITATION_MESSAGES.revoked;
    case 'expired':
      return INVITATION_MESSAGES.expired;
    default:
      return Date.parse(preview.expiresTimestamp) <= now ? INVITATION_MESSAGES.expired : null;
  }
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="6" maxW="prose">
      <Heading as="h1" size="3xl">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <HStack role="status" gap="3" py="6">
      <Spinner size="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </HStack>
  );
}

/**
 * The invitation page (issue 11; decision record 030). With `?token=`: the link's
 * preview, "<inviter> invites you to <organization> as <role>, until <date>", and
 * "Sign in to accept" / "Create an account" (the login host's login and sign-up,
 * coming back here; the token is kept in session storage for the trip), or why the
 * link cannot be used (expired, used, withdrawn, not valid). Without it, after the
 * trip: the confirmation with a link to the exercise area, or the refusal (the
 * server's message, also in the ERROR dialog) and whether a normal session began.
 */
export function AcceptInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  if (token) return <InvitationLink token={token} />;
  return <AfterSignIn />;
}

function InvitationLink({ token }: { token: string }) {
  const config = useRuntimeConfig();
  const preview = useInvitationPreview(token);

  if (preview.isPending) {
    return (
      <Page title="Invitation">
        <Loading label="Loading the invitation…" />
      </Page>
    );
  }
  if (preview.isError) {
    return (
      <Page title="Invitation">
        <LoadError title="The invitation could not be loaded." onRetry={() => void preview.refetch()} />
      </Page>
    );
  }
  const reason = unusableReason(preview.data);
  if (reason !== null || preview.data === null) {
    return (
      <Page title="This invitation cannot be used">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{reason ?? INVITATION_MESSAGES.invalid}</Alert.Title>
        </Alert.Root>
        <Text>
          If you already have an account, you can still sign in; otherwise ask whoever invited you for a new link.
        </Text>
      </Page>
    );
  }

  const invitation = preview.data;
  const back = { href: paths.invitation, returnAfterLogin: true };
  const loginUrl = buildLoginUrl(config, back);
  const signupUrl = new URL(buildSignupUrl(config));
  signupUrl.searchParams.set('redirect_url', new URL(paths.invitation, window.location.origin).toString());
  const keep = () =>
    savePendingInvitation({ token, organizationName: invitation.organizationName, role: invitation.role });

  return (
    <Page title="You are invited">
      <Text fontSize="lg">
        {invitation.invitedByName} invites you to {invitation.organizationName} as {roleInSentence(invitation.role)},
        until {formatInvitationDate(invitation.expiresTimestamp)}.
      </Text>
      <Text>
        Sign in if you already have an account, or create one. You come back here and the invitation is accepted: it
        works once.
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <a href={loginUrl} onClick={keep}>
            <LogInIcon aria-hidden="true" />
            Sign in to accept
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={signupUrl.toString()} onClick={keep}>
            <UserPlusIcon aria-hidden="true" />
            Create an account
          </a>
        </Button>
      </HStack>
    </Page>
  );
}

function AfterSignIn() {
  const outcome = useInvitationOutcome();
  const { status } = useSession();

  if (status === 'logging-in') {
    return (
      <Page title="Invitation">
        <Loading label="Signing you in…" />
      </Page>
    );
  }
  if (outcome?.kind === 'accepted') {
    const { organizationName, role } = outcome.invitation;
    return (
      <Page title="Invitation accepted">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>
            Welcome! You joined {organizationName} as {roleInSentence(role)}.
          </Alert.Title>
        </Alert.Root>
        {status === 'logged-in' ? (
          <Text>You are signed in. Your exercises are in the exercise area.</Text>
        ) : (
          <Text>Sign in to the exercise area with the account you just used.</Text>
        )}
        <div>
          <LinkButton to={paths.exercises} colorPalette="brand">
            Go to the exercise area
          </LinkButton>
        </div>
      </Page>
    );
  }
  if (outcome?.kind === 'refused') {
    return (
      <Page title="The invitation was not accepted">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{outcome.message}</Alert.Title>
        </Alert.Root>
        {outcome.signedIn ? (
          <Text>
            You are signed in with your existing account; ask whoever invited you for a new invitation if you need one.
          </Text>
        ) : (
          <Text>Ask whoever invited you for a new invitation.</Text>
        )}
      </Page>
    );
  }
  return (
    <Page title="Invitation">
      <Text>There is no invitation to open here. Open the link in your invitation e-mail.</Text>
    </Page>
  );
}
