import { AcknowledgedDeleteDialog } from '../../../../components/ui/acknowledged-delete-dialog.tsx';

/** Spec §5 "Content editing" (key CONTENT_DELETE_REQUIRED). */
export const CONTENT_DELETE_REQUIRED = 'The checkbox is required to delete this content.';

/**
 * The delete confirmation of content (spec §4 "Deleting is irreversible"): nothing is
 * sent until the acknowledgement is ticked; confirming without it shows
 * `CONTENT_DELETE_REQUIRED` under the checkbox and moves the focus there. A refusal
 * from the server (a 409 while it has children) shows in the dialog.
 */
export function DeleteDialog(props: {
  open: boolean;
  name: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AcknowledgedDeleteDialog
      {...props}
      title="Delete content"
      acknowledgement="I understand that this content will be deleted permanently."
      requiredMessage={CONTENT_DELETE_REQUIRED}
    />
  );
}
