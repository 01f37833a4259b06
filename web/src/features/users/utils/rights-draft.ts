import * as z from 'zod';
import { CLAIM_TYPES } from '#shared/capabilities';
import type { UpdateUserRightsRequest, UserDetail } from '#shared/contracts/administration';
import type { Claim } from '#shared/contracts/identity';
import { BRANDS, type Brand } from '#shared/enums';
import { ADMIN_LIMITS } from '#shared/limits';

/** One claim row of the rights dialog: type, value and scopes as typed (scopes comma-separated). */
export interface ClaimRow {
  type: string;
  value: string;
  scopes: string;
}

/** A role of the dialog; `scopes` is kept from the stored role claim (new roles have none). */
export interface RoleEntry {
  value: string;
  scopes?: string[];
}

/**
 * What the rights dialog edits (its react-hook-form values): roles (the `role`
 * claims), the other claims as rows, subscriptions and ranges.
 */
export interface RightsDraft {
  roles: RoleEntry[];
  claims: ClaimRow[];
  subscriptions: string[];
  ranges: Brand[];
}

/**
 * Field messages of the dialog by form path: `roles`, `subscriptions`, `ranges`,
 * `claims.<index>.<type|value|scopes>`, and `root` for the dialog as a whole.
 */
export type RightsErrors = Partial<Record<string, string>>;

const splitScopes = (text: string) =>
  text
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);

/** The draft of a stored user: role claims (and `roles` not held as claims) become roles, the rest claim rows. */
export function rightsDraftOf(user: Pick<UserDetail, 'roles' | 'claims' | 'subscriptions' | 'ranges'>): RightsDraft {
  const roles: RoleEntry[] = [];
  const claims: ClaimRow[] = [];
  for (const claim of user.claims) {
    if (claim.type === CLAIM_TYPES.role) {
      roles.push(claim.scopes?.length ? { value: claim.value, scopes: [...claim.scopes] } : { value: claim.value });
    } else {
      claims.push({ type: claim.type, value: claim.value, scopes: (claim.scopes ?? []).join(', ') });
    }
  }
  for (const role of user.roles) if (!roles.some((entry) => entry.value === role)) roles.push({ value: role });
  return { roles, claims, subscriptions: [...user.subscriptions], ranges: [...user.ranges] };
}

function claimOf(type: string, value: string, scopes: readonly string[] | undefined): Claim {
  return scopes && scopes.length > 0 ? { type, value, scopes: [...scopes] } : { type, value };
}

/** The claims of a draft as the API stores them: the role claims first (in draft order), then the other rows. */
export function claimsOf(draft: RightsDraft): Claim[] {
  return [
    ...draft.roles.map((role) => claimOf(CLAIM_TYPES.role, role.value.trim(), role.scopes)),
    ...draft.claims.map((row) => claimOf(row.type.trim(), row.value.trim(), splitScopes(row.scopes))),
  ];
}

/** The `PUT /users/{id}/rights` body of a draft, with the version read. */
export function rightsRequestOf(draft: RightsDraft, version: number): UpdateUserRightsRequest {
  return {
    version,
    claims: claimsOf(draft),
    subscriptions: draft.subscriptions.map((subscription) => subscription.trim()),
    ranges: [...draft.ranges],
  };
}

const claimKey = (claim: Claim) =>
  `${claim.type}\u0000${claim.value}\u0000${[...(claim.scopes ?? [])].sort().join(',')}`;

/** How a claim reads to people: `role student`, `api = get_v1_users (scopes: a, b)`. */
export function describeClaim(claim: Claim): string {
  const scopes = claim.scopes?.length ? ` (scopes: ${claim.scopes.join(', ')})` : '';
  if (claim.type === CLAIM_TYPES.role) return `role ${claim.value}${scopes}`;
  return `claim ${claim.type} = ${claim.value}${scopes}`;
}

/**
 * What saving the draft takes away from the user (roles, claims, subscriptions and
 * ranges held before and missing now), in words; empty when nothing is removed.
 * Removals are far-reaching and are confirmed first (issue 11 item 5).
 */
export function removedRights(
  stored: Pick<UserDetail, 'roles' | 'claims' | 'subscriptions' | 'ranges'>,
  draft: RightsDraft,
): string[] {
  const before = rightsDraftOf(stored);
  const now = new Set(claimsOf(draft).map(claimKey));
  const removed = claimsOf(before)
    .filter((claim) => !now.has(claimKey(claim)))
    .map(describeClaim);
  for (const subscription of before.subscriptions) {
    if (!draft.subscriptions.includes(subscription)) removed.push(`subscription ${subscription}`);
  }
  for (const range of before.ranges) if (!draft.ranges.includes(range)) removed.push(`range ${range}`);
  return removed;
}

/**
 * The draft's problems before anything is sent (the server checks the same and
 * more): empty or over-long type, value or scope, a claim or role listed twice, an
 * empty subscription, too many claims or subscriptions. Keyed by form path
 * ({@link RightsErrors}).
 */
