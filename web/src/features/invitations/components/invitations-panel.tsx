import {
  Alert,
  Badge,
  Button,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Text,
  VisuallyHidden,
  Wrap,
} from '@chakra-ui/react';
import { MailPlusIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { INVITATION_STATUSES, type Invitation, type InvitationStatus } from '#shared/contracts/administration';
import { ADMIN_LIMITS } from '#shared/limits';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, dataTableColumns, serverTableState } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { usePagedItems } from '../../../hooks/use-paged-items.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { reportError } from '../../../lib/error-store.ts';
import { useInvitableOrganizations } from '../api/get-invitable-organizations.ts';
import { type InvitationFilters, useInvitations } from '../api/list-invitations.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { formatInvitationDate, ROLE_LABELS, STATUS_LABELS, STATUS_PALETTES } from '../utils/labels.ts';
import { InviteDialog } from './invite-dialog.tsx';

/** The status badge: its text says the status, the colour only repeats it (WCAG 1.4.1). */
export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  return (
    <Badge colorPalette={STATUS_PALETTES[status]} variant="subtle">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** A 403, 404 or 409 a confirmation shows itself; anything else (and a refused session) goes to the ERROR dialog. */
function localMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || ![403, 404, 409].includes(error.statusCode)) return null;
  if (error.statusCode === 403 && error.message === 'Forbidden') {
    reportError(error);
    return null;
  }
  return error.message;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const col = dataTableColumns<Invitation>();

type PendingAction = { kind: 'resend' | 'revoke'; invitation: Invitation };

/**
 * The invitations of the organizations the caller may invite to (spec §1 "Faculty
 * invite students", §6 "user invite, re-invite"; issue 11): newest first, filtered by
 * organization and status; each with its status in words, expiry date and who
 * invited. "Invite" opens the invite dialog; "Re-invite" (pending or expired) sends a
 * new link and says the old one stops working; "Withdraw" (pending) asks first.
 * Loading, empty and error states each say so. Used on /invitations and in /admin.
 */
