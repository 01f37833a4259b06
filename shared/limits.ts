/**
 * Business constants and limits of spec §9 (and the field limits of §5) that the
 * API and the SPA both enforce. Units are in the names: `Ms` milliseconds,
 * `Bytes` bytes, `Chars` characters, `Days` days.
 */

/** Page sizes and fetch limits (spec §7, §9 "Counts and sizes"). */
export const PAGE = {
  /** Content list: maximum `limit` (spec §7 "Limit is 300"). */
  contentListMax: 300,
  /** Children of a content item loaded per page (spec §9). */
  childrenMax: 300,
  /** Knowledge items per page (spec §7, §9). */
  knowledgeMax: 10_000,
  /** Contributors per page: admin list and picker (spec §9). */
  contributorsAdmin: 300,
  contributorsPicker: 1000,
  /** News, events and content list pages shown to people (spec §9). */
  listPageSize: 10,
  /** Search results per page: maximum `limit` (like the content list). */
  searchMax: 300,
} as const;

/** Field limits (spec §5, §9). */
export const LIMITS = {
  searchMinChars: 2,
  searchMaxChars: 256,
  /** Values one search filter may hold (decision record 014). */
  searchFilterMaxValues: 200,
  /** Characters of the plain-text description a search hit carries (cards show 80). */
  searchSummaryMaxChars: 240,
  contentHtmlMaxChars: 100_000,
  fileNameMaxChars: 120,
  childNameMaxChars: 1000,
  contributorFieldMaxChars: 1000,
  /** Alt text of an image (spec §5 "Image dialog", §9). */
  altTextMaxChars: 1000,
  /** Content feedback message (spec §5 "Content feedback", §9). */
  feedbackMessageMaxChars: 1000,
  tagMaxCount: 20,
  tagMaxChars: 50,
  chipMaxChars: 30,
  cardDescriptionMaxChars: 80,
  homeDescriptionMaxChars: 120,
  /** An id or URL alias in a path (decision record 005). */
  idOrAliasMaxChars: 1024,
} as const;

/** Timing (spec §9 "Timing"). */
export const TIMING = {
  announcementDelayMs: 250,
  firstPageLoadDebounceMs: 500,
  bundlePollMs: 5000,
  downloadPauseMs: 250,
  tokenExpiryMarginMs: 30_000,
  refreshBeforeExpiryMs: 60_000,
} as const;

/** Content counts as new or updated this many days after its last change (spec §9). */
export const UPDATED_WITHIN_DAYS = 90;

/** Responsive breakpoints in CSS pixels (spec §9 "Other"). */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1264, xl: 1904 } as const;

/** Local storage settings version (spec §3 "Session and claims", §9). */
export const SETTINGS_VERSION = '1.00';

/**
 * File uploads (spec §5 "Content feedback", "Contributor", "File picker"; decision
 * record 016). Sizes in bytes, expiry in seconds. The spec fixes the feedback
 * screenshot's maximum (1,000,000 bytes) and leaves the file picker's to
 * configuration: these are the documented defaults, changed here and nowhere else
 * (the SPA shows `maxBytes` in MB next to the picker).
 */
export const FILE_LIMITS = {
  /** Courseware files attached to content (private bucket). Default 100 MB. */
  contentMaxBytes: 100_000_000,
  /** Contributor portraits (public bucket). The spec names no value; like the screenshot. */
  portraitMaxBytes: 1_000_000,
  /** Images of page, news and content HTML (public bucket). Default 5 MB. */
  imageMaxBytes: 5_000_000,
  /** Content feedback screenshot (spec §5 "Content feedback": at most 1,000,000 bytes). */
  feedbackScreenshotMaxBytes: 1_000_000,
  /** Seconds a presigned POST stays valid; a Pending record expires (TTL) with it. */
  uploadExpirySeconds: 900,
  /**
   * Seconds a Ready upload may wait to be attached by a save before its TTL removes it
   * and the upload sweeper deletes its object (decision record 020). One day.
   */
  unattachedReadySeconds: 86_400,
  /** Bytes of an object read to check its signature (magic bytes). */
  signatureProbeBytes: 4096,
} as const;

