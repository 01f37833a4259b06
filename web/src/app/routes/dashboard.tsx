import { Heading, Stack } from '@chakra-ui/react';
import { CoursewareSummary } from '../../features/admin/components/courseware-summary.tsx';
import { RequireCapabilities } from '../../features/auth/session/guards.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** /dashboard (spec §2.2, §2.13): editors only; for now the courseware counts. */
export function Component() {
  useDocumentTitle('Dashboard');
  return (
    <RequireCapabilities capabilities={['updateContent']}>
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          Dashboard
        </Heading>
        <CoursewareSummary />
      </Stack>
    </RequireCapabilities>
  );
}
