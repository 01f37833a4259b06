import { describe, expect, it } from 'vitest';
import {
  ContactRequestInput,
  contactTopicsOf,
  NewsletterSignupRequest,
  SupportRequestInput,
} from '#shared/contracts/messages';
import { MESSAGE_LIMITS } from '#shared/limits';
import { isContactTopicOf, newsletterSubscriberOf, newsletterTopicOf } from './message-email.ts';

const text = (length: number) => 'x'.repeat(length);
const address = (length: number) => `${'e'.repeat(length - 12)}@example.edu`;

/** Whether `schema` accepts `value` at `field`, and the message at that field when it does not. */
function verdict(
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
  field: string,
) {
  const result = schema.safeParse(value);
  return result.success
    ? 'ok'
    : (result.error?.issues.find((issue) => issue.path.join('.') === field)?.message ?? 'other');
}

describe('brand topics (spec §2.9, §3)', () => {
  it('offers "other" on USCR only, and the server agrees', () => {
    expect(contactTopicsOf('USCR')).toContain('other');
    expect(contactTopicsOf('VACR')).not.toContain('other');
    expect(isContactTopicOf('USCR', 'other')).toBe(true);
    expect(isContactTopicOf('VACR', 'other')).toBe(false);
    expect(isContactTopicOf('VACR', 'requestDemo')).toBe(true);
  });

  it("gives each brand's subscriber its one general topic and joins the name", () => {
    const input = {
      email: 'a@example.edu',
      firstName: 'Pat',
      lastName: 'Lee',
      organization: 'Org',
      jobTitle: 'Job',
      emailFormat: 'HTML' as const,
    };
    expect(newsletterTopicOf('USCR')).toBe('US Cyber Range general');
    expect(newsletterSubscriberOf('VACR', input)).toEqual({
      name: 'Pat Lee',
      emailAddress: 'a@example.edu',
      emailFormat: 'HTML',
      jobTitle: 'Job',
      businessUnit: 'Org',
      topics: ['Virginia Cyber Range general'],
    });
  });
});

describe('the limits of spec §5, at the limit and past it', () => {
  const contact = {
    name: 'n',
    email: 'a@example.edu',
    organization: 'o',
    subject: 's',
    message: 'm',
    topic: 'requestDemo',
  };
  it.each([
    ['name', MESSAGE_LIMITS.contactFieldMaxChars, text],
    ['email', MESSAGE_LIMITS.contactFieldMaxChars, address],
    ['organization', MESSAGE_LIMITS.contactFieldMaxChars, text],
    ['subject', MESSAGE_LIMITS.contactFieldMaxChars, text],
    ['message', MESSAGE_LIMITS.contactMessageMaxChars, text],
  ])('contact %s: %i', (field, limit, make) => {
    expect(verdict(ContactRequestInput, { ...contact, [field]: make(limit) }, field)).toBe('ok');
    expect(verdict(ContactRequestInput, { ...contact, [field]: make(limit + 1) }, field)).toBe(
      `Must be at most ${limit} characters.`,
    );
    expect(verdict(ContactRequestInput, { ...contact, [field]: '  ' }, field)).toBe('Is required.');
  });

  const signup = {
    email: 'a@example.edu',
    firstName: 'f',
    lastName: 'l',
    organization: 'o',
    jobTitle: 'j',
    emailFormat: 'TEXT',
  };
  it.each([
    ['email', address],
    ['firstName', text],
    ['lastName', text],
    ['organization', text],
    ['jobTitle', text],
  ])('newsletter %s: 256', (field, make) => {
    const limit = MESSAGE_LIMITS.newsletterFieldMaxChars;
    expect(verdict(NewsletterSignupRequest, { ...signup, [field]: make(limit) }, field)).toBe('ok');
    expect(verdict(NewsletterSignupRequest, { ...signup, [field]: make(limit + 1) }, field)).toBe(
      `Must be at most ${limit} characters.`,
    );
  });

  it('newsletter: a valid e-mail and an e-mail format are required', () => {
    expect(verdict(NewsletterSignupRequest, { ...signup, email: 'nope' }, 'email')).toBe(
      'Enter a valid e-mail address.',
    );
    expect(verdict(NewsletterSignupRequest, { ...signup, emailFormat: 'PDF' }, 'emailFormat')).toBe(
      'Choose HTML or TEXT.',
    );
  });

  const support = { subject: 's', message: 'm', context: { browser: 'b', operatingSystem: 'o', timeZone: 't' } };
  it.each([
    ['email', MESSAGE_LIMITS.supportEmailMaxChars, address],
    ['subject', MESSAGE_LIMITS.supportSubjectMaxChars, text],
    ['message', MESSAGE_LIMITS.supportMessageMaxChars, text],
  ])('support %s: %i', (field, limit, make) => {
    expect(verdict(SupportRequestInput, { ...support, [field]: make(limit) }, field)).toBe('ok');
    expect(verdict(SupportRequestInput, { ...support, [field]: make(limit + 1) }, field)).toBe(
      `Must be at most ${limit} characters.`,
    );
  });
});
