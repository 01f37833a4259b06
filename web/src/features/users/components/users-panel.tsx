import { Button, Field, HStack, Input, Spinner, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { can } from '#shared/capabilities';
import type { UserSummary } from '#shared/contracts/identity';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { startImpersonation, useSession } from '../../../lib/auth/session-store.ts';
import { reportError } from '../../../lib/error-store.ts';
import { useUsers } from '../api/get-users.ts';
import { UserMoveDialog } from './user-move-dialog.tsx';
import { UserRightsDialog } from './user-rights-dialog.tsx';

type Opened = { kind: 'rights' | 'move'; user: UserSummary; open: boolean } | null;

/**
 * The Users tab of /admin (issue 11 item 2; spec §2.15, §6): a search over name and
 * e-mail (at least 2 characters, sent once typing pauses), the users with e-mail,
 * business unit and roles, a page at a time; per row Edit (rights) and Move with
 * manageUsers, History with readAuditLog (`onShowHistory` opens the audit log on
 * that user), Impersonate with impersonateUsers (spec §4).
 */
export function UsersPanel({ onShowHistory }: { onShowHistory?: (user: UserSummary) => void }) {
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
  const rows = useMemo(() => users.data?.pages.flatMap((page) => page.items) ?? [], [users.data]);
  const hasActions = mayManage || mayImpersonate || onShowHistory !== undefined;

  // The dialog stays mounted while it closes, so that it hands the focus back to the row's button.
  const close = () => setOpened((current) => (current ? { ...current, open: false } : null));

  const impersonate = async (userId: string) => {
    setBusy(userId);
    try {
      await startImpersonation(userId, `${paths.admin}?tab=users`);
      navigate(paths.home);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  };

  let body: ReactNode;
  if (users.isPending) {
    body = (
      <HStack role="status" gap="3" py="6">
        <Spinner size="sm" aria-hidden="true" />
        <Text>Loading users…</Text>
      </HStack>
    );
  } else if (users.isError && rows.length === 0) {
    body = <LoadError title="The users could not be loaded." onRetry={() => void users.refetch()} />;
  } else if (rows.length === 0) {
    body = <Text py="6">{q ? `No user matches “${q}”.` : 'No users yet.'}</Text>;
  } else {
    body = (
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Users" aria-busy={users.isFetching}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Name</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">E-mail</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Business unit</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Roles</Table.ColumnHeader>
              {hasActions ? (
                <Table.ColumnHeader scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>{row.displayName}</Table.Cell>
                <Table.Cell>{row.email ?? '—'}</Table.Cell>
                <Table.Cell>{row.businessUnitName ?? '—'}</Table.Cell>
                <Table.Cell>{row.roles.join(', ') || '—'}</Table.Cell>
                {hasActions ? (
                  <Table.Cell>
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
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Stack gap="4">
      <Field.Root maxW="md">
        <Field.Label>Search users</Field.Label>
        <Input type="search" value={text} autoComplete="off" onChange={(event) => setText(event.target.value)} />
        <Field.HelperText>At least 2 characters of a name or e-mail address.</Field.HelperText>
      </Field.Root>
      <Text srOnly aria-live="polite">
        {users.isPending || users.isFetching
          ? ''
          : `${rows.length} users shown${users.hasNextPage ? ', more available' : ''}.`}
      </Text>
      {body}
      {users.hasNextPage ? (
        <div>
          <Button variant="outline" loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
            Load more users
          </Button>
        </div>
      ) : null}
      {users.isError && rows.length > 0 ? (
        <LoadError title="More users could not be loaded." onRetry={() => void users.fetchNextPage()} />
      ) : null}
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
