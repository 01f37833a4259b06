import { CLAIM_TYPES } from '#shared/capabilities';
import type { Claim } from '#shared/contracts/identity';
import { BRANDS, type Brand } from '#shared/enums';

/**
 * Brand eligibility of spec §1 ("On the state brand, downloading is limited to
 * faculty at state schools. On the national brand, it is limited to users of the
 * national range"), as DATA (decision record 012, amended by 030): on VACR a user is
 * eligible when their business unit's `eligibleBrands` includes VACR; on USCR when
 * the user's own `ranges` include USCR. File rights (`scoped-file` claims) count
 * only where the user is eligible for this deployment's brand. Callers pass the
 * business unit as stored now (data/business-units.ts `withCurrentBusinessUnit`),
 * not the copy on the user item.
 */

/** 401 of a sign-in whose upstream identity is linked to no user (spec §8). */
export const ACCOUNT_NOT_FOUND_MESSAGE = 'Your account could not be found.';
/** 403 of an impersonation requested from within an impersonation (spec §4 "Impersonation"). */
export const EXIT_IMPERSONATION_MESSAGE = 'Exit impersonation first.';
/** 404 of an impersonation of a user who does not exist. */
export const USER_NOT_FOUND_MESSAGE = 'User does not exist.';

/** Default brand when `BRAND` is unset (spec §1: default base domain USCR). */
export const DEFAULT_BRAND: Brand = 'USCR';

/**
 * What eligibility reads of a user: the ranges (brands) they are a user of, and the
 * brands their business unit is eligible on (absent `eligibleBrands`: none).
 */
export interface EligibilitySubject {
  readonly ranges: readonly string[];
  readonly businessUnit: { readonly eligibleBrands?: readonly string[] } | null;
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
 * A deployment's brand from the value of `BRAND` (USCR or VACR; USCR when unset or
 * empty). Pure: `lib/deployment.ts` `deploymentBrand()` hands it the variable.
 * @throws Error for any other value (configuration fails fast).
 */
export function brandOf(value: string | undefined): Brand {
  if (value === undefined || value === '') return DEFAULT_BRAND;
  if (!(BRANDS as readonly string[]).includes(value)) {
    throw new Error(`BRAND must be one of ${BRANDS.join(', ')}; got "${value}".`);
  }
  return value as Brand;
}

/**
 * Whether the user may use file rights on `brand` (data only, decision record 030):
 * on USCR they must be a user of the national range (`ranges` includes USCR); on
 * VACR their business unit's `eligibleBrands` must include VACR (a unit seeded as a
 * Virginia public school has it; administrators edit it).
 */
export function isEligibleForBrand(user: EligibilitySubject, brand: Brand): boolean {
  if (brand === 'USCR') return user.ranges.includes('USCR');
  return user.businessUnit?.eligibleBrands?.includes(brand) ?? false;
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
