import { CLAIM_TYPES } from '#shared/capabilities';
import type { Claim } from '#shared/contracts/identity';
import { BRANDS, type Brand } from '#shared/enums';

/**
 * Brand eligibility of spec §1 ("On the state brand, downloading is limited to
 * faculty at state schools. On the national brand, it is limited to users of the
 * national range"; decision record 012): file rights (`scoped-file` claims) count
 * only where the user is eligible for this deployment's brand.
 */

/** 401 of a sign-in whose upstream identity is linked to no user (spec §8). */
export const ACCOUNT_NOT_FOUND_MESSAGE = 'Your account could not be found.';
/** 403 of an impersonation requested from within an impersonation (spec §4 "Impersonation"). */
export const EXIT_IMPERSONATION_MESSAGE = 'Exit impersonation first.';
/** 404 of an impersonation of a user who does not exist. */
export const USER_NOT_FOUND_MESSAGE = 'User does not exist.';

/** The state whose public schools are eligible on the state brand (VACR). */
export const STATE_BRAND_STATE = 'VA';

/** Default brand when `BRAND` is unset (spec §1: default base domain USCR). */
export const DEFAULT_BRAND: Brand = 'USCR';

/** What eligibility reads of a user: the ranges they are a user of, and their business unit. */
export interface EligibilitySubject {
  readonly ranges: readonly string[];
  readonly businessUnit: { readonly state: string; readonly public: boolean } | null;
}

/** What {@link principalFor} reads of an account. */
export interface EntitlementAccount {
  readonly user: EligibilitySubject;
  readonly roles: readonly string[];
  readonly claims: readonly Claim[];
  readonly subscriptions: readonly string[];
}

/** Roles, claims and subscriptions as a portal token carries them (`Principal` of `#shared/capabilities`). */
export interface AccountPrincipal {
  readonly roles: string[];
  readonly claims: Claim[];
  readonly subscriptions: string[];
}

/**
 * This deployment's brand from `BRAND` (USCR or VACR; default USCR).
 * @throws Error for any other value (configuration fails fast).
 */
export function brandOf(value: string | undefined = process.env.BRAND): Brand {
  if (value === undefined || value === '') return DEFAULT_BRAND;
  if (!(BRANDS as readonly string[]).includes(value)) {
    throw new Error(`BRAND must be one of ${BRANDS.join(', ')}; got "${value}".`);
  }
  return value as Brand;
}

/**
 * Whether the user may use file rights on `brand`: on USCR they must be a user of
 * the national range; on VACR their business unit must be a public school in
 * Virginia.
 */
export function isEligibleForBrand(user: EligibilitySubject, brand: Brand): boolean {
  if (brand === 'USCR') return user.ranges.includes('USCR');
  return user.businessUnit !== null && user.businessUnit.state === STATE_BRAND_STATE && user.businessUnit.public;
}

/**
 * The principal of an account on `brand`: its roles, subscriptions and claims, with
 * the `scoped-file` claims dropped when the user is not eligible for the brand.
 */
export function principalFor(account: EntitlementAccount, brand: Brand): AccountPrincipal {
  const eligible = isEligibleForBrand(account.user, brand);
  const claims = account.claims
    .filter((claim) => eligible || claim.type !== CLAIM_TYPES.scopedFile)
    .map((claim) => (claim.scopes ? { ...claim, scopes: [...claim.scopes] } : { ...claim }));
  return { roles: [...account.roles], claims, subscriptions: [...account.subscriptions] };
}
