import { useEffect, useRef, useState } from 'react';

/**
 * The open state of a dialog opened from a button (issue 24 item 1: the preview and
 * first-page buttons): `open`, `show()` for the button's click, `close()` for the
 * dialog's `onClose`, and `buttonRef` for the button, which gets the focus back once
 * the closed dialog (and its focus trap) is gone.
 */
export function useDialogOpener() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    // Once the dialog is gone (and its focus trap with it), the focus returns to the button.
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);
  return {
    open,
    buttonRef,
    show: () => setOpen(true),
    close: () => {
      returnFocus.current = true;
      setOpen(false);
    },
  };
}
