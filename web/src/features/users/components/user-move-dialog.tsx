import { Alert, Button, Checkbox, Dialog, Field, Fieldset, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { INVITATION_ROLES, type InvitationRole, type UserDetail } from '#shared/contracts/administration';
import { FieldErrorText, fieldIds } from '../../../components/ui/field-parts.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAllOrganizations } from '../api/get-all-organizations.ts';
import { useUser } from '../api/get-user.ts';
import { useMoveUserBusinessUnit } from '../api/move-user-business-unit.ts';
import { useMoveUserOrganization } from '../api/move-user-organization.ts';
import { useBusinessUnitSearch } from '../api/search-business-units.ts';
import { USER_CHANGED_MESSAGE } from './user-rights-dialog.tsx';

const NONE = '__none__';

/** A refusal of a move, in words (409: changed meanwhile; 404: the unit or team is gone; 400: the server's message). */
function moveProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.statusCode === 409) return USER_CHANGED_MESSAGE;
    if (error.statusCode === 404) return `${error.message} Choose another one.`;
    const details = error.details.map((detail) => detail.message).join(' ');
    return details ? `${error.message} ${details}` : error.message;
  }
  return 'The move was not saved.';
}

/**
 * Moves a user (issue 11 item 2; spec §6 "move team"): to another business unit
 * (searched by name) or none, and from one of the user's teams (or none) to another
 * team with roles. Each move is its own request with the version read; the dialog
 * stays open so that both can be done, and shows the user as saved.
 */
export function UserMoveDialog({
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
    <FormDialog open={open} onClose={onClose} initialFocus={heading} busy={busy} size="lg" scrollBehavior="outside">
      <MoveLoader userId={userId} title={`Move ${userName}`} heading={heading} busy={busy} onClose={onClose} />
    </FormDialog>
  );
}

