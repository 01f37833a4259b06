import * as z from 'zod';
import { LIMITS, PAGE_LIMITS } from '../limits.ts';
import { EntityId, fileName, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';
import { IMAGE_ALT_MISSING_MESSAGE, imagesWithoutAlt, withImageAlt } from './html-images.ts';
import { normalizePageHref, PAGE_HREF_PATTERN } from './page-href.ts';
import { isAllowedUrl, urlRuleMessage } from './url.ts';

export { normalizePageHref, PAGE_HREF_PATTERN };

/**
 * CMS pages (spec §2.14, §3 "Page", "Section", "Section widget", §5 "Pages" and
 * "Widgets", §7 "Pages"; decision record 026). A page has an address (`href`),
 * a layout and ordered sections; each section holds widgets. Issue 8 lays the read
 * path (`GET /api/v1/pages/by-href`) and seeds the team, resources, terms-of-use and
 * privacy pages; issue 9 adds the page builder and its writes, reusing these
 * schemas for its bodies.
 */

/**
 * Statuses of a page: `published` pages are public; `unpublished` ones are seen by
 * callers with `updateContent` only (everyone else gets 404 "Page does not exist.").
 */
export const PAGE_STATUSES = ['published', 'unpublished'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  published: 'Published',
  unpublished: 'Unpublished',
};

/**
 * Page layouts (spec §2.14): `handSortedList` (the default) shows the sections in
 * index order; `groupedList` shows a tab per group (see {@link pageGroups}) and the
 * sections whose `key` names that group.
 */
export const PAGE_LAYOUTS = ['handSortedList', 'groupedList'] as const;
export type PageLayoutName = (typeof PAGE_LAYOUTS)[number];
export const DEFAULT_PAGE_LAYOUT: PageLayoutName = 'handSortedList';
export const PAGE_LAYOUT_LABELS: Record<PageLayoutName, string> = {
  handSortedList: 'Hand-sorted list',
  groupedList: 'Grouped list',
};

/** Prefix of the layout parameters that define the groups of a grouped list (spec §2.14). */
export const PAGE_GROUP_PREFIX = 'group-';

/** Section layouts (spec §3 "Section": default one column; the widget grid is in §2.14). */
export const SECTION_LAYOUTS = ['oneColumn'] as const;
export type SectionLayoutName = (typeof SECTION_LAYOUTS)[number];
export const DEFAULT_SECTION_LAYOUT: SectionLayoutName = 'oneColumn';

/**
 * The eleven widget kinds of spec §3 "Section widget", and `collections` (issue 26
 * item 2; decision record 076): curated collections shown as cards.
 */
export const WIDGET_KINDS = [
  'calloutBox',
  'contentBox',
  'callToAction',
  'coverImage',
  'teamMember',
  'heading',
  'image',
  'featureItem',
  'youTube',
  'giantIconButton',
  'file',
  'collections',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];
export const WIDGET_KIND_LABELS: Record<WidgetKind, string> = {
  calloutBox: 'Callout box',
  contentBox: 'Content box',
  callToAction: 'Call to action',
  coverImage: 'Cover image',
  teamMember: 'Team member',
  heading: 'Heading',
  image: 'Image',
  featureItem: 'Feature item',
  youTube: 'YouTube video',
  giantIconButton: 'Giant icon button',
  file: 'File',
  collections: 'Collections',
};

/** Heading levels (spec §5 "Widgets": h1 to h6). */
export const HEADING_TYPES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export type HeadingType = (typeof HEADING_TYPES)[number];
/** Heading colours (spec §5 "Widgets"; `tertiary` is the green one). */
export const HEADING_COLORS = ['default', 'primary', 'secondary', 'tertiary'] as const;
export type HeadingColor = (typeof HEADING_COLORS)[number];
/** Positions of an image widget (spec §5 "Widgets"). */
export const IMAGE_POSITIONS = ['left', 'right', 'center'] as const;
export type ImagePosition = (typeof IMAGE_POSITIONS)[number];

/** Not-found message of the page routes (404; also for an unpublished page a caller may not see). */
export const PAGE_NOT_FOUND_MESSAGE = 'Page does not exist.';

/** The message of an invalid page link (spec §5 "Pages", the reading that allows hyphens). */
export const PAGE_HREF_MESSAGE =
  "A valid link starts with '/' and contains only lower-case letters, numbers, hyphens or '/'.";

/**
 * A page link (spec §5 "Pages"): starts with `/`, then lower-case letters, digits,
 * hyphens and slashes only. Hyphens ARE allowed (decision record 026: the product's
 * own addresses such as `/terms-of-use` and `/call-for-courseware` have them).
 */

const required = (max: number) =>
  z.string({ error: 'Is required.' }).trim().min(1, 'Is required.').max(max, `Must be at most ${max} characters.`);
const optional = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`);
/** A field a widget kind does not use: absent or empty. */
const unused = z.literal('', { error: 'Not used by this widget kind.' }).default('');

/**
 * A page link as stored and as sent by the page dialog (issue 9): at most 1024
 * characters matching {@link PAGE_HREF_PATTERN}.
 */
export const PageHref = z
  .string({ error: 'Is required.' })
  .trim()
  .min(1, 'Is required.')
  .max(PAGE_LIMITS.hrefMaxChars, `Must be at most ${PAGE_LIMITS.hrefMaxChars} characters.`)
  .regex(PAGE_HREF_PATTERN, PAGE_HREF_MESSAGE)
  .meta({ id: 'PageHref', description: "Page link: '/' then lower-case letters, digits, hyphens and '/'." });

/**
 * `GET /api/v1/pages/by-href` query: `href` is normalised ({@link normalizePageHref})
 * and must then be a valid {@link PageHref}; 400 otherwise.
 */
export const PageHrefQuery = z.object({
  href: z
    .string({ error: 'Is required.' })
    .max(PAGE_LIMITS.hrefMaxChars, `Must be at most ${PAGE_LIMITS.hrefMaxChars} characters.`)
    .transform(normalizePageHref)
    .pipe(PageHref),
});
export type PageHrefQuery = z.input<typeof PageHrefQuery>;

/** What a widget link may be besides an absolute http(s) address. */
const WIDGET_LINK_RULE = { paths: true, mailto: true } as const;

/**
 * A widget's link target: a path of this site (`/contact-us`), an `http(s)` address
 * or a `mailto:` address (the one URL rule, decision record 033). Other schemes
 * (e.g. `javascript:`) are refused.
 */
export const WidgetLink = required(PAGE_LIMITS.widgetLinkMaxChars).refine(
  (value) => isAllowedUrl(value, WIDGET_LINK_RULE),
  urlRuleMessage(WIDGET_LINK_RULE),
);

/**
 * A file on a widget (spec §3 "Widget file"): a public file's id (served from the
 * runtime configuration's `publicFilesBaseUrl` + id), its name, MIME type and alt
 * text. Alt text is required whenever a file is present (spec §5 "Widgets"); for a
 * file widget the dialog fills it with a description of the file type.
 */
export const WidgetFile = z
  .object({
    fileId: EntityId,
    filename: fileName(PAGE_LIMITS.widgetFilenameMaxChars),
    mimeType: required(PAGE_LIMITS.widgetMimeTypeMaxChars),
    alt: required(LIMITS.altTextMaxChars),
  })
  .meta({ id: 'WidgetFile' });
export type WidgetFile = z.infer<typeof WidgetFile>;

const noFiles = z.array(WidgetFile).max(0, 'This widget kind has no files.').default([]);
const oneFile = z.array(WidgetFile).length(1, 'A file is required.');
const optionalFile = z.array(WidgetFile).max(1, 'At most one file.').default([]);
/** Free key/value attributes of kinds that define none. */
const noAttributes = z.record(z.string().max(64), z.string().max(1024)).default({});

/** heading: `content` is the text (≤ 128, required); level and colour in `customAttributes`. */
export const HeadingWidget = z
  .object({
    kind: z.literal('heading'),
    name: unused,
    title: unused,
    subtitle: unused,
    content: required(PAGE_LIMITS.headingTextMaxChars),
    link: unused,
    files: noFiles,
    customAttributes: z
      .object({
        type: z.enum(HEADING_TYPES, { error: 'Choose h1 to h6.' }).default('h2'),
        color: z.enum(HEADING_COLORS, { error: 'Choose a colour.' }).default('default'),
      })
      .default({ type: 'h2', color: 'default' }),
  })
  .meta({ id: 'HeadingWidget' });

/** calloutBox: `content` is the text (≤ 512, required). */
export const CalloutBoxWidget = z
  .object({
    kind: z.literal('calloutBox'),
    name: unused,
    title: unused,
    subtitle: unused,
    content: required(PAGE_LIMITS.calloutTextMaxChars),
    link: unused,
    files: noFiles,
    customAttributes: noAttributes,
  })
  .meta({ id: 'CalloutBoxWidget' });

/** featureItem: `title` (≤ 256) and `subtitle` (≤ 512) required; one image required. */
export const FeatureItemWidget = z
  .object({
    kind: z.literal('featureItem'),
    name: unused,
    title: required(PAGE_LIMITS.featureTitleMaxChars),
    subtitle: required(PAGE_LIMITS.featureSubtitleMaxChars),
    content: unused,
    link: unused,
    files: oneFile,
    customAttributes: noAttributes,
  })
  .meta({ id: 'FeatureItemWidget' });

/** file: `name` is the display name (≤ 256; the file name when empty); one file required. */
export const FileWidget = z
  .object({
    kind: z.literal('file'),
    name: optional(PAGE_LIMITS.fileDisplayNameMaxChars).default(''),
    title: unused,
    subtitle: unused,
    content: unused,
    link: unused,
    files: oneFile,
    customAttributes: noAttributes,
  })
  .meta({ id: 'FileWidget' });

/**
 * contentBox: `content` is HTML (≤ 375,000; sanitised by the server with the news
 * allow-list before it is stored); an optional image with alt text.
 */
export const ContentBoxWidget = z
  .object({
    kind: z.literal('contentBox'),
    name: unused,
    title: unused,
    subtitle: unused,
    content: optional(PAGE_LIMITS.contentBoxHtmlMaxChars).default(''),
    link: unused,
    files: optionalFile,
    customAttributes: noAttributes,
  })
  .meta({ id: 'ContentBoxWidget' });

/** callToAction: `content` is the button text (≤ 100, required); `link` the target (≤ 1024, required). */
export const CallToActionWidget = z
  .object({
    kind: z.literal('callToAction'),
    name: unused,
    title: unused,
    subtitle: unused,
    content: required(PAGE_LIMITS.callToActionTextMaxChars),
    link: WidgetLink,
    files: noFiles,
    customAttributes: noAttributes,
  })
  .meta({ id: 'CallToActionWidget' });

/** coverImage: `title` (≤ 128) required, `subtitle` (≤ 128) optional; one image with alt text required. */
export const CoverImageWidget = z
  .object({
    kind: z.literal('coverImage'),
    name: unused,
    title: required(PAGE_LIMITS.coverTitleMaxChars),
    subtitle: optional(PAGE_LIMITS.coverSubtitleMaxChars).default(''),
    content: unused,
    link: unused,
    files: oneFile,
    customAttributes: noAttributes,
  })
  .meta({ id: 'CoverImageWidget' });

/**
 * teamMember: `name` (≤ 128, required), `title` (≤ 128), `content` the description
 * (≤ 4096 characters of HTML, sanitised like a contentBox; plain text stored before issue
 * 25 item 1 is still read as text, decision record 063); up to two files, the avatar and the logo, named by
 * `customAttributes.avatarFileId` / `logoFileId` (each, when set, the id of one of
 * `files`).
 */
export const TeamMemberWidget = z
  .object({
    kind: z.literal('teamMember'),
    name: required(PAGE_LIMITS.teamNameMaxChars),
    title: optional(PAGE_LIMITS.teamTitleMaxChars).default(''),
    subtitle: unused,
    content: optional(PAGE_LIMITS.teamDescriptionMaxChars).default(''),
    link: unused,
    files: z.array(WidgetFile).max(2, 'At most an avatar and a logo.').default([]),
    customAttributes: z.object({ avatarFileId: EntityId.optional(), logoFileId: EntityId.optional() }).default({}),
  })
  .superRefine((widget, ctx) => {
    const ids = new Set(widget.files.map((file) => file.fileId));
    for (const key of ['avatarFileId', 'logoFileId'] as const) {
      const id = widget.customAttributes[key];
      if (id !== undefined && !ids.has(id)) {
        ctx.addIssue({ code: 'custom', path: ['customAttributes', key], message: 'Must name one of the files.' });
      }
    }
  })
  .meta({ id: 'TeamMemberWidget' });

/**
 * image: `title` (≤ 128); one image required; `customAttributes.maxHeight` a CSS
 * length of at most 4 characters (e.g. `20em`, empty for none) and `position`.
 */
export const ImageWidget = z
  .object({
    kind: z.literal('image'),
    name: unused,
    title: optional(PAGE_LIMITS.imageTitleMaxChars).default(''),
    subtitle: unused,
    content: unused,
    link: unused,
    files: oneFile,
    customAttributes: z
      .object({
        maxHeight: z
          .string()
          .trim()
          .max(PAGE_LIMITS.imageMaxHeightMaxChars, `Must be at most ${PAGE_LIMITS.imageMaxHeightMaxChars} characters.`)
          .regex(/^(?:\d+(?:px|em|vh|%)?)?$/, 'Use a number, optionally with px, em, vh or %.')
          .default(''),
        position: z.enum(IMAGE_POSITIONS, { error: 'Choose left, right or center.' }).default('center'),
      })
      .default({ maxHeight: '', position: 'center' }),
  })
  .meta({ id: 'ImageWidget' });

/** youTube: `content` is the video id (≤ 16, required); `customAttributes.captions` a language code, default `en`. */
export const YouTubeWidget = z
  .object({
    kind: z.literal('youTube'),
    name: unused,
    title: unused,
    subtitle: unused,
    content: required(PAGE_LIMITS.youTubeVideoIdMaxChars).regex(
      /^[A-Za-z0-9_-]*$/,
      'A video id has letters, digits, - and _ only.',
    ),
    link: unused,
    files: noFiles,
    customAttributes: z
      .object({
        captions: z
          .string()
          .trim()
          .max(PAGE_LIMITS.youTubeCaptionsMaxChars)
          .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'Use a language code such as en.')
          .default('en'),
      })
      .default({ captions: 'en' }),
  })
  .meta({ id: 'YouTubeWidget' });

/**
 * giantIconButton: `name` (≤ 128, required), `content` the description (≤ 4096,
 * plain text), `link` the target (required), `customAttributes.icon` an icon name.
 */
export const GiantIconButtonWidget = z
  .object({
    kind: z.literal('giantIconButton'),
    name: required(PAGE_LIMITS.giantButtonNameMaxChars),
    title: unused,
    subtitle: unused,
    content: optional(PAGE_LIMITS.giantButtonDescriptionMaxChars).default(''),
    link: WidgetLink,
    files: noFiles,
    customAttributes: z
      .object({
        icon: z
          .string()
          .trim()
          .max(PAGE_LIMITS.giantButtonIconMaxChars)
          .regex(/^[a-z0-9-]*$/, 'An icon name has lower-case letters, digits and hyphens.')
          .default(''),
      })
      .default({ icon: '' }),
  })
  .meta({ id: 'GiantIconButtonWidget' });

/**
 * The limits of the collections widget (here, not in `shared/limits.ts`, which the
 * first render carries): the heading text, and how many curated collections one
 * widget shows.
 */
export const COLLECTIONS_WIDGET_LIMITS = { titleMaxChars: 128, collectionsMin: 1, collectionsMax: 12 } as const;

/** The message of a `collectionIds` that is not 1–12 distinct collection ids. */
export const COLLECTIONS_WIDGET_IDS_MESSAGE = `Choose 1 to ${COLLECTIONS_WIDGET_LIMITS.collectionsMax} curated collections.`;
/** The 400 message (at `customAttributes.collectionIds`) when a named collection is gone or not curated. */
export const COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE =
  'A chosen collection does not exist or is no longer curated. Choose again.';

/**
 * The ids of a collections widget's `customAttributes.collectionIds` in order:
 * the comma-separated value split, trimmed, blanks dropped.
 */
export function collectionIdsOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/**
 * collections (issue 26 item 2; decision record 076): `title` an optional heading
 * (≤ 128); `customAttributes.collectionIds` the ids of 1–12 curated collections,
 * comma-separated in display order (attributes are strings), each once. The server
 * refuses a save naming a collection that does not exist or is not curated; a
 * collection that stops being curated later is skipped when the page is shown.
 */
export const CollectionsWidget = z
  .object({
    kind: z.literal('collections'),
    name: unused,
    title: optional(COLLECTIONS_WIDGET_LIMITS.titleMaxChars).default(''),
    subtitle: unused,
    content: unused,
    link: unused,
    files: noFiles,
    customAttributes: z.object({
      collectionIds: z
        .string({ error: COLLECTIONS_WIDGET_IDS_MESSAGE })
        .max(1024, COLLECTIONS_WIDGET_IDS_MESSAGE)
        .refine((value) => {
          const ids = collectionIdsOf(value);
          return (
            ids.length >= COLLECTIONS_WIDGET_LIMITS.collectionsMin &&
            ids.length <= COLLECTIONS_WIDGET_LIMITS.collectionsMax &&
            new Set(ids).size === ids.length &&
            ids.every((id) => EntityId.safeParse(id).success)
          );
        }, COLLECTIONS_WIDGET_IDS_MESSAGE),
    }),
  })
  .meta({ id: 'CollectionsWidget' });

/**
 * A section widget (spec §3 "Section widget"): a union on `kind` over the common
 * fields name, title, subtitle, content, link, files and customAttributes, each kind
 * with the text limits of spec §5 "Widgets". Fields a kind does not use are empty.
 */
export const SectionWidget = z
  .discriminatedUnion('kind', [
    CalloutBoxWidget,
    ContentBoxWidget,
    CallToActionWidget,
    CoverImageWidget,
    TeamMemberWidget,
    HeadingWidget,
    ImageWidget,
    FeatureItemWidget,
    YouTubeWidget,
    GiantIconButtonWidget,
    FileWidget,
    CollectionsWidget,
  ])
  .meta({ id: 'SectionWidget' });
/** A widget as stored and served (defaults applied). */
export type SectionWidget = z.infer<typeof SectionWidget>;
/** A widget as written (defaults optional). */
export type SectionWidgetInput = z.input<typeof SectionWidget>;
/** The widget of one kind. */
export type SectionWidgetOf<K extends WidgetKind> = Extract<SectionWidget, { kind: K }>;

/** A group name (spec §5 "Pages": trimmed; blank and duplicate names are ignored by the dialog). */
export const PageGroupName = required(PAGE_LIMITS.groupNameMaxChars);

/**
 * A section of a page (spec §3 "Section"): `index` orders the sections (0 first),
 * `key` names its group in a grouped list ('' when none), `description` is HTML
 * (sanitised by the server before it is stored).
 */
export const PageSection = z
  .object({
    id: EntityId,
    index: z.number().int().min(0),
    key: optional(PAGE_LIMITS.groupNameMaxChars),
    name: optional(PAGE_LIMITS.sectionNameMaxChars),
    description: optional(PAGE_LIMITS.sectionDescriptionMaxChars),
    widgets: z.array(SectionWidget).max(PAGE_LIMITS.sectionWidgetsMax),
    layout: z.object({ name: z.enum(SECTION_LAYOUTS) }),
  })
  .meta({ id: 'PageSection' });
export type PageSection = z.infer<typeof PageSection>;

/**
 * A page (spec §3 "Page"): `href` its address, `parentId` the parent page for
 * breadcrumbs (null at the top), `meta` the description and image addresses for
 * search engines and link previews, `layout.parameters` its options (keys
 * `group-<name>` define the groups of a grouped list, see {@link pageGroups}),
 * `sections` ordered by `index`.
 */
export const Page = z
  .object({
    id: EntityId,
    title: required(PAGE_LIMITS.titleMaxChars),
    href: PageHref,
    parentId: EntityId.nullable(),
    status: z.enum(PAGE_STATUSES),
    meta: z.object({
      description: optional(PAGE_LIMITS.descriptionMaxChars),
      images: z.array(z.string().max(PAGE_LIMITS.metaImageMaxChars)).max(PAGE_LIMITS.metaImagesMax),
    }),
    layout: z.object({
      name: z.enum(PAGE_LAYOUTS),
      parameters: z.record(z.string().max(PAGE_LIMITS.groupNameMaxChars + 16), z.string().max(1024)),
    }),
    sections: z.array(PageSection).max(PAGE_LIMITS.sectionsMax),
    createdTimestamp: IsoDateTime,
    modifiedTimestamp: IsoDateTime,
  })
  .meta({ id: 'Page' });
export type Page = z.infer<typeof Page>;

/** `GET /api/v1/pages/{id}` path (and the page writes'): the page's id. */
export const PagePath = z.object({ id: EntityId });
export type PagePath = z.input<typeof PagePath>;

/** One step of a page's breadcrumbs: an ancestor page (spec §3 "Page" parentId). */
export const PageAncestor = z
  .object({ id: EntityId, title: z.string(), href: z.string() })
  .meta({ id: 'PageAncestor' });
export type PageAncestor = z.infer<typeof PageAncestor>;

/**
 * `GET /api/v1/pages/{id}` answer: the page with `ancestors`, its breadcrumbs from
 * the top page down to its parent (empty for a top page). Ancestors the caller may
 * not see (unpublished, without `updateContent`) are left out.
 */
export const PageWithAncestors = Page.extend({ ancestors: z.array(PageAncestor) }).meta({ id: 'PageWithAncestors' });
export type PageWithAncestors = z.infer<typeof PageWithAncestors>;

/** A page without its sections: one row of the page list. */
export const PageSummary = Page.omit({ sections: true }).meta({ id: 'PageSummary' });
export type PageSummary = z.infer<typeof PageSummary>;

/** `GET /api/v1/pages` answer: pages by href, paged by token. */
export const PageList = pageOf(PageSummary).meta({ id: 'PageList' });
export type PageList = z.infer<typeof PageList>;

/** `GET /api/v1/pages` query: `limit` a page (at most `PAGE_LIMITS.listMax`), `pageToken` to go on. */
export const ListPagesQuery = z.object({
  limit: limitParam(PAGE_LIMITS.listMax, PAGE_LIMITS.listPageSize),
  pageToken: PageToken.optional(),
});
export type ListPagesQuery = z.input<typeof ListPagesQuery>;

/**
 * `POST /api/v1/pages` and `PUT /api/v1/pages/{id}` body (spec §5 "Pages"): title
 * and `meta.description` required (at most 256 each), `href` a page link (hyphens
 * allowed; normalised like the by-href query), `parentId` an existing page (null or
 * absent at the top), `status` required, `layout` (handSortedList with no parameters
 * when absent). Sections are written by the section routes.
 */
export const PageInput = z.object({
  title: required(PAGE_LIMITS.titleMaxChars),
  href: z.string({ error: 'Is required.' }).transform(normalizePageHref).pipe(PageHref),
  parentId: EntityId.nullable().default(null),
  status: z.enum(PAGE_STATUSES, { error: 'Is required.' }),
  meta: z.object(
    {
      description: required(PAGE_LIMITS.descriptionMaxChars),
      images: z.array(z.string().max(PAGE_LIMITS.metaImageMaxChars)).max(PAGE_LIMITS.metaImagesMax).default([]),
    },
    { error: 'Is required.' },
  ),
  layout: z
    .object({
      name: z.enum(PAGE_LAYOUTS),
      parameters: z.record(z.string().max(PAGE_LIMITS.groupNameMaxChars + 16), z.string().max(1024)).default({}),
    })
    .default({ name: DEFAULT_PAGE_LAYOUT, parameters: {} }),
});
export type PageInput = z.input<typeof PageInput>;

/** 409 message when another page has the link (create, or update changing the href). */
export const PAGE_HREF_TAKEN_MESSAGE = 'This link is already used by another page.';
/** 409 message when the page changed (or was deleted) since it was read: every page and section write checks the version. */
export const PAGE_CHANGED_MESSAGE = 'The page was changed by someone else. Reload it and try again.';

/** The 400 message when a page is deleted without the ticked confirmation (spec §5 "Pages"). */
export const PAGE_DELETE_CONFIRMATION_MESSAGE = 'The checkbox is required to delete this page.';

/** `DELETE /api/v1/pages/{id}` query: `confirmed=true`, the ticked confirmation checkbox (spec §5). */
export const DeletePageQuery = z.object({
  confirmed: z.literal('true', { error: PAGE_DELETE_CONFIRMATION_MESSAGE }),
});
export type DeletePageQuery = z.input<typeof DeletePageQuery>;

/** `DELETE /api/v1/pages/{id}` answer. */
export const DeletedPage = z.object({ id: EntityId, sectionsDeleted: z.number().int() }).meta({ id: 'DeletedPage' });
export type DeletedPage = z.infer<typeof DeletedPage>;

/** 400 message (at `body.parentId`) when the parent page is missing or would make a cycle. */
export const PAGE_PARENT_MESSAGE = 'The parent page does not exist, or is this page or one below it.';

/** Path of one section's writes: the page's id and the section's. */
export const PageSectionPath = z.object({ id: EntityId, sectionId: EntityId });
export type PageSectionPath = z.input<typeof PageSectionPath>;

/** 400 message (at `body.widgets`) when a section other than giant icon buttons has several widgets. */
export const SECTION_SINGLE_WIDGET_MESSAGE = 'Only a section of giant icon buttons may hold several widgets.';
/** 400 message (at `body.widgets.<i>.kind`) when a saved widget's kind is changed. */
export const WIDGET_KIND_FIXED_MESSAGE = 'The kind of a saved widget cannot change.';
/** 400 message (at `body`) when a page has its maximum of sections. */
export const SECTIONS_FULL_MESSAGE = `A page has at most ${PAGE_LIMITS.sectionsMax} sections.`;
/** 400 message (at `body`) when a section is too large to store. */
export const SECTION_TOO_LARGE_MESSAGE = 'The section is too large: split its content over several sections.';

/**
 * `POST /api/v1/pages/{id}/sections` and `PUT …/sections/{sectionId}` body (spec §3
 * "Section"): `key` its group ('' for none), `name`, `description` (HTML, sanitised),
 * `widgets` (several only when all are giantIconButton), `layout` (oneColumn). A new
 * section goes last; an update keeps its place.
 */
export const SectionInput = z.object({
  key: optional(PAGE_LIMITS.groupNameMaxChars).default(''),
  name: optional(PAGE_LIMITS.sectionNameMaxChars).default(''),
  description: withImageAlt(optional(PAGE_LIMITS.sectionDescriptionMaxChars)).default(''),
  widgets: z
    .array(SectionWidget)
    .max(PAGE_LIMITS.sectionWidgetsMax, `At most ${PAGE_LIMITS.sectionWidgetsMax} widgets.`)
    .refine(
      (widgets) => widgets.length < 2 || widgets.every((widget) => widget.kind === 'giantIconButton'),
      SECTION_SINGLE_WIDGET_MESSAGE,
    )
    .superRefine((widgets, context) => {
      // A contentBox and a team member's description are HTML: their images need alt text (issue 21
      // item 15, issue 25 item 1). Checked on input only,
      // so pages stored before the rule still read.
      widgets.forEach((widget, index) => {
        if ((widget.kind === 'contentBox' || widget.kind === 'teamMember') && imagesWithoutAlt(widget.content) > 0) {
          context.addIssue({ code: 'custom', path: [index, 'content'], message: IMAGE_ALT_MISSING_MESSAGE });
        }
      });
    }),
  layout: z.object({ name: z.enum(SECTION_LAYOUTS) }).default({ name: DEFAULT_SECTION_LAYOUT }),
});
export type SectionInput = z.input<typeof SectionInput>;

/** `PUT /api/v1/pages/{id}/section-order` body: every section id of the page, in the new order. */
export const SectionOrderInput = z.object({
  sectionIds: z.array(EntityId).max(PAGE_LIMITS.sectionsMax),
});
export type SectionOrderInput = z.input<typeof SectionOrderInput>;
/** 400 message (at `body.sectionIds`) when the ids are not exactly the page's sections. */
export const SECTION_ORDER_MESSAGE = 'List every section of the page exactly once.';

/** `PUT /api/v1/pages/{id}/group-order` body: the group names in their new order (blank and duplicates refused). */
export const GroupOrderInput = z.object({
  groups: z
    .array(PageGroupName)
    .max(PAGE_LIMITS.groupsMax)
    // Names that differ only in case are one group (issue 21 item 16).
    .refine((groups) => new Set(groups.map(groupNameKey)).size === groups.length, 'Each group once.'),
});
export type GroupOrderInput = z.input<typeof GroupOrderInput>;

/**
 * The form in which group names are compared (issue 21 item 16): trimmed and
 * lower-cased, so `Labs`, `labs` and ` LABS ` name one group.
 */
export function groupNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The group of `groups` that a section's `key` names, compared case-insensitively
 * ({@link groupNameKey}), or null when it names none (an ungrouped section).
 */
export function groupOfKey(groups: readonly string[], key: string): string | null {
  const wanted = groupNameKey(key);
  if (wanted === '') return null;
  return groups.find((group) => groupNameKey(group) === wanted) ?? null;
}

/**
 * The groups of a grouped-list page, in order: each layout parameter
 * `group-<name>` defines the group `<name>`; its value is the group's position (a
 * whole number, as text; groups without a number come last, by name). Blank names
 * are ignored; names that differ only in case are one group (issue 21 item 16),
 * spelt as the first of them in order.
 */
export function pageGroups(layout: Pick<Page['layout'], 'parameters'>): string[] {
  const groups: { name: string; order: number }[] = [];
  for (const [key, value] of Object.entries(layout.parameters)) {
    if (!key.startsWith(PAGE_GROUP_PREFIX)) continue;
    const name = key.slice(PAGE_GROUP_PREFIX.length).trim();
    if (name === '') continue;
    const order = /^\d+$/.test(value) ? Number(value) : Number.POSITIVE_INFINITY;
    groups.push({ name, order });
  }
  groups.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  const seen = new Set<string>();
  return groups
    .map((group) => group.name)
    .filter((name) => {
      const key = groupNameKey(name);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * `GET /api/v1/pages/{id}/sections` query (spec §7 "Pages": "List page sections"):
 * `limit` sections a page, 1 to `PAGE_LIMITS.sectionsMax` (50, a page's maximum, so
 * the default answers every section at once); `pageToken` the `nextPageToken` of the
 * previous answer, to go on.
 */
export const ListPageSectionsQuery = z.object({
  limit: limitParam(PAGE_LIMITS.sectionsMax, PAGE_LIMITS.sectionsMax),
  pageToken: PageToken.optional(),
});
export type ListPageSectionsQuery = z.input<typeof ListPageSectionsQuery>;

/**
 * `GET /api/v1/pages/{id}/sections` answer (spec §7 "Pages"; decision record 026): a
 * page's sections in `index` order (ties by id), `limit` at a time, `nextPageToken`
 * null on the last one. Each section is the full {@link PageSection}, widgets included.
 */
export const PageSectionList = pageOf(PageSection).meta({ id: 'PageSectionList' });
export type PageSectionList = z.infer<typeof PageSectionList>;
