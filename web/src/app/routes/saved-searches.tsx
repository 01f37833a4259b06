import { Heading, Stack, Text } from '@chakra-ui/react';
import { SavedSearchesScreen } from '../../features/saved-searches/components/saved-searches-screen.tsx';
import { UpdateNoticesEmailSetting } from '../../features/update-notices/components/update-notices-email-setting.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { SignedInOnly } from './signed-in-only.tsx';

/**
 * /saved-searches (issue 24 item 8; decision record 061): the signed-in reader's saved
 * searches with their new items, and the e-mail switch of update notices (issue 25 item 5,
 * decision record 066: the page of the reader's e-mail settings); visitors are sent home.
 * Loaded on demand.
 */
export function Component() {
  useDocumentTitle('Saved searches');
  return (
    <SignedInOnly>
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          Saved searches
        </Heading>
        <Text maxW="prose">
          Each saved search counts the courseware published or updated since you last looked. Open one to see its
          results, and choose whether to get a weekly e-mail of its new items.
        </Text>
        <SavedSearchesScreen />
        <UpdateNoticesEmailSetting />
      </Stack>
    </SignedInOnly>
  );
}
