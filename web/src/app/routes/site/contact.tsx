import { Heading, Stack, Text } from '@chakra-ui/react';
import { ContactForm } from '../../../features/messages/components/contact-form.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';

/** /contact and /contact-us (spec §2.2, §2.9): the contact form, and the company address when configured. */
export function Component() {
  const { siteName, companyAddress } = useRuntimeConfig();
  useDocumentTitle('Contact us');
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="3xl">
        Contact us
      </Heading>
      <Text>
        Questions about {siteName}, a demo for your school, or an estimate for your program: tell us what you need and
        we will get back to you.
      </Text>
      {companyAddress ? (
        <Text as="address" fontStyle="normal" whiteSpace="pre-line" color="fg.muted">
          {companyAddress}
        </Text>
      ) : null}
      <ContactForm />
    </Stack>
  );
}
