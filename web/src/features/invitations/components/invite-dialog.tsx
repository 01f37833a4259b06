import { Dialog, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import * as z from 'zod';
import { CreateInvitationRequest, INVITATION_ROLES, type Invitation } from '#shared/contracts/administration';
import { EntityId } from '#shared/contracts/common';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/error-store.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import type { OrganizationChoice } from '../api/get-invitable-organizations.ts';
import { ROLE_LABELS } from '../utils/labels.ts';

const FIELDS = ['email', 'displayName', 'organizationId', 'role'] as const;

/**
 * What the form holds, checked with the server's schema; an organization not chosen
 * has its own message, and an empty name is left out of the request.
 */
const InviteValues = CreateInvitationRequest.extend({
  organizationId: z.string().refine((value) => EntityId.safeParse(value).success, 'Choose an organization.'),
}).transform(({ displayName, ...rest }): CreateInvitationRequest => (displayName ? { ...rest, displayName } : rest));
type InviteValues = z.input<typeof InviteValues>;

/**
 * The Invite dialog (spec §1 "Faculty invite students", §5 required fields marked
 * with an asterisk, §8 messages under the field as alerts): e-mail*, name,
 * organization* (the ones the caller may invite to; preselected when there is one)
 * and role* (student preselected). Checked with the server's schema first; the
 * server's 400 field messages go under their fields, its 403, 404 and 409 into the
 * dialog; the first invalid field takes the focus. `onInvited` gets the new invitation.
 */
export function InviteDialog({
  open,
  organizations,
  onInvited,
  onClose,
}: {
  open: boolean;
  organizations: readonly OrganizationChoice[];
  onInvited: (invitation: Invitation) => void;
  onClose: () => void;
}) {
  const firstField = useRef<HTMLInputElement | null>(null);
  const busy = useRef(false);
  return (
    <FormDialog open={open} onClose={onClose} initialFocus={firstField} busy={busy} size="md">
      <InviteForm
        organizations={organizations}
        firstField={firstField}
        busy={busy}
        onInvited={onInvited}
        onCancel={onClose}
      />
    </FormDialog>
  );
}

function InviteForm({
  organizations,
  firstField,
  busy,
  onInvited,
  onCancel,
}: {
  organizations: readonly OrganizationChoice[];
  firstField: RefObject<HTMLInputElement | null>;
  busy: RefObject<boolean>;
  onInvited: (invitation: Invitation) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(InviteValues, {
    email: '',
    displayName: '',
    organizationId: organizations.length === 1 ? (organizations[0]?.id ?? '') : '',
    role: 'student',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateInvitation();

  const send = async (request: CreateInvitationRequest) => {
    busy.current = true;
    try {
      const invitation = await create.mutateAsync(request);
      busy.current = false;
      onInvited(invitation);
    } catch (error) {
      busy.current = false;
      if (!(error instanceof ApiError) || ![400, 403, 404, 409].includes(error.statusCode)) return;
      if (error.statusCode === 403 && error.message === 'Forbidden') {
        // The session itself was refused (spec §8): the global rules log out.
        reportError(error);
        return;
      }
      if (!applyServerErrors(error, form.setError, FIELDS)) setFormError(error.message);
    }
  };
  const submit = (event: FormEvent) => {
    setFormError(null);
    return form.handleSubmit(send)(event);
  };
  const email = form.register('email');

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>Invite someone</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Dialog.Description>
              Fields marked with an asterisk (*) are required. The person receives an e-mail with a link that works once
              and expires after 14 days.
            </Dialog.Description>
            <FormField<InviteValues> name="email" label="E-mail" required>
              {(control) => (
                <Input
                  {...control}
                  {...email}
                  ref={(element) => {
                    email.ref(element);
                    firstField.current = element;
                  }}
                  type="email"
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField<InviteValues> name="displayName" label="Name">
              {(control) => <Input {...control} {...form.register('displayName')} autoComplete="off" />}
            </FormField>
            <FormField<InviteValues> name="organizationId" label="Organization" required>
              {(control) => (
                <NativeSelect.Root>
                  <NativeSelect.Field {...control} {...form.register('organizationId')}>
                    <option value="">Choose an organization</option>
                    {organizations.map((choice) => (
                      <option key={choice.id} value={choice.id}>
                        {choice.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FormField>
            <FormField<InviteValues> name="role" label="Role" required>
              {(control) => (
                <NativeSelect.Root>
                  <NativeSelect.Field {...control} {...form.register('role')}>
                    {INVITATION_ROLES.map((value) => (
                      <option key={value} value={value}>
                        {ROLE_LABELS[value]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FormField>
            <FormProblem message={formError} />
          </Stack>
        </Dialog.Body>
        <FormDialogFooter
          submitLabel="Send invitation"
          onCancel={onCancel}
          pending={create.isPending}
          loadingText="Sending…"
        />
      </form>
    </FormProvider>
  );
}
