import {
  Box,
  Button,
  Dialog,
  Field,
  Fieldset,
  Grid,
  HStack,
  IconButton,
  Input,
  List,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trash2Icon } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import {
  Controller,
  type FieldErrors,
  type FieldPath,
  FormProvider,
  useFieldArray,
  useFormContext,
} from 'react-hook-form';
import type { UpdateUserRightsRequest, UserDetail } from '#shared/contracts/administration';
import { BRANDS, type Brand } from '#shared/enums';
import { ROLE_PRESETS, type RolePreset } from '#shared/role-presets';
import { CheckboxGroupField } from '../../../components/ui/checkbox-group-field.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/forms/zod-form.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUserRights } from '../api/update-user-rights.ts';
import {
  applyPreset,
  type RightsDraft,
  type RightsErrors,
  removedRights,
  rightsDraftOf,
  rightsErrorsFromServer,
  rightsSchema,
} from '../utils/rights-draft.ts';
import { StringListField } from './string-list-field.tsx';

/** The message of a 409: someone saved the user after the dialog read it. */
export const USER_CHANGED_MESSAGE =
  'This user was changed by someone else meanwhile. Reload to see the current rights.';

const RANGE_HELP: Readonly<Record<Brand, string>> = {
  USCR: 'A member of the national range (USCR): may download courseware on USCR.',
  VACR: 'A member of the Virginia range (VACR).',
};

/**
 * The rights dialog of one user (issue 11 item 2; spec §3 "Session and claims", §6
 * "edit"): roles, claims (type, value, scopes; rows added and removed), product
 * subscriptions and ranges, read fresh when it opens and saved in one
 * `PUT /users/{id}/rights` with the version read. Taking anything away is confirmed
 * first; a 400's field messages show under their fields; a 409 offers Reload.
 */
export function UserRightsDialog({
  userId,
  userName,
  open,
  onClose,
}: {
  userId: string;
  userName: string;
  open: boolean;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  const busy = useRef(false);
  return (
    <FormDialog open={open} onClose={onClose} initialFocus={heading} busy={busy} size="xl" scrollBehavior="outside">
      <RightsLoader userId={userId} userName={userName} heading={heading} busy={busy} onClose={onClose} />
    </FormDialog>
  );
}

function RightsLoader({
  userId,
  userName,
  heading,
  busy,
  onClose,
}: {
  userId: string;
  userName: string;
  heading: RefObject<HTMLHeadingElement | null>;
  busy: RefObject<boolean>;
  onClose: () => void;
}) {
  const user = useUser(userId);
  const [generation, setGeneration] = useState(0);
  const title = `Edit rights of ${userName}`;
  if (!user.data) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title ref={heading} tabIndex={-1}>
            {title}
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body minH="40">
          {user.isError ? (
            <LoadError title="The user's rights could not be loaded." onRetry={() => void user.refetch()} />
          ) : (
            <Text role="status">Loading the user's rights…</Text>
          )}
        </Dialog.Body>
      </>
    );
  }
  return (
    <RightsForm
      key={`${user.data.version}-${generation}`}
      user={user.data}
      title={title}
      heading={heading}
      busy={busy}
      onClose={onClose}
      onReload={async () => {
        await user.refetch();
        setGeneration((value) => value + 1);
        announce('The current rights are shown.');
      }}
    />
  );
}

