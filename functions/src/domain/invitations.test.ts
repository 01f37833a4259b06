import { describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES, claimCoverage } from '#shared/capabilities';
import {
  composeInvitationEmail,
  effectiveStatus,
  grantsOf,
  hashInvitationSecret,
  invitationExpiry,
  invitationLink,
  missingClaims,
  newInvitationSecret,
  parseInvitationToken,
  portalOrigin,
  secretMatches,
} from './invitations.ts';

const ORG = '01jd3k2m4n5p6q7r8s9t0v1w2y';

describe('invitation secrets and link tokens', () => {
  it('makes a 43-character base64url secret whose hash alone matches it', () => {
    const { secret, secretHash } = newInvitationSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secretHash).toBe(hashInvitationSecret(secret));
    expect(secretMatches(secret, secretHash)).toBe(true);
    expect(secretMatches(newInvitationSecret().secret, secretHash)).toBe(false);
    expect(secretMatches(secret, 'abc')).toBe(false);
  });

  it('parses `<id>.<secret>` and nothing else', () => {
    const secret = 'A'.repeat(43);
    expect(parseInvitationToken(` ${ORG}.${secret} `)).toEqual({ id: ORG, secret });
    for (const token of [
      '',
      ORG,
      `${ORG}.`,
      `${ORG}.${'A'.repeat(42)}`,
      `NOTANID.${secret}`,
      `${ORG}.${'A'.repeat(42)}=`,
    ]) {
      expect(parseInvitationToken(token), token).toBeNull();
    }
  });

  it('expires 14 days after sending, and a pending invitation past that reads expired', () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    const expires = invitationExpiry(now);
    expect(expires).toBe('2026-12-05T12:00:00.000Z');
    expect(effectiveStatus('pending', expires, new Date('2026-12-05T11:59:59.999Z'))).toBe('pending');
    expect(effectiveStatus('pending', expires, new Date(expires))).toBe('expired');
    expect(effectiveStatus('accepted', expires, new Date('2027-01-01T00:00:00.000Z'))).toBe('accepted');
  });

  it('links to the SPA invitation page of the portal origin', () => {
    expect(portalOrigin({ PORTAL_ISSUER: 'https://portal.example.org/api/v1/auth' })).toBe(
      'https://portal.example.org',
    );
    expect(portalOrigin({ PORTAL_URL: 'https://range.example.org/', PORTAL_ISSUER: 'https://x.example/a' })).toBe(
      'https://range.example.org',
    );
    expect(invitationLink('https://portal.example.org', `${ORG}.a-b_c`)).toBe(
      `https://portal.example.org/invitation?token=${ORG}.a-b_c`,
    );
  });

  it('writes the e-mail on one line per stored value, with the link and its expiry', () => {
    const email = composeInvitationEmail({
      brand: 'VACR',
      displayName: 'Ann\r\nBcc: x@evil.example',
      organizationName: 'Alpha',
      role: 'student',
      invitedByName: 'Fay',
      link: 'https://portal.example.org/invitation?token=t',
      expiresTimestamp: '2026-12-05T12:00:00.000Z',
    });
    expect(email.subject).toBe('Invitation to the Virginia Cyber Range exercise area');
    expect(email.text.split('\n')[0]).toBe('Hello Ann Bcc: x@evil.example,');
    expect(email.text).toContain('https://portal.example.org/invitation?token=t');
    expect(email.text).toContain('until 2026-12-05 12:00 UTC');
  });
});

describe('who may invite where, and what an invitation grants', () => {
  const principal = (claims: { type: string; value: string; scopes?: string[] }[]) => ({
    roles: ['USER'],
    claims,
    subscriptions: [],
  });

  it('covers all organizations with an unscoped claim, else the union of its scopes', () => {
    const value = API_CLAIMS.inviteUsers;
    expect(claimCoverage(principal([{ type: 'api', value }]), value)).toBe('all');
    expect(claimCoverage(principal([{ type: 'api', value, scopes: ['any'] }]), value)).toBe('all');
    expect(
      claimCoverage(
        principal([
          { type: 'api', value, scopes: ['a'] },
          { type: 'api', value, scopes: ['b', 'a'] },
        ]),
        value,
      ),
    ).toEqual(['a', 'b']);
    expect(claimCoverage(principal([{ type: 'api', value: API_CLAIMS.importUsers }]), value)).toEqual([]);
  });

  it('grants students the exercise area and course support; admins more, scoped to the organization; never files', () => {
    expect(grantsOf('student', ORG)).toEqual([
      { type: CLAIM_TYPES.role, value: 'USER' },
      { type: 'api', value: API_CLAIMS.listCourses },
      { type: 'api', value: API_CLAIMS.requestCourseSupport },
    ]);
    const admin = grantsOf('organization admin', ORG);
    expect(admin).toContainEqual({ type: 'api', value: API_CLAIMS.inviteUsers, scopes: [ORG] });
    expect(admin).toContainEqual({ type: CLAIM_TYPES.manageOrganization, value: 'any', scopes: [ORG] });
    for (const role of ['student', 'organization instructor', 'organization admin'] as const) {
      expect(
        grantsOf(role, ORG).some((claim) => claim.type === CLAIM_TYPES.scopedFile),
        role,
      ).toBe(false);
    }
  });

  it('adds only what is missing: an unscoped held claim covers every scope', () => {
    const wanted = [
      { type: 'role', value: 'USER' },
      { type: 'api', value: 'x', scopes: ['a', 'b'] },
      { type: 'api', value: 'y', scopes: ['a'] },
    ];
    expect(
      missingClaims(
        [
          { type: 'role', value: 'USER' },
          { type: 'api', value: 'x', scopes: ['a'] },
          { type: 'api', value: 'y' },
        ],
        wanted,
      ),
    ).toEqual([{ type: 'api', value: 'x', scopes: ['b'] }]);
    expect(missingClaims([], wanted)).toEqual(wanted);
  });
});
