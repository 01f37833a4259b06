import { describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES, type Principal } from '#shared/capabilities';
import {
  SUPPORT_RECIPIENT_ROLES,
  SUPPORT_ROLES,
  type SupportMember,
  supportClaimAdmits,
  supportDeskRecipient,
  supportPrefix,
  supportRecipientsOf,
} from './support.ts';

const desk = supportDeskRecipient('VACR', 'desk@example.org');
const member = (userId: string, name: string, roles: string[], email: string | null = `${userId}@example.edu`) =>
  ({ userId, name, email, roles }) satisfies SupportMember;

describe('supportRecipientsOf (decision record 025)', () => {
  const members = [
    member('t', 'Tess', ['instructor', 'course admin']),
    member('a', 'Ari', ['TA']),
    member('r', 'Rae', ['course requester']),
    member('s', 'Stu', ['student']),
    member('o', 'Ola', ['organization admin']),
    member('b', 'Bo', ['billing admin']),
    member('i', 'Ivy', ['organization instructor']),
    member('n', 'Nell', ['instructor'], null),
  ];

  it('sends course support to instructors, TAs, course admins and requesters with an address, then the desk', () => {
    expect(supportRecipientsOf('course', members, 's', desk)).toEqual([
      { name: 'Ari', role: 'TA', email: 'a@example.edu' },
      { name: 'Rae', role: 'course requester', email: 'r@example.edu' },
      { name: 'Tess', role: 'instructor course admin', email: 't@example.edu' },
      { name: 'Virginia Cyber Range support', role: 'support desk', email: 'desk@example.org' },
    ]);
  });

  it('sends organization support to organization and billing admins, never to the sender', () => {
    expect(supportRecipientsOf('organization', members, 'o', desk).map((r) => r.name)).toEqual([
      'Bo',
      'Virginia Cyber Range support',
    ]);
  });

  it('names every recipient role of spec §6 as either a recipient or an asker', () => {
    const recipients = new Set([...SUPPORT_RECIPIENT_ROLES.course, ...SUPPORT_RECIPIENT_ROLES.organization]);
    expect(Object.values(SUPPORT_ROLES).filter((role) => !recipients.has(role))).toEqual([
      'organization instructor',
      'student',
    ]);
  });
});

describe('supportClaimAdmits (spec §6 scopes)', () => {
  const principal = (scopes?: string[]): Principal => ({
    roles: ['USER'],
    subscriptions: [],
    claims: [{ type: CLAIM_TYPES.api, value: API_CLAIMS.requestCourseSupport, ...(scopes ? { scopes } : {}) }],
  });

  it('admits any course for an unscoped or `any` claim, and only the named ones for a scoped claim', () => {
    expect(supportClaimAdmits(principal(), 'course', 'c1')).toBe(true);
    expect(supportClaimAdmits(principal(['any']), 'course', 'c1')).toBe(true);
    expect(supportClaimAdmits(principal(['c1']), 'course', 'c1')).toBe(true);
    expect(supportClaimAdmits(principal(['c2']), 'course', 'c1')).toBe(false);
    expect(supportClaimAdmits(principal(), 'organization', 'o1')).toBe(false);
  });
});

describe('supportPrefix (spec §5)', () => {
  it('writes browser, operating system, time zone, name, e-mail, target and provider, one line each', () => {
    expect(
      supportPrefix({
        browser: 'Chrome 147\r\nBcc: x@evil.example',
        operatingSystem: 'macOS 15',
        timeZone: '',
        name: 'Una Faculty',
        email: 'una@example.edu',
        kind: 'organization',
        targetName: 'UNO courses',
        provider: 'sso',
      }),
    ).toBe(
      [
        'Browser: Chrome 147 Bcc: x@evil.example',
        'Operating system: macOS 15',
        'Time zone: unknown',
        'Name: Una Faculty',
        'E-mail: una@example.edu',
        'Organization: UNO courses',
        'Provider: sso',
        '',
      ].join('\n'),
    );
  });
});
