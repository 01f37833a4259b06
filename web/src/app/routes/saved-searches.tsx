import { Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { SavedSearchesScreen } from '../../features/saved-searches/components/saved-searches-screen.tsx';
import { UpdateNoticesEmailSetting } from '../../features/update-notices/components/update-notices-email-setting.tsx';
import { useSession } from '../../lib/auth/session-store.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';

/**
 * /saved-searches (issue 24 item 8; decision record 061): the signed-in reader's saved
 * searches with their new items, and the e-mail switch of update notices (issue 25 item 5,
 * decision record 066: the page of the reader's e-mail settings); visitors are sent home.
 * Loaded on demand.
 */
export function Component() {
  useDocumentTitle('Saved searches');
  const { user, status } = useSession();
  if (status === 'logging-in') return null;
  if (!user) return <Navigate to={paths.home} replace />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Saved searches
      </Heading>
      <Text maxW="prose">
        Each saved search counts the courseware published or updated since you last looked. Open one to see its results,
        and choose whether to get a weekly e-mail of its new items.
      </Text>
      <SavedSearchesScreen />
      <UpdateNoticesEmailSetting />
    </Stack>
  );
}
