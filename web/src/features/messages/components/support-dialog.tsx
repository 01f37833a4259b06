import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  NativeSelect,
  Portal,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ANY_SCOPE, API_CLAIMS, CLAIM_TYPES, hasClaim, type Principal } from '#shared/capabilities';
import { type SentSupportRequest, SupportRequestInput } from '#shared/contracts/messages';
import { MESSAGE_LIMITS } from '#shared/limits';
import { RouterLink } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import { type SessionUser, useSession } from '../../../lib/auth/session-store.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { listOrganizationsQueryOptions } from '../api/list-organizations.ts';
import { listUserCoursesQueryOptions } from '../api/list-user-courses.ts';
import { type SupportTarget, useRequestSupport } from '../api/request-support.ts';
import { clientContext } from '../utils/client-context.ts';
import { type FieldErrors, fieldErrorsFromApi, fieldErrorsOf, firstInvalid } from '../utils/field-errors.ts';
import { TextField } from './form-parts.tsx';

/** What the shell gives the support dialog: how to close it and where the focus goes back to. */
export interface SupportDialogProps {
  readonly onClose: () => void;
  /** The control that opened the dialog (the Help or hamburger menu button); focused again on close. */
  readonly returnFocus: HTMLElement | null;
}

const FIELDS = ['topic', 'email', 'subject', 'message'] as const;
type SupportField = (typeof FIELDS)[number];
const BODY_FIELDS = ['email', 'subject', 'message'] as const;

/** Labels of the support dialog's fields (spec §3 "Support request"). */
export const SUPPORT_LABELS: Record<SupportField, string> = {
  topic: 'Topic',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};
export const TOPIC_REQUIRED_MESSAGE = 'Choose a topic.';

type SupportCapability = 'requestCourseSupport' | 'requestOrganizationSupport';

/** True when the principal holds the capability's claim for some course or organization (any scope). */
function mayAskAboutAny(principal: Principal | null, capability: SupportCapability): boolean {
  const value = API_CLAIMS[capability];
  return (
    principal?.claims.some(
      (claim) => claim.type === CLAIM_TYPES.api && (claim.value === value || claim.value === ANY_SCOPE),
    ) ?? false
  );
}

/** True when the claim admits this course or organization (scopes undefined, `any`, or naming its id; spec §6). */
function mayAskAbout(principal: Principal | null, capability: SupportCapability, id: string): boolean {
  return principal !== null && hasClaim(principal, CLAIM_TYPES.api, API_CLAIMS[capability], id);
}

interface TopicOption {
  readonly value: string;
  readonly name: string;
  readonly target: SupportTarget;
}

/**
 * The topics of the dialog (spec §5 "Support dialog"): a Courses group with the
 * user's courses, only with the request-course-support claim for them, and an
 * Organizations group with the user's organizations, only with the
 * request-organization-support claim. Each list is fetched only when its claim is held.
 */
