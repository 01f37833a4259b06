import { Button, chakra, Fieldset, HStack, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useRef, useState } from 'react';
import {
  EMAIL_FORMATS,
  type EmailFormat,
  NewsletterSignupRequest,
  RATE_LIMITED_MESSAGE,
} from '#shared/contracts/messages';
import { MESSAGE_LIMITS } from '#shared/limits';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { useCreateNewsletterSubscriber } from '../api/create-newsletter-subscriber.ts';
import {
  type FieldErrors,
  fieldErrorsFromApi,
  fieldErrorsOf,
  firstInvalid,
  isRateLimited,
} from '../utils/field-errors.ts';
import { ConfirmationHeading, RateLimitedAlert, TextField, TrapField } from './form-parts.tsx';

const TEXT_FIELDS = ['email', 'firstName', 'lastName', 'organization', 'jobTitle'] as const;
const FIELDS = [...TEXT_FIELDS, 'emailFormat'] as const;
type NewsletterField = (typeof FIELDS)[number];
type TextFieldName = (typeof TEXT_FIELDS)[number];

/** Labels of the sign-up fields (spec §2.11). */
export const NEWSLETTER_LABELS: Record<NewsletterField, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  organization: 'Organization',
  jobTitle: 'Job title',
  emailFormat: 'Email format',
};
const AUTOCOMPLETE: Record<TextFieldName, string> = {
  email: 'email',
  firstName: 'given-name',
  lastName: 'family-name',
  organization: 'organization',
  jobTitle: 'organization-title',
};

type Values = Record<TextFieldName, string> & { emailFormat: EmailFormat };
const EMPTY: Values = { email: '', firstName: '', lastName: '', organization: '', jobTitle: '', emailFormat: 'HTML' };

const Radio = chakra('input', { base: { boxSize: '4', accentColor: 'colorPalette.solid', cursor: 'pointer' } });

/**
 * The newsletter sign-up form (spec §2.11, §4 "Newsletter", §5 "Newsletter"): email,
 * first and last name, organization and job title (each required, at most 256;
 * the email valid), the HTML/TEXT format, and the hidden trap field. A filled trap
 * shows the confirmation without calling the server. Messages show under their
 * fields as alerts and the first invalid field takes the focus; a 429 says to wait
 * and keeps what was typed. Signed up, it shows the confirmation with a button to
 * the community page.
 */
export function NewsletterForm() {
  const { siteName, flags } = useRuntimeConfig();
  const [values, setValues] = useState<Values>(EMPTY);
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<FieldErrors<NewsletterField>>({});
  const [rateLimited, setRateLimited] = useState<string | null>(null);
  const [signedUp, setSignedUp] = useState(false);
  const fields = useRef<Partial<Record<NewsletterField, HTMLElement | null>>>({});
  const mutation = useCreateNewsletterSubscriber();

  const focusFirstInvalid = (found: FieldErrors<NewsletterField>) => {
    const field = firstInvalid(FIELDS, found);
    if (field) fields.current[field]?.focus();
  };
  const set = (field: TextFieldName) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setRateLimited(null);
    if (trap !== '') {
      // Spec §4: a filled trap fakes success and calls nothing.
      setSignedUp(true);
      return;
    }
    const found = fieldErrorsOf(NewsletterSignupRequest, values, FIELDS);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found);
      return;
    }
    mutation.mutate(NewsletterSignupRequest.parse(values), {
      onSuccess: () => setSignedUp(true),
      onError: (error) => {
        if (isRateLimited(error)) {
          setRateLimited(error.message || RATE_LIMITED_MESSAGE);
          return;
        }
        const fromServer = fieldErrorsFromApi(error, FIELDS);
        if (!fromServer) return;
        setErrors(fromServer);
        focusFirstInvalid(fromServer);
      },
    });
  };

  if (signedUp) {
    return (
      <Stack gap="4" role="status" aria-live="polite">
        <ConfirmationHeading>Thank you for signing up</ConfirmationHeading>
        <Text>You will receive the {siteName} newsletter by e-mail.</Text>
        <div>
          {flags.community ? (
            <LinkButton to={paths.community} colorPalette="brand">
              Visit our community
            </LinkButton>
          ) : (
            <LinkButton to={paths.home} colorPalette="brand">
              Go to the home page
            </LinkButton>
          )}
        </div>
      </Stack>
    );
  }

  return (
    <chakra.form position="relative" onSubmit={submit} noValidate aria-label="Newsletter sign-up">
      <Stack gap="5" maxW="xl">
        <Text color="fg.muted">
          Every field is required, each at most {MESSAGE_LIMITS.newsletterFieldMaxChars} characters.
        </Text>
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={NEWSLETTER_LABELS[field]}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete={AUTOCOMPLETE[field]}
            value={values[field]}
            onChange={set(field)}
            error={errors[field]}
            inputRef={(element) => {
              fields.current[field] = element;
            }}
          />
        ))}
        <Fieldset.Root invalid={Boolean(errors.emailFormat)}>
          <Fieldset.Legend>{NEWSLETTER_LABELS.emailFormat}</Fieldset.Legend>
          <HStack gap="6">
            {EMAIL_FORMATS.map((format) => (
              <HStack as="label" key={format} gap="2" cursor="pointer">
                <Radio
                  type="radio"
                  name="emailFormat"
                  value={format}
                  colorPalette="brand"
                  checked={values.emailFormat === format}
                  onChange={() => setValues((current) => ({ ...current, emailFormat: format }))}
                  ref={(element: HTMLInputElement | null) => {
                    if (format === values.emailFormat) fields.current.emailFormat = element;
                  }}
                />
                {format}
              </HStack>
            ))}
          </HStack>
          {errors.emailFormat ? (
            <Fieldset.ErrorText role="alert">
              {NEWSLETTER_LABELS.emailFormat}: {errors.emailFormat}
            </Fieldset.ErrorText>
          ) : null}
        </Fieldset.Root>
        <TrapField value={trap} onChange={setTrap} />
        {rateLimited ? <RateLimitedAlert message={rateLimited} /> : null}
        <div>
          <Button type="submit" colorPalette="brand" loading={mutation.isPending} loadingText="Signing up…">
            Sign up
          </Button>
        </div>
      </Stack>
    </chakra.form>
  );
}