/**
 * In-browser previews (issue 24 item 1; decision record 058). A file larger than
 * `maxBytes` is not previewed (the preview URL answers `tooLarge`, the dialog offers
 * the download): 25 MB holds every SEED lab PDF and lesson plan while keeping a
 * preview's transfer and the browser's parsing (pdf.js, mammoth) bounded on a phone.
 * A preview URL is valid `urlSeconds`, like a download URL (decision record 022).
 */
export const PREVIEW_LIMITS = {
  maxBytes: 25_000_000,
  urlSeconds: 120,
} as const;

/** News and event dialog (spec §5 "News and event dialog", §9; decision record 024). */
export const NEWS_EVENT_LIMITS = {
  titleMaxChars: 1024,
  linkMaxChars: 1024,
  locationMaxChars: 10_240,
  descriptionMaxChars: 10_240,
  externalLinkMaxChars: 1024,
  imageMaxChars: 1024,
  dateMaxChars: 256,
  /** The whole item as sent (JSON characters). */
  dataMaxChars: 512_000,
  /** The image file an editor picks; a larger one is cleared with FILE_TOO_LARGE_ERROR. */
  imageMaxBytes: 1_000_000,
  /** Largest page of the news and event lists. */
  listMax: 100,
  /** Home page: recent news shown (spec §9 "Home recent news"). */
  homeRecentNews: 2,
  /** Home page: events shown (spec §9 "Home events landing"). */
  homeEvents: 3,
  /** Home page: published events fetched before keeping the future ones (spec §7). */
  homeEventsFetched: 20,
} as const;

/** Public forms and the support dialog (spec §5 "Contact form", "Newsletter", "Support dialog", §9). */
export const MESSAGE_LIMITS = {
  contactFieldMaxChars: 100,
  contactMessageMaxChars: 10_000,
  newsletterFieldMaxChars: 256,
  supportEmailMaxChars: 320,
  supportSubjectMaxChars: 200,
  supportMessageMaxChars: 10_000,
  /** Client context of the support prefix (browser, operating system, time zone), each. */
  supportContextMaxChars: 200,
} as const;

/**
 * Rate limit of the public forms (newsletter, contact), per client address and form
 * (decision record 025): at most `requests` in a fixed window of `windowSeconds`;
 * more answer 429 with Retry-After.
 */
export const PUBLIC_FORM_RATE_LIMIT = { requests: 5, windowSeconds: 600 } as const;

/** At most `requests` in a fixed window of `windowSeconds` (windows start at multiples of it since the epoch). */
export interface RateLimitWindow {
  readonly requests: number;
  readonly windowSeconds: number;
}

/**
 * Where a route's rate-limit target is read from the validated request: a path
 * parameter or a top-level body field (`path.id`, `body.email`). A request whose
 * target is absent counts against its caller only.
 */
export type RateLimitTargetSelector = `path.${string}` | `body.${string}`;

/**
 * The rate limit of one route (issue 21 item 4; decision record 033): `caller`
 * counts per caller (the signed-in user's id, else the client address's digest);
 * `target` counts per target (the recipient's e-mail address, the content item, the
 * course or organization), whoever calls, so many callers cannot flood one target.
 * Beyond either: 429 with `Retry-After` (seconds), nothing stored or sent.
 */
export interface RouteRateLimit {
  readonly caller: RateLimitWindow;
  readonly target?: RateLimitWindow & { readonly of: RateLimitTargetSelector };
}

const TEN_MINUTES = 600;
const ONE_HOUR = 3600;

/** The rate limit of each saved-search write (issue 24 item 8): 60 per caller in 10 minutes. */
const SAVED_SEARCH_WRITES = { caller: { requests: 60, windowSeconds: TEN_MINUTES } } as const;

