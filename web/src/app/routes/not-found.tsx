import { Heading, Stack, Text } from '@chakra-ui/react';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';

/**
 * The not-found page: for a page whose flag is off, and for a path under news or
 * events that no route takes (the catch-all of spec §2.2 skips its lookups there;
 * decision record 026). Other unknown addresses go home after the lookups.
 */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <Stack gap="4" py="10" maxW="2xl">
      <Heading as="h1" size="3xl">
        Page not found
      </Heading>
      <Text color="fg.muted">The page you asked for does not exist or has moved.</Text>
      <div>
        <LinkButton to={paths.home}>Go to the home page</LinkButton>
      </div>
    </Stack>
  );
}
