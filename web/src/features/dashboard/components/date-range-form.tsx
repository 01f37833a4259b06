import { Box, Button, HStack, Input } from '@chakra-ui/react';
import { RefreshCwIcon } from 'lucide-react';
import type { FormEvent } from 'react';
import { FormProvider, useForm, useFormState } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { type DateRange, rangeErrors } from '../utils/dates.ts';

const FIELDS = ['from', 'to'] as const;

/**
 * The from and to pickers and the Refresh action (spec §2.13); the spec §5 "Dashboard
 * dates" messages appear under the field they belong to as the reader types,
 * announced as alerts. react-hook-form holds the dates and their messages; the
 * messages come from {@link rangeErrors} on every change rather than from a zod
 * resolver, because which field a from-after-to message goes under depends on the
 * date edited last, and the message must show before any submit, in the same render
 * as the change (issue 23 item 4). `onRefresh` gets a valid range only.
 */
export function DateRangeForm({
  defaultValues,
  onRefresh,
}: {
  defaultValues: DateRange;
  onRefresh: (range: DateRange) => void;
}) {
  // No resolver and re-validation on submit only: the messages are set below, so RHF never clears them by itself.
  const form = useForm<DateRange>({ defaultValues, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const { register, getValues, clearErrors, setError } = form;

  const show = (edited: 'from' | 'to' = 'from') => {
    const { from, to } = getValues();
    const found = rangeErrors(from, to, edited);
    clearErrors();
    for (const field of FIELDS) {
      const message = found[field];
      if (message) setError(field, { type: 'range', message });
    }
    return Boolean(found.from || found.to);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const shown = form.formState.errors;
    if (shown.from || shown.to) return;
    if (show()) return;
    onRefresh(getValues());
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Date range">
        <HStack gap="4" align="start" wrap="wrap">
          {FIELDS.map((field) => (
            <Box key={field} maxW="16rem">
              <FormField<DateRange> name={field} label={field === 'from' ? 'From' : 'To'}>
                {(control) => <Input type="date" {...control} {...register(field, { onChange: () => show(field) })} />}
              </FormField>
            </Box>
          ))}
          <RefreshButton />
        </HStack>
      </form>
    </FormProvider>
  );
}

/** Refresh, disabled while a date shows a message. */
function RefreshButton() {
  const { errors } = useFormState<DateRange>({ name: FIELDS });
  return (
    <Button type="submit" mt="6" disabled={Boolean(errors.from || errors.to)}>
      <RefreshCwIcon aria-hidden="true" />
      Refresh
    </Button>
  );
}
