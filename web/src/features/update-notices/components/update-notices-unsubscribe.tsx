import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { UPDATE_NOTICES_SETTINGS_PAGE_PATH } from '#shared/contracts/update-notices';
import { ApiError } from '../../../lib/api-client.ts';
import { useUnsubscribeUpdateNotices } from '../api/unsubscribe-update-notices.ts';

/**
 * Where the update-notice digest's "Stop these e-mails" link opens (issue 25 item 5): it
 * asks before it stops anything (a link scanner's visit changes nothing), then POSTs the
 * link's token — no sign-in needed — and says what happened. A token works once.
 */
export function UpdateNoticesUnsubscribe({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeUpdateNotices();
  if (unsubscribe.isSuccess) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>Done: you will get no more e-mails about updates to courseware you downloaded.</Alert.Title>
      </Alert.Root>
    );
  }
  const invalid = unsubscribe.error instanceof ApiError && [400, 404].includes(unsubscribe.error.statusCode);
  return (
    <Stack gap="4" align="flex-start">
      <Text maxW="prose">
        Stop the daily e-mail about updates to courseware you downloaded? Your account menu still shows a message when
        one is updated; you can turn the e-mail on again on the{' '}
        <ReactRouterLink to={UPDATE_NOTICES_SETTINGS_PAGE_PATH}>Saved searches</ReactRouterLink> screen.
      </Text>
      {token === '' || invalid ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>
            This unsubscribe link is not valid, or was used already. Sign in to change your e-mail setting.
          </Alert.Title>
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
