import { Alert, Button, Dialog, Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { CreateInvitationRequest, INVITATION_ROLES, type Invitation } from '#shared/contracts/administration';
import { FieldErrorText, fieldIds } from '../../../components/ui/field-parts.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/error-store.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import type { OrganizationChoice } from '../api/get-invitable-organizations.ts';
import { ROLE_LABELS } from '../utils/labels.ts';

type FieldName = 'email' | 'displayName' | 'organizationId' | 'role';
type Errors = Partial<Record<FieldName, string>>;
const FIELD_ORDER: readonly FieldName[] = ['email', 'displayName', 'organizationId', 'role'];

interface Values {
  email: string;
  displayName: string;
  organizationId: string;
  role: string;
}

/** The first message per field of a zod or server error list (paths as `email`, `body.email`, …). */
function errorsOf(issues: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const name = issue.path.split('.').at(-1);
    if (name && (FIELD_ORDER as readonly string[]).includes(name)) errors[name as FieldName] ??= issue.message;
  }
  return errors;
}

/** The request an invite form sends (an empty name left out). */
function inviteBody(values: Values) {
  return {
    email: values.email,
    displayName: values.displayName.trim() ? values.displayName : undefined,
    organizationId: values.organizationId,
    role: values.role,
  };
}

/** The form's messages, checked with the server's schema (an organization not chosen has its own). */
function inviteErrors(values: Values): Errors {
  const parsed = CreateInvitationRequest.safeParse(inviteBody(values));
  if (parsed.success) return {};
  const found = errorsOf(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  if (found.organizationId) found.organizationId = 'Choose an organization.';
  return found;
}

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
  const id = useId();
  const [values, setValues] = useState<Values>({
    email: '',
    displayName: '',
    organizationId: organizations.length === 1 ? (organizations[0]?.id ?? '') : '',
    role: 'student',
  });
  const [errors, setErrors] = useState<Errors>({});
  useRevalidation(values, setErrors, inviteErrors);
  const [formError, setFormError] = useState<string | null>(null);
  const refs = useRef(new Map<FieldName, HTMLInputElement | HTMLSelectElement>());
  const create = useCreateInvitation();

  const set = (name: FieldName) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const register = (name: FieldName) => (element: HTMLInputElement | HTMLSelectElement | null) => {
    if (element) refs.current.set(name, element);
    else refs.current.delete(name);
  };
  const focusFirst = (found: Errors) => {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) refs.current.get(first)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = inviteErrors(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirst(found);
      return;
    }
    const parsed = CreateInvitationRequest.safeParse(inviteBody(values));
    if (!parsed.success) return;
    setErrors({});
    busy.current = true;
    try {
      const invitation = await create.mutateAsync(parsed.data);
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
      const found = errorsOf(error.details);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        focusFirst(found);
      } else {
        setFormError(error.message);
      }
    }
  };

  const field = (name: FieldName) => fieldIds(`${id}-${name}`, { help: false, error: Boolean(errors[name]) });
  const email = field('email');
  const displayName = field('displayName');
  const organization = field('organizationId');
  const role = field('role');

  return (
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
          <Field.Root ids={email.ids} invalid={Boolean(errors.email)} required>
            <Field.Label>
              E-mail
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              ref={(element) => {
                register('email')(element);
                firstField.current = element;
              }}
              type="email"
              autoComplete="off"
              aria-describedby={email.describedBy}
              value={values.email}
              onChange={(event) => set('email')(event.target.value)}
            />
            <FieldErrorText message={errors.email} />
          </Field.Root>
          <Field.Root ids={displayName.ids} invalid={Boolean(errors.displayName)}>
            <Field.Label>Name</Field.Label>
            <Input
              ref={register('displayName')}
              autoComplete="off"
              aria-describedby={displayName.describedBy}
              value={values.displayName}
              onChange={(event) => set('displayName')(event.target.value)}
            />
            <FieldErrorText message={errors.displayName} />
          </Field.Root>
          <Field.Root ids={organization.ids} invalid={Boolean(errors.organizationId)} required>
            <Field.Label>
              Organization
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                ref={register('organizationId')}
                aria-describedby={organization.describedBy}
                value={values.organizationId}
                onChange={(event) => set('organizationId')(event.target.value)}
              >
                <option value="">Choose an organization</option>
                {organizations.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <FieldErrorText message={errors.organizationId} />
          </Field.Root>
          <Field.Root ids={role.ids} invalid={Boolean(errors.role)} required>
            <Field.Label>
              Role
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                ref={register('role')}
                aria-describedby={role.describedBy}
                value={values.role}
                onChange={(event) => set('role')(event.target.value)}
              >
                {INVITATION_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {ROLE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <FieldErrorText message={errors.role} />
          </Field.Root>
          {formError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={create.isPending} loadingText="Sending…">
          Send invitation
        </Button>
      </Dialog.Footer>
    </form>
  );
}