export function rightsErrors(draft: RightsDraft): RightsErrors {
  const errors: RightsErrors = {};
  const seen = new Set<string>();
  const roleValues = draft.roles.map((role) => role.value.trim());
  if (roleValues.some((value) => value === '')) errors.roles = 'A role needs a name.';
  else if (new Set(roleValues).size !== roleValues.length) errors.roles = 'Name each role once.';
  for (const claim of claimsOf({ ...draft, claims: [] })) seen.add(claimKey(claim));
  for (const [index, row] of draft.claims.entries()) {
    const type = row.type.trim();
    const value = row.value.trim();
    if (type === '') errors[`claims.${index}.type`] = 'Is required.';
    else if (type.length > 128) errors[`claims.${index}.type`] = 'Must be at most 128 characters.';
    if (value === '') errors[`claims.${index}.value`] = 'Is required.';
    else if (value.length > 256) errors[`claims.${index}.value`] = 'Must be at most 256 characters.';
    if (splitScopes(row.scopes).some((scope) => scope.length > 128)) {
      errors[`claims.${index}.scopes`] = 'Each scope must be at most 128 characters.';
    }
    if (type && value) {
      const key = claimKey(claimOf(type, value, splitScopes(row.scopes)));
      if (seen.has(key)) errors[`claims.${index}.value`] ??= 'This claim is listed twice.';
      seen.add(key);
    }
  }
  if (draft.roles.length + draft.claims.length > ADMIN_LIMITS.claimsPerUser) {
    errors.root = `At most ${ADMIN_LIMITS.claimsPerUser} claims, roles included.`;
  }
  const subscriptions = draft.subscriptions.map((subscription) => subscription.trim());
  if (subscriptions.some((subscription) => subscription === '' || subscription.length > 64)) {
    errors.subscriptions = 'A subscription is 1 to 64 characters.';
  } else if (new Set(subscriptions).size !== subscriptions.length) {
    errors.subscriptions = 'Name each subscription once.';
  } else if (subscriptions.length > ADMIN_LIMITS.subscriptionsPerUser) {
    errors.subscriptions = `At most ${ADMIN_LIMITS.subscriptionsPerUser} subscriptions.`;
  }
  return errors;
}

/**
 * The field messages of a 400 answer (`body.claims.3.value`, `claims.3`,
 * `body.subscriptions.1`, `body.ranges`…) keyed as {@link rightsErrors} keys them;
 * a claim index below the number of roles is a role. Paths it cannot place go to `root`.
 */
export function rightsErrorsFromServer(
  draft: Pick<RightsDraft, 'roles' | 'claims'>,
  details: readonly { path: string; message: string }[],
): RightsErrors {
  const errors: RightsErrors = {};
  for (const { path, message } of details) {
    const parts = path.replace(/^body\./, '').split('.');
    const [field, index, part] = parts;
    if (field === 'claims' && index !== undefined && /^\d+$/.test(index)) {
      const at = Number(index);
      if (at < draft.roles.length) errors.roles ??= message;
      else {
        const row = at - draft.roles.length;
        const which = part === 'type' || part === 'scopes' ? part : 'value';
        if (row < draft.claims.length) errors[`claims.${row}.${which}`] ??= message;
        else errors.root ??= message;
      }
    } else if (field === 'subscriptions' || field === 'ranges') {
      errors[field] ??= message;
    } else {
      errors.root ??= `${path}: ${message}`;
    }
  }
  return errors;
}

/**
 * The draft with a role preset applied (issue 21 item 13; `#shared/role-presets`): its
 * role claims become the roles and its other claims the claim rows (replacing what was
 * there: saving still asks before anything is taken away), its subscriptions and
 * ranges are added to the user's.
 */
export function applyPreset(
  draft: RightsDraft,
  preset: {
    readonly claims: readonly Claim[];
    readonly subscriptions: readonly string[];
    readonly ranges: readonly Brand[];
  },
): RightsDraft {
  const roles: RoleEntry[] = [];
  const claims: ClaimRow[] = [];
  for (const claim of preset.claims) {
    if (claim.type === CLAIM_TYPES.role) roles.push({ value: claim.value });
    else claims.push({ type: claim.type, value: claim.value, scopes: (claim.scopes ?? []).join(', ') });
  }
  return {
    roles,
    claims,
    subscriptions: [...new Set([...draft.subscriptions, ...preset.subscriptions])],
    ranges: [...new Set([...draft.ranges, ...preset.ranges])],
  };
}

/**
 * The rights dialog's zod schema (issue 23 item 4): the draft's problems of
 * {@link rightsErrors} as issues at their form paths (`root` for the dialog as a
 * whole), and a valid draft turned into the `PUT /users/{id}/rights` body with the
 * version read.
 */
export function rightsSchema(version: number): z.ZodType<UpdateUserRightsRequest, RightsDraft> {
  const draft = z.object({
    roles: z.array(z.object({ value: z.string(), scopes: z.array(z.string()).optional() })),
    claims: z.array(z.object({ type: z.string(), value: z.string(), scopes: z.string() })),
    subscriptions: z.array(z.string()),
    ranges: z.array(z.enum(BRANDS)),
  });
  return draft
    .superRefine((value, context) => {
      for (const [path, message] of Object.entries(rightsErrors(value))) {
        if (message) context.addIssue({ code: 'custom', path: path.split('.'), message });
      }
    })
    .transform((value) => rightsRequestOf(value, version));
}
