import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { RefreshCwIcon } from 'lucide-react';
import type { FormEvent } from 'react';
import type { RangeErrors } from '../utils/dates.ts';

/**
 * The from and to pickers and the Refresh action (spec §2.13); the spec §5 messages
 * appear under the field they belong to, announced as alerts.
 */
export function DateRangeForm({
  from,
  to,
  errors,
  onChange,
  onRefresh,
}: {
  from: string;
  to: string;
  errors: RangeErrors;
  onChange: (field: 'from' | 'to', value: string) => void;
  onRefresh: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRefresh();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Date range">
      <HStack gap="4" align="start" wrap="wrap">
        <Field.Root invalid={Boolean(errors.from)} maxW="16rem">
          <Field.Label>From</Field.Label>
          <Input type="date" value={from} onChange={(event) => onChange('from', event.target.value)} />
          {errors.from ? <Field.ErrorText role="alert">{errors.from}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.to)} maxW="16rem">
          <Field.Label>To</Field.Label>
          <Input type="date" value={to} onChange={(event) => onChange('to', event.target.value)} />
          {errors.to ? <Field.ErrorText role="alert">{errors.to}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" mt="6" disabled={Boolean(errors.from || errors.to)}>
          <RefreshCwIcon aria-hidden="true" />
          Refresh
        </Button>
      </HStack>
    </form>
  );
}
