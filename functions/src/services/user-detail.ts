import type { UserDetail } from '#shared/contracts/administration';
import type { VersionedUserAccount } from '../data/users.ts';

/**
 * The `UserDetail` answer of an account (issue 11 item 2): claims grouped as stored,
 * roles from the role claims, the business unit as `{ id, name }` — `unitName`, when
 * given, is the unit's current name (else the copy on the user item).
 */
export function toUserDetail(account: VersionedUserAccount, unitName?: string): UserDetail {
  const { user } = account;
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    picture: user.picture,
    businessUnit:
      user.businessUnitId === null
        ? null
        : { id: user.businessUnitId, name: unitName ?? user.businessUnit?.name ?? '' },
    ranges: [...user.ranges],
    roles: [...account.roles],
    claims: account.claims.map((claim) => ({ ...claim })),
    subscriptions: [...account.subscriptions],
    organizations: account.organizations.map((organization) => ({ ...organization, roles: [...organization.roles] })),
    createdTimestamp: user.createdTimestamp,
    version: account.version,
  };
}

/** The audit target of a user: `{ type: 'user', id, name }` (name: the display name). */
export function userAuditTarget(account: VersionedUserAccount) {
  return { type: 'user' as const, id: account.user.id, name: account.user.displayName };
}
