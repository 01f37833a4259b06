import { Checkbox, Dialog, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Controller, FormProvider, useFormContext } from 'react-hook-form';
import {
  BUSINESS_UNIT_CATEGORIES,
  BUSINESS_UNIT_CATEGORY_LABELS,
  type BusinessUnit,
  type BusinessUnitInput,
} from '#shared/contracts/administration';
import { BRANDS, type Brand } from '#shared/enums';
import { ADMIN_LIMITS } from '#shared/limits';
import { CheckboxGroupField } from '../../../components/ui/checkbox-group-field.tsx';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useCreateBusinessUnit } from '../api/create-business-unit.ts';
import { getBusinessUnit } from '../api/get-business-unit.ts';
import { useUpdateBusinessUnit } from '../api/update-business-unit.ts';
import {
  UNIT_FIELDS,
  type UnitDraft,
  type UnitField,
  UnitValues,
  unitDraftOf,
  unitErrorsFromServer,
} from '../utils/unit-form.ts';

/** The message of a 409 on an edit: the unit was saved by someone else after it was read. */
export const UNIT_CHANGED_MESSAGE =
  'This business unit was changed by someone else meanwhile. Reload to see it as saved.';

/** What an eligible brand means, under its checkbox (spec §1 eligibility as data; decision record 030). */
export function eligibilityText(brand: string): string {
  return `Faculty of this organization may download courseware on ${brand}.`;
}

/**
 * The add and edit dialog of a business unit (issue 11 item 1): name*, category*,
 * state (two letters), region, public, eligible brands (what each means is said
 * under it). Checked with the server's schema before sending; a 400's field messages
 * show under their fields; a 409 on an edit offers Reload.
 */
export function BusinessUnitDialog({
  unit,
  open,
  onClose,
}: {
  /** The unit to edit, or null to add one. */
  unit: BusinessUnit | null;
  open: boolean;
  onClose: () => void;
}) {
  const first = useRef<HTMLInputElement | null>(null);
  const busy = useRef(false);
  return (
    <FormDialog open={open} onClose={onClose} initialFocus={first} busy={busy} scrollBehavior="outside">
      <UnitForm unit={unit} first={first} busy={busy} onClose={onClose} />
    </FormDialog>
  );
}

