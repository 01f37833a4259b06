import { Heading, Stack, Text } from '@chakra-ui/react';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** The catch-all page (the dynamic-pages lookup of spec §2.2 comes with the CMS issue). */
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
