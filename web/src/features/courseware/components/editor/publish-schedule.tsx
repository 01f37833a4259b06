import { Alert, Button, HStack } from '@chakra-ui/react';
import { CalendarClockIcon } from 'lucide-react';
import { useState } from 'react';
import type { Content } from '#shared/contracts/content';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { DateTimePicker } from '../../../../components/ui/date-time-picker.tsx';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/date-time.ts';
import { usePatchContent } from '../../api/patch-content.ts';

/**
 * Scheduled publishing of an unpublished item (issue 25 item 7; decision record 068):
 * "Schedule publishing…" opens a dialog with the spec §4 date-time picker (date, then
 * hour, minute and AM/PM in the editor's time zone; a value only when all are set) and
 * saves `publishAt` with the item's version (`PATCH`); the server refuses a time that is
 * not in the future (400, shown in the dialog) and publishes the item at that time,
 * once. A scheduled item says when, with "Cancel schedule" (after a confirmation).
 * Nothing for items that are not unpublished.
 */
export function PublishSchedule({ content }: { content: Content }) {
  const patch = usePatchContent();
  const [dialog, setDialog] = useState<'set' | 'cancel' | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (content.status !== 'unpublished') return null;
  const scheduled = content.publishAt ?? null;

  const open = (which: 'set' | 'cancel') => {
    setError(null);
    setValue(scheduled ?? '');
    setDialog(which);
  };
  const save = (publishAt: string | null, done: string) => {
    if (publishAt === '') {
      setError('Choose a day and a whole time.');
      return;
    }
    patch.mutate(
      { id: content.id, body: { publishAt, version: content.version } },
      {
        onSuccess: () => {
          setDialog(null);
          announce(done);
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setError(failure.details[0]?.message ?? failure.message);
        },
      },
    );
  };

  return (
    <>
      {scheduled ? (
        <Alert.Root status="info">
          <Alert.Indicator>
            <CalendarClockIcon />
          </Alert.Indicator>
          <Alert.Content>
            <Alert.Title>Scheduled for {formatDateTime(scheduled)}</Alert.Title>
            <Alert.Description>It is published then, once; visitors do not see it before.</Alert.Description>
          </Alert.Content>
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => open('set')}>
              Change schedule
            </Button>
            <Button size="sm" variant="ghost" onClick={() => open('cancel')}>
              Cancel schedule
            </Button>
          </HStack>
        </Alert.Root>
      ) : (
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => open('set')}>
          <CalendarClockIcon aria-hidden="true" />
          Schedule publishing…
        </Button>
      )}
      <ConfirmDialog
        open={dialog === 'set'}
        title="Schedule publishing"
        description="The item is published at this day and time (your time zone), once. You can change or cancel it until then."
        confirmLabel="Schedule"
        pending={patch.isPending}
        error={dialog === 'set' ? error : null}
        onConfirm={() => save(value, 'Publishing scheduled.')}
        onClose={() => setDialog(null)}
      >
        <DateTimePicker label="Publish at" value={value} onChange={setValue} error={undefined} required />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Cancel the schedule"
        description="The item stays unpublished until someone publishes it."
        confirmLabel="Cancel schedule"
        cancelLabel="Keep schedule"
        pending={patch.isPending}
        error={dialog === 'cancel' ? error : null}
        onConfirm={() => save(null, 'Schedule cancelled.')}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
