import { Box, Button, Field, Fieldset, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { type Ref, useId, useState } from 'react';
import { type DateTimeParts, type DayPeriod, EMPTY_PARTS, isoOf, partsOf } from '../../lib/date-time.ts';

const HOURS = Array.from({ length: 12 }, (_, index) => String(index + 1));
const MINUTES = Array.from({ length: 12 }, (_, index) => String(index * 5).padStart(2, '0'));

/**
 * The date-time picker of spec §4: a date, then the time as hour (1–12), minute and
 * AM/PM, in the reader's time zone. `onChange` gets an ISO date-time (UTC) only
 * when the date and the whole time are set, '' otherwise; Clear empties every part
 * and emits ''. `value` is read when the picker mounts. The error goes under the
 * group as an alert; `inputRef` is the date input (focused when the value is invalid).
 */
export function DateTimePicker({
  label,
  value,
  onChange,
  error,
  required = false,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  error: string | undefined;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const [parts, setParts] = useState<DateTimeParts>(() => partsOf(value));
  const minutes = parts.minute && !MINUTES.includes(parts.minute) ? [parts.minute, ...MINUTES].sort() : MINUTES;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = error ? `${helpId} ${errorId}` : helpId;

  const change = (next: Partial<DateTimeParts>) => {
    const merged = { ...parts, ...next };
    setParts(merged);
    onChange(isoOf(merged));
  };

  return (
    <Fieldset.Root invalid={Boolean(error)} aria-describedby={describedBy}>
      <Fieldset.Legend fontWeight="medium" fontSize="sm">
        {label}
        {required ? (
          <Box as="span" aria-hidden="true" color="fg.error">
            {' *'}
          </Box>
        ) : null}
      </Fieldset.Legend>
      <HStack gap="3" wrap="wrap" align="flex-end">
        <Field.Root width="auto" invalid={Boolean(error)} required={required}>
          <Field.Label fontWeight="normal">Day</Field.Label>
          <Input
            ref={inputRef}
            type="date"
            value={parts.date}
            aria-describedby={describedBy}
            onChange={(event) => change({ date: event.target.value })}
          />
        </Field.Root>
        <TimeSelect
          label="Hour"
          value={parts.hour}
          options={HOURS}
          onChange={(hour) => change({ hour })}
          invalid={Boolean(error)}
        />
        <TimeSelect
          label="Minute"
          value={parts.minute}
          options={minutes}
          onChange={(minute) => change({ minute })}
          invalid={Boolean(error)}
        />
        <TimeSelect
          label="AM or PM"
          value={parts.period}
          options={['AM', 'PM']}
          onChange={(period) => change({ period: period as DayPeriod | '' })}
          invalid={Boolean(error)}
        />
        <Button type="button" variant="outline" size="sm" mb="1" onClick={() => change(EMPTY_PARTS)}>
          Clear date
        </Button>
      </HStack>
      <Fieldset.HelperText id={helpId}>Your time zone; the time uses AM and PM.</Fieldset.HelperText>
      {error ? (
        <Fieldset.ErrorText id={errorId} role="alert">
          {error}
        </Fieldset.ErrorText>
      ) : null}
    </Fieldset.Root>
  );
}

function TimeSelect({
  label,
  value,
  options,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  return (
    <Field.Root width="auto" invalid={invalid}>
      <Field.Label fontWeight="normal">{label}</Field.Label>
      <NativeSelect.Root width="24">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">--</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
