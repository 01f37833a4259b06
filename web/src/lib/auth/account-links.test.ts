import { describe, expect, it } from 'vitest';
import type { Principal } from '#shared/capabilities';
import { paths } from '../../config/paths.ts';
import { accountLinks } from './account-links.ts';

const principal = (claims: Principal['claims']): Principal => ({
  roles: ['USER'],
  claims,
  subscriptions: ['coursewareFeature'],
});

describe('accountLinks (spec §2.3; issue 11)', () => {
  it('offers faculty who may invite their library and "Invite students"', () => {
    const faculty = principal([{ type: 'api', value: 'post_v1_invitations', scopes: ['01jd7k2m3n4p5q6r7s8t9v0g01'] }]);
    expect(accountLinks(faculty)).toEqual([
      { label: 'My library', to: paths.library },
      { label: 'Invite students', to: paths.invitations },
    ]);
  });

  it('offers a student their library only, and a visitor nothing', () => {
    expect(accountLinks(principal([{ type: 'api', value: 'list_v1_courses' }]))).toEqual([
      { label: 'My library', to: paths.library },
    ]);
    expect(accountLinks(null)).toEqual([]);
  });

  it('adds "Invite students" after the editing links of an administrator who may invite', () => {
    const admin = principal([
      { type: 'api', value: 'patch_v1_content' },
      { type: 'api', value: 'post_v1_invitations' },
    ]);
    expect(accountLinks(admin).map((link) => link.label)).toEqual([
      'My library',
      'Add new page',
      'Dashboard',
      'Admin',
      'Invite students',
    ]);
  });
});
