import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { paths } from '../../config/paths.ts';

export interface NavItem {
  readonly label: string;
  readonly to: string;
}

type NavConfig = Pick<RuntimeConfig, 'brand' | 'flags'>;

function present(items: readonly (NavItem | false)[]): NavItem[] {
  return items.filter((item): item is NavItem => item !== false);
}

/** Header links (spec §2.3), in order; flagged ones only when on, Contact us only on USCR. */
export function headerLinks({ brand, flags }: NavConfig): NavItem[] {
  return present([
    { label: 'Features', to: paths.features },
    flags.courseware && { label: 'Courseware', to: paths.courseware },
    { label: 'Exercises', to: paths.exercises },
    flags.pricing && { label: 'Pricing', to: paths.pricing },
    flags.contact && brand === 'USCR' && { label: 'Contact us', to: paths.contactUs },
    flags.community && { label: 'Community', to: paths.community },
    flags.resources && { label: 'Resources', to: paths.resources },
  ]);
}

/** Footer "Services" column (spec §2.3). */
export function footerServices({ flags }: NavConfig): NavItem[] {
  return present([
    { label: 'Features', to: paths.features },
    flags.courseware && { label: 'Courseware', to: paths.courseware },
    // The curated collections (issue 26 item 2; decision record 076), beside the courseware they gather;
    // the path is written here, not in `paths`, to keep the first render within its budget.
    flags.courseware && { label: 'Collections', to: '/collections' },
    // The NICE work roles (issue 27 item 1; decision record 079), likewise written here.
    flags.courseware && { label: 'NICE work roles', to: '/work-roles' },
    { label: 'Exercises', to: paths.exercises },
    flags.community && { label: 'Community', to: paths.community },
    flags.weeklyWorkshops && { label: 'Weekly workshops', to: paths.weeklyWorkshops },
  ]);
}

/** Footer "Resources" column without the knowledge base, which is an external link (spec §2.3). */
export function footerResources({ flags }: NavConfig): NavItem[] {
  return present([
    flags.event && { label: 'Events', to: paths.events },
    flags.news && { label: 'News', to: paths.news },
    { label: 'Newsletter', to: paths.newsletter },
    flags.resources && { label: 'Resources', to: paths.resources },
  ]);
}

/** Footer "Contact" column (spec §2.3), with the privacy policy beside the terms of use (spec §2.2 names both screens). */
export function footerContact({ flags }: NavConfig): NavItem[] {
  return present([
    flags.about && { label: 'About', to: paths.about },
    flags.team && { label: 'Team', to: paths.team },
    flags.jobs && { label: 'Jobs', to: paths.jobs },
    flags.contact && { label: 'Contact us', to: paths.contactUs },
    { label: 'Terms of use', to: paths.termsOfUse },
    { label: 'Privacy policy', to: paths.privacy },
  ]);
}
