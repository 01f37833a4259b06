import { can, type Principal } from '#shared/capabilities';
import type { NavItem } from '../../components/layouts/nav-items.ts';
import { paths } from '../../config/paths.ts';

/**
 * The links of the account menu: My library for every signed-in reader (issue 26 item 1),
 * then the editing links (spec §2.3, §6): Add new page, Dashboard and
 * Admin need update-content; Archived content also needs view-archived-content;
 * Invite students needs inviteUsers (issue 11).
 */
export function accountLinks(principal: Principal | null): NavItem[] {
  // Every signed-in reader's own library (issue 26 item 1).
  const library: NavItem[] = principal ? [{ label: 'My library', to: paths.library }] : [];
  // Faculty who may invite reach their invitations here: /admin is for editors (spec §2.2; issue 11).
  const invite: NavItem[] = can(principal, 'inviteUsers') ? [{ label: 'Invite students', to: paths.invitations }] : [];
  if (!can(principal, 'updateContent')) return [...library, ...invite];
  const links: NavItem[] = [
    { label: 'Add new page', to: paths.newPage },
    { label: 'Dashboard', to: paths.dashboard },
    { label: 'Admin', to: paths.admin },
  ];
  if (can(principal, 'viewArchivedContent')) links.push({ label: 'Archived content', to: paths.archivedContent });
  return [...library, ...links, ...invite];
}

/** Up to two initials of a display name, for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}
