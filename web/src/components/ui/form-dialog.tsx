import { Button, CloseButton, Dialog, HStack, Portal, Spacer } from '@chakra-ui/react';
import { Trash2Icon } from 'lucide-react';
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

/**
 * The footer of an editing form in a dialog (issue 23 item 4): Cancel and the
 * primary submit button (`submitLabel`, a `type="submit"` of the enclosing form).
 * While `pending` (a save under way) the submit shows its spinner with `loadingText`
 * (when given) and Cancel is disabled. With `onDelete`, a red "Delete" button
 * (`deleteLabel`, such as "Delete page") stands apart on the left, disabled while pending.
 */
export function FormDialogFooter({
  submitLabel,
  onCancel,
  pending = false,
  loadingText,
  onDelete,
  deleteLabel,
}: {
  readonly submitLabel: ReactNode;
  readonly onCancel: () => void;
  /** A save is under way. */
  readonly pending?: boolean;
  /** What the submit button says while pending (only its spinner when not given). */
  readonly loadingText?: string;
  readonly onDelete?: () => void;
  /** The Delete button's text; "Delete" by default. */
  readonly deleteLabel?: string;
}) {
  const actions = (
    <>
      <Button type="button" variant="outline" onClick={() => onCancel()} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" colorPalette="brand" loading={pending} loadingText={loadingText}>
        {submitLabel}
      </Button>
    </>
  );
  return (
    <Dialog.Footer>
      {onDelete ? (
        <>
          <Button type="button" variant="outline" colorPalette="red" onClick={onDelete} disabled={pending}>
            <Trash2Icon aria-hidden="true" />
            {deleteLabel ?? 'Delete'}
          </Button>
          <Spacer />
          <HStack gap="3">{actions}</HStack>
        </>
      ) : (
        actions
      )}
    </Dialog.Footer>
  );
}
