import { Heading, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { UnsubscribeConfirm } from '../../features/saved-searches/components/unsubscribe-confirm.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/**
 * /saved-searches/unsubscribe?token= (issue 24 item 8): the digest e-mail's "Stop these
 * e-mails" link, for anyone holding it (no sign-in); it confirms with a button.
 */
export function Component() {
  useDocumentTitle('Stop saved-search e-mails');
  const [params] = useSearchParams();
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Stop saved-search e-mails
      </Heading>
      <UnsubscribeConfirm token={params.get('token')?.trim() ?? ''} />
    </Stack>
  );
}
