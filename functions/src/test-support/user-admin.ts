import { COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import { createBusinessUnit } from '../data/business-units.ts';
import { createOrganization } from '../data/organizations.ts';
import { createUserAccount } from '../data/users.ts';
import { newId } from '../domain/ids.ts';

/**
 * Stores a throw-away user account (version 1: the USER role, coursewareFeature, the
 * USCR range, no unit, no team, no messages) with id `id`, for tests that need a user
 * of their own rather than a persona.
 */
export async function createPlainUserAccount(id: string, displayName: string, email: string): Promise<void> {
  await createUserAccount({
    user: {
      id,
      displayName,
      email,
      picture: null,
      businessUnitId: null,
      businessUnit: null,
      ranges: ['USCR'],
      createdTimestamp: new Date().toISOString(),
    },
    claims: [{ type: 'role', value: USER_ROLE }],
    subscriptions: [COURSEWARE_FEATURE],
    messages: [],
    organizations: [],
    identities: [],
  });
}

/** What {@link createUserAdminFixture} made: a user, a business unit and a team (organization). */
export interface UserAdminFixture {
  readonly userId: string;
  readonly unitId: string;
  readonly organizationId: string;
}

/**
 * A throw-away user (version 1: the USER role, coursewareFeature, no unit, no team),
 * a business unit and a team of their own, for tests of user administration (issue
 * 11) that must not change a persona. Names are fixed: the user "Olive Overhttp"
 * (olive.overhttp@example.edu), the unit "Over HTTP Community College" (VA, public,
 * VACR), the team "Over HTTP team".
 */
export async function createUserAdminFixture(): Promise<UserAdminFixture> {
  const fixture = { userId: newId(), unitId: newId(), organizationId: newId() };
  await createPlainUserAccount(fixture.userId, 'Olive Overhttp', 'olive.overhttp@example.edu');
  await createBusinessUnit({
    id: fixture.unitId,
    name: 'Over HTTP Community College',
    category: 'college',
    state: 'VA',
    region: 'Tidewater',
    public: true,
    eligibleBrands: ['VACR'],
  });
  await createOrganization({ id: fixture.organizationId, name: 'Over HTTP team', businessUnitId: null });
  return fixture;
}
