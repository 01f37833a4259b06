/**
 * The words of the home page (spec §2.4), shared by the SPA's home route
 * (`web/src/app/routes/home.tsx`, `features/news-events/components/home-blocks.tsx`) and
 * the html group's first HTML of `/` (`functions/src/html/pages.ts`), so the page a
 * visitor reads first is the page the SPA shows when it takes over (issue 22 item 2;
 * decision record 043).
 */

/** The intro: title, text (with the site's name) and the two buttons' labels. */
export const HOME_INTRO = {
  title: 'Teach cybersecurity with real hands-on practice',
  text: (siteName: string): string =>
    `${siteName} gives educators free, ready-to-teach courseware and cloud-hosted exercise environments where students practise safely, with nothing to install.`,
  featuresLabel: 'Explore the features',
  coursewareLabel: 'Browse courseware',
} as const;

/** The headings of the two sections under the intro. */
export const HOME_HEADINGS = {
  attributes: (siteName: string): string => `Why educators choose ${siteName}`,
  steps: 'From syllabus to lab in three steps',
} as const;

/** The three attribute cards of spec §2.4, in order (the SPA gives each an icon). */
export const HOME_ATTRIBUTES = [
  {
    title: 'Ready-to-teach courseware',
    text: 'Courses, modules, lessons and labs written by educators, free to adapt under open licences (Creative Commons, MIT) that each item names.',
  },
  {
    title: 'Hands-on in the browser',
    text: 'Every student gets a cloud-hosted virtual environment for exercises and labs: nothing to install, nothing to break on campus.',
  },
  {
    title: 'Mapped to the workforce',
    text: 'Search by the knowledge, skills and abilities (KSAs), knowledge units and tasks that employers and curricula ask for.',
  },
] as const;

/** The three numbered feature rows of spec §2.4 (create course, invite students, start teaching). */
export function homeFeatureRows(siteName: string): readonly { readonly title: string; readonly text: string }[] {
  return [
    {
      title: 'Create your course',
      text: `Pick modules and labs from the ${siteName} courseware, add your own material, and set up a course for your class in minutes.`,
    },
    {
      title: 'Invite your students',
      text: 'Send invitations from the exercise area. Students join your course by invitation only and see just the exercises you assign.',
    },
    {
      title: 'Start teaching',
      text: 'Students work through realistic attack and defense exercises in their own environments while you follow their progress.',
    },
  ];
}

/** The recent news and upcoming events blocks: heading, the link to the whole list, and the empty state. */
export const HOME_BLOCKS = {
  news: { heading: 'Recent news', allLabel: 'All news', empty: 'No news yet.' },
  event: { heading: 'Upcoming events', allLabel: 'All events', empty: 'No upcoming events.' },
} as const;
