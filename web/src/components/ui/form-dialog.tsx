import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';

/**
 * The shell of an editing dialog (news and events, pages, page sections): a modal
 * that mounts its form when opened and unmounts it when closed (so each opening
 * starts from the item), puts the focus on `initialFocus`, and closes by Escape or
 * the Close button — but never by a click outside (a stray click must not lose what
 * was typed) and never while `busy` (a save is under way: the form closes itself
 * when it ends). `size` is Chakra's dialog size, `lg` by default; `scrollBehavior`
 * `outside` lets a long form scroll the page instead of the dialog body.
 */
export function FormDialog({
  open,
  onClose,
  initialFocus,
  busy,
  size = 'lg',
  scrollBehavior,
  children,
}: {
  open: boolean;
  onClose: () => void;
  initialFocus: RefObject<HTMLElement | null>;
  busy: RefObject<boolean>;
  size?: 'md' | 'lg' | 'xl';
  scrollBehavior?: 'inside' | 'outside';
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      initialFocusEl={() => initialFocus.current}
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open && !busy.current) onClose();
      }}
      lazyMount
      unmountOnExit
      size={size}
      scrollBehavior={scrollBehavior}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
