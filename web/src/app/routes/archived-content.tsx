import { Heading, Stack } from '@chakra-ui/react';
import { CoursewareInfoTable } from '../../features/admin/components/courseware-info-table.tsx';
import { RequireCapabilities } from '../../lib/auth/guards.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** /archived-content (spec §2.2, §2.7, §2.15): update-content and view-archived-content only; the archived Courseware Info table. */
export function Component() {
  useDocumentTitle('Archived content');
  return (
    <RequireCapabilities capabilities={['updateContent', 'viewArchivedContent']}>
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          Archived content
        </Heading>
        <CoursewareInfoTable />
      </Stack>
    </RequireCapabilities>
  );
}
