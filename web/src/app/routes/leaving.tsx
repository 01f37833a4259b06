import { Heading, Stack, Text } from '@chakra-ui/react';
import { useLoaderData } from 'react-router-dom';
import { ExternalLink } from '../../components/ui/link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** What a leaving route's loader returns: where the browser is being sent. */
export interface LeavingData {
  readonly url: string;
  readonly title: string;
  readonly destination: string;
}

/**
 * Shown by /login, /signup and /exercises while the browser leaves for another
 * host (spec §2.2), with a link in case it does not.
 */
export function LeavingRoute() {
  const { url, title, destination } = useLoaderData() as LeavingData;
  useDocumentTitle(title);
  return (
    <Stack gap="4" py="10">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text>Taking you to {destination}…</Text>
      <Text>
        <ExternalLink href={url}>Continue to {destination}</ExternalLink>
      </Text>
    </Stack>
  );
}
