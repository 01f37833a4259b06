import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** What a screen shows when it crashed while rendering; the shell stays usable. */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong');
  return (
    <Stack gap="4" py="10">
      <Heading as="h1" size="2xl">
        Something went wrong
      </Heading>
      <Text>This page stopped working. Reloading it usually helps.</Text>
      <div>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </div>
    </Stack>
  );
}
