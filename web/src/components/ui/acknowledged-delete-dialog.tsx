import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * A delete confirmation that needs a ticked acknowledgement (spec §5 "Deleting a page,
 * section, news item or event requires a ticked confirmation checkbox, with a
 * required message otherwise"; content likewise): nothing is sent until the box is
 * ticked; confirming without it shows `requiredMessage` under the checkbox (an alert)
 * and moves the focus there. `error` (a refusal from the server) shows in the dialog;
 * the acknowledgement resets whenever the dialog closes.
 */
export function AcknowledgedDeleteDialog({
  open,
  title,
  name,
  acknowledgement,
  requiredMessage,
  pending,
  error,
  description,
  confirmDisabled = false,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What is deleted, as people know it (quoted in the description). */
  name: string;
  /** The checkbox's label. */
  acknowledgement: string;
  requiredMessage: string;
  pending: boolean;
  error: string | null;
  /** What will happen, instead of the default "“name” will be deleted for good. …". */
  description?: ReactNode;
  /** Disables Delete (e.g. while what it deletes is still being counted). */
  confirmDisabled?: boolean;
  /** Shown above the acknowledgement. */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const messageId = useId();
  const [acknowledged, setAcknowledged] = useState(false);
  const [required, setRequired] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const checkboxRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) {
      setAcknowledged(false);
      setRequired(false);
    }
  }, [open]);
  useEffect(() => {
    if (focusRequest > 0) checkboxRef.current?.focus();
  }, [focusRequest]);

  const confirm = () => {
    if (!acknowledged) {
      setRequired(true);
      setFocusRequest((count) => count + 1);
      return;
    }
    onConfirm();
  };

  const showRequired = required && !acknowledged;
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={description ?? `“${name}” will be deleted for good. This cannot be undone.`}
      confirmLabel="Delete"
      destructive
      pending={pending}
      confirmDisabled={confirmDisabled}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      {children}
      <Stack gap="1">
        <Checkbox.Root
          checked={acknowledged}
          invalid={showRequired}
          onCheckedChange={(details) => {
            setAcknowledged(details.checked === true);
            if (details.checked === true) setRequired(false);
          }}
        >
          <Checkbox.HiddenInput ref={checkboxRef} aria-describedby={showRequired ? messageId : undefined} />
          <Checkbox.Control />
          <Checkbox.Label>{acknowledgement}</Checkbox.Label>
        </Checkbox.Root>
        {showRequired ? (
          <Text id={messageId} role="alert" color="fg.error" fontSize="sm">
            {requiredMessage}
          </Text>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
