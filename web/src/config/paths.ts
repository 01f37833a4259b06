/**
 * Every in-app path the SPA links to, in one registry (spec §2.2). Screens of later
 * issues are listed so that links already point at their final address.
 */
export const paths = {
  home: '/',
  features: '/features',
  courseware: '/courseware',
  recentCourseware: '/courseware?new=true',
  createCourseware: '/courseware?creating=1',
  callForCourseware: '/call-for-courseware',
  exercises: '/exercises',
  pricing: '/pricing',
  contactUs: '/contact-us',
  community: '/community',
  weeklyWorkshops: '/community/cyber-workshops',
  resources: '/resources',
  events: '/events',
  news: '/news',
  newsletter: '/newsletter-signup',
  about: '/about',
  team: '/team',
  jobs: '/jobs',
  termsOfUse: '/terms-of-use',
  login: '/login',
  signup: '/signup',
  logout: '/logout',
  dashboard: '/dashboard',
  admin: '/admin',
  archivedContent: '/archived-content',
  /** The page builder (a later issue); until then it shows not found. */
  newPage: '/pages/new',
  unsafeSite: '/unsafe_site',
} as const;
