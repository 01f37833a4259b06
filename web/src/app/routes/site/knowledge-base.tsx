import { Alert, Heading, Stack } from '@chakra-ui/react';
import { ExternalLink } from '../../../components/ui/link.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';

/** /knowledge_base (spec §2.2, §2.15): the knowledge base has moved to the support site. */
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
            Its articles are now on our support site: <ExternalLink href={supportUrl}>{supportUrl}</ExternalLink>.
            Please update your bookmarks.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}
