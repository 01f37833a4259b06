import { API_CLAIMS, CLAIM_TYPES, hasClaim, hasRole } from '#shared/capabilities';
import type { FieldError } from '#shared/contracts/common';
import { type Claim, COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import type { Brand } from '#shared/enums';

/**
 * Pure rules of an administrator's edit of a user's rights (issue 11 item 2; spec
 * §3 "Session and claims", §6 "edit"; decision record 030): which requests are
 * refused beyond their schema, what keeps an administrator from locking themself
 * out, and what an audit event records of a user's rights.
 */

/** DynamoDB's limit of items in one TransactWriteItems. */
export const TRANSACTION_ITEMS_MAX = 100;

/** Messages of a self-lockout refusal (nobody locks the last door from inside). */
export const SELF_LOCKOUT_MESSAGES = {
  manageUsers:
    'You cannot remove your own right to manage users (the unscoped api claim put_v1_users). Ask another administrator.',
  userRole: 'You cannot remove your own USER role: you could no longer sign in. Ask another administrator.',
  subscription:
    'You cannot remove your own coursewareFeature subscription: you could no longer sign in. Ask another administrator.',
} as const;

/** 400 of a change that needs more items than one transaction takes. */
export function tooManyItemsMessage(items: number): string {
  return `This change writes ${items} items; one transaction takes at most ${TRANSACTION_ITEMS_MAX}. Make it in two steps.`;
}

/** The character that separates the parts of a claim's stored key. */
const KEY_SEPARATOR = '#';
/** The stored scope of an unscoped claim. */
const UNSCOPED = '*';

/**
 * Field errors of a rights request beyond its schema (pure): a claim named twice
 * (same type and value: list its scopes once), `#` in a type, value or scope (it
 * separates the stored key's parts), the scope `*` (the stored mark of an unscoped
 * claim: leave the scopes empty instead), a subscription or range named twice. With
 * `selfEdit` (the caller edits their own account), the result must keep the
 * unscoped `put_v1_users` claim, the USER role and the coursewareFeature
 * subscription. Paths are `body.claims.<i>…`, `body.subscriptions.<i>`, `body.ranges.<i>`.
 */
export function rightsErrors(
  request: {
    readonly claims: readonly Claim[];
    readonly subscriptions: readonly string[];
    readonly ranges: readonly Brand[];
  },
  selfEdit: boolean,
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  request.claims.forEach((claim, index) => {
    const path = `body.claims.${index}`;
    if (claim.type.includes(KEY_SEPARATOR)) errors.push({ path: `${path}.type`, message: 'Must not contain #.' });
    if (claim.value.includes(KEY_SEPARATOR)) errors.push({ path: `${path}.value`, message: 'Must not contain #.' });
    (claim.scopes ?? []).forEach((scope, scopeIndex) => {
      const scopePath = `${path}.scopes.${scopeIndex}`;
      if (scope.includes(KEY_SEPARATOR)) errors.push({ path: scopePath, message: 'Must not contain #.' });
      if (scope === UNSCOPED) {
        errors.push({ path: scopePath, message: 'Leave the scopes empty for a claim without scopes.' });
      }
    });
    const key = `${claim.type}\u0000${claim.value}`;
    if (seen.has(key)) {
      errors.push({ path, message: 'This claim is listed twice: list it once, with all its scopes.' });
    }
    seen.add(key);
  });
  const twice = (values: readonly string[], field: string) =>
    values.forEach((value, index) => {
      if (values.indexOf(value) !== index) errors.push({ path: `body.${field}.${index}`, message: 'Listed twice.' });
    });
  twice(request.subscriptions, 'subscriptions');
  twice(request.ranges, 'ranges');
  if (selfEdit) {
    const principal = {
      roles: [] as string[],
      claims: request.claims,
      subscriptions: request.subscriptions,
    };
    // The claim itself, whatever else the edit removes (each lockout has its own message).
    if (!hasClaim(principal, CLAIM_TYPES.api, API_CLAIMS.manageUsers))
      errors.push({ path: 'body.claims', message: SELF_LOCKOUT_MESSAGES.manageUsers });
    if (!hasRole(principal, USER_ROLE)) errors.push({ path: 'body.claims', message: SELF_LOCKOUT_MESSAGES.userRole });
    if (!request.subscriptions.includes(COURSEWARE_FEATURE)) {
      errors.push({ path: 'body.subscriptions', message: SELF_LOCKOUT_MESSAGES.subscription });
    }
  }
  return errors;
}

/**
 * What an audit event records of a user's rights (pure): roles, claims (scopes
 * sorted, claims by type then value), subscriptions and ranges, each sorted, so
 * that before and after compare field by field.
 */
export function rightsAuditFields(rights: {
  readonly roles: readonly string[];
  readonly claims: readonly Claim[];
  readonly subscriptions: readonly string[];
  readonly ranges: readonly Brand[];
}): Record<string, unknown> {
  const claims = rights.claims
    .map((claim) => (claim.scopes ? { ...claim, scopes: [...claim.scopes].sort() } : { ...claim }))
    .sort((a, b) => a.type.localeCompare(b.type) || a.value.localeCompare(b.value));
  return {
    roles: [...rights.roles].sort(),
    claims,
    subscriptions: [...rights.subscriptions].sort(),
    ranges: [...rights.ranges].sort(),
  };
}
