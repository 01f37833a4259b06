import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';

/** The home page's intro (spec §2.4); its news, events and feature rows come with the home issue. */
export function HomeRoute() {
  const { siteName, flags } = useRuntimeConfig();
  useDocumentTitle('Home');
  return (
    <Stack gap="6" py={{ base: '6', md: '12' }} maxW="3xl">
      <Heading as="h1" size={{ base: '3xl', md: '5xl' }} color="brand.fg" lineHeight="1.15">
        Teach cybersecurity with real hands-on practice
      </Heading>
      <Text textStyle="lg" color="fg.muted">
        {siteName} gives educators free, ready-to-teach courseware and cloud-hosted exercise environments where students
        practise safely, with nothing to install.
      </Text>
      <HStack gap="3" wrap="wrap">
        <LinkButton to={paths.features} colorPalette="accent" size="lg">
          Explore the features
        </LinkButton>
        {flags.courseware ? (
          <LinkButton to={paths.courseware} variant="outline" size="lg">
            Browse courseware
          </LinkButton>
        ) : null}
      </HStack>
    </Stack>
  );
}