function useSupportTopics(user: SessionUser, principal: Principal | null) {
  const coursesAllowed = mayAskAboutAny(principal, 'requestCourseSupport');
  const organizationsAllowed = mayAskAboutAny(principal, 'requestOrganizationSupport');
  const courses = useQuery({ ...listUserCoursesQueryOptions(user.id), enabled: coursesAllowed });
  const organizations = useQuery({ ...listOrganizationsQueryOptions(user.id), enabled: organizationsAllowed });

  const courseOptions: TopicOption[] = (coursesAllowed ? (courses.data ?? []) : [])
    .filter((course) => mayAskAbout(principal, 'requestCourseSupport', course.id))
    .map((course) => ({ value: `course:${course.id}`, name: course.name, target: { kind: 'course', id: course.id } }));
  const organizationOptions: TopicOption[] = (organizationsAllowed ? (organizations.data ?? []) : [])
    .filter((organization) => mayAskAbout(principal, 'requestOrganizationSupport', organization.id))
    .map((organization) => ({
      value: `organization:${organization.id}`,
      name: organization.name,
      target: { kind: 'organization', id: organization.id },
    }));

  const queries = [coursesAllowed ? courses : null, organizationsAllowed ? organizations : null].filter(
    (query) => query !== null,
  );
  return {
    courseOptions,
    organizationOptions,
    loading: queries.some((query) => query.isPending),
    failed: queries.some((query) => query.isError),
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}

/**
 * The support dialog for signed-in users (spec §2.3 Help → Support, §4 "Support
 * dialog", §5 "Support dialog"): a topic from the Courses and Organizations groups,
 * the e-mail only when the identity has none (required, at most 320), a subject (at
 * most 200) and a message (at most 10,000). It sends the browser, operating system
 * and time zone along for the message prefix. Once sent it shows who the request
 * went to (name and role). It closes itself when the session ends.
 */
export function SupportDialog({ onClose, returnFocus }: SupportDialogProps) {
  const { status, user, principal } = useSession();
  const [sent, setSent] = useState<SentSupportRequest | null>(null);

  useEffect(() => {
    if (status === 'logged-out') onClose();
  }, [status, onClose]);

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      finalFocusEl={() => returnFocus}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {sent ? (
              <SupportRecipients sent={sent} onClose={onClose} />
            ) : user ? (
              <SupportForm user={user} principal={principal} onSent={setSent} onClose={onClose} />
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type Values = Record<SupportField, string>;
const EMPTY: Values = { topic: '', email: '', subject: '', message: '' };

function SupportForm({
  user,
  principal,
  onSent,
  onClose,
}: {
  user: SessionUser;
  principal: Principal | null;
  onSent: (sent: SentSupportRequest) => void;
  onClose: () => void;
}) {
  const { flags } = useRuntimeConfig();
  const topics = useSupportTopics(user, principal);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<SupportField>>({});
  // The identity's e-mail is asked for only when it has none, or when the server says it has none.
  const [askEmail, setAskEmail] = useState(!user.email);
  const fields = useRef<Partial<Record<SupportField, HTMLElement | null>>>({});
  const mutation = useRequestSupport();
  const options = [...topics.courseOptions, ...topics.organizationOptions];
  // A server message may name a field that only now appears (the e-mail): focus it once rendered.
  const [pendingFocus, setPendingFocus] = useState<SupportField | null>(null);
  useEffect(() => {
    if (!pendingFocus) return;
    fields.current[pendingFocus]?.focus();
    setPendingFocus(null);
  }, [pendingFocus]);

  const focusFirstInvalid = (found: FieldErrors<SupportField>) => {
    const field = firstInvalid(FIELDS, found);
    if (field) fields.current[field]?.focus();
  };
  const set = (field: SupportField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const register = (field: SupportField) => (element: HTMLElement | null) => {
    fields.current[field] = element;
  };

  /** The body to send and the form's messages (the server's schema, a topic, the e-mail when asked). */
  const check = (current: Values) => {
    const body: SupportRequestInput = {
      ...(askEmail ? { email: current.email } : {}),
      subject: current.subject,
      message: current.message,
      context: clientContext(),
    };
    const found: FieldErrors<SupportField> = fieldErrorsOf(SupportRequestInput, body, BODY_FIELDS);
    if (!options.some((option) => option.value === current.topic)) found.topic = TOPIC_REQUIRED_MESSAGE;
    if (askEmail && current.email.trim() === '') found.email = 'Is required.';
    return { body, found };
  };
  useRevalidation(values, setErrors, (current: Values) => check(current).found);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const { body, found } = check(values);
    const topic = options.find((option) => option.value === values.topic);
    setErrors(found);
    if (!topic || Object.keys(found).length > 0) {
      focusFirstInvalid(found);
      return;
    }
    mutation.mutate(
      { target: topic.target, body: SupportRequestInput.parse(body) },
      {
        onSuccess: onSent,
        onError: (error) => {
          const fromServer = fieldErrorsFromApi(error, BODY_FIELDS);
          if (!fromServer) return;
          if (fromServer.email) setAskEmail(true);
          setErrors(fromServer);
          setPendingFocus(firstInvalid(BODY_FIELDS, fromServer) ?? null);
        },
      },
    );
  };

  let content: ReactNode;
  if (topics.loading) {
    content = (
      <HStack gap="3" role="status">
        <Spinner size="sm" />
        <Text>Loading your courses and organizations…</Text>
      </HStack>
    );
  } else if (topics.failed && options.length === 0) {
    content = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your courses and organizations could not be loaded.</Alert.Title>
          <Alert.Description>
            <Button size="xs" variant="outline" mt="2" onClick={topics.retry}>
              Try again
            </Button>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (options.length === 0) {
    content = (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>There is no course or organization you may ask support for.</Alert.Title>
          {flags.contact ? (
            <Alert.Description>
              Write to us through the{' '}
              <RouterLink to={paths.contactUs} onClick={onClose}>
                contact form
              </RouterLink>{' '}
              instead.
            </Alert.Description>
          ) : null}
        </Alert.Content>
      </Alert.Root>
    );
  } else {
    content = (
      <Stack gap="5">
        <Field.Root invalid={Boolean(errors.topic)} required>
          <Field.Label>
            {SUPPORT_LABELS.topic}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              ref={register('topic')}
              value={values.topic}
              onChange={(event) => set('topic')(event.target.value)}
            >
              <option value="">Choose a course or organization</option>
              {topics.courseOptions.length > 0 ? (
                <optgroup label="Courses">
                  {topics.courseOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {topics.organizationOptions.length > 0 ? (
                <optgroup label="Organizations">
                  {topics.organizationOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors.topic ? (
            <Field.ErrorText role="alert">
              {SUPPORT_LABELS.topic}: {errors.topic}
            </Field.ErrorText>
          ) : null}
        </Field.Root>
        {askEmail ? (
          <TextField
            label={SUPPORT_LABELS.email}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            helperText={`Your account has no e-mail address: where should we answer? At most ${MESSAGE_LIMITS.supportEmailMaxChars} characters.`}
            inputRef={register('email')}
          />
        ) : null}
        <TextField
          label={SUPPORT_LABELS.subject}
          value={values.subject}
          onChange={set('subject')}
          error={errors.subject}
          helperText={`At most ${MESSAGE_LIMITS.supportSubjectMaxChars} characters.`}
          inputRef={register('subject')}
        />
        <TextField
          label={SUPPORT_LABELS.message}
          multiline
          maxChars={MESSAGE_LIMITS.supportMessageMaxChars}
          value={values.message}
          onChange={set('message')}
          error={errors.message}
          inputRef={register('message')}
        />
        <Text textStyle="sm" color="fg.muted">
          Your name, e-mail, browser, operating system and time zone are sent with your message to help us answer.
        </Text>
      </Stack>
    );
  }

  const ready = !topics.loading && options.length > 0;
  return (
    <form onSubmit={submit} noValidate aria-label="Request support">
      <Dialog.Header>
        <Dialog.Title>Request support</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{content}</Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        {ready ? (
          <Button type="submit" colorPalette="brand" loading={mutation.isPending} loadingText="Sending…">
            Send
          </Button>
        ) : null}
      </Dialog.Footer>
    </form>
  );
}

/** The recipients confirmation (spec §4 "Support dialog"): who the request went to, by name and role. */
function SupportRecipients({ sent, onClose }: { sent: SentSupportRequest; onClose: () => void }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <>
      <Dialog.Header>
        <Dialog.Title ref={title} tabIndex={-1} outline="none">
          Support request sent
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            {sent.emailStatus === 'sent'
              ? 'Your request was sent to these people:'
              : 'Your request was saved; the e-mail to these people will follow shortly:'}
          </Text>
          {sent.recipients.length > 0 ? (
            <Table.Root size="sm" aria-label="Recipients">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Role</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {sent.recipients.map((recipient) => (
                  <Table.Row key={`${recipient.name}|${recipient.role}`}>
                    <Table.Cell>{recipient.name}</Table.Cell>
                    <Table.Cell>{recipient.role}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          ) : (
            <Text>The support team of the range.</Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="brand" onClick={onClose}>
          Done
        </Button>
      </Dialog.Footer>
    </>
  );
}
