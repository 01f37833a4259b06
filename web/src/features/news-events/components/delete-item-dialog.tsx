import { AcknowledgedDeleteDialog } from '../../../components/ui/acknowledged-delete-dialog.tsx';
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
  ...props
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
  return (
    <AcknowledgedDeleteDialog
      {...props}
      title={text.deleteTitle}
      acknowledgement={text.deleteAcknowledge}
      requiredMessage={text.deleteRequired}
    />
  );
}
