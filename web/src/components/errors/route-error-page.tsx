import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { activeErrorReporter } from '../../lib/error-reporter.ts';

/**
 * What a screen shows when it crashed while rendering; the shell stays usable. The
 * error goes to the error reporter (issue 21 item 24).
 */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong');
  const error = useRouteError();
  useEffect(() => {
    activeErrorReporter()?.reportException('render', error);
  }, [error]);
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
