import * as z from 'zod';
import { EntityId, IsoDateTime, limitParam, PageToken } from './common.ts';
import { urlField } from './url.ts';

/**
 * Identity, sessions and claims (spec §3 "Session and claims", §4 "Session", §7
 * "Authentication and entitlement", "Product subscription"; ARCHITECTURE.md
 * "Identity, sessions, claims").
 */

/** Upstream identity providers: the range's own login (`vcr`) and the exercise area's SSO (`sso`). */
export const IDENTITY_PROVIDERS = ['vcr', 'sso'] as const;
export const IdentityProvider = z.enum(IDENTITY_PROVIDERS);
export type IdentityProvider = z.infer<typeof IdentityProvider>;

/** The role claim every valid login needs (spec §4 "Session", §6). */
export const USER_ROLE = 'USER';

/** The product subscription every valid login needs (spec §4 "Session"). */
export const COURSEWARE_FEATURE = 'coursewareFeature';

/** Audience of portal tokens; the API Gateway JWT authorizer checks it. */
export const PORTAL_AUDIENCE = 'courseware-portal';

/** Audience of the SSO tokens the portal hands to the exercise area (spec §2.2 /exercises). */
export const EXERCISE_AREA_AUDIENCE = 'exercise-area';

/**
 * A claim (spec §3): type, value and scopes. Scopes undefined or containing `any` are
 * always accepted (spec §6). Stored keyed by type, value and scope.
 */
export const Claim = z
  .object({
    type: z.string().min(1).max(128),
    value: z.string().min(1).max(256),
    scopes: z.array(z.string().min(1).max(128)).optional(),
  })
  .meta({ id: 'Claim' });
export type Claim = z.infer<typeof Claim>;

/**
 * A user's session epoch when a token was signed (issue 21 item 2; decision record
 * 032): the API refuses a token whose epoch is below the one stored with its user.
 * Absent reads as 0 (tokens signed before issue 21).
 */
export const SessionEpoch = z.number().int().nonnegative();

/**
 * Claims a portal token carries (spec §3 "Token claims": exp, sub, displayName, email,
 * picture, provider), plus what the API needs on every request without a lookup:
 * `roles`, the account `claims`, the product `subscriptions`, `sessionEpoch`, and
 * `act` (RFC 8693: the real user behind an impersonation, with their epoch).
 */
export const PortalTokenClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: EntityId,
  exp: z.number().int(),
  iat: z.number().int(),
  jti: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  picture: z.string().nullable(),
  provider: IdentityProvider,
  roles: z.array(z.string()),
  claims: z.array(Claim),
  subscriptions: z.array(z.string()),
  sessionEpoch: SessionEpoch.optional(),
  act: z.object({ sub: EntityId, sessionEpoch: SessionEpoch.optional() }).optional(),
});
export type PortalTokenClaims = z.infer<typeof PortalTokenClaims>;

/**
 * `POST /api/v1/authenticate` body (spec §7 "Authenticate: provider (vcr or sso), token,
 * optional user id to impersonate"). To impersonate, `token` is the caller's current
 * portal token and `provider` its provider.
 */
export const AuthenticateRequest = z
  .object({
    provider: IdentityProvider,
    token: z.string().min(1).max(16_384),
    impersonateUserId: EntityId.optional(),
    /**
     * An invitation link's token (issue 11; decision record 030): signing in with it
     * accepts the invitation — creating the portal account of an identity not yet
     * linked — once, before it expires.
     */
    invitationToken: z.string().trim().min(1).max(200).optional(),
  })
  .meta({ id: 'AuthenticateRequest' });
export type AuthenticateRequest = z.infer<typeof AuthenticateRequest>;

/** A signed token (portal token, or the SSO token for the exercise area). */
export const TokenResponse = z.object({ token: z.string() }).meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** `GET /api/v1/claims`: the caller's claims (spec §7 "List claims"). */
export const ClaimList = z.object({ items: z.array(Claim) }).meta({ id: 'ClaimList' });
export type ClaimList = z.infer<typeof ClaimList>;

/** A message for the avatar badge (spec §3 "Message: id, message, link"). */
export const Message = z
  .object({ id: EntityId, message: z.string(), link: urlField({ max: 2048, paths: true }).nullable() })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;
export const MessageList = z.object({ items: z.array(Message) }).meta({ id: 'MessageList' });
export type MessageList = z.infer<typeof MessageList>;
/** `DELETE /api/v1/messages/{id}`: the caller's message to dismiss (issue 25 item 5). */
export const MessagePath = z.object({ id: EntityId });
/** `DELETE /api/v1/messages/{id}`: the id of the dismissed message (issue 25 item 5). */
export const DismissedMessage = z.object({ id: EntityId }).meta({ id: 'DismissedMessage' });
export type DismissedMessage = z.infer<typeof DismissedMessage>;

/** `GET /api/v1/product-subscriptions/{product}`: whether the caller is subscribed (spec §7). */
export const SubscriptionPath = z.object({ product: z.string().min(1).max(64) });
export const SubscriptionStatus = z
  .object({ product: z.string(), subscribed: z.boolean() })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/**
 * An organization the caller belongs to, with the caller's roles in it (spec §7
 * "Organizations: get all"; spec §6 names the organization roles, e.g. "organization
 * admin", "organization instructor", "student").
 */
export const OrganizationMembership = z
  .object({ id: EntityId, name: z.string(), roles: z.array(z.string()) })
  .meta({ id: 'OrganizationMembership' });
export type OrganizationMembership = z.infer<typeof OrganizationMembership>;
export const OrganizationList = z.object({ items: z.array(OrganizationMembership) }).meta({ id: 'OrganizationList' });
export type OrganizationList = z.infer<typeof OrganizationList>;

/**
 * A user as administrators list them (spec §6 privileged actions: impersonation;
 * issue 11 admin table): `businessUnitName` is the name of the user's business unit
 * (null without one), `createdTimestamp` when the account was created.
 */
export const UserSummary = z
  .object({
    id: EntityId,
    displayName: z.string(),
    email: z.string().nullable(),
    roles: z.array(z.string()),
    businessUnitId: EntityId.nullable(),
    businessUnitName: z.string().nullable(),
    createdTimestamp: IsoDateTime,
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummary>;
/**
 * `GET /api/v1/users` query: users by e-mail; `q` (at least 2 characters, spec §9
 * "Search minimum") keeps those whose display name or e-mail address contains it,
 * case-insensitively (issue 11; decision record 030).
 */
export const ListUsersQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters.').max(100, 'Must be at most 100 characters.').optional(),
  limit: limitParam(300, 100),
  pageToken: PageToken.optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const UserPage = z
  .object({ items: z.array(UserSummary), nextPageToken: PageToken.nullable() })
  .meta({ id: 'UserPage' });

/** A JSON Web Key Set (RFC 7517) with the portal's public signing keys. */
export const JsonWebKeySet = z
  .object({ keys: z.array(z.record(z.string(), z.unknown())) })
  .meta({ id: 'JsonWebKeySet' });

/** The OpenID discovery document API Gateway's JWT authorizer reads (issuer, jwks_uri). */
export const OpenIdConfiguration = z
  .object({ issuer: z.string(), jwks_uri: z.string() })
  .loose()
  .meta({ id: 'OpenIdConfiguration' });

/** Names of the dev identity provider's personas (local stack only; issue 3). */
export const PERSONAS = [
  'student',
  'faculty-vacr',
  'faculty-uscr',
  'editor',
  'admin',
  'no-role',
  'no-subscription',
] as const;
export type PersonaName = (typeof PERSONAS)[number];
