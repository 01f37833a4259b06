import type * as z from 'zod';
import {
  type SentSupportRequest,
  SUPPORT_EMAIL_REQUIRED_MESSAGE,
  type SupportRequestInput,
} from '#shared/contracts/messages';
import {
  getCourse,
  getCourseMember,
  listCourseMembers,
  listOrganizationMembers,
  type Member,
} from '../data/courses.ts';
import { getUserAccount, getUsersByIds } from '../data/users.ts';
import { newId } from '../domain/ids.ts';
import { isPlainAddress } from '../domain/mime-message.ts';
import {
  COURSE_NOT_FOUND_MESSAGE,
  composeSupportEmail,
  ORGANIZATION_NOT_FOUND_MESSAGE,
  type SupportMember,
  type SupportTargetKind,
  supportClaimAdmits,
  supportDeskRecipient,
  supportRecipientsOf,
} from '../domain/support.ts';
import { deploymentBrand, messageEmailAddresses } from '../lib/deployment.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { type Caller, FORBIDDEN_MESSAGE } from '../lib/handler.ts';
import { storeForDelivery } from './outbox.ts';

/**
 * A support request about one of the caller's courses or organizations (spec §3
 * "Support request", §5 "Support dialog", §6, §7 "Request course / organization
 * support"; decision record 025), shared by the two routes.
 */

/** The course or organization a request is about, and its members. */
interface SupportTarget {
  readonly name: string;
  readonly members: readonly Member[];
}

/**
 * The caller's course `id`: the caller must be a member (else 404, the same answer
 * as for a course that does not exist, so nothing leaks).
 */
async function courseTarget(id: string, userId: string): Promise<SupportTarget> {
  const [membership, course] = await Promise.all([getCourseMember(id, userId), getCourse(id)]);
  if (!membership || !course) throw new NotFoundError(COURSE_NOT_FOUND_MESSAGE);
  return { name: course.name, members: await listCourseMembers(id) };
}

/** The caller's organization `id` (from the caller's own memberships, else 404) and its roster. */
async function organizationTarget(id: string, userId: string): Promise<SupportTarget> {
  const account = await getUserAccount(userId);
  const membership = account?.organizations.find((organization) => organization.id === id);
  if (!membership) throw new NotFoundError(ORGANIZATION_NOT_FOUND_MESSAGE);
  return { name: membership.name, members: await listOrganizationMembers(id) };
}

/** The members with their current names and e-mail addresses (users that no longer exist are left out). */
async function withContacts(members: readonly Member[]): Promise<SupportMember[]> {
  const users = new Map((await getUsersByIds(members.map((member) => member.userId))).map((user) => [user.id, user]));
  return members.flatMap((member) => {
    const user = users.get(member.userId);
    return user ? [{ userId: user.id, name: user.displayName, email: user.email, roles: member.roles }] : [];
  });
}

/**
 * Handles one support request: the caller's support claim must admit the target (a
 * claim scoped to other ids: 403 `Forbidden`); the target must be one of the
 * caller's courses or organizations (else 404 "Course does not exist." /
 * "Organization does not exist."); the e-mail is the identity's, or `body.email`
 * when the identity has none (neither: 400 `SUPPORT_EMAIL_REQUIRED_MESSAGE` at
 * `body.email`). The request is stored in the outbox with its recipients (spec §6
 * recipient roles, and the support desk), then e-mailed, prefixed as spec §5 says.
 * @returns the stored id, the e-mail status and the recipients (name, roles).
 */
export async function sendSupportRequest(input: {
  readonly kind: SupportTargetKind;
  readonly targetId: string;
  readonly body: z.output<typeof SupportRequestInput>;
  readonly caller: Caller;
  readonly requestId: string;
}): Promise<SentSupportRequest> {
  const { kind, targetId, body, caller } = input;
  // The route's access rule let only signed-in callers with the support claim through.
  if (!caller) throw new Error('A support request needs a caller.');
  if (!supportClaimAdmits(caller.principal, kind, targetId)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  const target =
    kind === 'course' ? await courseTarget(targetId, caller.sub) : await organizationTarget(targetId, caller.sub);

  const email = caller.claims.email || body.email || '';
  if (email === '') throw new ValidationError([{ path: 'body.email', message: SUPPORT_EMAIL_REQUIRED_MESSAGE }]);

  const brand = deploymentBrand();
  const addresses = messageEmailAddresses();
  const recipients = supportRecipientsOf(
    kind,
    await withContacts(target.members),
    caller.sub,
    supportDeskRecipient(brand, addresses.supportRecipient),
  );
  const id = newId();
  const context = {
    browser: body.context.browser,
    operatingSystem: body.context.operatingSystem,
    timeZone: body.context.timeZone,
  };
  const composed = composeSupportEmail({
    prefix: {
      ...context,
      name: caller.claims.displayName,
      email,
      kind,
      targetName: target.name,
      provider: caller.claims.provider,
    },
    subject: body.subject,
    message: body.message,
    targetId,
    requestId: id,
  });
  const listed = recipients.map(({ name, role }) => ({ name, role }));
  const sent = await storeForDelivery({
    id,
    kind: 'supportRequest',
    brand,
    createdTimestamp: new Date().toISOString(),
    payload: {
      userId: caller.sub,
      userName: caller.claims.displayName,
      email,
      provider: caller.claims.provider,
      target: { kind, id: targetId, name: target.name },
      subject: body.subject,
      message: body.message,
      context,
      recipients: listed,
    },
    email: {
      from: addresses.sender,
      fromName: 'Courseware portal',
      to: [...new Set(recipients.map((recipient) => recipient.email).filter(isPlainAddress))],
      replyTo: isPlainAddress(email) ? email : null,
      ...composed,
    },
  });
  return { ...sent, recipients: listed };
}
