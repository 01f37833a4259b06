import { Heading, Stack, Text } from '@chakra-ui/react';
import { NewsletterForm } from '../../../features/messages/components/newsletter-form.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';

/** /newsletter-signup (spec §2.2 named route newsletter, §2.11): the sign-up form. */
export function Component() {
  const { siteName } = useRuntimeConfig();
  useDocumentTitle('Newsletter sign-up');
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="3xl">
        Sign up for our newsletter
      </Heading>
      <Text>Hear about new courseware, events, workshops and features of {siteName} by e-mail.</Text>
      <NewsletterForm />
    </Stack>
  );
}
