import { Heading, Stack } from '@chakra-ui/react';
import { DashboardViews } from '../../features/dashboard/components/dashboard-views.tsx';
import { RequireCapabilities } from '../../lib/auth/guards.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** /dashboard (spec §2.2, §2.13): editors only; courseware metrics and file downloads. */
export function Component() {
  useDocumentTitle('Dashboard');
  return (
    <RequireCapabilities capabilities={['updateContent']}>
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          Dashboard
        </Heading>
        <DashboardViews />
      </Stack>
    </RequireCapabilities>
  );
}