/** The rate limit of each submission write that e-mails someone (issue 25 item 6): 30 per caller in 10 minutes, 60 per submission. */
const SUBMISSION_WRITES = {
  caller: { requests: 30, windowSeconds: TEN_MINUTES },
  target: { of: 'path.id', requests: 60, windowSeconds: TEN_MINUTES },
} as const;

/** The rate limit of each rating and review write (issue 26 item 3): 30 per caller in 10 minutes, 120 per target. */
const REVIEW_WRITES = {
  caller: { requests: 30, windowSeconds: TEN_MINUTES },
  target: { of: 'path.id', requests: 120, windowSeconds: TEN_MINUTES },
} as const;

/**
 * The rate limits of every route that sends e-mail, signs in, or writes for an
 * anonymous caller (issue 21 item 4; decision record 033), by operationId of the
 * route table (`shared/routes.ts` checks the names). The handler factory enforces
 * them after access and validation; the OpenAPI document lists their 429.
 */
export const ROUTE_RATE_LIMITS = {
  /** Public forms: as decision record 025, plus per e-mail address given. */
  sendContactRequest: {
    caller: PUBLIC_FORM_RATE_LIMIT,
    target: { of: 'body.email', requests: 5, windowSeconds: TEN_MINUTES },
  },
  createNewsletterSubscriber: {
    caller: PUBLIC_FORM_RATE_LIMIT,
    target: { of: 'body.email', requests: 3, windowSeconds: TEN_MINUTES },
  },
  /** Feedback on one content item goes to its editors. */
  sendContentFeedback: {
    caller: { requests: 5, windowSeconds: TEN_MINUTES },
    target: { of: 'path.id', requests: 20, windowSeconds: TEN_MINUTES },
  },
  /** Support requests go to the course's or organization's staff and the support desk. */
  requestCourseSupport: {
    caller: { requests: 5, windowSeconds: TEN_MINUTES },
    target: { of: 'path.id', requests: 20, windowSeconds: TEN_MINUTES },
  },
  requestOrganizationSupport: {
    caller: { requests: 5, windowSeconds: TEN_MINUTES },
    target: { of: 'path.id', requests: 20, windowSeconds: TEN_MINUTES },
  },
  /** Invitations mail any address: a class at a time per inviter, a few per address. */
  createInvitation: {
    caller: { requests: 60, windowSeconds: TEN_MINUTES },
    target: { of: 'body.email', requests: 3, windowSeconds: ONE_HOUR },
  },
  resendInvitation: {
    caller: { requests: 60, windowSeconds: TEN_MINUTES },
    target: { of: 'path.id', requests: 3, windowSeconds: ONE_HOUR },
  },
  /** One import mails up to ADMIN_LIMITS.importMaxRows invitations. */
  runUserImport: {
    caller: { requests: 5, windowSeconds: ONE_HOUR },
    target: { of: 'body.organizationId', requests: 10, windowSeconds: ONE_HOUR },
  },
  /** Sign-in, per client address (a school shares one behind NAT); impersonation per user impersonated. */
  authenticate: {
    caller: { requests: 300, windowSeconds: TEN_MINUTES },
    target: { of: 'body.impersonateUserId', requests: 20, windowSeconds: TEN_MINUTES },
  },
  /** Client error reports (issue 21 item 24; decision record 037): the SPA sends at most 10 a minute itself. */
  reportClientError: { caller: { requests: 60, windowSeconds: TEN_MINUTES } },
  /** Saved searches (issue 24 item 8; decision record 061): a user's own writes, generous but bounded. */
  /** My library (issue 26 item 1): a reader saves and removes from a page of cards; 300 per 10 minutes each. */
  saveToLibrary: { caller: { requests: 300, windowSeconds: TEN_MINUTES } },
  removeFromLibrary: { caller: { requests: 300, windowSeconds: TEN_MINUTES } },
  /** Collections (issue 26 item 2): a user's own writes, generous but bounded; 300 per 10 minutes each. */
  createCollection: { caller: { requests: 300, windowSeconds: TEN_MINUTES } },
  updateCollection: { caller: { requests: 300, windowSeconds: TEN_MINUTES } },
  addCollectionEntry: { caller: { requests: 300, windowSeconds: TEN_MINUTES } },
  deleteCollection: { caller: { requests: 300, windowSeconds: TEN_MINUTES } },
  /** Privacy (issue 26 item 5): the export reads everything of a user; deleting all one's reviews or collections is rare. */
  exportPersonalData: { caller: { requests: 30, windowSeconds: TEN_MINUTES } },
  deletePersonalReviews: { caller: { requests: 10, windowSeconds: TEN_MINUTES } },
  deletePersonalCollections: { caller: { requests: 10, windowSeconds: TEN_MINUTES } },
  createSavedSearch: SAVED_SEARCH_WRITES,
  updateSavedSearch: SAVED_SEARCH_WRITES,
  deleteSavedSearch: SAVED_SEARCH_WRITES,
  markSavedSearchSeen: SAVED_SEARCH_WRITES,
  /** The one-click unsubscribe of a digest e-mail (public, RFC 8058): per client address. */
  unsubscribeSavedSearches: { caller: { requests: 20, windowSeconds: TEN_MINUTES } },
  /** Bulk actions in Courseware Info (issue 25 item 8; decision record 069): up to 100 items each. */
  runContentBulkAction: { caller: { requests: 30, windowSeconds: TEN_MINUTES } },
  /** The update-notice e-mail switch (issue 25 item 5): per user. */
  updateUpdateNoticeSettings: { caller: { requests: 60, windowSeconds: TEN_MINUTES } },
  /** The one-click unsubscribe of the update-notice digest (public, RFC 8058): per client address. */
  unsubscribeUpdateNotices: { caller: { requests: 20, windowSeconds: TEN_MINUTES } },
  /** Courseware submissions (issue 25 item 6; decision record 067): each write e-mails the team or the submitter. */
  createSubmission: { caller: { requests: 10, windowSeconds: ONE_HOUR } },
  updateOwnSubmission: SUBMISSION_WRITES,
  commentOnSubmission: SUBMISSION_WRITES,
  decideSubmission: SUBMISSION_WRITES,
  /** Ratings and reviews (issue 26 item 3; decision record 070): public writes on an item, per caller and per item or review. */
  putMyContentReview: REVIEW_WRITES,
  deleteMyContentReview: REVIEW_WRITES,
  respondToReview: REVIEW_WRITES,
  reportReview: { caller: { requests: 20, windowSeconds: TEN_MINUTES }, target: REVIEW_WRITES.target },
  hideReview: REVIEW_WRITES,
  restoreReview: REVIEW_WRITES,
} as const satisfies Record<string, RouteRateLimit>;

