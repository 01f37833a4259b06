import type { ReactNode } from 'react';
import { AcknowledgedDeleteDialog } from '../../../../components/ui/acknowledged-delete-dialog.tsx';

/** Spec §5 "Content editing" (key CONTENT_DELETE_REQUIRED). */
export const CONTENT_DELETE_REQUIRED = 'The checkbox is required to delete this content.';

/**
 * The delete confirmation of content (spec §4 "Deleting is irreversible"): nothing is
 * sent until the acknowledgement is ticked; confirming without it shows
 * `CONTENT_DELETE_REQUIRED` under the checkbox and moves the focus there. A refusal
 * from the server (a 409 when the count is no longer true) shows in the dialog.
 */
export function DeleteDialog(props: {
  open: boolean;
  name: string;
  pending: boolean;
  error: string | null;
  /** What is deleted: the item and everything under it, counted (issue 21 item 12). */
  description?: string;
  confirmDisabled?: boolean;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AcknowledgedDeleteDialog
      {...props}
      title="Delete content"
      acknowledgement="I understand that this content and everything under it will be deleted permanently."
      requiredMessage={CONTENT_DELETE_REQUIRED}
    />
  );
}
