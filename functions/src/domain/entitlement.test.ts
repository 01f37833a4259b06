import { describe, expect, it } from 'vitest';
import { can } from '#shared/capabilities';
import type { Claim } from '#shared/contracts/identity';
import { brandOf, type EntitlementAccount, isEligibleForBrand, principalFor } from './entitlement.ts';

const FILES: Claim = { type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] };
const LIST_COURSES: Claim = { type: 'api', value: 'list_v1_courses' };
const USER: Claim = { type: 'role', value: 'USER' };

function account(user: EntitlementAccount['user']): EntitlementAccount {
  return { user, roles: ['USER'], claims: [USER, FILES, LIST_COURSES], subscriptions: ['coursewareFeature'] };
}

// Units as seeded (decision record 030): a Virginia public school is eligible on VACR as data.
const VA_PUBLIC = { state: 'VA', public: true, eligibleBrands: ['VACR'] };
const VA_PRIVATE = { state: 'VA', public: false, eligibleBrands: [] };
const NE_PUBLIC = { state: 'NE', public: true, eligibleBrands: [] };

describe('isEligibleForBrand', () => {
  it('admits on USCR only users of the national range', () => {
    expect(isEligibleForBrand({ ranges: ['USCR'], businessUnit: NE_PUBLIC }, 'USCR')).toBe(true);
    expect(isEligibleForBrand({ ranges: ['VACR'], businessUnit: VA_PUBLIC }, 'USCR')).toBe(false);
    expect(isEligibleForBrand({ ranges: [], businessUnit: null }, 'USCR')).toBe(false);
  });

  it('admits on VACR only users whose unit lists VACR (a Virginia public school as seeded), whatever their ranges', () => {
    expect(isEligibleForBrand({ ranges: ['VACR'], businessUnit: VA_PUBLIC }, 'VACR')).toBe(true);
    expect(isEligibleForBrand({ ranges: ['USCR'], businessUnit: VA_PUBLIC }, 'VACR')).toBe(true);
    expect(isEligibleForBrand({ ranges: ['VACR'], businessUnit: VA_PRIVATE }, 'VACR')).toBe(false);
    expect(isEligibleForBrand({ ranges: ['VACR', 'USCR'], businessUnit: NE_PUBLIC }, 'VACR')).toBe(false);
    expect(isEligibleForBrand({ ranges: ['VACR'], businessUnit: null }, 'VACR')).toBe(false);
  });

  it('reads eligibility on VACR from the unit data, not from its state or public flag', () => {
    // An administrator added VACR to a Nebraska unit, and removed it from a Virginia public one.
    const granted = { state: 'NE', public: false, eligibleBrands: ['VACR'] };
    const revoked = { state: 'VA', public: true, eligibleBrands: [] };
    expect(isEligibleForBrand({ ranges: [], businessUnit: granted }, 'VACR')).toBe(true);
    expect(isEligibleForBrand({ ranges: ['VACR'], businessUnit: revoked }, 'VACR')).toBe(false);
    // A unit item of an older seed, without the attribute: eligible nowhere.
    const olderSeed: { eligibleBrands?: readonly string[] } = JSON.parse('{"state":"VA","public":true}');
    expect(isEligibleForBrand({ ranges: ['VACR'], businessUnit: olderSeed }, 'VACR')).toBe(false);
  });

  it('reads eligibility on USCR from the user data only, whatever the unit says', () => {
    expect(isEligibleForBrand({ ranges: [], businessUnit: { eligibleBrands: ['USCR', 'VACR'] } }, 'USCR')).toBe(false);
    expect(isEligibleForBrand({ ranges: ['USCR'], businessUnit: { eligibleBrands: [] } }, 'USCR')).toBe(true);
  });
});

describe('principalFor', () => {
  it('keeps file rights of Virginia public-school faculty on VACR and drops them on USCR', () => {
    const faculty = account({ ranges: ['VACR'], businessUnit: VA_PUBLIC });
    const onVacr = principalFor(faculty, 'VACR');
    expect(onVacr.claims).toContainEqual(FILES);
    expect(can(onVacr, 'viewFiles')).toBe(true);
    expect(can(onVacr, 'viewLessonFiles')).toBe(true);
    const onUscr = principalFor(faculty, 'USCR');
    expect(onUscr.claims).not.toContainEqual(FILES);
    expect(can(onUscr, 'viewFiles')).toBe(false);
  });

  it('keeps file rights of national-range faculty on USCR and drops them on VACR', () => {
    const faculty = account({ ranges: ['USCR'], businessUnit: NE_PUBLIC });
    expect(can(principalFor(faculty, 'USCR'), 'viewFiles')).toBe(true);
    expect(can(principalFor(faculty, 'VACR'), 'viewFiles')).toBe(false);
  });

  it('drops only file claims of an ineligible user: roles, other claims and subscriptions stay', () => {
    const principal = principalFor(account({ ranges: [], businessUnit: null }), 'USCR');
    expect(principal).toEqual({ roles: ['USER'], claims: [USER, LIST_COURSES], subscriptions: ['coursewareFeature'] });
    expect(can(principal, 'listCourses')).toBe(true);
  });

  it('returns copies, so a token built from it cannot change the account', () => {
    const source = account({ ranges: ['USCR'], businessUnit: null });
    const principal = principalFor(source, 'USCR');
    principal.claims[1]?.scopes?.push('x');
    principal.roles.push('x');
    expect(FILES.scopes).toEqual(['courseware', 'lesson']);
    expect(source.roles).toEqual(['USER']);
  });
});

describe('brandOf', () => {
  it('reads USCR or VACR and defaults to USCR', () => {
    expect(brandOf(undefined)).toBe('USCR');
    expect(brandOf('')).toBe('USCR');
    expect(brandOf('VACR')).toBe('VACR');
  });

  it('refuses any other brand', () => {
    expect(() => brandOf('vacr')).toThrow('BRAND must be one of USCR, VACR; got "vacr".');
  });
});