/**
 * CMS pages, sections and section widgets (spec §5 "Pages", "Widgets", §2.14;
 * decision record 026). Text limits in characters (`Chars`), file sizes in bytes
 * (`Bytes`, 1 MB = 1,000,000 as in {@link FILE_LIMITS}). The text limits are
 * enforced by the zod schemas of `shared/contracts/page.ts`; the file sizes are
 * checked by issue 9's widget dialogs (a larger file is cleared with
 * FILE_TOO_LARGE_ERROR).
 */
export const PAGE_LIMITS = {
  /** Page title: required. */
  titleMaxChars: 256,
  /** Page description (`meta.description`): required on create. */
  descriptionMaxChars: 256,
  /** Page link (`href`): starts with `/`; lower-case letters, digits, hyphens, slashes. */
  hrefMaxChars: 1024,
  /** One address in `meta.images`. */
  metaImageMaxChars: 1024,
  /** Addresses in `meta.images`. (The spec names no number; a project limit.) */
  metaImagesMax: 10,
  /** Group name of a grouped list (`group-<name>` parameter, a section's `key`). Project limit. */
  groupNameMaxChars: 128,
  /** Groups of a grouped list. Project limit. */
  groupsMax: 50,
  /** Section name. The spec names no number; like the page title. */
  sectionNameMaxChars: 256,
  /** Section description (HTML). The spec names no number; like a news description. */
  sectionDescriptionMaxChars: 10_240,
  /** Widgets in one section. Project limit (the grid shows three per row). */
  sectionWidgetsMax: 60,
  /**
   * A section as stored (UTF-8 bytes of its JSON, widgets included): one table item
   * holds one section, and an item is at most 400 KB. Checked by issue 9's writes.
   */
  sectionItemMaxBytes: 390_000,
  /**
   * Sections of one page. Project limit: a reorder (issue 9) updates the index of
   * every section and checks the page's version in one transaction (≤ 100 elements).
   */
  sectionsMax: 50,
  /** Page list (`GET /api/v1/pages`): maximum `limit`. Project limit. */
  listMax: 100,
  /** Page list: `limit` when absent. */
  listPageSize: 50,
  /** Widget link targets (callToAction, giantIconButton). */
  widgetLinkMaxChars: 1024,
  /** A file's name on a widget. */
  widgetFilenameMaxChars: 1024,
  /** A file's MIME type on a widget. */
  widgetMimeTypeMaxChars: 255,
  /** heading: text, required. */
  headingTextMaxChars: 128,
  /** calloutBox: text, required. */
  calloutTextMaxChars: 512,
  /** featureItem: title and subtitle, both required. */
  featureTitleMaxChars: 256,
  featureSubtitleMaxChars: 512,
  /** file: display name. */
  fileDisplayNameMaxChars: 256,
  /** contentBox: HTML. */
  contentBoxHtmlMaxChars: 375_000,
  /** callToAction: button text. */
  callToActionTextMaxChars: 100,
  /** coverImage: title (required) and subtitle (optional). */
  coverTitleMaxChars: 128,
  coverSubtitleMaxChars: 128,
  /** teamMember: name, title and description. */
  teamNameMaxChars: 128,
  teamTitleMaxChars: 128,
  teamDescriptionMaxChars: 4096,
  /** image: title; the maximum height is a CSS length of at most 4 characters (e.g. `20em`). */
  imageTitleMaxChars: 128,
  imageMaxHeightMaxChars: 4,
  /** youTube: video id, required. */
  youTubeVideoIdMaxChars: 16,
  /** youTube: caption language code (default English, `en`). */
  youTubeCaptionsMaxChars: 16,
  /** giantIconButton: name, description, icon name. */
  giantButtonNameMaxChars: 128,
  giantButtonDescriptionMaxChars: 4096,
  giantButtonIconMaxChars: 128,
  /** Images of featureItem, contentBox, coverImage and image widgets. */
  widgetImageMaxBytes: 1_000_000,
  /**
   * A file widget's file. The spec's text says "up to 10MB" but its limit value is
   * 104,857,600 bytes (100 MiB); the value is what the original enforced.
   */
  widgetFileMaxBytes: 104_857_600,
  /** teamMember avatar (204×204 pixels) and logo (290×80 pixels). */
  teamAvatarMaxBytes: 50_000,
  teamLogoMaxBytes: 50_000,
  teamAvatarPixels: { width: 204, height: 204 },
  teamLogoPixels: { width: 290, height: 80 },
} as const;

/**
 * Administration: business units, users, invitations and user imports (issue 11;
 * spec §5 "File picker and user import"; decision record 030). Characters (`Chars`),
 * bytes (`Bytes`, 1 MB = 1,000,000), days.
 */
export const ADMIN_LIMITS = {
  businessUnitNameMaxChars: 200,
  regionMaxChars: 100,
  /** A person's name in an invitation or an import row. */
  nameMaxChars: 256,
  /** An e-mail address (RFC 5321 path limit, as the support dialog's). */
  emailMaxChars: 320,
  claimsPerUser: 60,
  subscriptionsPerUser: 20,
  /** An invitation link stays usable this many days; a re-invite starts them again. */
  invitationValidDays: 14,
  invitationTokenMaxChars: 200,
  /** The import file picker's maximum (the spec leaves it open): 1 MB. */
  importFileMaxBytes: 1_000_000,
  /** Rows of one import file, the header not counted. */
  importMaxRows: 1000,
} as const;
