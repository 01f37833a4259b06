import { Checkbox, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Controller, type FieldPath, type FieldValues, useFormContext } from 'react-hook-form';
import { FormField } from './form-field.tsx';

/**
 * A react-hook-form field holding a list of strings, shown as a group of checkboxes
 * (issue 23 item 4): a `FormField` `group` (a fieldset named by `label`, described by
 * `hint` and its message) with one checkbox per entry of `options`, in that order,
 * labelled by `optionLabel` (the value itself by default). Ticking one adds its value
 * to the field's array, unticking removes it; a message on the field focuses the group.
 * Used for the roles of a team (the role names of `#shared`), a user's ranges and a
 * business unit's eligible brands. The field at `name` must hold `Option[]`.
 */
export function CheckboxGroupField<Values extends FieldValues, Option extends string>({
  name,
  label,
  options,
  optionLabel = (option) => option,
  hint,
  id,
  required = false,
  disabled = false,
}: {
  readonly name: FieldPath<Values>;
  readonly label: ReactNode;
  readonly options: readonly Option[];
  readonly optionLabel?: (option: Option) => ReactNode;
  readonly hint?: ReactNode;
  /** The group's id; by default derived from the field's name. */
  readonly id?: string;
  readonly required?: boolean;
  /** Disables every checkbox (e.g. during a save); the value stays in the form. */
  readonly disabled?: boolean;
}) {
  const { control } = useFormContext<Values>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = field.value as readonly Option[];
        return (
          <FormField<Values> name={name} id={id} label={label} hint={hint} required={required} group>
            {(wiring) => (
              <Stack gap="2" {...wiring} ref={field.ref} tabIndex={-1}>
                {options.map((option) => (
                  <Checkbox.Root
                    key={option}
                    disabled={disabled}
                    checked={chosen.includes(option)}
                    onCheckedChange={({ checked }) =>
                      field.onChange(checked === true ? [...chosen, option] : chosen.filter((one) => one !== option))
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{optionLabel(option)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            )}
          </FormField>
        );
      }}
    />
  );
}
