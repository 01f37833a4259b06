import { describe, expect, it } from 'vitest';
import { accountOf, planRightsChange, rolesOf, toUserSummary, userSearchText } from './users.ts';

const USER_ITEM = {
  pk: 'USER#u1',
  sk: 'USER',
  entityType: 'User',
  version: 1,
  gsi1pk: 'USERS',
  gsi1sk: 'a@example.org#u1',
  id: 'u1',
  displayName: 'Ada',
  email: 'a@example.org',
  picture: null,
  businessUnitId: null,
  businessUnit: null,
  ranges: ['USCR'],
  roles: ['USER'],
  createdTimestamp: '2026-11-21T00:00:00.000Z',
};
const claimItem = (type: string, value: string, scope: string) => ({
  pk: 'USER#u1',
  sk: `CLAIM#${type}#${value}#${scope}`,
  entityType: 'UserClaim',
  version: 1,
  type,
  value,
  scope,
});

describe('accountOf', () => {
  it('groups the per-scope claim items back into claims, an unscoped item making the claim unscoped', () => {
    const account = accountOf([
      USER_ITEM,
      claimItem('api', 'list_v1_courses', '*'),
      claimItem('role', 'USER', '*'),
      claimItem('scoped-file', 'any', 'courseware'),
      claimItem('scoped-file', 'any', 'lesson'),
      claimItem('can-manage-organization', 'any', 'x'),
      claimItem('can-manage-organization', 'any', '*'),
      {
        pk: 'USER#u1',
        sk: 'SUBSCRIPTION#coursewareFeature',
        entityType: 'Subscription',
        version: 1,
        product: 'coursewareFeature',
      },
      {
        pk: 'USER#u1',
        sk: 'MESSAGE#m1',
        entityType: 'Message',
        version: 1,
        id: 'm1',
        message: 'Hi',
        link: '/courseware',
      },
    ]);
    expect(account?.claims).toEqual([
      { type: 'api', value: 'list_v1_courses' },
      { type: 'role', value: 'USER' },
      { type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] },
      { type: 'can-manage-organization', value: 'any' },
    ]);
    expect(account?.roles).toEqual(['USER']);
    expect(account?.subscriptions).toEqual(['coursewareFeature']);
    expect(account?.messages).toEqual([{ id: 'm1', message: 'Hi', link: '/courseware' }]);
    expect(account?.user).not.toHaveProperty('pk');
  });

  it('answers null for a collection without its user item', () => {
    expect(accountOf([claimItem('role', 'USER', '*')])).toBeNull();
  });
});

describe('rolesOf and toUserSummary', () => {
  it('derives roles from role claims only, once each', () => {
    expect(
      rolesOf([
        { type: 'role', value: 'USER' },
        { type: 'api', value: 'USER' },
        { type: 'role', value: 'USER', scopes: ['x'] },
      ]),
    ).toEqual(['USER']);
  });

  it('copies exactly the UserSummary fields', () => {
    expect(toUserSummary(accountOf([USER_ITEM])?.user ?? ({} as never))).toEqual({
      id: 'u1',
      displayName: 'Ada',
      email: 'a@example.org',
      roles: ['USER'],
      businessUnitId: null,
      businessUnitName: null,
      createdTimestamp: '2026-11-21T00:00:00.000Z',
    });
  });

  it('names the business unit from the copy on the user item', () => {
    const user = accountOf([
      {
        ...USER_ITEM,
        businessUnitId: 'bu1',
        businessUnit: { id: 'bu1', name: 'Old Dominion', state: 'VA', public: true },
      },
    ])?.user;
    expect(toUserSummary(user ?? ({} as never))).toMatchObject({
      businessUnitId: 'bu1',
      businessUnitName: 'Old Dominion',
    });
  });
});

describe('planRightsChange', () => {
  it('deletes the claim scopes and subscriptions that go, puts those that come, and leaves the rest', () => {
    const before = {
      claims: [
        { type: 'role', value: 'USER' },
        { type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] },
      ],
      subscriptions: ['coursewareFeature', 'old'],
    };
    const after = {
      claims: [
        { type: 'role', value: 'USER' },
        { type: 'scoped-file', value: 'any', scopes: ['courseware'] },
        { type: 'api', value: 'put_v1_users' },
      ],
      subscriptions: ['coursewareFeature'],
    };
    const plan = planRightsChange('u1', before, after);
    expect(plan.put.map((item) => item.sk)).toEqual(['CLAIM#api#put_v1_users#*']);
    expect(plan.remove).toEqual([
      { pk: 'USER#u1', sk: 'CLAIM#scoped-file#any#lesson' },
      { pk: 'USER#u1', sk: 'SUBSCRIPTION#old' },
    ]);
    expect(plan.transactionItems).toBe(5);
  });

  it('stores an empty scope list as the unscoped claim', () => {
    const plan = planRightsChange(
      'u1',
      { claims: [], subscriptions: [] },
      {
        claims: [{ type: 'role', value: 'ADMIN', scopes: [] }],
        subscriptions: [],
      },
    );
    expect(plan.put.map((item) => item.sk)).toEqual(['CLAIM#role#ADMIN#*']);
  });
});

describe('userSearchText', () => {
  it('holds the display name and e-mail lower-cased', () => {
    expect(userSearchText('Ada LOVELACE', 'Ada@Example.ORG')).toBe('ada lovelace\nada@example.org');
    expect(userSearchText('Zed', null)).toBe('zed\n');
  });
});
