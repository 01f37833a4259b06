import { API_CLAIMS, CLAIM_TYPES, hasClaim, type Principal } from '#shared/capabilities';
import type { SupportRecipient } from '#shared/contracts/messages';
import type { Brand } from '#shared/enums';
import { BRAND_NAMES, type ComposedEmail } from './message-email.ts';

/**
 * Support requests of the support dialog (spec §3 "Support request", §5 "Support
 * dialog", §6 "Request course / organization support" and the support recipient
 * roles; decision record 025): who may ask about which course or organization, who
 * receives the request, and the prefix the sent message carries. Pure.
 */

/** What a support request is about: one of the caller's courses or organizations. */
export type SupportTargetKind = 'course' | 'organization';

/** The roles of spec §6's support recipient list, as stored on course and organization members. */
export const SUPPORT_ROLES = {
  billingAdmin: 'billing admin',
  courseAdmin: 'course admin',
  organizationAdmin: 'organization admin',
  organizationInstructor: 'organization instructor',
  ta: 'TA',
  student: 'student',
  instructor: 'instructor',
  courseRequester: 'course requester',
} as const;

/**
 * Which members receive a support request (decision record 025), as a cyber range
 * runs its courses: about a course, the people who run it — its instructors, TAs,
 * course admins and the course requester (who asked for the course to be set up);
 * about an organization, the people who manage it — organization admins and
 * billing admins (accounts, seats, licences). Students and organization instructors
 * ask; they are not asked. The range's support desk receives every request too.
 */
export const SUPPORT_RECIPIENT_ROLES: Readonly<Record<SupportTargetKind, readonly string[]>> = {
  course: [SUPPORT_ROLES.instructor, SUPPORT_ROLES.ta, SUPPORT_ROLES.courseAdmin, SUPPORT_ROLES.courseRequester],
  organization: [SUPPORT_ROLES.organizationAdmin, SUPPORT_ROLES.billingAdmin],
};

/** The API claim of each kind of support request (spec §6). */
export const SUPPORT_CLAIMS: Readonly<Record<SupportTargetKind, string>> = {
  course: API_CLAIMS.requestCourseSupport,
  organization: API_CLAIMS.requestOrganizationSupport,
};

/**
 * Whether the principal's support claim admits this course or organization (spec §6:
 * a claim scoped to other ids grants nothing here; unscoped or `any` admits all).
 */
export function supportClaimAdmits(principal: Principal, kind: SupportTargetKind, targetId: string): boolean {
  return hasClaim(principal, CLAIM_TYPES.api, SUPPORT_CLAIMS[kind], targetId);
}

/** A member of a course or organization: who, their e-mail (null when unknown), their roles there. */
export interface SupportMember {
  readonly userId: string;
  readonly name: string;
  readonly email: string | null;
  readonly roles: readonly string[];
}

/** One recipient of a support request: the contract's name and space-separated roles, and where the mail goes. */
export interface SupportRecipientAddress extends SupportRecipient {
  readonly email: string;
}

/** The name and role the support desk is listed under in the recipients. */
export function supportDeskRecipient(brand: Brand, email: string): SupportRecipientAddress {
  return { name: `${BRAND_NAMES[brand]} support`, role: 'support desk', email };
}

/**
 * The recipients of a support request about a `kind` target (pure): the members
 * holding one of {@link SUPPORT_RECIPIENT_ROLES}`[kind]` that have an e-mail address,
 * except the sender (`senderId`), in name order, each with all their roles there
 * (space-separated, spec §3), then the support desk. A member listed twice counts once.
 */
export function supportRecipientsOf(
  kind: SupportTargetKind,
  members: readonly SupportMember[],
  senderId: string,
  desk: SupportRecipientAddress,
): SupportRecipientAddress[] {
  const wanted = new Set(SUPPORT_RECIPIENT_ROLES[kind]);
  const seen = new Set<string>();
  const recipients: SupportRecipientAddress[] = [];
  for (const member of [...members].sort((a, b) => a.name.localeCompare(b.name))) {
    if (member.userId === senderId || seen.has(member.userId) || !member.email) continue;
    if (!member.roles.some((role) => wanted.has(role))) continue;
    seen.add(member.userId);
    recipients.push({ name: member.name, role: member.roles.join(' '), email: member.email });
  }
  return [...recipients, desk];
}

/** What the support prefix of spec §5 says: the client's context and the sender, target and provider. */
export interface SupportPrefixInput {
  readonly browser: string;
  readonly operatingSystem: string;
  readonly timeZone: string;
  readonly name: string;
  readonly email: string;
  readonly kind: SupportTargetKind;
  readonly targetName: string;
  readonly provider: string;
}

/** Line breaks and other control characters of a client-supplied value, flattened to spaces (one prefix line each). */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || 'unknown';
}

/**
 * The prefix of a sent support message (spec §5 "Support dialog"): browser name and
 * version, operating system, time zone (from the client's context), name, e-mail,
 * the course or organization, and the identity provider (from the verified token),
 * one `Label: value` line each, then a blank line.
 */
export function supportPrefix(input: SupportPrefixInput): string {
  return [
    `Browser: ${oneLine(input.browser)}`,
    `Operating system: ${oneLine(input.operatingSystem)}`,
    `Time zone: ${oneLine(input.timeZone)}`,
    `Name: ${oneLine(input.name)}`,
    `E-mail: ${oneLine(input.email)}`,
    `${input.kind === 'course' ? 'Course' : 'Organization'}: ${oneLine(input.targetName)}`,
    `Provider: ${oneLine(input.provider)}`,
    '',
  ].join('\n');
}

/** The support e-mail: "Support request: <subject>", the prefix, the message, the ids. */
export function composeSupportEmail(input: {
  readonly prefix: SupportPrefixInput;
  readonly subject: string;
  readonly message: string;
  readonly targetId: string;
  readonly requestId: string;
}): ComposedEmail {
  return {
    subject: `Support request: ${input.subject}`,
    text: [
      supportPrefix(input.prefix),
      `Subject: ${input.subject}`,
      '',
      input.message,
      '',
      `${input.prefix.kind === 'course' ? 'Course' : 'Organization'} id: ${input.targetId}`,
      `Support request id: ${input.requestId}`,
      '',
    ].join('\n'),
  };
}

/** Message of the 404 for a course that does not exist or that the caller does not belong to. */
export const COURSE_NOT_FOUND_MESSAGE = 'Course does not exist.';
/** Message of the 404 for an organization that does not exist or that the caller does not belong to. */
export const ORGANIZATION_NOT_FOUND_MESSAGE = 'Organization does not exist.';
