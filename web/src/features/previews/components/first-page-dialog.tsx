import { Alert, Box, Button, CloseButton, Dialog, HStack, Image, Portal } from '@chakra-ui/react';
import { LogInIcon } from 'lucide-react';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';

/** What the dialog says under the page to a visitor. */
export const FIRST_PAGE_SIGN_IN_MESSAGE = 'Sign in to preview the whole file.';
/** What it says to a signed-in reader without the file right (the page's rights note gives the reason). */
export const FIRST_PAGE_NO_RIGHTS_MESSAGE = 'Only readers who may view files can preview the whole file.';

/**
 * The first-page dialog (issue 24 item 1, decision record 059): the public image of a
 * PDF's first page with its text alternative, and below it "Sign in to preview the
 * whole file." with a Log in link for a visitor (for a signed-in reader without the
 * right, that only readers who may view files can). Escape, Close or the close
 * button end it; `onClose` returns the focus to the button that opened it.
 */
export function FirstPageDialog({
  name,
  image,
  signedIn,
  onClose,
}: {
  name: string;
  image: { readonly url: string; readonly alt: string };
  signedIn: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="lg"
      scrollBehavior="inside"
      restoreFocus={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>First page: {name}</Dialog.Title>
            </Dialog.Header>
            {/* The page scrolls inside the body: focusable, so the keyboard can scroll it (axe scrollable-region-focusable). */}
            <Dialog.Body tabIndex={0} role="region" aria-label={`First page of ${name}, scrollable`}>
              <Box borderWidth="1px" borderColor="border" bg="white">
                <Image src={image.url} alt={image.alt} width="100%" height="auto" display="block" />
              </Box>
            </Dialog.Body>
            <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
              <Alert.Root status="info" variant="subtle" alignItems="center">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>
                    {signedIn ? FIRST_PAGE_NO_RIGHTS_MESSAGE : FIRST_PAGE_SIGN_IN_MESSAGE}
                  </Alert.Description>
                </Alert.Content>
                {signedIn ? null : (
                  <LinkButton to={paths.login} size="sm">
                    <LogInIcon aria-hidden="true" />
                    Log in
                  </LinkButton>
                )}
              </Alert.Root>
              <HStack justify="flex-end">
                <Button variant="outline" onClick={onClose}>
                  Close
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the first page" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
