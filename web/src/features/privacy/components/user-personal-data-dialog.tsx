import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { DownloadIcon } from 'lucide-react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { savePersonalData, useUserPersonalData } from '../api/personal-data.ts';
import { PersonalDataSummary } from './personal-data-summary.tsx';

/**
 * An administrator's view of one user's personal data (issue 26 item 5; decision
 * record 075), opened from the user's row in Admin → Users: the same summary the user
 * sees on "Your data", and the same JSON file.
 */
export function UserPersonalDataDialog({
  open,
  userId,
  userName,
  onClose,
}: {
  open: boolean;
  userId: string;
  userName: string;
  onClose: () => void;
}) {
  const data = useUserPersonalData(userId);
  return (
    <Dialog.Root open={open} size="lg" placement="center" onOpenChange={(details) => (details.open ? null : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Personal data of {userName}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="4">
              {data.isPending ? (
                <LoadingState label="Loading the user's data…" />
              ) : data.isError ? (
                <LoadError title="The user's data could not be loaded." onRetry={() => void data.refetch()} />
              ) : (
                <PersonalDataSummary data={data.data} caption={`What the portal holds about ${userName}`} />
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button disabled={!data.data} onClick={() => (data.data ? savePersonalData(data.data) : undefined)}>
                <DownloadIcon aria-hidden="true" />
                Download JSON
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
