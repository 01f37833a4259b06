import { Button, chakra, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type DefaultValues, FormProvider } from 'react-hook-form';
import {
  CONTACT_CONFIRMATION,
  CONTACT_TOPIC_LABELS,
  ContactRequestInput,
  contactTopicsOf,
} from '#shared/contracts/messages';
import { MESSAGE_LIMITS } from '#shared/limits';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { useSendContactRequest } from '../api/send-contact-request.ts';
import { usePublicForm } from '../hooks/use-public-form.ts';
import { ConfirmationHeading, RateLimitedAlert, TextField, TrapField } from './form-parts.tsx';

/** The fields in screen order, which is also the order the first invalid one is looked for in. */
const FIELDS = ['name', 'email', 'organization', 'topic', 'subject', 'message'] as const;
type ContactField = (typeof FIELDS)[number];
type TextFieldName = Exclude<ContactField, 'topic'>;

/** Labels of the contact form's fields (spec §3 "Contact request"). */
export const CONTACT_LABELS: Record<ContactField, string> = {
  name: 'Name',
  email: 'Email',
  organization: 'Organization',
  topic: 'Discussion topic',
  subject: 'Subject',
  message: 'Message',
};
const AUTOCOMPLETE: Partial<Record<TextFieldName, string>> = {
  name: 'name',
  email: 'email',
  organization: 'organization',
};

type Values = ContactRequestInput;
// The topic starts as its select's empty choice: the contract's "Choose a topic." until one is chosen.
const EMPTY: DefaultValues<Values> = { name: '', email: '', organization: '', subject: '', message: '' };

/**
 * The contact form (spec §2.9, §4 "Contact form", §5 "Contact form"): name, email,
 * organization and subject (required, at most 100), the message (required, at most
 * 10,000, with a counter), and the discussion topic from the brand's topics (Other
 * only on USCR). Messages show under their fields as alerts and the first invalid
 * field takes the focus. A filled honeypot shows the sent state without calling the
 * server; a 429 says to wait and keeps everything typed. Sent, the form is replaced
 * by the confirmation of spec §2.9.
 */
export function ContactForm() {
  const { brand } = useRuntimeConfig();
  const topics = contactTopicsOf(brand);
  const { form, rateLimited, sent, submit, pending } = usePublicForm({
    schema: ContactRequestInput,
    defaultValues: EMPTY,
    fields: FIELDS,
    mutation: useSendContactRequest(),
  });

  if (sent) {
    return (
      <Stack gap="4" role="status" aria-live="polite">
        <ConfirmationHeading>Thank you for contacting us</ConfirmationHeading>
        <Text>{CONTACT_CONFIRMATION}</Text>
      </Stack>
    );
  }

  const textField = (name: TextFieldName, extra: { type?: 'email'; multiline?: boolean; maxChars?: number } = {}) => (
    <TextField<Values> name={name} label={CONTACT_LABELS[name]} autoComplete={AUTOCOMPLETE[name]} {...extra} />
  );

  return (
    <FormProvider {...form}>
      <chakra.form position="relative" onSubmit={submit} noValidate aria-label="Contact us">
        <Stack gap="5" maxW="2xl">
          <Text color="fg.muted">
            Every field is required. Name, email, organization and subject: at most{' '}
            {MESSAGE_LIMITS.contactFieldMaxChars} characters each.
          </Text>
          {textField('name')}
          {textField('email', { type: 'email' })}
          {textField('organization')}
          <FormField<Values>
            name="topic"
            label={CONTACT_LABELS.topic}
            required
            errorPrefix={`${CONTACT_LABELS.topic}: `}
          >
            {(control) => (
              <NativeSelect.Root>
                <NativeSelect.Field {...control} {...form.register('topic')}>
                  <option value="">Choose a topic</option>
                  {topics.map((topic) => (
                    <option key={topic} value={topic}>
                      {CONTACT_TOPIC_LABELS[topic]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
          {textField('subject')}
          {textField('message', { multiline: true, maxChars: MESSAGE_LIMITS.contactMessageMaxChars })}
          <TrapField />
          {rateLimited ? <RateLimitedAlert message={rateLimited} /> : null}
          <div>
            <Button type="submit" colorPalette="brand" loading={pending} loadingText="Sending…">
              Send message
            </Button>
          </div>
        </Stack>
      </chakra.form>
    </FormProvider>
  );
}
