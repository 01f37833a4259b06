import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { SAVED_SEARCHES_PAGE_PATH } from '#shared/contracts/saved-search';
import { ApiError } from '../../../lib/api-client.ts';
import { useUnsubscribeSavedSearches } from '../api/unsubscribe-saved-searches.ts';

/**
 * Where the digest e-mail's "Stop these e-mails" link opens (issue 24 item 8): it asks
 * before it stops anything (a link scanner's visit changes nothing), then POSTs the
 * link's token — no sign-in needed — and says what happened.
 */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeSavedSearches();
  if (unsubscribe.isSuccess) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>
          {unsubscribe.data.unsubscribed > 0
            ? 'Done: you will get no more e-mails about your saved searches.'
            : 'You were already unsubscribed: no e-mails are sent about your saved searches.'}
        </Alert.Title>
      </Alert.Root>
    );
  }
  const invalid = unsubscribe.error instanceof ApiError && [400, 404].includes(unsubscribe.error.statusCode);
  return (
    <Stack gap="4" align="flex-start">
      <Text maxW="prose">
        Stop the weekly e-mail of new courseware matching your saved searches? Your saved searches stay; you can turn
        their e-mail on again on the <ReactRouterLink to={SAVED_SEARCHES_PAGE_PATH}>Saved searches</ReactRouterLink>{' '}
        screen.
      </Text>
      {token === '' || invalid ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>This unsubscribe link is not valid. Sign in to change your saved searches.</Alert.Title>
        </Alert.Root>
      ) : (
        <Button colorPalette="brand" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ token })}>
          Stop the e-mails
        </Button>
      )}
      {unsubscribe.error && !invalid ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{unsubscribe.error.message}</Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
