import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  HStack,
  NativeSelect,
  Portal,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, useFormContext } from 'react-hook-form';
import * as z from 'zod';
import { ANY_SCOPE, API_CLAIMS, CLAIM_TYPES, hasClaim, type Principal } from '#shared/capabilities';
import { type SentSupportRequest, SupportRequestInput } from '#shared/contracts/messages';
import { MESSAGE_LIMITS } from '#shared/limits';
import { FormField } from '../../../components/ui/form-field.tsx';
import { RouterLink } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type SessionUser, useSession } from '../../../lib/auth/session-store.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { listOrganizationsQueryOptions } from '../api/list-organizations.ts';
import { listUserCoursesQueryOptions } from '../api/list-user-courses.ts';
import { type SupportTarget, useRequestSupport } from '../api/request-support.ts';
import { clientContext } from '../utils/client-context.ts';
import { TextField } from './form-parts.tsx';

/** What the shell gives the support dialog: how to close it and where the focus goes back to. */
export interface SupportDialogProps {
  readonly onClose: () => void;
  /** The control that opened the dialog (the Help or hamburger menu button); focused again on close. */
  readonly returnFocus: HTMLElement | null;
}

type SupportField = 'topic' | 'email' | 'subject' | 'message';
/** The fields a 400 of the support routes may name, in screen order. */
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

/**
 * The form's check (spec §5 "Support dialog"): a topic among `options`, the e-mail
 * only when asked (then required; the contract's limit and format), the contract's
 * subject and message. Built per render, as the topics load and the e-mail is asked.
 */
function supportFormSchema(options: readonly TopicOption[], askEmail: boolean) {
  const { email, subject, message } = SupportRequestInput.shape;
  return z.object({
    topic: z.string().refine((value) => options.some((option) => option.value === value), TOPIC_REQUIRED_MESSAGE),
    email: askEmail ? z.string().trim().min(1, 'Is required.').pipe(email.unwrap()) : z.string().optional(),
    subject,
    message,
  });
}
type Values = z.input<ReturnType<typeof supportFormSchema>>;
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
  const topics = useSupportTopics(user, principal);
  // The identity's e-mail is asked for only when it has none, or when the server says it has none.
  const [askEmail, setAskEmail] = useState(!user.email);
  const mutation = useRequestSupport();
  const options = [...topics.courseOptions, ...topics.organizationOptions];
  const form = useZodForm(supportFormSchema(options, askEmail), EMPTY);

  const send = (values: z.output<ReturnType<typeof supportFormSchema>>) => {
    const topic = options.find((option) => option.value === values.topic);
    if (!topic) return;
    const body = SupportRequestInput.parse({
      ...(askEmail ? { email: values.email } : {}),
      subject: values.subject,
      message: values.message,
      context: clientContext(),
    });
    mutation.mutate(
      { target: topic.target, body },
      {
        onSuccess: onSent,
        onError: (error) => {
          // A message about the e-mail shows its field first, so that it can take the focus.
          if (error instanceof ApiError && error.details.some((detail) => detail.path.startsWith('body.email'))) {
            flushSync(() => setAskEmail(true));
          }
          applyServerErrors(error, form.setError, BODY_FIELDS);
        },
      },
    );
  };

  const ready = !topics.loading && options.length > 0;
  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!mutation.isPending) void form.handleSubmit(send)(event);
        }}
        noValidate
        aria-label="Request support"
      >
        <Dialog.Header>
          <Dialog.Title>Request support</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {ready ? (
            <SupportFields topics={topics} askEmail={askEmail} />
          ) : (
            <SupportTopicsState topics={topics} empty={options.length === 0} onClose={onClose} />
          )}
        </Dialog.Body>
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
    </FormProvider>
  );
}

/** What the dialog shows instead of its fields: the topics loading, failing (with a retry), or none to offer. */
function SupportTopicsState({
  topics,
  empty,
  onClose,
}: {
  topics: ReturnType<typeof useSupportTopics>;
  empty: boolean;
  onClose: () => void;
}) {
  const { flags } = useRuntimeConfig();
  if (topics.loading) {
    return (
      <HStack gap="3" role="status">
        <Spinner size="sm" />
        <Text>Loading your courses and organizations…</Text>
      </HStack>
    );
  }
  if (topics.failed && empty) {
    return (
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
  }
  return (
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
}

/** The dialog's fields: the topic by group, the e-mail when asked, the subject and the message with its counter. */
function SupportFields({ topics, askEmail }: { topics: ReturnType<typeof useSupportTopics>; askEmail: boolean }) {
  const { register } = useFormContext<Values>();
  const group = (label: string, options: readonly TopicOption[]) =>
    options.length > 0 ? (
      <optgroup label={label}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.name}
          </option>
        ))}
      </optgroup>
    ) : null;
  return (
    <Stack gap="5">
      <FormField<Values> name="topic" label={SUPPORT_LABELS.topic} required errorPrefix={`${SUPPORT_LABELS.topic}: `}>
        {(control) => (
          <NativeSelect.Root>
            <NativeSelect.Field {...control} {...register('topic')}>
              <option value="">Choose a course or organization</option>
              {group('Courses', topics.courseOptions)}
              {group('Organizations', topics.organizationOptions)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
      </FormField>
      {askEmail ? (
        <TextField<Values>
          name="email"
          label={SUPPORT_LABELS.email}
          type="email"
          autoComplete="email"
          helperText={`Your account has no e-mail address: where should we answer? At most ${MESSAGE_LIMITS.supportEmailMaxChars} characters.`}
        />
      ) : null}
      <TextField<Values>
        name="subject"
        label={SUPPORT_LABELS.subject}
        helperText={`At most ${MESSAGE_LIMITS.supportSubjectMaxChars} characters.`}
      />
      <TextField<Values>
        name="message"
        label={SUPPORT_LABELS.message}
        multiline
        maxChars={MESSAGE_LIMITS.supportMessageMaxChars}
      />
      <Text textStyle="sm" color="fg.muted">
        Your name, e-mail, browser, operating system and time zone are sent with your message to help us answer.
      </Text>
    </Stack>
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
