import {
  CONTACT_TOPIC_LABELS,
  type ContactTopic,
  contactTopicsOf,
  type EmailFormat,
  NEWSLETTER_TOPICS,
} from '#shared/contracts/messages';
import type { Brand } from '#shared/enums';
import { FEEDBACK_EMAIL_DEFAULTS, FEEDBACK_EMAIL_ENV } from '../lib/env.ts';

/**
 * The e-mails of the messages people send (spec §2.9, §2.11, §3 "Newsletter
 * subscriber", "Contact request", "Support request", §5 "Support dialog"; decision
 * record 025): who they go to and what they say. Pure, apart from reading the
 * addresses from the environment.
 */

/**
 * Environment variables of the message e-mails: the team inbox of the contact form
 * and the newsletter sign-ups, and the range's support desk, which receives every
 * support request besides the course's or organization's own recipients. The
 * sender is the SES identity of the feedback e-mail (`FEEDBACK_EMAIL_SENDER`). The
 * CDK stack sets them (context `contactRecipient`, `supportRecipient`), the local
 * stack leaves them to {@link MESSAGE_EMAIL_DEFAULTS}.
 */
export const MESSAGE_EMAIL_ENV = {
  sender: FEEDBACK_EMAIL_ENV.sender,
  contactRecipient: 'CONTACT_EMAIL_RECIPIENT',
  supportRecipient: 'SUPPORT_EMAIL_RECIPIENT',
} as const;

/** Documented defaults of {@link MESSAGE_EMAIL_ENV}: placeholders a real deployment overrides. */
export const MESSAGE_EMAIL_DEFAULTS = {
  sender: FEEDBACK_EMAIL_DEFAULTS.sender,
  contactRecipient: 'courseware-contact@example.org',
  supportRecipient: 'courseware-support@example.org',
} as const;

/** The addresses of the message e-mails: From (an SES-verified identity), the team inbox, the support desk. */
export interface MessageEmailConfig {
  readonly sender: string;
  readonly contactRecipient: string;
  readonly supportRecipient: string;
}

/**
 * The message e-mail addresses from the variables `vars` (the environment, handed in by
 * `lib/deployment.ts` `messageEmailAddresses()`), each falling back to its default when absent or empty.
 */
export function messageEmailConfig(vars: Readonly<Record<string, string | undefined>>): MessageEmailConfig {
  return {
    sender: vars[MESSAGE_EMAIL_ENV.sender] || MESSAGE_EMAIL_DEFAULTS.sender,
    contactRecipient: vars[MESSAGE_EMAIL_ENV.contactRecipient] || MESSAGE_EMAIL_DEFAULTS.contactRecipient,
    supportRecipient: vars[MESSAGE_EMAIL_ENV.supportRecipient] || MESSAGE_EMAIL_DEFAULTS.supportRecipient,
  };
}

/** The brand's name as the e-mails write it. */
export const BRAND_NAMES: Readonly<Record<Brand, string>> = {
  USCR: 'US Cyber Range',
  VACR: 'Virginia Cyber Range',
};

/** A composed e-mail: subject and plain-text body. */
export interface ComposedEmail {
  readonly subject: string;
  readonly text: string;
}

/** True when `topic` is one of the brand's contact topics (spec §2.9: `other` only on USCR). */
export function isContactTopicOf(brand: Brand, topic: ContactTopic): boolean {
  return contactTopicsOf(brand).includes(topic);
}

/** The newsletter topic of a brand (spec §3 "Newsletter subscriber": one topic, by deployment). */
export function newsletterTopicOf(brand: Brand): string {
  return NEWSLETTER_TOPICS[brand];
}

/** A newsletter subscriber as stored and e-mailed (spec §3 "Newsletter subscriber"). */
export interface NewsletterSubscriber {
  /** First and last name joined by a space. */
  readonly name: string;
  readonly emailAddress: string;
  readonly emailFormat: EmailFormat;
  readonly jobTitle: string;
  /** The organization field of the form. */
  readonly businessUnit: string;
  /** One topic: the brand's general topic. */
  readonly topics: readonly string[];
}

/** The subscriber of a sign-up: the name joined, the brand's topic (spec §3). */
export function newsletterSubscriberOf(
  brand: Brand,
  input: {
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly organization: string;
    readonly jobTitle: string;
    readonly emailFormat: EmailFormat;
  },
): NewsletterSubscriber {
  return {
    name: `${input.firstName} ${input.lastName}`,
    emailAddress: input.email,
    emailFormat: input.emailFormat,
    jobTitle: input.jobTitle,
    businessUnit: input.organization,
    topics: [newsletterTopicOf(brand)],
  };
}

/** The team's e-mail of a newsletter sign-up: "Newsletter sign-up: <name>". */
export function composeNewsletterEmail(brand: Brand, subscriber: NewsletterSubscriber, id: string): ComposedEmail {
  return {
    subject: `Newsletter sign-up: ${subscriber.name}`,
    text: [
      `A new subscriber to the ${BRAND_NAMES[brand]} newsletter.`,
      '',
      `Name: ${subscriber.name}`,
      `E-mail: ${subscriber.emailAddress}`,
      `E-mail format: ${subscriber.emailFormat}`,
      `Job title: ${subscriber.jobTitle}`,
      `Organization: ${subscriber.businessUnit}`,
      `Topics: ${subscriber.topics.join(', ')}`,
      '',
      `Subscriber id: ${id}`,
      '',
    ].join('\n'),
  };
}

/** A contact request as stored and e-mailed (spec §3 "Contact request": the form fields). */
export interface ContactRequest {
  readonly name: string;
  readonly email: string;
  readonly organization: string;
  readonly subject: string;
  readonly message: string;
  readonly topic: ContactTopic;
}

/** The team's e-mail of a contact request (spec §3: subject and body): the subject, the topic, the sender, the message. */
export function composeContactEmail(brand: Brand, request: ContactRequest, id: string): ComposedEmail {
  return {
    subject: `Contact request: ${request.subject}`,
    text: [
      `A contact request from the ${BRAND_NAMES[brand]} site.`,
      '',
      `Topic: ${CONTACT_TOPIC_LABELS[request.topic]}`,
      `Name: ${request.name}`,
      `E-mail: ${request.email}`,
      `Organization: ${request.organization}`,
      `Subject: ${request.subject}`,
      '',
      'Message:',
      request.message,
      '',
      `Request id: ${id}`,
      '',
    ].join('\n'),
  };
}