function MoveLoader({
  userId,
  title,
  heading,
  busy,
  onClose,
}: {
  userId: string;
  title: string;
  heading: RefObject<HTMLHeadingElement | null>;
  busy: RefObject<boolean>;
  onClose: () => void;
}) {
  const user = useUser(userId);
  return (
    <>
      <Dialog.Header>
        <Dialog.Title ref={heading} tabIndex={-1}>
          {title}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="8" minH="40">
        {user.data ? (
          <>
            <BusinessUnitMove user={user.data} busy={busy} onReload={() => void user.refetch()} />
            <TeamMove user={user.data} busy={busy} onReload={() => void user.refetch()} />
          </>
        ) : user.isError ? (
          <LoadError title="The user could not be loaded." onRetry={() => void user.refetch()} />
        ) : (
          <Text role="status">Loading the user…</Text>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </>
  );
}

function Problem({ message, onReload }: { message: string; onReload?: () => void }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
      </Alert.Content>
      {onReload ? (
        <Button size="sm" variant="outline" alignSelf="center" onClick={onReload}>
          Reload
        </Button>
      ) : null}
    </Alert.Root>
  );
}

function BusinessUnitMove({
  user,
  busy,
  onReload,
}: {
  user: UserDetail;
  busy: RefObject<boolean>;
  onReload: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text);
  const units = useBusinessUnitSearch(q);
  const [chosen, setChosen] = useState('');
  const unitSelect = useRef<HTMLSelectElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const move = useMoveUserBusinessUnit();
  const choiceIds = fieldIds(`${id}-unit`, { help: true, error: Boolean(error) });
  const options = (units.data?.items ?? []).filter((unit) => unit.id !== user.businessUnit?.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setProblem(null);
    if (!chosen) {
      setError('Choose a business unit.');
      unitSelect.current?.focus();
      return;
    }
    setError(null);
    busy.current = true;
    try {
      const saved = await move.mutateAsync({
        id: user.id,
        body: { version: user.version, businessUnitId: chosen === NONE ? null : chosen },
      });
      announce(`${saved.displayName} now belongs to ${saved.businessUnit?.name ?? 'no business unit'}.`);
      setChosen('');
    } catch (caught) {
      setProblem({ message: moveProblem(caught), stale: caught instanceof ApiError && caught.statusCode === 409 });
    } finally {
      busy.current = false;
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-legend`}>
      <Fieldset.Root disabled={move.isPending}>
        <Fieldset.Legend id={`${id}-legend`} fontSize="md" fontWeight="semibold">
          Business unit
        </Fieldset.Legend>
        <Fieldset.HelperText>Now: {user.businessUnit?.name ?? 'no business unit'}.</Fieldset.HelperText>
        <Fieldset.Content>
          <Field.Root>
            <Field.Label>Search business units</Field.Label>
            <Input type="search" value={text} autoComplete="off" onChange={(event) => setText(event.target.value)} />
            <Field.HelperText>At least 2 characters of the name.</Field.HelperText>
          </Field.Root>
          <Field.Root ids={choiceIds.ids} invalid={Boolean(error)} required>
            <Field.Label>New business unit</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                ref={unitSelect}
                aria-describedby={choiceIds.describedBy}
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
              >
                <option value="">Choose a business unit</option>
                {options.map((unit) => (
                  <option key={unit.id} value={unit.id}>
                    {unit.name}
                    {unit.state ? ` (${unit.state})` : ''}
                  </option>
                ))}
                {user.businessUnit ? <option value={NONE}>No business unit</option> : null}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText aria-live="polite">
              {units.isFetching ? 'Searching…' : `${options.length} business units match.`}
            </Field.HelperText>
            <FieldErrorText message={error ?? undefined} />
          </Field.Root>
          {problem ? <Problem message={problem.message} onReload={problem.stale ? onReload : undefined} /> : null}
          <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={move.isPending}>
            Move to business unit
          </Button>
        </Fieldset.Content>
      </Fieldset.Root>
    </form>
  );
}

function TeamMove({ user, busy, onReload }: { user: UserDetail; busy: RefObject<boolean>; onReload: () => void }) {
  const id = useId();
  const organizations = useAllOrganizations();
  const [from, setFrom] = useState(user.organizations[0]?.id ?? NONE);
  const [to, setTo] = useState('');
  const toSelect = useRef<HTMLSelectElement>(null);
  const [roles, setRoles] = useState<InvitationRole[]>(['student']);
  const [errors, setErrors] = useState<{ to?: string; roles?: string }>({});
  const values = useMemo(() => ({ to, roles }), [to, roles]);
  useRevalidation(values, setErrors, (current: typeof values) => ({
    ...(current.to ? {} : { to: 'Choose the team to move to.' }),
    ...(current.roles.length === 0 ? { roles: 'Choose at least one role.' } : {}),
  }));
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const move = useMoveUserOrganization();
  const toIds = fieldIds(`${id}-to`, { help: false, error: Boolean(errors.to) });
  const memberOf = new Set(user.organizations.map((organization) => organization.id));
  const targets = (organizations.data ?? []).filter((organization) => !memberOf.has(organization.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setProblem(null);
    const found: { to?: string; roles?: string } = {};
    if (!to) found.to = 'Choose the team to move to.';
    if (roles.length === 0) found.roles = 'Choose at least one role.';
    setErrors(found);
    if (found.to) {
      toSelect.current?.focus();
      return;
    }
    if (found.roles) return;
    busy.current = true;
    try {
      const saved = await move.mutateAsync({
        id: user.id,
        body: { version: user.version, fromOrganizationId: from === NONE ? null : from, toOrganizationId: to, roles },
      });
      const joined = saved.organizations.find((organization) => organization.id === to);
      announce(`${saved.displayName} is now in ${joined?.name ?? 'the new team'}.`);
      setTo('');
      setFrom(saved.organizations[0]?.id ?? NONE);
    } catch (caught) {
      setProblem({ message: moveProblem(caught), stale: caught instanceof ApiError && caught.statusCode === 409 });
    } finally {
      busy.current = false;
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-legend`}>
      <Fieldset.Root disabled={move.isPending}>
        <Fieldset.Legend id={`${id}-legend`} fontSize="md" fontWeight="semibold">
          Team
        </Fieldset.Legend>
        <Fieldset.HelperText>
          Now:{' '}
          {user.organizations.length === 0
            ? 'in no team'
            : user.organizations
                .map((organization) => `${organization.name} (${organization.roles.join(', ') || 'no role'})`)
                .join('; ')}
          .
        </Fieldset.HelperText>
        <Fieldset.Content>
          <Field.Root>
            <Field.Label>Leave team</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={from} onChange={(event) => setFrom(event.target.value)}>
                {user.organizations.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
                <option value={NONE}>None: join without leaving</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root ids={toIds.ids} invalid={Boolean(errors.to)} required>
            <Field.Label>Join team</Field.Label>
            {organizations.isError ? (
              <LoadError title="The teams could not be loaded." onRetry={() => void organizations.refetch()} />
            ) : (
              <NativeSelect.Root>
                <NativeSelect.Field
                  ref={toSelect}
                  aria-describedby={toIds.describedBy}
                  value={to}
                  onChange={(event) => setTo(event.target.value)}
                >
                  <option value="">{organizations.isPending ? 'Loading teams…' : 'Choose a team'}</option>
                  {targets.map((organization) => (
                    <option key={organization.id} value={organization.id}>
                      {organization.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
            <FieldErrorText message={errors.to} />
          </Field.Root>
          <Fieldset.Root invalid={Boolean(errors.roles)}>
            <Fieldset.Legend>Roles in the new team</Fieldset.Legend>
            <Stack gap="2">
              {INVITATION_ROLES.map((role) => (
                <Checkbox.Root
                  key={role}
                  checked={roles.includes(role)}
                  onCheckedChange={({ checked }) =>
                    setRoles((current) =>
                      checked === true ? [...current, role] : current.filter((one) => one !== role),
                    )
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{role}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            {errors.roles ? <Fieldset.ErrorText role="alert">{errors.roles}</Fieldset.ErrorText> : null}
          </Fieldset.Root>
          {problem ? <Problem message={problem.message} onReload={problem.stale ? onReload : undefined} /> : null}
          <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={move.isPending}>
            Move team
          </Button>
        </Fieldset.Content>
      </Fieldset.Root>
    </form>
  );
}
