import * as z from 'zod';
import type { Brand } from '../enums.ts';
import { MESSAGE_LIMITS, PAGE } from '../limits.ts';
import { EntityId, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';
import { RATE_LIMITED_MESSAGE, tooManyRequestsMessage } from './rate-limit-messages.ts';

export { RATE_LIMITED_MESSAGE, tooManyRequestsMessage };

/**
 * Messages people send: the newsletter sign-up, the contact form and the support
 * dialog (spec §2.9, §2.11, §3 "Newsletter subscriber", "Contact request", "Support
 * request", §4 "Other states", §5, §7 "Create newsletter subscriber", "Send support
 * email", "Request course / organization support"; decision record 025). Every
 * request is stored first, then e-mailed through SES; a failed send stays pending
 * and is sent again later, so nothing is lost. Shared by the API and the SPA.
 */

const max = (limit: number) => `Must be at most ${limit} characters.`;
const required = (limit: number) =>
  z.string({ error: 'Is required.' }).trim().min(1, 'Is required.').max(limit, max(limit));
const email = (limit: number) => required(limit).pipe(z.email('Enter a valid e-mail address.'));

/**
 * The hidden trap field of the newsletter form and the honeypot of the contact form
 * (spec §4): people never see it; a filled one makes the server answer success
 * without storing or sending anything (the SPA fakes success itself, without calling).
 */
export const TrapField = z.string().max(1000).optional();

/** Whether the e-mail reached SES (`sent`) or is stored, to be sent again (`pending`). */
export const MESSAGE_EMAIL_STATUSES = ['sent', 'pending'] as const;
export type MessageEmailStatus = (typeof MESSAGE_EMAIL_STATUSES)[number];

/** The answer of a public form: the stored request's id and its e-mail status. */
export const SentMessage = z
  .object({ id: EntityId, emailStatus: z.enum(MESSAGE_EMAIL_STATUSES) })
  .meta({ id: 'SentMessage' });
export type SentMessage = z.infer<typeof SentMessage>;

/* ── Newsletter ─────────────────────────────────────────────────────────────── */

/** E-mail formats of the newsletter (spec §2.11 radio). */
export const EMAIL_FORMATS = ['HTML', 'TEXT'] as const;
export type EmailFormat = (typeof EMAIL_FORMATS)[number];

/** The one newsletter topic of each brand (spec §3 "Newsletter subscriber" topics). */
export const NEWSLETTER_TOPICS: Readonly<Record<Brand, string>> = {
  USCR: 'US Cyber Range general',
  VACR: 'Virginia Cyber Range general',
};

/** `POST /api/v1/newsletter-subscribers` body (spec §5 "Newsletter": each field required, at most 256). */
export const NewsletterSignupRequest = z
  .object({
    email: email(MESSAGE_LIMITS.newsletterFieldMaxChars),
    firstName: required(MESSAGE_LIMITS.newsletterFieldMaxChars),
    lastName: required(MESSAGE_LIMITS.newsletterFieldMaxChars),
    organization: required(MESSAGE_LIMITS.newsletterFieldMaxChars),
    jobTitle: required(MESSAGE_LIMITS.newsletterFieldMaxChars),
    emailFormat: z.enum(EMAIL_FORMATS, { error: 'Choose HTML or TEXT.' }),
    trap: TrapField,
  })
  .meta({ id: 'NewsletterSignupRequest' });
export type NewsletterSignupRequest = z.input<typeof NewsletterSignupRequest>;

/* ── Contact form ───────────────────────────────────────────────────────────── */

/** Discussion topics of the contact form (spec §2.9); `other` only on USCR. */
export const CONTACT_TOPICS = [
  'signUpForServices',
  'requestDemo',
  'requestEstimate',
  'requestInformation',
  'other',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  signUpForServices: 'Sign up for services',
  requestDemo: 'Request a demo',
  requestEstimate: 'Request estimate',
  requestInformation: 'Request information',
  other: 'Other',
};
/** The topics offered on a brand. */
export function contactTopicsOf(brand: Brand): readonly ContactTopic[] {
  return brand === 'USCR' ? CONTACT_TOPICS : CONTACT_TOPICS.filter((topic) => topic !== 'other');
}

/** The confirmation of spec §2.9. */
export const CONTACT_CONFIRMATION = 'We appreciate your inquiry, one of our representatives will contact you shortly.';

/**
 * `POST /api/v1/contact-requests` body (spec §5 "Contact form": name, email,
 * organization and subject required, at most 100; message required, at most
 * 10,000; the topic required, and one of the brand's topics — checked by the server
 * against its brand).
 */
export const ContactRequestInput = z
  .object({
    name: required(MESSAGE_LIMITS.contactFieldMaxChars),
    email: email(MESSAGE_LIMITS.contactFieldMaxChars),
    organization: required(MESSAGE_LIMITS.contactFieldMaxChars),
    subject: required(MESSAGE_LIMITS.contactFieldMaxChars),
    message: required(MESSAGE_LIMITS.contactMessageMaxChars),
    topic: z.enum(CONTACT_TOPICS, { error: 'Choose a topic.' }),
    trap: TrapField,
  })
  .meta({ id: 'ContactRequestInput' });
export type ContactRequestInput = z.input<typeof ContactRequestInput>;

/* ── Support dialog ─────────────────────────────────────────────────────────── */

/**
 * A course of the exercise area the caller belongs to (spec §7 "User: get courses"),
 * a topic of the support dialog's Courses group.
 */
export const UserCourse = z
  .object({
    id: EntityId,
    name: z.string(),
    /** The caller's roles in the course (spec §6 recipient roles, e.g. `instructor`). */
    roles: z.array(z.string()),
    createdTimestamp: IsoDateTime,
  })
  .meta({ id: 'UserCourse' });
export type UserCourse = z.infer<typeof UserCourse>;
export const UserCoursePage = pageOf(UserCourse).meta({ id: 'UserCoursePage' });
export type UserCoursePage = z.infer<typeof UserCoursePage>;
export const ListUserCoursesQuery = z.object({
  limit: limitParam(PAGE.contributorsAdmin, PAGE.contributorsAdmin),
  pageToken: PageToken.optional(),
});

/**
 * `POST /api/v1/courses/{id}/support` and `POST /api/v1/organizations/{id}/support`
 * body (spec §5 "Support dialog"). `email` is required (at most 320) only when the
 * caller's identity has none (the server checks); the client context feeds the
 * prefix of spec §5 (browser name and version, operating system, time zone); the
 * server adds the caller's name, e-mail, the course or organization and the
 * provider from the token.
 */
export const SupportRequestInput = z
  .object({
    email: z
      .string()
      .trim()
      .max(MESSAGE_LIMITS.supportEmailMaxChars, max(MESSAGE_LIMITS.supportEmailMaxChars))
      .pipe(z.union([z.literal(''), z.email('Enter a valid e-mail address.')]))
      .optional(),
    subject: required(MESSAGE_LIMITS.supportSubjectMaxChars),
    message: required(MESSAGE_LIMITS.supportMessageMaxChars),
    context: z.object({
      browser: z.string().max(MESSAGE_LIMITS.supportContextMaxChars),
      operatingSystem: z.string().max(MESSAGE_LIMITS.supportContextMaxChars),
      timeZone: z.string().max(MESSAGE_LIMITS.supportContextMaxChars),
    }),
  })
  .meta({ id: 'SupportRequestInput' });
export type SupportRequestInput = z.input<typeof SupportRequestInput>;

/** Message of a 400 at `body.email` when the identity has no e-mail and none is given. */
export const SUPPORT_EMAIL_REQUIRED_MESSAGE = 'Is required: your account has no e-mail address.';

/** Who a support request went to (spec §3 "Support request" recipient: name and space-separated roles). */
export const SupportRecipient = z.object({ name: z.string(), role: z.string() }).meta({ id: 'SupportRecipient' });
export type SupportRecipient = z.infer<typeof SupportRecipient>;

/** The answer of a support request: the stored request, its e-mail status and the recipients (shown in the confirmation). */
export const SentSupportRequest = SentMessage.extend({ recipients: z.array(SupportRecipient) }).meta({
  id: 'SentSupportRequest',
});
export type SentSupportRequest = z.infer<typeof SentSupportRequest>;

/** Path of a course or organization support request. */
export const SupportTargetPath = z.object({ id: EntityId });
