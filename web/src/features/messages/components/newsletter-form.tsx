import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { Controller, FormProvider } from 'react-hook-form';
import { EMAIL_FORMATS, NewsletterSignupRequest } from '#shared/contracts/messages';
import { MESSAGE_LIMITS } from '#shared/limits';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { useCreateNewsletterSubscriber } from '../api/create-newsletter-subscriber.ts';
import { usePublicForm } from '../hooks/use-public-form.ts';
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

type Values = NewsletterSignupRequest;
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
  const { form, rateLimited, sent, submit, pending } = usePublicForm({
    schema: NewsletterSignupRequest,
    defaultValues: EMPTY,
    fields: FIELDS,
    mutation: useCreateNewsletterSubscriber(),
  });

  if (sent) {
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
    <FormProvider {...form}>
      <chakra.form position="relative" onSubmit={submit} noValidate aria-label="Newsletter sign-up">
        <Stack gap="5" maxW="xl">
          <Text color="fg.muted">
            Every field is required, each at most {MESSAGE_LIMITS.newsletterFieldMaxChars} characters.
          </Text>
          {TEXT_FIELDS.map((name) => (
            <TextField<Values>
              key={name}
              name={name}
              label={NEWSLETTER_LABELS[name]}
              type={name === 'email' ? 'email' : 'text'}
              autoComplete={AUTOCOMPLETE[name]}
            />
          ))}
          <FormField<Values>
            name="emailFormat"
            label={NEWSLETTER_LABELS.emailFormat}
            errorPrefix={`${NEWSLETTER_LABELS.emailFormat}: `}
            group
          >
            {() => (
              <Controller
                control={form.control}
                name="emailFormat"
                render={({ field }) => (
                  <HStack gap="6">
                    {EMAIL_FORMATS.map((format) => (
                      <HStack as="label" key={format} gap="2" cursor="pointer">
                        <Radio
                          type="radio"
                          name={field.name}
                          value={format}
                          colorPalette="brand"
                          checked={field.value === format}
                          onChange={() => field.onChange(format)}
                          onBlur={field.onBlur}
                          ref={field.value === format ? field.ref : undefined}
                        />
                        {format}
                      </HStack>
                    ))}
                  </HStack>
                )}
              />
            )}
          </FormField>
          <TrapField />
          {rateLimited ? <RateLimitedAlert message={rateLimited} /> : null}
          <div>
            <Button type="submit" colorPalette="brand" loading={pending} loadingText="Signing up…">
              Sign up
            </Button>
          </div>
        </Stack>
      </chakra.form>
    </FormProvider>
  );
}
