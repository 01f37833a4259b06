import { Heading, Stack, Text } from '@chakra-ui/react';
import { PersonalDataScreen } from '../../features/privacy/components/personal-data-screen.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { SignedInOnly } from './signed-in-only.tsx';

/**
 * /personal-data (issue 26 item 5; decision record 075): what the portal holds about the
 * signed-in reader, its export as JSON, and the deletion of their reviews and
 * collections; visitors are sent home. Loaded on demand.
 */
export function Component() {
  useDocumentTitle('Your data');
  return (
    <SignedInOnly>
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          Your data
        </Heading>
        <Text maxW="prose">
          Everything the portal holds about you: your account, messages, library, downloads, collections, ratings and
          reviews, saved searches and submissions. Download all of it as one JSON file.
        </Text>
        <PersonalDataScreen />
      </Stack>
    </SignedInOnly>
  );
}