function RightsForm({
  user,
  title,
  heading,
  busy,
  onClose,
  onReload,
}: {
  user: UserDetail;
  title: string;
  heading: RefObject<HTMLHeadingElement | null>;
  busy: RefObject<boolean>;
  onClose: () => void;
  onReload: () => Promise<void>;
}) {
  const [schema] = useState(() => rightsSchema(user.version));
  const form = useZodForm(schema, rightsDraftOf(user));
  const { errors } = form.formState;
  const [stale, setStale] = useState(false);
  const [removals, setRemovals] = useState<{ request: UpdateUserRightsRequest; texts: string[] } | null>(null);
  // What takes the focus once the dialog is rendered again (its controls are disabled while a save is under way).
  const [focusAt, setFocusAt] = useState<{ name: FieldPath<RightsDraft> | 'root' } | null>(null);
  const element = useRef<HTMLFormElement>(null);
  const advanced = useRef<HTMLDetailsElement>(null);
  const problem = useRef<HTMLDivElement>(null);
  const save = useUpdateUserRights();
  busy.current = save.isPending;

  // The loading heading that had the focus is gone once the rights arrive (or are reloaded): keep the focus in the dialog.
  useEffect(() => {
    if (!element.current?.contains(document.activeElement)) heading.current?.focus();
  }, [heading]);
  const { setFocus } = form;
  useEffect(() => {
    if (focusAt?.name === 'root') problem.current?.focus();
    else if (focusAt) setFocus(focusAt.name);
  }, [focusAt, setFocus]);

  // The raw claims stay under "Advanced", opened by hand or when one of them has an error (opened at once, so that its field can take the focus).
  const showProblems = (found: RightsErrors | FieldErrors<RightsDraft>) => {
    if (found.claims && advanced.current) advanced.current.open = true;
    if (Object.keys(found).every((key) => key === 'root')) setFocusAt({ name: 'root' });
  };

  const send = async (request: UpdateUserRightsRequest) => {
    setRemovals(null);
    try {
      await save.mutateAsync({ id: user.id, body: request });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409) {
        setStale(true);
        setFocusAt({ name: 'root' });
      } else if (error instanceof ApiError && error.statusCode === 400) {
        const found = rightsErrorsFromServer(form.getValues(), error.details);
        if (Object.keys(found).length === 0) found.root = error.message;
        showProblems(found);
        for (const [path, message] of Object.entries(found)) {
          form.setError(path as FieldPath<RightsDraft>, { type: 'server', message });
        }
        const first = Object.keys(found)
          .filter((key) => key !== 'root')
          .sort((a, b) => formOrder(a) - formOrder(b) || a.localeCompare(b, 'en', { numeric: true }))[0];
        if (first) setFocusAt({ name: first as FieldPath<RightsDraft> });
      }
      return;
    }
    announce(`The rights of ${user.displayName} are saved.`);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.stopPropagation();
    if (save.isPending) {
      event.preventDefault();
      return;
    }
    setStale(false);
    return form.handleSubmit((request) => {
      const removed = removedRights(user, form.getValues());
      if (removed.length > 0) setRemovals({ request, texts: removed });
      else void send(request);
    }, showProblems)(event);
  };

  const applyChosenPreset = (preset: RolePreset) => {
    const next = applyPreset(form.getValues(), preset);
    const options = { shouldValidate: form.formState.isSubmitted };
    for (const name of ['roles', 'claims', 'subscriptions', 'ranges'] as const)
      form.setValue(name, next[name], options);
    announce(`Applied ${preset.label}: its roles and claims replace the ones shown. Review them, then save.`);
  };

  const pending = save.isPending;

  return (
    <FormProvider {...form}>
      <form ref={element} onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title ref={heading} tabIndex={-1}>
            {title}
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="6">
          <Dialog.Description>
            {user.email ?? 'No e-mail address'}. What this user may do follows from these roles, claims, subscriptions
            and ranges (spec §6). Every change is recorded in the audit log.
          </Dialog.Description>
          <PresetPicker disabled={pending} onApply={applyChosenPreset} />
          <RolesField disabled={pending} />
          <ClaimsSection advanced={advanced} disabled={pending} />
          <SubscriptionsField disabled={pending} />
          <RangesField disabled={pending} />
          <FormProblem
            ref={problem}
            message={stale ? USER_CHANGED_MESSAGE : errors.root?.message}
            onReload={stale ? () => void onReload() : undefined}
          />
        </Dialog.Body>
        <FormDialogFooter submitLabel="Save rights" onCancel={onClose} pending={pending} />
        <ConfirmDialog
          open={removals !== null}
          title={`Take rights away from ${user.displayName}?`}
          description="Saving removes these from the user. They lose what the removed rights allowed at their next sign-in."
          confirmLabel="Remove and save"
          destructive
          pending={pending}
          onConfirm={() => {
            if (removals) void send(removals.request);
          }}
          onClose={() => setRemovals(null)}
        >
          <List.Root ps="5">
            {(removals?.texts ?? []).map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List.Root>
        </ConfirmDialog>
      </form>
    </FormProvider>
  );
}

