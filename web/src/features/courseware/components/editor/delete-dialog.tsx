import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';

/** Spec §5 "Content editing" (key CONTENT_DELETE_REQUIRED). */
export const CONTENT_DELETE_REQUIRED = 'The checkbox is required to delete this content.';

/**
 * The delete confirmation (spec §4 "Deleting is irreversible"): nothing is sent
 * until the acknowledgement is ticked; confirming without it shows
 * `CONTENT_DELETE_REQUIRED` under the checkbox and moves the focus there. A refusal
 * from the server (a 409 while it has children) shows in the dialog.
 */
export function DeleteDialog({
  open,
  name,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  name: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
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

  return (
    <ConfirmDialog
      open={open}
      title="Delete content"
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
          invalid={required && !acknowledged}
          onCheckedChange={(details) => {
            setAcknowledged(details.checked === true);
            if (details.checked === true) setRequired(false);
          }}
        >
          <Checkbox.HiddenInput
            ref={checkboxRef}
            aria-describedby={required && !acknowledged ? 'content-delete-required' : undefined}
          />
          <Checkbox.Control />
          <Checkbox.Label>I understand that this content will be deleted permanently.</Checkbox.Label>
        </Checkbox.Root>
        {required && !acknowledged ? (
          <Text id="content-delete-required" role="alert" color="fg.error" fontSize="sm">
            {CONTENT_DELETE_REQUIRED}
          </Text>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
