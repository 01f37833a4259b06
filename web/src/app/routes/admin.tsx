import { Heading, Stack, Text } from '@chakra-ui/react';
import { can } from '#shared/capabilities';
import { CoursewareInfoTable } from '../../features/admin/components/courseware-info-table.tsx';
import { UsersTable } from '../../features/admin/components/users-table.tsx';
import { RequireCapabilities } from '../../features/auth/session/guards.tsx';
import { useSession } from '../../features/auth/session/session-store.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';

/**
 * /admin (spec §2.2, §2.7, §2.15): editors only; the Courseware Info table, then the
 * users table for those who may list users.
 */
export function Component() {
  useDocumentTitle('Administration');
  const { principal } = useSession();
  return (
    <RequireCapabilities capabilities={['updateContent']}>
      <Stack gap="10">
        <Heading as="h1" size="3xl">
          Administration
        </Heading>
        <CoursewareInfoTable />
        {can(principal, 'listUsers') ? (
          <UsersTable />
        ) : (
          <Text color="fg.muted">Nothing here needs your attention: user administration is for administrators.</Text>
        )}
      </Stack>
    </RequireCapabilities>
  );
}