export function InvitationsPanel() {
  const id = useId();
  const { user, principal } = useSession();
  const organizations = useInvitableOrganizations(user?.id ?? null, principal);
  const [filters, setFilters] = useState<InvitationFilters>({ organizationId: null, status: null });
  const invitations = useInvitations(filters);
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  const tell = (text: string) => {
    setNotice(text);
    announce(text);
  };

  const confirm = async () => {
    if (!pending) return;
    setActionError(null);
    const { kind, invitation } = pending;
    try {
      if (kind === 'resend') {
        const sent = await resend.mutateAsync({ id: invitation.id });
        tell(
          `A new invitation was sent to ${sent.email}. It expires on ${formatInvitationDate(sent.expiresTimestamp)}.`,
        );
      } else {
        await revoke.mutateAsync({ id: invitation.id });
        tell(`The invitation to ${invitation.email} was withdrawn.`);
      }
      setConfirming(false);
    } catch (error) {
      const message = localMessage(error);
      if (message) setActionError(message);
      else setConfirming(false);
    }
  };

  const rows = usePagedItems(invitations.data);
  const columns = useMemo(() => {
    const ask = (kind: PendingAction['kind'], invitation: Invitation) => {
      setActionError(null);
      setPending({ kind, invitation });
      setConfirming(true);
    };
    return col.columns([
      col.accessor('email', { header: 'E-mail' }),
      col.accessor((invitation) => invitation.displayName ?? '—', { id: 'name', header: 'Name' }),
      col.accessor((invitation) => invitation.organization.name, { id: 'organization', header: 'Organization' }),
      col.accessor((invitation) => ROLE_LABELS[invitation.role], { id: 'role', header: 'Role' }),
      col.accessor('status', {
        header: 'Status',
        cell: ({ row: { original: invitation } }) => (
          <>
            <InvitationStatusBadge status={invitation.status} />
            {invitation.emailStatus === 'pending' && invitation.status === 'pending' ? (
              <Text as="span" display="block" fontSize="xs" color="fg.muted">
                E-mail not sent yet
              </Text>
            ) : null}
          </>
        ),
      }),
      col.accessor(
        (invitation) =>
          invitation.status === 'accepted' && invitation.acceptedTimestamp
            ? `Accepted ${formatInvitationDate(invitation.acceptedTimestamp)}`
            : formatInvitationDate(invitation.expiresTimestamp),
        { id: 'expires', header: 'Expires' },
      ),
      col.accessor((invitation) => invitation.invitedBy.displayName, { id: 'invitedBy', header: 'Invited by' }),
      col.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        meta: { cell: { textAlign: 'end' } },
        cell: ({ row: { original: invitation } }) => (
          <HStack justify="flex-end" gap="2">
            {invitation.status === 'pending' || invitation.status === 'expired' ? (
              <Button
                size="xs"
                variant="outline"
                aria-label={`Re-invite ${invitation.email}`}
                onClick={() => ask('resend', invitation)}
              >
                Re-invite
              </Button>
            ) : null}
            {invitation.status === 'pending' ? (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={`Withdraw the invitation to ${invitation.email}`}
                onClick={() => ask('revoke', invitation)}
              >
                Withdraw
              </Button>
            ) : null}
          </HStack>
        ),
      }),
    ]);
  }, []);
  const filtered = filters.organizationId !== null || filters.status !== null;
  const choices = organizations.data ?? [];
  const newExpiry = formatInvitationDate(
    new Date(Date.now() + ADMIN_LIMITS.invitationValidDays * DAY_MS).toISOString(),
  );

  return (
    <Stack as="section" aria-labelledby={`${id}-heading`} gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="xl" id={`${id}-heading`}>
          Invitations
        </Heading>
        <Button
          colorPalette="brand"
          onClick={() => setInviting(true)}
          disabled={organizations.isPending || choices.length === 0}
        >
          <MailPlusIcon aria-hidden="true" />
          Invite
        </Button>
      </HStack>
      {organizations.isSuccess && choices.length === 0 ? (
        <Text>You may not invite anyone to an organization yet.</Text>
      ) : null}
      {organizations.isError ? (
        <LoadError title="The organizations could not be loaded." onRetry={() => void organizations.refetch()} />
      ) : null}
      <Wrap gap="4" align="flex-end">
        <Field.Root w={{ base: 'full', sm: '72' }}>
          <Field.Label>Organization</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={filters.organizationId ?? ''}
              onChange={(event) =>
                setFilters((current) => ({ ...current, organizationId: event.target.value || null }))
              }
            >
              <option value="">All organizations</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '48' }}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={filters.status ?? ''}
              onChange={(event) =>
                setFilters((current) => ({
                  ...current,
                  status: (event.target.value || null) as InvitationStatus | null,
                }))
              }
            >
              <option value="">All statuses</option>
              {INVITATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Wrap>
      {notice ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{notice}</Alert.Title>
        </Alert.Root>
      ) : null}
      <DataTable
        caption="Invitations, newest first"
        region="Invitations"
        columns={columns}
        data={rows}
        getRowId={(invitation) => invitation.id}
        empty={filtered ? 'No invitation matches these filters.' : 'No invitations yet.'}
        {...serverTableState(invitations, rows.length, {
          loading: 'Loading invitations…',
          failed: 'The invitations could not be loaded.',
          loadMore: 'Load more invitations',
        })}
      />
      <InviteDialog
        open={inviting}
        organizations={choices}
        onClose={() => setInviting(false)}
        onInvited={(invitation) => {
          setInviting(false);
          tell(
            `An invitation was sent to ${invitation.email}. It expires on ${formatInvitationDate(invitation.expiresTimestamp)}.`,
          );
        }}
      />
      <ConfirmDialog
        open={confirming && pending?.kind === 'resend'}
        title="Re-invite?"
        description={
          pending
            ? `A new invitation is e-mailed to ${pending.invitation.email}, valid until ${newExpiry}. The link of the earlier invitation stops working.`
            : ''
        }
        confirmLabel="Send a new invitation"
        pending={resend.isPending}
        error={actionError}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={confirming && pending?.kind === 'revoke'}
        title="Withdraw the invitation?"
        description={
          pending
            ? `The invitation to ${pending.invitation.email} is withdrawn: its link stops working. You can invite them again later.`
            : ''
        }
        confirmLabel="Withdraw"
        destructive
        pending={revoke.isPending}
        error={actionError}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
