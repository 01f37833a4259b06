import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ANY_SCOPE, API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import type { InvitationRole, InvitationStatus } from '#shared/contracts/administration';
import { type Claim, COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import type { Brand } from '#shared/enums';
import { ADMIN_LIMITS } from '#shared/limits';
import { looksLikeEntityId } from './ids.ts';
import { BRAND_NAMES, type ComposedEmail } from './message-email.ts';

/**
 * Invitations to the exercise area (spec §1 "Faculty also invite students",
 * "Students: enter the exercise area by faculty invitation only", §6 "user invite,
 * re-invite"; decision record 030): the link token and its hash, expiry, what an
 * invitation's role grants, whose claim covers which organization, and the e-mail.
 * Pure, apart from the random secret of {@link newInvitationSecret}.
 */

/** Bytes of randomness of an invitation secret (256 bits). */
export const INVITATION_SECRET_BYTES = 32;

/** A link secret (base64url of {@link INVITATION_SECRET_BYTES} random bytes) and the hash that is stored of it. */
export interface InvitationSecret {
  readonly secret: string;
  /** SHA-256 of the secret, hex: the only thing stored (a leaked table gives no working link). */
  readonly secretHash: string;
}

/** A new random secret and its hash (re-invite replaces both, so the old link stops working). */
export function newInvitationSecret(): InvitationSecret {
  const secret = randomBytes(INVITATION_SECRET_BYTES).toString('base64url');
  return { secret, secretHash: hashInvitationSecret(secret) };
}

/** SHA-256 (hex) of a secret as the link carries it. */
export function hashInvitationSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` hashes to `secretHash`, compared in constant time. */
export function secretMatches(secret: string, secretHash: string): boolean {
  const actual = Buffer.from(hashInvitationSecret(secret), 'hex');
  const expected = Buffer.from(secretHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The link token of an invitation: `<invitationId>.<secret>`. */
export function invitationToken(invitationId: string, secret: string): string {
  return `${invitationId}.${secret}`;
}

const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The parts of a link token, or null when it cannot be one (not `<26-character
 * id>.<43 base64url characters>`): a forged or mangled link.
 */
export function parseInvitationToken(token: string): { id: string; secret: string } | null {
  const trimmed = token.trim();
  const dot = trimmed.indexOf('.');
  if (dot < 0) return null;
  const id = trimmed.slice(0, dot);
  const secret = trimmed.slice(dot + 1);
  if (!looksLikeEntityId(id) || !SECRET_SHAPE.test(secret)) return null;
  return { id, secret };
}

/** When an invitation sent (or re-sent) at `now` expires: {@link ADMIN_LIMITS}.invitationValidDays later (ISO). */
export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + ADMIN_LIMITS.invitationValidDays * 86_400_000).toISOString();
}

/** What is stored of an invitation's state: `pending`, `accepted` or `revoked` (expiry is derived). */
export type StoredInvitationStatus = Exclude<InvitationStatus, 'expired'>;

/** The status shown: a pending invitation whose `expiresTimestamp` (ISO) is not after `now` is `expired`. */
export function effectiveStatus(status: StoredInvitationStatus, expiresTimestamp: string, now: Date): InvitationStatus {
  return status === 'pending' && Date.parse(expiresTimestamp) <= now.getTime() ? 'expired' : status;
}

/** The e-mail address as invitations store and compare it: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What accepting an invitation of each role grants (decision record 030), on top of
 * the USER role and the coursewareFeature subscription every account needs
 * (spec §4 "Session"). Everyone invited enters the exercise area (`list_v1_courses`,
 * spec §6 "View exercise area") and may ask their courses for support. Organization
 * instructors also load lessons, send content feedback and ask the organization for
 * support; organization admins also manage the organization and invite into it.
 * Claims naming `organization` are scoped to that organization's id. Never file
 * rights: downloading follows brand eligibility and is granted by administrators.
 */
export function grantsOf(role: InvitationRole, organizationId: string): Claim[] {
  const api = (value: string, scoped = false): Claim => ({
    type: CLAIM_TYPES.api,
    value,
    ...(scoped ? { scopes: [organizationId] } : {}),
  });
  const student = [
    { type: CLAIM_TYPES.role, value: USER_ROLE },
    api(API_CLAIMS.listCourses),
    api(API_CLAIMS.requestCourseSupport),
  ];
  if (role === 'student') return student;
  const instructor = [
    ...student,
    api(API_CLAIMS.listLessons),
    api(API_CLAIMS.sendContentFeedback),
    api(API_CLAIMS.requestOrganizationSupport, true),
  ];
  if (role === 'organization instructor') return instructor;
  return [
    ...instructor,
    { type: CLAIM_TYPES.manageOrganization, value: ANY_SCOPE, scopes: [organizationId] },
    api(API_CLAIMS.inviteUsers, true),
  ];
}

/** The subscriptions every invited account gets (spec §4 "Session": a valid login needs coursewareFeature). */
export const INVITATION_SUBSCRIPTIONS: readonly string[] = [COURSEWARE_FEATURE];

/**
 * The claims of `wanted` that `held` does not already grant, one claim per missing
 * scope: a held claim of the same type and value that is unscoped covers every scope;
 * a scoped one covers its scopes. A wanted unscoped claim is missing unless held unscoped.
 */
export function missingClaims(held: readonly Claim[], wanted: readonly Claim[]): Claim[] {
  const missing: Claim[] = [];
  for (const claim of wanted) {
    const same = held.filter((candidate) => candidate.type === claim.type && candidate.value === claim.value);
    const unscoped = same.some((candidate) => !candidate.scopes || candidate.scopes.length === 0);
    if (unscoped) continue;
    if (!claim.scopes || claim.scopes.length === 0) {
      missing.push({ type: claim.type, value: claim.value });
      continue;
    }
    const heldScopes = new Set(same.flatMap((candidate) => candidate.scopes ?? []));
    const scopes = claim.scopes.filter((scope) => !heldScopes.has(scope));
    if (scopes.length > 0) missing.push({ type: claim.type, value: claim.value, scopes });
  }
  return missing;
}

/** Environment variable of the portal's public address (`https://…`), where invitation links point. */
export const PORTAL_URL_ENV = 'PORTAL_URL';

/**
 * The portal's public origin for links in e-mails: `PORTAL_URL`, else the origin of
 * `PORTAL_ISSUER` (the portal's own `/api/v1/auth` address, set in every deployment),
 * read from `vars` (pure: `lib/deployment.ts` `portalOriginOfEnv()` hands it the environment).
 * @throws Error when neither is set.
 */
export function portalOrigin(vars: Readonly<Record<string, string | undefined>>): string {
  const value = vars[PORTAL_URL_ENV] || vars.PORTAL_ISSUER;
  if (!value) throw new Error(`Missing environment variables: ${PORTAL_URL_ENV} or PORTAL_ISSUER.`);
  return new URL(value).origin;
}

/** The SPA address an invitation link opens: `<origin>/invitation?token=<token>` (issue 11, web-invite). */
export function invitationLink(origin: string, token: string): string {
  const url = new URL('/invitation', origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** What the invitation e-mail says. */
export interface InvitationEmailInput {
  readonly brand: Brand;
  readonly displayName: string | null;
  readonly organizationName: string;
  readonly role: InvitationRole;
  readonly invitedByName: string;
  readonly link: string;
  readonly expiresTimestamp: string;
}

/** Line breaks and other control characters of a stored value, flattened to spaces (one line each). */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * The invitation e-mail (plain text): who invites to which organization with which
 * role, the single-use link, and until when (UTC) it works.
 */
export function composeInvitationEmail(input: InvitationEmailInput): ComposedEmail {
  const range = BRAND_NAMES[input.brand];
  const greeting = input.displayName ? `Hello ${oneLine(input.displayName)},` : 'Hello,';
  const until = `${input.expiresTimestamp.slice(0, 16).replace('T', ' ')} UTC`;
  return {
    subject: `Invitation to the ${range} exercise area`,
    text: [
      greeting,
      '',
      `${oneLine(input.invitedByName)} invites you to join ${oneLine(input.organizationName)} as ${input.role} in the ${range} exercise area.`,
      '',
      'Accept the invitation by opening this link and signing in (or signing up) with this e-mail address:',
      input.link,
      '',
      `The link works once, until ${until}. If you did not expect this invitation, ignore this e-mail.`,
      '',
    ].join('\n'),
  };
}
