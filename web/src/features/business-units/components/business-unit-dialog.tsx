import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  Field,
  Fieldset,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import {
  BUSINESS_UNIT_CATEGORIES,
  BUSINESS_UNIT_CATEGORY_LABELS,
  type BusinessUnit,
  type BusinessUnitCategory,
} from '#shared/contracts/administration';
import { BRANDS } from '#shared/enums';
import { ADMIN_LIMITS } from '#shared/limits';
import { FieldErrorText, fieldIds } from '../../../components/ui/field-parts.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateBusinessUnit } from '../api/create-business-unit.ts';
import { getBusinessUnit } from '../api/get-business-unit.ts';
import { useUpdateBusinessUnit } from '../api/update-business-unit.ts';
import {
  UNIT_FIELDS,
  type UnitDraft,
  type UnitErrors,
  type UnitField,
  unitDraftOf,
  unitErrorsFromServer,
  validateUnit,
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
  const id = useId();
  const [unit, setUnit] = useState(initial);
  const [draft, setDraft] = useState<UnitDraft>(() => unitDraftOf(initial));
  const [errors, setErrors] = useState<UnitErrors>({});
  useRevalidation(draft, setErrors, (current: UnitDraft) => {
    const result = validateUnit(current);
    return 'errors' in result ? result.errors : {};
  });
  const [stale, setStale] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const problem = useRef<HTMLDivElement>(null);
  const create = useCreateBusinessUnit();
  const update = useUpdateBusinessUnit();
  const pending = create.isPending || update.isPending;
  busy.current = pending;
  const title = initial ? `Edit ${initial.name}` : 'Add business unit';

  const set = <K extends keyof UnitDraft>(field: K, value: UnitDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const show = (found: UnitErrors) => {
    setErrors(found);
    const field = UNIT_FIELDS.find((name) => found[name]);
    queueMicrotask(() => {
      if (field) form.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
      else problem.current?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (pending) return;
    setStale(false);
    const result = validateUnit(draft);
    if ('errors' in result) {
      show(result.errors);
      return;
    }
    setErrors({});
    try {
      const saved = unit
        ? await update.mutateAsync({ id: unit.id, body: { ...result.body, version: unit.version } })
        : await create.mutateAsync(result.body);
      announce(unit ? `${saved.name} is saved.` : `${saved.name} is added.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409 && unit) {
        setStale(true);
        queueMicrotask(() => problem.current?.focus());
      } else if (error instanceof ApiError && (error.statusCode === 400 || error.statusCode === 409)) {
        show(unitErrorsFromServer(error.message, error.details));
      } else if (error instanceof ApiError && error.statusCode === 404) {
        show({ form: `${error.message} It may have been merged into another unit.` });
      }
    }
  };

  const reload = async () => {
    if (!unit) return;
    try {
      const current = await getBusinessUnit(unit.id);
      setUnit(current);
      setDraft(unitDraftOf(current));
      setStale(false);
      setErrors({});
      announce('The business unit is shown as saved now.');
      first.current?.focus();
    } catch (error) {
      show({ form: error instanceof Error ? error.message : 'The business unit could not be reloaded.' });
    }
  };

  const field = (name: UnitField, help: boolean) => fieldIds(`${id}-${name}`, { help, error: Boolean(errors[name]) });
  const name = field('name', true);
  const category = field('category', false);
  const state = field('state', true);
  const region = field('region', true);

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="5">
        <Dialog.Description>
          Fields marked with an asterisk (*) are required. Changes are recorded in the audit log.
        </Dialog.Description>
        <Field.Root ids={name.ids} invalid={Boolean(errors.name)} required disabled={pending}>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={first}
            data-field="name"
            aria-describedby={name.describedBy}
            autoComplete="off"
            value={draft.name}
            onChange={(event) => set('name', event.target.value)}
          />
          <Field.HelperText>At most {ADMIN_LIMITS.businessUnitNameMaxChars} characters.</Field.HelperText>
          <FieldErrorText message={errors.name} />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root ids={category.ids} invalid={Boolean(errors.category)} required disabled={pending}>
            <Field.Label>
              Category <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                data-field="category"
                aria-describedby={category.describedBy}
                value={draft.category}
                onChange={(event) => set('category', event.target.value as BusinessUnitCategory | '')}
              >
                <option value="">Choose a category</option>
                {BUSINESS_UNIT_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {BUSINESS_UNIT_CATEGORY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <FieldErrorText message={errors.category} />
          </Field.Root>
          <Field.Root ids={state.ids} invalid={Boolean(errors.state)} disabled={pending}>
            <Field.Label>State</Field.Label>
            <Input
              data-field="state"
              aria-describedby={state.describedBy}
              autoComplete="off"
              maxLength={2}
              value={draft.state}
              onChange={(event) => set('state', event.target.value)}
            />
            <Field.HelperText>The two-letter code, such as VA; empty when none.</Field.HelperText>
            <FieldErrorText message={errors.state} />
          </Field.Root>
        </SimpleGrid>
        <Field.Root ids={region.ids} invalid={Boolean(errors.region)} disabled={pending}>
          <Field.Label>Region</Field.Label>
          <Input
            data-field="region"
            aria-describedby={region.describedBy}
            autoComplete="off"
            value={draft.region}
            onChange={(event) => set('region', event.target.value)}
          />
          <Field.HelperText>
            Such as Northern Virginia. At most {ADMIN_LIMITS.regionMaxChars} characters.
          </Field.HelperText>
          <FieldErrorText message={errors.region} />
        </Field.Root>
        <Checkbox.Root
          checked={draft.public}
          disabled={pending}
          data-field="public"
          onCheckedChange={({ checked }) => set('public', checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Public institution (such as a state school)</Checkbox.Label>
        </Checkbox.Root>
        <Fieldset.Root invalid={Boolean(errors.eligibleBrands)} disabled={pending}>
          <Fieldset.Legend>Eligible brands</Fieldset.Legend>
          <Fieldset.HelperText>
            Where this organization's faculty may download courseware. Leave both unticked when they may not download.
          </Fieldset.HelperText>
          <Stack gap="2" data-field="eligibleBrands" tabIndex={-1}>
            {BRANDS.map((brand) => (
              <Checkbox.Root
                key={brand}
                checked={draft.eligibleBrands.includes(brand)}
                onCheckedChange={({ checked }) =>
                  set(
                    'eligibleBrands',
                    checked === true
                      ? [...draft.eligibleBrands, brand]
                      : draft.eligibleBrands.filter((one) => one !== brand),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {brand}: {eligibilityText(brand)}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {errors.eligibleBrands ? <Fieldset.ErrorText role="alert">{errors.eligibleBrands}</Fieldset.ErrorText> : null}
        </Fieldset.Root>
        {stale || errors.form ? (
          <Alert.Root status="error" ref={problem} tabIndex={-1} role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{stale ? UNIT_CHANGED_MESSAGE : errors.form}</Alert.Title>
            </Alert.Content>
            {stale ? (
              <Button size="sm" variant="outline" alignSelf="center" onClick={() => void reload()}>
                Reload
              </Button>
            ) : null}
          </Alert.Root>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={pending}>
          {initial ? 'Save business unit' : 'Add business unit'}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