function UnitForm({
  unit: initial,
  first,
  busy,
  onClose,
}: {
  unit: BusinessUnit | null;
  first: RefObject<HTMLInputElement | null>;
  busy: RefObject<boolean>;
  onClose: () => void;
}) {
  const [unit, setUnit] = useState(initial);
  const form = useZodForm(UnitValues, unitDraftOf(initial));
  const { errors } = form.formState;
  const [stale, setStale] = useState(false);
  // What takes the focus once the dialog is rendered again (its controls are disabled while a save is under way).
  const [focusAt, setFocusAt] = useState<{ name: UnitField | 'root' } | null>(null);
  const problem = useRef<HTMLDivElement>(null);
  const create = useCreateBusinessUnit();
  const update = useUpdateBusinessUnit();
  const pending = create.isPending || update.isPending;
  busy.current = pending;
  const title = initial ? `Edit ${initial.name}` : 'Add business unit';

  const { setFocus } = form;
  useEffect(() => {
    if (focusAt?.name === 'root') problem.current?.focus();
    else if (focusAt) setFocus(focusAt.name);
  }, [focusAt, setFocus]);
  const showProblem = (message: string) => {
    form.setError('root', { type: 'server', message });
    setFocusAt({ name: 'root' });
  };

  const send = async (body: BusinessUnitInput) => {
    try {
      const saved = unit
        ? await update.mutateAsync({ id: unit.id, body: { ...body, version: unit.version } })
        : await create.mutateAsync(body);
      announce(unit ? `${saved.name} is saved.` : `${saved.name} is added.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409 && unit) {
        setStale(true);
        setFocusAt({ name: 'root' });
      } else if (error instanceof ApiError && (error.statusCode === 400 || error.statusCode === 409)) {
        const rest = unitErrorsFromServer(error.message, error.details).form;
        applyServerErrors(error, form.setError, UNIT_FIELDS);
        if (rest) form.setError('root', { type: 'server', message: rest });
        setFocusAt({ name: UNIT_FIELDS.find((field) => form.getFieldState(field).error) ?? 'root' });
      } else if (error instanceof ApiError && error.statusCode === 404) {
        showProblem(`${error.message} It may have been merged into another unit.`);
      }
    }
  };
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    if (pending) {
      event.preventDefault();
      return;
    }
    setStale(false);
    return form.handleSubmit(send)(event);
  };

  const reload = async () => {
    if (!unit) return;
    try {
      const current = await getBusinessUnit(unit.id);
      setUnit(current);
      form.reset(unitDraftOf(current));
      setStale(false);
      announce('The business unit is shown as saved now.');
      first.current?.focus();
    } catch (error) {
      showProblem(error instanceof Error ? error.message : 'The business unit could not be reloaded.');
    }
  };

  const name = form.register('name');

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="5">
          <Dialog.Description>
            Fields marked with an asterisk (*) are required. Changes are recorded in the audit log.
          </Dialog.Description>
          <FormField<UnitDraft>
            name="name"
            label="Name"
            required
            hint={`At most ${ADMIN_LIMITS.businessUnitNameMaxChars} characters.`}
          >
            {(control) => (
              <Input
                {...control}
                {...name}
                ref={(element) => {
                  name.ref(element);
                  first.current = element;
                }}
                disabled={pending}
                autoComplete="off"
              />
            )}
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField<UnitDraft> name="category" label="Category" required>
              {(control) => (
                <NativeSelect.Root disabled={pending}>
                  <NativeSelect.Field {...control} {...form.register('category')}>
                    <option value="">Choose a category</option>
                    {BUSINESS_UNIT_CATEGORIES.map((value) => (
                      <option key={value} value={value}>
                        {BUSINESS_UNIT_CATEGORY_LABELS[value]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FormField>
            <FormField<UnitDraft> name="state" label="State" hint="The two-letter code, such as VA; empty when none.">
              {(control) => (
                <Input {...control} {...form.register('state')} disabled={pending} autoComplete="off" maxLength={2} />
              )}
            </FormField>
          </SimpleGrid>
          <FormField<UnitDraft>
            name="region"
            label="Region"
            hint={`Such as Northern Virginia. At most ${ADMIN_LIMITS.regionMaxChars} characters.`}
          >
            {(control) => <Input {...control} {...form.register('region')} disabled={pending} autoComplete="off" />}
          </FormField>
          <PublicField disabled={pending} />
          <EligibleBrandsField disabled={pending} />
          <FormProblem
            ref={problem}
            message={stale ? UNIT_CHANGED_MESSAGE : errors.root?.message}
            onReload={stale ? () => void reload() : undefined}
          />
        </Dialog.Body>
        <FormDialogFooter
          submitLabel={initial ? 'Save business unit' : 'Add business unit'}
          onCancel={onClose}
          pending={pending}
        />
      </form>
    </FormProvider>
  );
}

/** Whether the unit is a public institution. */
function PublicField({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<UnitDraft>();
  return (
    <Controller
      control={control}
      name="public"
      render={({ field }) => (
        <Checkbox.Root
          checked={field.value}
          disabled={disabled}
          onCheckedChange={({ checked }) => field.onChange(checked === true)}
        >
          <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>Public institution (such as a state school)</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}

/** The brands on which the unit's faculty may download (spec §1 eligibility as data), each said in words. */
function EligibleBrandsField({ disabled }: { disabled: boolean }) {
  return (
    <CheckboxGroupField<UnitDraft, Brand>
      name="eligibleBrands"
      label="Eligible brands"
      hint="Where this organization's faculty may download courseware. Leave both unticked when they may not download."
      options={BRANDS}
      optionLabel={(brand) => `${brand}: ${eligibilityText(brand)}`}
      disabled={disabled}
    />
  );
}
