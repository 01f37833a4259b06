import { Heading, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LibraryScreen } from '../../features/library/components/library-screen.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { SignedInOnly } from './signed-in-only.tsx';

/** The Collections tab (the collections feature), loaded when the tab is first opened. */
const MyCollections = lazy(() => import('../../features/collections/components/my-collections.tsx'));

/**
 * /library (issue 26 items 1 and 2; decision records 072, 077): the signed-in reader's saved
 * items, collections and download history; visitors are sent home. Loaded on demand.
 */
export function Component() {
  useDocumentTitle('My library');
  return (
    <SignedInOnly>
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          My library
        </Heading>
        <Text maxW="prose">
          The courseware you saved, your collections, and every file you downloaded with the version it was. Items
          removed or archived since stay listed, marked as such.
        </Text>
        <LibraryScreen
          collections={
            <Suspense fallback={<Text>Loading your collections…</Text>}>
              <MyCollections />
            </Suspense>
          }
        />
      </Stack>
    </SignedInOnly>
  );
}
