import { Alert, Heading, Stack } from '@chakra-ui/react';
import { ExternalLink, RouterLink } from '../../../components/ui/link.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';

/**
 * /knowledge_base (spec §2.2, §2.15): the knowledge base has moved to the support
 * site. The link is named for where it goes, never by its raw address (issue 21
 * item 29, WCAG 2.4.4): "our support site" for another site, "our support page"
 * for a page of this one (locally `/contact-us`), followed in the SPA.
 */
export function Component() {
  const { supportUrl } = useRuntimeConfig();
  useDocumentTitle('Knowledge base');
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="3xl">
        Knowledge base
      </Heading>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The knowledge base has moved</Alert.Title>
          <Alert.Description>
            Its articles are now on{' '}
            {supportUrl.startsWith('/') ? (
              <RouterLink to={supportUrl}>our support page</RouterLink>
            ) : (
              <ExternalLink href={supportUrl}>our support site</ExternalLink>
            )}
            . Please update your bookmarks.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}
