import { describe, expect, it } from 'vitest';
import { rightsAuditFields, rightsErrors, SELF_LOCKOUT_MESSAGES } from './user-rights.ts';

const ADMIN = [
  { type: 'role', value: 'USER' },
  { type: 'api', value: 'put_v1_users' },
];

describe('rightsErrors', () => {
  it('accepts a valid set, and an administrator keeping their own way in', () => {
    expect(rightsErrors({ claims: ADMIN, subscriptions: ['coursewareFeature'], ranges: ['USCR'] }, true)).toEqual([]);
  });

  it('names a subscription and a range listed twice', () => {
    expect(
      rightsErrors({ claims: [], subscriptions: ['a', 'b', 'a'], ranges: ['USCR', 'USCR'] }, false).map((e) => e.path),
    ).toEqual(['body.subscriptions.2', 'body.ranges.1']);
  });

  it('refuses an administrator removing their own put_v1_users, USER role or coursewareFeature', () => {
    // Act
    const errors = rightsErrors({ claims: [{ type: 'role', value: 'ADMIN' }], subscriptions: [], ranges: [] }, true);
    // Assess
    expect(errors).toEqual([
      { path: 'body.claims', message: SELF_LOCKOUT_MESSAGES.manageUsers },
      { path: 'body.claims', message: SELF_LOCKOUT_MESSAGES.userRole },
      { path: 'body.subscriptions', message: SELF_LOCKOUT_MESSAGES.subscription },
    ]);
    // The same change of someone else's account is theirs to make.
    expect(rightsErrors({ claims: [], subscriptions: [], ranges: [] }, false)).toEqual([]);
  });

  it('accepts the any-value api claim as the right to manage users', () => {
    const claims = [
      { type: 'role', value: 'USER' },
      { type: 'api', value: 'any' },
    ];
    expect(rightsErrors({ claims, subscriptions: ['coursewareFeature'], ranges: [] }, true)).toEqual([]);
  });
});

describe('rightsAuditFields', () => {
  it('sorts roles, claims, scopes, subscriptions and ranges so before and after compare', () => {
    expect(
      rightsAuditFields({
        roles: ['USER', 'ADMIN'],
        claims: [
          { type: 'scoped-file', value: 'any', scopes: ['lesson', 'courseware'] },
          { type: 'api', value: 'b' },
          { type: 'api', value: 'a' },
        ],
        subscriptions: ['z', 'a'],
        ranges: ['VACR', 'USCR'],
      }),
    ).toEqual({
      roles: ['ADMIN', 'USER'],
      claims: [
        { type: 'api', value: 'a' },
        { type: 'api', value: 'b' },
        { type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] },
      ],
      subscriptions: ['a', 'z'],
      ranges: ['USCR', 'VACR'],
    });
  });
});
