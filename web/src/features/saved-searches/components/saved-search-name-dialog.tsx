import { Checkbox, Dialog, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import * as z from 'zod';
import { SAVED_SEARCH_LIMITS, SavedSearchName } from '#shared/contracts/saved-search';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';

const NameValues = z.object({ name: SavedSearchName });
type NameValues = z.input<typeof NameValues>;

/** What the dialog hands on: the trimmed name and, when it asks, whether to e-mail a weekly digest. */
export interface SavedSearchNameResult {
  readonly name: string;
  readonly alerts: boolean;
}

/**
 * The dialog that names a saved search (issue 24 item 8): "Save this search" and
 * "Rename". Name* (1–100 characters, checked with the contract's schema), and for a
 * new search a "weekly e-mail" checkbox (on). The server's 400 field messages go under
 * the field, a 409 (20 saved already) and a 404 into the dialog.
 */
export function SavedSearchNameDialog({
  open,
  title,
  description,
  submitLabel,
  initialName,
  askAlerts,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  submitLabel: string;
  initialName: string;
  /** Show the weekly e-mail checkbox (a new saved search). */
  askAlerts: boolean;
  onSubmit: (result: SavedSearchNameResult) => Promise<void>;
  onClose: () => void;
}) {
  const firstField = useRef<HTMLInputElement | null>(null);
  const busy = useRef(false);
  return (
    <FormDialog open={open} onClose={onClose} initialFocus={firstField} busy={busy} size="md">
      <NameForm
        title={title}
        description={description}
        submitLabel={submitLabel}
        initialName={initialName}
        askAlerts={askAlerts}
        firstField={firstField}
        busy={busy}
        onSubmit={onSubmit}
        onCancel={onClose}
      />
    </FormDialog>
  );
}

function NameForm({
  title,
  description,
  submitLabel,
  initialName,
  askAlerts,
  firstField,
  busy,
  onSubmit,
  onCancel,
}: {
  title: string;
  description: string;
  submitLabel: string;
  initialName: string;
  askAlerts: boolean;
  firstField: RefObject<HTMLInputElement | null>;
  busy: RefObject<boolean>;
  onSubmit: (result: SavedSearchNameResult) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(NameValues, { name: initialName.slice(0, SAVED_SEARCH_LIMITS.nameMaxChars) });
  const [alerts, setAlerts] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = async ({ name }: z.output<typeof NameValues>) => {
    busy.current = true;
    setPending(true);
    try {
      await onSubmit({ name, alerts });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (!applyServerErrors(error, form.setError, ['name'])) setFormError(error.message);
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  const submit = (event: FormEvent) => {
    setFormError(null);
    return form.handleSubmit(send)(event);
  };
  const name = form.register('name');

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Dialog.Description>{description}</Dialog.Description>
            <FormField<NameValues> name="name" label="Name" required>
              {(control) => (
                <Input
                  {...control}
                  {...name}
                  ref={(element) => {
                    name.ref(element);
                    firstField.current = element;
                  }}
                  maxLength={SAVED_SEARCH_LIMITS.nameMaxChars}
                  autoComplete="off"
                />
              )}
            </FormField>
            {askAlerts ? (
              <Checkbox.Root checked={alerts} onCheckedChange={(details) => setAlerts(details.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>E-mail me a weekly digest of new items</Checkbox.Label>
              </Checkbox.Root>
            ) : null}
            <FormProblem message={formError} />
          </Stack>
        </Dialog.Body>
        <FormDialogFooter submitLabel={submitLabel} onCancel={onCancel} pending={pending} loadingText="Saving…" />
      </form>
    </FormProvider>
  );
}
