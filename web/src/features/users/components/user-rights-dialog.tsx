import {
  Alert,
  Box,
  Button,
  Checkbox,
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
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { UserDetail } from '#shared/contracts/administration';
import { BRANDS, type Brand } from '#shared/enums';
import { ROLE_PRESETS } from '#shared/role-presets';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FieldErrorText, fieldIds } from '../../../components/ui/field-parts.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUserRights } from '../api/update-user-rights.ts';
import {
  applyPreset,
  type ClaimRow,
  newRowKey,
  type RightsDraft,
  type RightsErrors,
  removedRights,
  rightsDraftOf,
  rightsErrors,
  rightsErrorsFromServer,
  rightsRequestOf,
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
  const [draft, setDraft] = useState<RightsDraft>(() => rightsDraftOf(user));
  const [errors, setErrors] = useState<RightsErrors>({});
  useRevalidation(draft, setErrors, rightsErrors);
  const [stale, setStale] = useState(false);
  const [removals, setRemovals] = useState<string[] | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const problem = useRef<HTMLDivElement>(null);
  const save = useUpdateUserRights();
  busy.current = save.isPending;

  // The loading heading that had the focus is gone once the rights arrive (or are reloaded): keep the focus in the dialog.
  useEffect(() => {
    if (!form.current?.contains(document.activeElement)) heading.current?.focus();
  }, [heading]);

  const focusFirstError = (found: RightsErrors) => {
    const first = Object.keys(found)[0];
    if (!first) return;
    if (first === 'form') {
      queueMicrotask(() => problem.current?.focus());
      return;
    }
    queueMicrotask(() => form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
  };

  const send = async () => {
    setRemovals(null);
    try {
      await save.mutateAsync({ id: user.id, body: rightsRequestOf(draft, user.version) });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409) {
        setStale(true);
        queueMicrotask(() => problem.current?.focus());
      } else if (error instanceof ApiError && error.statusCode === 400) {
        const found = rightsErrorsFromServer(draft, error.details);
        if (Object.keys(found).length === 0) found.form = error.message;
        setErrors(found);
        focusFirstError(found);
      }
      return;
    }
    announce(`The rights of ${user.displayName} are saved.`);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (save.isPending) return;
    setStale(false);
    const found = rightsErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    const removed = removedRights(user, draft);
    if (removed.length > 0) setRemovals(removed);
    else void send();
  };

  const setClaim = (key: string, change: Partial<ClaimRow>) =>
    setDraft((current) => ({
      ...current,
      claims: current.claims.map((row) => (row.key === key ? { ...row, ...change } : row)),
    }));

  const addClaim = () => {
    const key = newRowKey();
    setDraft((current) => ({ ...current, claims: [...current.claims, { key, type: '', value: '', scopes: '' }] }));
    queueMicrotask(() => form.current?.querySelector<HTMLElement>(`[data-field="claims.${key}.type"]`)?.focus());
  };

  const removeClaim = (key: string, index: number) => {
    setDraft((current) => ({ ...current, claims: current.claims.filter((row) => row.key !== key) }));
    queueMicrotask(() => {
      const rows = form.current?.querySelectorAll<HTMLElement>('[data-claim-type]');
      const next = rows?.[Math.min(index, (rows?.length ?? 1) - 1)];
      (next ?? form.current?.querySelector<HTMLElement>('[data-add-claim]'))?.focus();
    });
  };

  const [presetId, setPresetId] = useState('');
  const preset = ROLE_PRESETS.find((candidate) => candidate.id === presetId);
  const applyChosenPreset = () => {
    if (!preset) return;
    setDraft((current) => applyPreset(current, preset));
    announce(`Applied ${preset.label}: its roles and claims replace the ones shown. Review them, then save.`);
  };
  // The raw claims stay under "Advanced", opened by hand or when one of them has an error.
  const claimError = Object.keys(errors).some((key) => key.startsWith('claims.'));

  const roleScopes = new Map(draft.roles.map((role) => [role.value, role.scopes]));
  const pending = save.isPending;

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title ref={heading} tabIndex={-1}>
          {title}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="6">
        <Dialog.Description>
          {user.email ?? 'No e-mail address'}. What this user may do follows from these roles, claims, subscriptions and
          ranges (spec §6). Every change is recorded in the audit log.
        </Dialog.Description>
        <Fieldset.Root disabled={pending}>
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
              <Button type="button" variant="outline" disabled={!preset} onClick={applyChosenPreset}>
                Apply preset
              </Button>
            </HStack>
          </Fieldset.Content>
        </Fieldset.Root>
        <Box data-field="roles" tabIndex={-1}>
          <StringListField
            legend="Roles"
            noun="role"
            items={draft.roles.map((role) => role.value)}
            onChange={(values) =>
              setDraft((current) => ({
                ...current,
                roles: values.map((value) => {
                  const scopes = roleScopes.get(value);
                  return scopes ? { value, scopes } : { value };
                }),
              }))
            }
            describe={(value) => {
              const scopes = roleScopes.get(value);
              return scopes?.length ? `scopes: ${scopes.join(', ')}` : null;
            }}
            help="USER is needed to sign in at all. Role claims are stored as claims of type role."
            error={errors.roles}
            disabled={pending}
          />
        </Box>
        <Box asChild borderWidth="1px" borderRadius="md" p="3">
          <details open={claimError || undefined}>
            <Box as="summary" cursor="pointer" fontWeight="medium">
              Advanced: claims ({draft.claims.length})
            </Box>
            <Fieldset.Root disabled={pending} mt="3">
              <Fieldset.Legend>Claims</Fieldset.Legend>
              <Fieldset.HelperText>
                A claim has a type (such as api), a value (such as get_v1_users) and optional scopes, separated by
                commas; no scopes, or any, means everywhere.
              </Fieldset.HelperText>
              <Fieldset.Content>
                {draft.claims.length === 0 ? <Text color="fg.muted">No claims besides the roles.</Text> : null}
                <Stack as="ul" gap="3" listStyleType="none">
                  {draft.claims.map((row, index) => (
                    <ClaimRowFields
                      key={row.key}
                      row={row}
                      position={index + 1}
                      errors={errors}
                      onChange={(change) => setClaim(row.key, change)}
                      onRemove={() => removeClaim(row.key, index)}
                    />
                  ))}
                </Stack>
                <Button type="button" variant="outline" alignSelf="flex-start" onClick={addClaim} data-add-claim="">
                  Add claim
                </Button>
              </Fieldset.Content>
            </Fieldset.Root>
          </details>
        </Box>
        <Box data-field="subscriptions" tabIndex={-1}>
          <StringListField
            legend="Product subscriptions"
            noun="subscription"
            items={draft.subscriptions}
            onChange={(subscriptions) => setDraft((current) => ({ ...current, subscriptions }))}
            help="coursewareFeature is needed to sign in to the portal."
            error={errors.subscriptions}
            disabled={pending}
          />
        </Box>
        <Fieldset.Root disabled={pending} invalid={Boolean(errors.ranges)}>
          <Fieldset.Legend>Ranges</Fieldset.Legend>
          <Fieldset.Content data-field="ranges" tabIndex={-1}>
            {BRANDS.map((brand) => (
              <Checkbox.Root
                key={brand}
                checked={draft.ranges.includes(brand)}
                onCheckedChange={({ checked }) =>
                  setDraft((current) => ({
                    ...current,
                    ranges:
                      checked === true ? [...current.ranges, brand] : current.ranges.filter((one) => one !== brand),
                  }))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {brand} — {RANGE_HELP[brand]}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Fieldset.Content>
          {errors.ranges ? <Fieldset.ErrorText role="alert">{errors.ranges}</Fieldset.ErrorText> : null}
        </Fieldset.Root>
        {stale || errors.form ? (
          <Alert.Root status="error" ref={problem} tabIndex={-1}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{stale ? USER_CHANGED_MESSAGE : errors.form}</Alert.Title>
            </Alert.Content>
            {stale ? (
              <Button size="sm" variant="outline" alignSelf="center" onClick={() => void onReload()}>
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
          Save rights
        </Button>
      </Dialog.Footer>
      <ConfirmDialog
        open={removals !== null}
        title={`Take rights away from ${user.displayName}?`}
        description="Saving removes these from the user. They lose what the removed rights allowed at their next sign-in."
        confirmLabel="Remove and save"
        destructive
        pending={pending}
        onConfirm={() => void send()}
        onClose={() => setRemovals(null)}
      >
        <List.Root ps="5">
          {(removals ?? []).map((text) => (
            <List.Item key={text}>{text}</List.Item>
          ))}
        </List.Root>
      </ConfirmDialog>
    </form>
  );
}

function ClaimRowFields({
  row,
  position,
  errors,
  onChange,
  onRemove,
}: {
  row: ClaimRow;
  position: number;
  errors: RightsErrors;
  onChange: (change: Partial<ClaimRow>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const parts = [
    { name: 'type', label: 'Type' },
    { name: 'value', label: 'Value' },
    { name: 'scopes', label: 'Scopes' },
  ] as const;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <Grid templateColumns={{ base: '1fr', md: '1fr 1.4fr 1.2fr auto' }} gap="3" alignItems="start">
        {parts.map((part) => {
          const error = errors[`claims.${row.key}.${part.name}`];
          const { ids, describedBy } = fieldIds(`${id}-${part.name}`, { help: false, error: Boolean(error) });
          return (
            <Field.Root key={part.name} ids={ids} invalid={Boolean(error)} required={part.name !== 'scopes'}>
              <Field.Label>{part.label}</Field.Label>
              <Input
                data-field={`claims.${row.key}.${part.name}`}
                aria-label={`${part.label} of claim ${position}`}
                {...(part.name === 'type' ? { 'data-claim-type': '' } : {})}
                aria-describedby={describedBy}
                autoComplete="off"
                value={row[part.name]}
                placeholder={part.name === 'scopes' ? 'any' : undefined}
                onChange={(event) => onChange({ [part.name]: event.target.value })}
              />
              <FieldErrorText message={error} />
            </Field.Root>
          );
        })}
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
