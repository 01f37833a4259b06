import { Button, Dialog, List, Portal, Text } from '@chakra-ui/react';
import { dismissError, SESSION_EXPIRED_MESSAGE, useCurrentError } from '../../lib/error-store.ts';
import { leaveFor } from '../../lib/external-navigation.ts';
import { buildLoginUrl } from '../../lib/login-redirect.ts';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';

/**
 * The global ERROR dialog (spec §2.3, §8): the message, the status code and the
 * details of the oldest error not yet acknowledged; OK closes it. "Your session has
 * expired." also offers **Log in again**, back to the page the reader is on (issue 21
 * item 26). Loaded on demand by `ErrorDialog` when the first error is shown.
 */
export function ErrorDialogPopup() {
  const error = useCurrentError();
  const config = useRuntimeConfig();
  const expired = error?.message === SESSION_EXPIRED_MESSAGE;
  return (
    <Dialog.Root
      open={error !== null}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) dismissError();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>ERROR</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {error ? (
                <>
                  <Dialog.Description>{error.message}</Dialog.Description>
                  {error.statusCode !== null ? (
                    <Text mt="3" color="fg.muted">
                      Status code: {error.statusCode}
                    </Text>
                  ) : null}
                  {error.details.length > 0 ? (
                    <List.Root mt="3" ps="5" aria-label="Details">
                      {error.details.map((detail) => (
                        <List.Item key={detail}>{detail}</List.Item>
                      ))}
                    </List.Root>
                  ) : null}
                </>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              {expired ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
                    dismissError();
                    leaveFor(buildLoginUrl(config, { href: here, returnAfterLogin: true }));
                  }}
                >
                  Log in again
                </Button>
              ) : null}
              <Button onClick={dismissError}>OK</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
