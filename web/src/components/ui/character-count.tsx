import { type FieldPath, type FieldValues, useWatch } from 'react-hook-form';

/**
 * The counter of a text field with a limit, for `FormField`'s hint (spec §5: "with a
 * counter"): "`n` of `max` characters", `n` the trimmed length of the field's value
 * in the enclosing `FormProvider` (what the shared contracts measure). It re-renders
 * alone as the value changes (issue 23 item 4).
 */
export function CharacterCount<Values extends FieldValues>({
  name,
  max,
}: {
  readonly name: FieldPath<Values>;
  readonly max: number;
}) {
  const value: unknown = useWatch<Values>({ name });
  const length = typeof value === 'string' ? value.trim().length : 0;
  return <>{`${length} of ${max} characters`}</>;
}
