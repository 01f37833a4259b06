import { Button, Dialog, Fieldset, Input, NativeSelect, Text } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import * as z from 'zod';
import {
  INVITATION_ROLES,
  type InvitationRole,
  MoveUserOrganizationRequest,
  type UserDetail,
} from '#shared/contracts/administration';
import { CheckboxGroupField } from '../../../components/ui/checkbox-group-field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/forms/zod-form.ts';
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

const UnitChoice = z.object({ search: z.string(), businessUnitId: z.string().min(1, 'Choose a business unit.') });
type UnitChoice = z.input<typeof UnitChoice>;

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
  const form = useZodForm(UnitChoice, { search: '', businessUnitId: '' });
  const q = useDebouncedValue(useWatch({ control: form.control, name: 'search' }));
  const units = useBusinessUnitSearch(q);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const move = useMoveUserBusinessUnit();
  const options = (units.data?.items ?? []).filter((unit) => unit.id !== user.businessUnit?.id);

  const send = async ({ businessUnitId }: z.output<typeof UnitChoice>) => {
    busy.current = true;
    try {
      const saved = await move.mutateAsync({
        id: user.id,
        body: { version: user.version, businessUnitId: businessUnitId === NONE ? null : businessUnitId },
      });
      announce(`${saved.displayName} now belongs to ${saved.businessUnit?.name ?? 'no business unit'}.`);
      form.setValue('businessUnitId', '');
    } catch (caught) {
      setProblem({ message: moveProblem(caught), stale: caught instanceof ApiError && caught.statusCode === 409 });
    } finally {
      busy.current = false;
    }
  };
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    setProblem(null);
    return form.handleSubmit(send)(event);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-legend`}>
        <Fieldset.Root disabled={move.isPending}>
          <Fieldset.Legend id={`${id}-legend`} fontSize="md" fontWeight="semibold">
            Business unit
          </Fieldset.Legend>
          <Fieldset.HelperText>Now: {user.businessUnit?.name ?? 'no business unit'}.</Fieldset.HelperText>
          <Fieldset.Content>
            <FormField<UnitChoice>
              name="search"
              id={`${id}-search`}
              label="Search business units"
              hint="At least 2 characters of the name."
            >
              {(control) => <Input {...control} {...form.register('search')} type="search" autoComplete="off" />}
            </FormField>
            <FormField<UnitChoice>
              name="businessUnitId"
              id={`${id}-unit`}
              label="New business unit"
              required
              hint={
                <span aria-live="polite">
                  {units.isFetching ? 'Searching…' : `${options.length} business units match.`}
                </span>
              }
            >
              {(control) => (
                <NativeSelect.Root>
                  <NativeSelect.Field {...control} {...form.register('businessUnitId')}>
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
              )}
            </FormField>
            <FormProblem message={problem?.message} onReload={problem?.stale ? onReload : undefined} />
            <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={move.isPending}>
              Move to business unit
            </Button>
          </Fieldset.Content>
        </Fieldset.Root>
      </form>
    </FormProvider>
  );
}

const TeamChoice = z.object({
  from: z.string(),
  to: z.string().min(1, 'Choose the team to move to.'),
  roles: MoveUserOrganizationRequest.shape.roles,
});
type TeamChoice = z.input<typeof TeamChoice>;

function TeamMove({ user, busy, onReload }: { user: UserDetail; busy: RefObject<boolean>; onReload: () => void }) {
  const id = useId();
  const organizations = useAllOrganizations();
  const form = useZodForm(TeamChoice, { from: user.organizations[0]?.id ?? NONE, to: '', roles: ['student'] });
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const move = useMoveUserOrganization();
  const memberOf = new Set(user.organizations.map((organization) => organization.id));
  const targets = (organizations.data ?? []).filter((organization) => !memberOf.has(organization.id));

  const send = async ({ from, to, roles }: z.output<typeof TeamChoice>) => {
    busy.current = true;
    try {
      const saved = await move.mutateAsync({
        id: user.id,
        body: { version: user.version, fromOrganizationId: from === NONE ? null : from, toOrganizationId: to, roles },
      });
      const joined = saved.organizations.find((organization) => organization.id === to);
      announce(`${saved.displayName} is now in ${joined?.name ?? 'the new team'}.`);
      form.setValue('to', '');
      form.setValue('from', saved.organizations[0]?.id ?? NONE);
    } catch (caught) {
      setProblem({ message: moveProblem(caught), stale: caught instanceof ApiError && caught.statusCode === 409 });
    } finally {
      busy.current = false;
    }
  };
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    setProblem(null);
    return form.handleSubmit(send)(event);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-legend`}>
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
            <FormField<TeamChoice> name="from" id={`${id}-from`} label="Leave team">
              {(control) => (
                <NativeSelect.Root>
                  <NativeSelect.Field {...control} {...form.register('from')}>
                    {user.organizations.map((organization) => (
                      <option key={organization.id} value={organization.id}>
                        {organization.name}
                      </option>
                    ))}
                    <option value={NONE}>None: join without leaving</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FormField>
            <FormField<TeamChoice> name="to" id={`${id}-to`} label="Join team" required>
              {(control) =>
                organizations.isError ? (
                  <LoadError title="The teams could not be loaded." onRetry={() => void organizations.refetch()} />
                ) : (
                  <NativeSelect.Root>
                    <NativeSelect.Field {...control} {...form.register('to')}>
                      <option value="">{organizations.isPending ? 'Loading teams…' : 'Choose a team'}</option>
                      {targets.map((organization) => (
                        <option key={organization.id} value={organization.id}>
                          {organization.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )
              }
            </FormField>
            <CheckboxGroupField<TeamChoice, InvitationRole>
              name="roles"
              id={`${id}-roles`}
              label="Roles in the new team"
              options={INVITATION_ROLES}
            />
            <FormProblem message={problem?.message} onReload={problem?.stale ? onReload : undefined} />
            <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={move.isPending}>
              Move team
            </Button>
          </Fieldset.Content>
        </Fieldset.Root>
      </form>
    </FormProvider>
  );
}
