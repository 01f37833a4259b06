/**
 * Every in-app path the SPA links to, in one registry (spec §2.2). Screens of later
 * issues are listed so that links already point at their final address.
 */
export const paths = {
  home: '/',
  features: '/features',
  courseware: '/courseware',
  /** A contributor's public page is `/contributors/{id}` (issue 24 item 6). */
  contributors: '/contributors',
  recentCourseware: '/courseware?new=true',
  createCourseware: '/courseware?creating=1',
  callForCourseware: '/call-for-courseware',
  exercises: '/exercises',
  pricing: '/pricing',
  contactUs: '/contact-us',
  community: '/community',
  weeklyWorkshops: '/community/cyber-workshops',
  /** The K-12 advisory board's page (spec §1; its path is not given: issue 21 item 20, decision record 035). */
  k12AdvisoryBoard: '/community/k12-advisory-board',
  resources: '/resources',
  events: '/events',
  news: '/news',
  newsletter: '/newsletter-signup',
  about: '/about',
  team: '/team',
  jobs: '/jobs',
  termsOfUse: '/terms-of-use',
  privacy: '/privacy',
  login: '/login',
  signup: '/signup',
  logout: '/logout',
  dashboard: '/dashboard',
  /** My library: saved items and download history (issue 26 item 1). */
  library: '/library',
  /** Your data: the export and deletion of the reader's personal data (issue 26 item 5). */
  personalData: '/personal-data',
  admin: '/admin',
  archivedContent: '/archived-content',
  /** The page builder (a later issue); until then it shows not found. */
  newPage: '/pages/new',
  unsafeSite: '/unsafe_site',
  contact: '/contact',
  contentCategories: '/call-for-courseware/content-categories',
  callForCoursewarePage: '/callforcourseware',
  conference: '/conference',
  conference2018: '/conference-2018',
  knowledgeBase: '/knowledge_base',
  /** Faculty's "Invite students" page: the invitations of their organizations (issue 11). */
  invitations: '/invitations',
  /** Where an invitation e-mail's link opens (`?token=`), and where its sign-in comes back (issue 11). */
  invitation: '/invitation',
  /** The user-import template, a static file served beside the SPA (spec §2.15). */
  templateCsv: '/template.csv',
  /** Where /pricing sends the browser (spec §2.2), outside the SPA. */
  rangePricing: '/rangepricing',
  /** The old address of the weekly workshops (spec §2.2). */
  cyberedWorkshops: '/community/cybered-workshops',
} as const;
