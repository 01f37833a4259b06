import { Button, Heading, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { can } from '#shared/capabilities';
import { paths } from '../../../config/paths.ts';
import { reportError } from '../../../lib/error-store.ts';
import { startImpersonation, useSession } from '../../auth/session/session-store.ts';
import { useUsers } from '../api/get-users.ts';
import { LoadingState } from './loading-state.tsx';

/**
 * The users an administrator may see (spec §2.15 Admin page, §6 privileged actions):
 * name, e-mail and roles; with impersonateUsers, an Impersonate button per row
 * (spec §4 "Impersonation"), which goes home as that user.
 */
export function UsersTable() {
  const { principal, user: me } = useSession();
  const mayImpersonate = can(principal, 'impersonateUsers');
  const users = useUsers();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);

  const impersonate = async (userId: string) => {
    setBusy(userId);
    try {
      await startImpersonation(userId, paths.admin);
      navigate(paths.home);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  };

  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack as="section" aria-labelledby="users-heading" gap="4">
      <Heading as="h2" size="xl" id="users-heading">
        Users
      </Heading>
      {users.isPending ? (
        <LoadingState label="Loading users…" />
      ) : rows.length === 0 ? (
        <Text>No data available</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Name</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">E-mail</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Roles</Table.ColumnHeader>
                {mayImpersonate ? (
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
                  <Table.Cell>{row.roles.join(', ') || '—'}</Table.Cell>
                  {mayImpersonate ? (
                    <Table.Cell textAlign="end">
                      {row.id === me?.id ? null : (
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
                      )}
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {users.hasNextPage ? (
        <div>
          <Button variant="outline" loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
            Load more users
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
