import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { KIND_TEXT, type NewsEventKind } from '../utils/kinds.ts';

/**
 * The delete confirmation of a news item or event (spec §2.10 "Delete asks for
 * confirmation", §5 "Deleting a … news item or event requires a ticked confirmation
 * checkbox"): nothing is sent until the acknowledgement is ticked; confirming
 * without it shows the required message under the checkbox (an alert) and moves
 * the focus there. A refusal from the server shows in the dialog.
 */
export function DeleteItemDialog({
  kind,
  open,
  name,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  kind: NewsEventKind;
  open: boolean;
  /** The item's title. */
  name: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const text = KIND_TEXT[kind];
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
      setFocusRequest((current) => current + 1);
      return;
    }
    onConfirm();
  };

  const showRequired = required && !acknowledged;
  return (
    <ConfirmDialog
      open={open}
      title={text.deleteTitle}
      description={`“${name}” will be deleted for good. This cannot be undone.`}
      confirmLabel="Delete"
      destructive
      pending={pending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
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
          <Checkbox.Label>{text.deleteAcknowledge}</Checkbox.Label>
        </Checkbox.Root>
        {showRequired ? (
          <Text id={messageId} role="alert" color="fg.error" fontSize="sm">
            {text.deleteRequired}
          </Text>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
