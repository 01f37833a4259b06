import { Button, Field, HStack, Input, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { can } from '#shared/capabilities';
import type { UserSummary } from '#shared/contracts/identity';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
  serverTableState,
} from '../../../components/ui/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { usePagedItems } from '../../../hooks/use-paged-items.ts';
import { startImpersonation, useSession } from '../../../lib/auth/session-store.ts';
import { reportError } from '../../../lib/error-store.ts';
import { useUsers } from '../api/get-users.ts';
import { UserMoveDialog } from './user-move-dialog.tsx';
import { UserRightsDialog } from './user-rights-dialog.tsx';

const col = dataTableColumns<UserSummary>();

type Opened = { kind: 'rights' | 'move'; user: UserSummary; open: boolean } | null;

/**
 * The Users tab of /admin (issue 11 item 2; spec §2.15, §6): a search over name and
 * e-mail (at least 2 characters, sent once typing pauses), the users with e-mail,
 * business unit and roles, a page at a time; per row Edit (rights) and Move with
 * manageUsers, History with readAuditLog (`onShowHistory` opens the audit log on
 * that user), Data with manageUsers when the app provides `onShowPersonalData` (the
 * user's personal data, issue 26 item 5), Impersonate with impersonateUsers (spec §4).
 */
export function UsersPanel({
  onShowHistory,
  onShowPersonalData,
}: {
  onShowHistory?: (user: UserSummary) => void;
  onShowPersonalData?: (user: UserSummary) => void;
}) {
  const { principal, user: me } = useSession();
  const mayManage = can(principal, 'manageUsers');
  const mayImpersonate = can(principal, 'impersonateUsers');
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim());
  const q = typed.length >= 2 ? typed : undefined;
  const users = useUsers({ q });
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [opened, setOpened] = useState<Opened>(null);
  const rows = usePagedItems(users.data);
  const hasActions = mayManage || mayImpersonate || onShowHistory !== undefined;

  // The dialog stays mounted while it closes, so that it hands the focus back to the row's button.
  const close = () => setOpened((current) => (current ? { ...current, open: false } : null));

  const impersonate = useCallback(
    async (userId: string) => {
      setBusy(userId);
      try {
        await startImpersonation(userId, `${paths.admin}?tab=users`);
        navigate(paths.home);
      } catch (error) {
        reportError(error);
      } finally {
        setBusy(null);
      }
    },
    [navigate],
  );

  const columns = useMemo(() => {
    const list: DataTableColumn<UserSummary>[] = [
      col.accessor('displayName', { header: 'Name' }),
      col.accessor((row) => row.email ?? '—', { id: 'email', header: 'E-mail' }),
      col.accessor((row) => row.businessUnitName ?? '—', { id: 'businessUnit', header: 'Business unit' }),
      col.accessor((row) => row.roles.join(', ') || '—', { id: 'roles', header: 'Roles' }),
    ];
    if (!hasActions) return list;
    return [
      ...list,
      col.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row: { original: row } }) => (
          <HStack gap="2" justify="flex-end" wrap="wrap">
            {mayManage ? (
              <>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Edit ${row.displayName}`}
                  onClick={() => setOpened({ kind: 'rights', user: row, open: true })}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Move ${row.displayName}`}
                  onClick={() => setOpened({ kind: 'move', user: row, open: true })}
                >
                  Move
                </Button>
              </>
            ) : null}
            {mayManage && onShowPersonalData ? (
              <Button
                size="xs"
                variant="outline"
                aria-label={`Personal data of ${row.displayName}`}
                onClick={() => onShowPersonalData(row)}
              >
                Data
              </Button>
            ) : null}
            {onShowHistory ? (
              <Button
                size="xs"
                variant="outline"
                aria-label={`History of ${row.displayName}`}
                onClick={() => onShowHistory(row)}
              >
                History
              </Button>
            ) : null}
            {mayImpersonate && row.id !== me?.id ? (
              <Button
                size="xs"
                variant="outline"
                loading={busy === row.id}
                disabled={busy !== null}
                aria-label={`Impersonate ${row.displayName}`}
                onClick={() => void impersonate(row.id)}
              >
                Impersonate
              </Button>
            ) : null}
          </HStack>
        ),
      }),
    ];
  }, [hasActions, mayManage, mayImpersonate, onShowHistory, onShowPersonalData, me?.id, busy, impersonate]);

  return (
    <Stack gap="4">
      <Field.Root maxW="md">
        <Field.Label>Search users</Field.Label>
        <Input type="search" value={text} autoComplete="off" onChange={(event) => setText(event.target.value)} />
        <Field.HelperText>At least 2 characters of a name or e-mail address.</Field.HelperText>
      </Field.Root>
      <DataTable
        label="Users"
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        busy={users.isFetching}
        empty={q ? `No user matches “${q}”.` : 'No users yet.'}
        {...serverTableState(users, rows.length, {
          loading: 'Loading users…',
          failed: 'The users could not be loaded.',
          moreFailed: 'More users could not be loaded.',
          loadMore: 'Load more users',
          countNoun: 'users',
        })}
      />
      {opened?.kind === 'rights' ? (
        <UserRightsDialog
          key={opened.user.id}
          open={opened.open}
          userId={opened.user.id}
          userName={opened.user.displayName}
          onClose={close}
        />
      ) : null}
      {opened?.kind === 'move' ? (
        <UserMoveDialog
          key={opened.user.id}
          open={opened.open}
          userId={opened.user.id}
          userName={opened.user.displayName}
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}
