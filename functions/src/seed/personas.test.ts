import { describe, expect, it } from 'vitest';
import { can } from '#shared/capabilities';
import { PERSONAS } from '#shared/contracts/identity';
import { userAccountOf } from '../data/users.ts';
import { principalFor } from '../domain/entitlement.ts';
import { seedId } from '../domain/ids.ts';
import { DEFAULT_DATA_ROOT } from './import.ts';
import { PERSONA_ACCOUNTS, parseCsv, planPersonas, readSchools } from './personas.ts';

const schools = await readSchools(DEFAULT_DATA_ROOT);
const plan = planPersonas(schools, new Date('2026-11-21T00:00:00.000Z'));
const accountOfPersona = (persona: string) => {
  const planned = plan.accounts.find((a) => a.user.id === seedId('user', persona));
  if (!planned) throw new Error(persona);
  return userAccountOf(planned);
};

describe('parseCsv', () => {
  it('splits quoted fields with commas and doubled quotes', () => {
    expect(parseCsv('a,b\r\n1,"x, ""y"""\n\n2,\n')).toEqual([
      ['a', 'b'],
      ['1', 'x, "y"'],
      ['2', ''],
    ]);
  });
});

describe('PERSONA_ACCOUNTS', () => {
  it('lists every persona once, with a deterministic id and the subject dev|<persona>', () => {
    expect(PERSONA_ACCOUNTS.map((account) => account.persona)).toEqual([...PERSONAS]);
    for (const account of PERSONA_ACCOUNTS) {
      expect(account.userId).toBe(seedId('user', account.persona));
      expect(account.subject).toBe(`dev|${account.persona}`);
      expect(account.email).toMatch(/@example\.(edu|org)$/);
    }
  });
});

describe('planPersonas', () => {
  it('links every persona at both providers with the same subject', () => {
    for (const account of plan.accounts) {
      expect(account.identities.map((identity) => identity.provider)).toEqual(['vcr', 'sso']);
      expect(new Set(account.identities.map((identity) => identity.subject)).size).toBe(1);
    }
  });

  it('places VACR faculty at a Virginia public university and USCR faculty outside Virginia, from schools.csv', () => {
    const byName = [...plan.businessUnits].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName).toEqual([
      expect.objectContaining({
        name: 'George Mason University',
        state: 'VA',
        public: true,
        category: 'university',
        region: 'Southeast',
      }),
      expect.objectContaining({ name: 'University of Nebraska at Omaha', state: 'NE', public: true, region: 'Plains' }),
    ]);
  });

  it('gives each persona the rights of its description on its brand', () => {
    const principal = (persona: string, brand: 'USCR' | 'VACR') => principalFor(accountOfPersona(persona), brand);
    expect(can(principal('faculty-vacr', 'VACR'), 'viewLessonFiles')).toBe(true);
    expect(can(principal('faculty-vacr', 'USCR'), 'viewFiles')).toBe(false);
    expect(can(principal('faculty-uscr', 'USCR'), 'viewFiles')).toBe(true);
    expect(can(principal('faculty-uscr', 'VACR'), 'viewFiles')).toBe(false);
    // Issue 25 item 6: the USCR faculty persona submits courseware; the VACR one does not.
    expect(can(principal('faculty-uscr', 'USCR'), 'submitAbstract')).toBe(true);
    expect(can(principal('faculty-vacr', 'VACR'), 'submitAbstract')).toBe(false);
    expect(can(principal('student', 'USCR'), 'viewExerciseArea')).toBe(true);
    expect(can(principal('student', 'USCR'), 'viewFiles')).toBe(false);
    expect(can(principal('editor', 'USCR'), 'updateContent')).toBe(true);
    expect(can(principal('editor', 'USCR'), 'impersonateUsers')).toBe(false);
    expect(can(principal('admin', 'VACR'), 'impersonateUsers')).toBe(true);
    expect(can(principal('admin', 'VACR'), 'viewArchivedContent')).toBe(true);
    expect(can(principal('admin', 'USCR'), 'listUsers')).toBe(true);
    expect(principal('no-role', 'USCR').roles).toEqual([]);
    expect(principal('no-subscription', 'USCR').subscriptions).toEqual([]);
  });

  it('refuses a school that is not in the list', () => {
    expect(() => planPersonas([], new Date())).toThrow(
      /^School "[^"]+" of persona [a-z-]+ is in schools\/schools.csv 0 times/,
    );
  });

  it('makes faculty organization admins and instructors of their school, and the student a student there', () => {
    const memberships = (persona: string) => accountOfPersona(persona).organizations;
    expect(memberships('faculty-vacr')).toEqual([
      expect.objectContaining({
        name: 'George Mason University cyber range courses',
        roles: ['organization admin', 'organization instructor'],
      }),
    ]);
    expect(memberships('student')).toEqual([
      expect.objectContaining({ name: 'University of Nebraska at Omaha cyber range courses', roles: ['student'] }),
    ]);
    expect(memberships('student')[0]?.id).toBe(memberships('faculty-uscr')[0]?.id);
    expect(memberships('editor')).toEqual([]);
    expect(plan.organizations).toHaveLength(2);
  });

  it('plans the synthetic courses and the organization rosters of the personas (decision record 025)', () => {
    const id = (persona: string) => seedId('user', persona);
    expect(plan.courses.map(({ course, members }) => ({ name: course.name, members }))).toEqual([
      {
        name: 'Network Defense Lab, Fall 2026 (synthetic course)',
        members: [
          { userId: id('student'), roles: ['student'] },
          { userId: id('faculty-uscr'), roles: ['instructor', 'course admin'] },
        ],
      },
      {
        name: 'Security Fundamentals Lab, Fall 2026 (synthetic course)',
        members: [{ userId: id('faculty-vacr'), roles: ['instructor', 'course admin'] }],
      },
    ]);
    const uno = accountOfPersona('student').organizations[0]?.id;
    expect(plan.courses[0]?.course.organizationId).toBe(uno);
    expect(plan.organizationMembers.filter((entry) => entry.organizationId === uno).map((e) => e.member)).toEqual([
      { userId: id('student'), roles: ['student'] },
      { userId: id('faculty-uscr'), roles: ['organization admin', 'organization instructor'] },
    ]);
  });

  it('lets the student ask for course support, and faculty for course and organization support', () => {
    const principal = (persona: string) => principalFor(accountOfPersona(persona), 'USCR');
    expect(can(principal('student'), 'requestCourseSupport')).toBe(true);
    expect(can(principal('student'), 'requestOrganizationSupport')).toBe(false);
    expect(can(principal('faculty-uscr'), 'requestOrganizationSupport')).toBe(true);
    expect(can(principal('editor'), 'requestCourseSupport')).toBe(false);
  });
});
