import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { CalendarClockIcon } from 'lucide-react';
import { type Ref, useState } from 'react';
import { formatDateTime } from '../../lib/date-time.ts';
import { DateTimePicker } from './date-time-picker.tsx';

/** Props of {@link PublishScheduleField}. */
export interface PublishScheduleFieldProps {
  /** The publishing time: an ISO date-time, or '' for none (the date-time picker's value). */
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The field's message (a time not in the future, from the form's check or the server). */
  readonly error: string | undefined;
  readonly inputRef?: Ref<HTMLInputElement> | undefined;
}

/**
 * Scheduled publishing inside an edit form (issue 25 item 7, decision record 068; the
 * news and event dialog): "Schedule publishing…" shows the spec §4 date-time picker
 * ("Publish at", the editor's time zone, a value only when date and time are both
 * set); a set time reads "Scheduled for …" with "Cancel schedule", which empties it.
 * The time is saved with the form, so nothing changes until the editor saves.
 */
export function PublishScheduleField({ value, onChange, error, inputRef }: PublishScheduleFieldProps) {
  const [editing, setEditing] = useState(value !== '');
  if (value === '' && !editing) {
    return (
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setEditing(true)}>
        <CalendarClockIcon aria-hidden="true" />
        Schedule publishing…
      </Button>
    );
  }
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" padding="3">
      {value !== '' ? (
        <Text fontWeight="medium">
          <CalendarClockIcon aria-hidden="true" style={{ display: 'inline', marginRight: '0.25rem' }} />
          Scheduled for {formatDateTime(value)}
        </Text>
      ) : null}
      <DateTimePicker label="Publish at" value={value} onChange={onChange} error={error} inputRef={inputRef} />
      <Text fontSize="sm" color="fg.muted">
        Published at this day and time (your time zone), once, after you save. Visitors do not see it before.
      </Text>
      <HStack>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            onChange('');
            setEditing(false);
          }}
        >
          Cancel schedule
        </Button>
      </HStack>
    </Stack>
  );
}