/** The role presets of `#shared/role-presets` (spec §6): one chosen, then applied by its button. */
function PresetPicker({ disabled, onApply }: { disabled: boolean; onApply: (preset: RolePreset) => void }) {
  const [presetId, setPresetId] = useState('');
  const preset = ROLE_PRESETS.find((candidate) => candidate.id === presetId);
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend>Role preset</Fieldset.Legend>
      <Fieldset.HelperText>
        A preset sets the roles and claims of a kind of user (spec §6); its subscriptions and ranges are added.
      </Fieldset.HelperText>
      <Fieldset.Content>
        <HStack align="end" gap="3" wrap="wrap">
          <Field.Root maxW="md">
            <Field.Label>Preset</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={presetId} onChange={(event) => setPresetId(event.target.value)}>
                <option value="">Choose a preset</option>
                {ROLE_PRESETS.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {preset ? <Field.HelperText>{preset.description}</Field.HelperText> : null}
          </Field.Root>
          <Button type="button" variant="outline" disabled={!preset} onClick={() => preset && onApply(preset)}>
            Apply preset
          </Button>
        </HStack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

/** The roles (the `role` claims) as a string list; a stored role keeps its scopes. */
function RolesField({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<RightsDraft>();
  return (
    <Controller
      control={control}
      name="roles"
      render={({ field }) => {
        const roleScopes = new Map(field.value.map((role) => [role.value, role.scopes]));
        return (
          <StringListField<RightsDraft>
            name="roles"
            legend="Roles"
            noun="role"
            items={field.value.map((role) => role.value)}
            onChange={(values) =>
              field.onChange(
                values.map((value) => {
                  const scopes = roleScopes.get(value);
                  return scopes ? { value, scopes } : { value };
                }),
              )
            }
            inputRef={field.ref}
            describe={(value) => {
              const scopes = roleScopes.get(value);
              return scopes?.length ? `scopes: ${scopes.join(', ')}` : null;
            }}
            help="USER is needed to sign in at all. Role claims are stored as claims of type role."
            disabled={disabled}
          />
        );
      }}
    />
  );
}

/**
 * The raw claims (field array `claims`) under the "Advanced" disclosure, opened by
 * hand or when one of them has an error; removing a row moves the focus to the next
 * row (or Add claim), adding one to its type.
 */
function ClaimsSection({ advanced, disabled }: { advanced: RefObject<HTMLDetailsElement | null>; disabled: boolean }) {
  const { control, formState } = useFormContext<RightsDraft>();
  const claims = useFieldArray({ control, name: 'claims' });
  const removeClaim = (index: number) => {
    claims.remove(index);
    queueMicrotask(() => {
      const rows = advanced.current?.querySelectorAll<HTMLElement>('[data-claim-type]');
      const next = rows?.[Math.min(index, (rows?.length ?? 1) - 1)];
      (next ?? advanced.current?.querySelector<HTMLElement>('[data-add-claim]'))?.focus();
    });
  };
  return (
    <Box asChild borderWidth="1px" borderRadius="md" p="3">
      <details ref={advanced} open={formState.errors.claims ? true : undefined}>
        <Box as="summary" cursor="pointer" fontWeight="medium">
          Advanced: claims ({claims.fields.length})
        </Box>
        <Fieldset.Root disabled={disabled} mt="3">
          <Fieldset.Legend>Claims</Fieldset.Legend>
          <Fieldset.HelperText>
            A claim has a type (such as api), a value (such as get_v1_users) and optional scopes, separated by commas;
            no scopes, or any, means everywhere.
          </Fieldset.HelperText>
          <Fieldset.Content>
            {claims.fields.length === 0 ? <Text color="fg.muted">No claims besides the roles.</Text> : null}
            <Stack as="ul" gap="3" listStyleType="none">
              {claims.fields.map((row, index) => (
                <ClaimRowFields key={row.id} index={index} onRemove={() => removeClaim(index)} />
              ))}
            </Stack>
            <Button
              type="button"
              variant="outline"
              alignSelf="flex-start"
              onClick={() => claims.append({ type: '', value: '', scopes: '' })}
              data-add-claim=""
            >
              Add claim
            </Button>
          </Fieldset.Content>
        </Fieldset.Root>
      </details>
    </Box>
  );
}

/** The product subscriptions as a string list. */
function SubscriptionsField({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<RightsDraft>();
  return (
    <Controller
      control={control}
      name="subscriptions"
      render={({ field }) => (
        <StringListField<RightsDraft>
          name="subscriptions"
          legend="Product subscriptions"
          noun="subscription"
          items={field.value}
          onChange={field.onChange}
          inputRef={field.ref}
          help="coursewareFeature is needed to sign in to the portal."
          disabled={disabled}
        />
      )}
    />
  );
}

/** The ranges (brands) the user belongs to, as a group of checkboxes. */
function RangesField({ disabled }: { disabled: boolean }) {
  return (
    <CheckboxGroupField<RightsDraft, Brand>
      name="ranges"
      label="Ranges"
      options={BRANDS}
      optionLabel={(brand) => `${brand} — ${RANGE_HELP[brand]}`}
      disabled={disabled}
    />
  );
}

/** Where a field of the dialog comes, top to bottom: the first of a 400's fields takes the focus. */
function formOrder(path: string): number {
  return ['roles', 'claims', 'subscriptions', 'ranges'].indexOf(path.split('.')[0] ?? '');
}

const CLAIM_PARTS = [
  { name: 'type', label: 'Type' },
  { name: 'value', label: 'Value' },
  { name: 'scopes', label: 'Scopes' },
] as const;

/** One claim row of the field array `claims` at `index`: type*, value*, scopes, and its Remove button. */
function ClaimRowFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { register } = useFormContext<RightsDraft>();
  const position = index + 1;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <Grid templateColumns={{ base: '1fr', md: '1fr 1.4fr 1.2fr auto' }} gap="3" alignItems="start">
        {CLAIM_PARTS.map((part) => (
          <FormField<RightsDraft>
            key={part.name}
            name={`claims.${index}.${part.name}`}
            label={part.label}
            required={part.name !== 'scopes'}
          >
            {(control) => (
              <Input
                {...control}
                {...register(`claims.${index}.${part.name}`)}
                aria-label={`${part.label} of claim ${position}`}
                {...(part.name === 'type' ? { 'data-claim-type': '' } : {})}
                autoComplete="off"
                placeholder={part.name === 'scopes' ? 'any' : undefined}
              />
            )}
          </FormField>
        ))}
        <HStack pt={{ base: '0', md: '7' }}>
          <IconButton
            type="button"
            size="sm"
            variant="outline"
            aria-label={`Remove claim ${position}`}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </IconButton>
        </HStack>
      </Grid>
    </Box>
  );
}
