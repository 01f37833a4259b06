import { describe, expect, it } from 'vitest';
import { PAGE_LIMITS } from '../limits.ts';
import {
  COLLECTIONS_WIDGET_IDS_MESSAGE,
  COLLECTIONS_WIDGET_LIMITS,
  collectionIdsOf,
  GroupOrderInput,
  groupOfKey,
  normalizePageHref,
  PAGE_HREF_MESSAGE,
  Page,
  PageHref,
  PageHrefQuery,
  PageSection,
  pageGroups,
  SectionWidget,
  type SectionWidgetInput,
  WIDGET_KINDS,
} from './page.ts';

const errorsOf = (input: unknown) =>
  SectionWidget.safeParse(input).error?.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  })) ?? [];

const FILE_ID = '01jd0000000000000000000000';
const image = { fileId: FILE_ID, filename: 'cover.png', mimeType: 'image/png', alt: 'The range at night' };
const tooLong = (max: number) => `Must be at most ${max} characters.`;

/** A valid widget of each kind: the base each limit case changes one field of. */
const VALID: Record<(typeof WIDGET_KINDS)[number], SectionWidgetInput> = {
  heading: { kind: 'heading', content: 'Our work' },
  calloutBox: { kind: 'calloutBox', content: 'Note' },
  featureItem: { kind: 'featureItem', title: 'Labs', subtitle: 'Hands-on', files: [image] },
  file: { kind: 'file', name: 'Syllabus', files: [{ ...image, mimeType: 'application/pdf', alt: 'PDF document' }] },
  contentBox: { kind: 'contentBox', content: '<p>Text</p>' },
  callToAction: { kind: 'callToAction', content: 'Contact us', link: '/contact-us' },
  coverImage: { kind: 'coverImage', title: 'Welcome', files: [image] },
  teamMember: { kind: 'teamMember', name: 'A member' },
  image: { kind: 'image', files: [image] },
  youTube: { kind: 'youTube', content: 'dQw4w9WgXcQ' },
  giantIconButton: { kind: 'giantIconButton', name: 'Exercises', link: 'https://example.org/' },
  collections: {
    kind: 'collections',
    title: 'Curated for you',
    customAttributes: { collectionIds: '01jd0000000000000000000c01,01jd0000000000000000000c02' },
  },
};

/** [kind, field, limit]: every text limit of spec §5 "Widgets". */
const TEXT_LIMITS = [
  ['heading', 'content', PAGE_LIMITS.headingTextMaxChars],
  ['calloutBox', 'content', PAGE_LIMITS.calloutTextMaxChars],
  ['featureItem', 'title', PAGE_LIMITS.featureTitleMaxChars],
  ['featureItem', 'subtitle', PAGE_LIMITS.featureSubtitleMaxChars],
  ['file', 'name', PAGE_LIMITS.fileDisplayNameMaxChars],
  ['contentBox', 'content', PAGE_LIMITS.contentBoxHtmlMaxChars],
  ['callToAction', 'content', PAGE_LIMITS.callToActionTextMaxChars],
  ['coverImage', 'title', PAGE_LIMITS.coverTitleMaxChars],
  ['coverImage', 'subtitle', PAGE_LIMITS.coverSubtitleMaxChars],
  ['teamMember', 'name', PAGE_LIMITS.teamNameMaxChars],
  ['teamMember', 'title', PAGE_LIMITS.teamTitleMaxChars],
  ['teamMember', 'content', PAGE_LIMITS.teamDescriptionMaxChars],
  ['image', 'title', PAGE_LIMITS.imageTitleMaxChars],
  ['youTube', 'content', PAGE_LIMITS.youTubeVideoIdMaxChars],
  ['giantIconButton', 'name', PAGE_LIMITS.giantButtonNameMaxChars],
  ['giantIconButton', 'content', PAGE_LIMITS.giantButtonDescriptionMaxChars],
  ['collections', 'title', COLLECTIONS_WIDGET_LIMITS.titleMaxChars],
] as const;

describe('SectionWidget text limits (spec §5 "Widgets")', () => {
  it.each(TEXT_LIMITS)('%s.%s takes %i characters and refuses one more', (kind, field, max) => {
    expect(errorsOf({ ...VALID[kind], [field]: 'a'.repeat(max) })).toEqual([]);
    expect(errorsOf({ ...VALID[kind], [field]: 'a'.repeat(max + 1) })).toEqual([
      { path: field, message: tooLong(max) },
    ]);
  });

  it.each([
    ['callToAction', PAGE_LIMITS.widgetLinkMaxChars],
    ['giantIconButton', PAGE_LIMITS.widgetLinkMaxChars],
  ] as const)('%s.link takes %i characters and refuses one more', (kind, max) => {
    const at = `/${'a'.repeat(max - 1)}`;
    expect(errorsOf({ ...VALID[kind], link: at })).toEqual([]);
    expect(errorsOf({ ...VALID[kind], link: `${at}a` })).toEqual([{ path: 'link', message: tooLong(max) }]);
  });

  it('image.customAttributes.maxHeight takes 4 characters and refuses 5', () => {
    expect(errorsOf({ ...VALID.image, customAttributes: { maxHeight: '20em' } })).toEqual([]);
    expect(errorsOf({ ...VALID.image, customAttributes: { maxHeight: '200em' } })).toEqual([
      { path: 'customAttributes.maxHeight', message: tooLong(PAGE_LIMITS.imageMaxHeightMaxChars) },
    ]);
  });

  it.each([
    ['heading', 'content'],
    ['calloutBox', 'content'],
    ['featureItem', 'title'],
    ['featureItem', 'subtitle'],
    ['callToAction', 'content'],
    ['coverImage', 'title'],
    ['teamMember', 'name'],
    ['youTube', 'content'],
    ['giantIconButton', 'name'],
  ] as const)('%s.%s is required', (kind, field) => {
    expect(errorsOf({ ...VALID[kind], [field]: '  ' })).toEqual([{ path: field, message: 'Is required.' }]);
  });

  it('requires the target of a call to action and refuses javascript: links', () => {
    const { link: _link, ...noLink } = VALID.callToAction as { link: string };
    expect(errorsOf(noLink).map((error) => error.path)).toEqual(['link']);
    expect(errorsOf({ ...VALID.callToAction, link: 'javascript:alert(1)' }).map((error) => error.path)).toEqual([
      'link',
    ]);
    expect(errorsOf({ ...VALID.callToAction, link: '//evil.example' }).map((error) => error.path)).toEqual(['link']);
    expect(errorsOf({ ...VALID.callToAction, link: 'mailto:team@example.org' })).toEqual([]);
  });

  it.each(['featureItem', 'file', 'coverImage', 'image'] as const)('%s requires exactly one file', (kind) => {
    expect(errorsOf({ ...VALID[kind], files: [] })).toEqual([{ path: 'files', message: 'A file is required.' }]);
  });

  it('requires alt text on every file', () => {
    expect(errorsOf({ ...VALID.coverImage, files: [{ ...image, alt: '' }] })).toEqual([
      { path: 'files.0.alt', message: 'Is required.' },
    ]);
  });

  it('refuses fields a kind does not use', () => {
    expect(errorsOf({ ...VALID.heading, link: '/team' }).map((error) => error.path)).toEqual(['link']);
  });

  it('fills defaults: heading h2 in the default colour, youTube captions in English', () => {
    expect(SectionWidget.parse(VALID.heading)).toEqual({
      kind: 'heading',
      name: '',
      title: '',
      subtitle: '',
      content: 'Our work',
      link: '',
      files: [],
      customAttributes: { type: 'h2', color: 'default' },
    });
    expect(SectionWidget.parse(VALID.youTube).customAttributes).toEqual({ captions: 'en' });
  });

  it('refuses a heading level or colour outside the lists', () => {
    expect(errorsOf({ ...VALID.heading, customAttributes: { type: 'h7' } }).map((error) => error.path)).toEqual([
      'customAttributes.type',
    ]);
    expect(errorsOf({ ...VALID.heading, customAttributes: { color: 'green' } }).map((error) => error.path)).toEqual([
      'customAttributes.color',
    ]);
  });

  it("checks that a team member's avatar names one of its files", () => {
    expect(errorsOf({ ...VALID.teamMember, files: [image], customAttributes: { avatarFileId: FILE_ID } })).toEqual([]);
    expect(errorsOf({ ...VALID.teamMember, customAttributes: { avatarFileId: FILE_ID } })).toEqual([
      { path: 'customAttributes.avatarFileId', message: 'Must name one of the files.' },
    ]);
  });

  it('collections: 1 to 12 distinct collection ids, comma-separated (issue 26 item 2)', () => {
    const id = (n: number) => `01jd0000000000000000000c${String(n).padStart(2, '0')}`;
    const ids = (count: number) => Array.from({ length: count }, (_, n) => id(n + 1)).join(',');
    const withIds = (collectionIds: string) => ({ ...VALID.collections, customAttributes: { collectionIds } });
    const refused = [{ path: 'customAttributes.collectionIds', message: COLLECTIONS_WIDGET_IDS_MESSAGE }];
    expect(errorsOf(withIds(ids(12)))).toEqual([]);
    expect(errorsOf(withIds(` ${id(1)} , ${id(2)} `))).toEqual([]);
    expect(errorsOf(withIds(ids(13)))).toEqual(refused);
    expect(errorsOf(withIds(''))).toEqual(refused);
    expect(errorsOf(withIds(`${id(1)},${id(1)}`))).toEqual(refused);
    expect(errorsOf(withIds(`${id(1)},not-an-id`))).toEqual(refused);
    expect(errorsOf({ ...VALID.collections, customAttributes: {} })).toEqual(refused);
    expect(errorsOf({ ...VALID.collections, link: '/x' }).map((error) => error.path)).toEqual(['link']);
    expect(collectionIdsOf(` ${id(2)}, ,${id(1)}`)).toEqual([id(2), id(1)]);
  });

  it('accepts every kind of spec §3', () => {
    for (const kind of WIDGET_KINDS) expect(errorsOf(VALID[kind])).toEqual([]);
  });
});

describe('PageHref and PageHrefQuery (spec §5 "Pages", decision record 026)', () => {
  it('allows hyphens, digits and slashes; refuses upper case, spaces and a missing slash', () => {
    for (const href of ['/team', '/terms-of-use', '/call-for-courseware/content-categories', '/2027']) {
      expect(PageHref.safeParse(href).success).toBe(true);
    }
    for (const href of ['team', '/Team', '/terms of use', '/team?x=1', '/team_page']) {
      expect(PageHref.safeParse(href).error?.issues[0]?.message).toBe(PAGE_HREF_MESSAGE);
    }
  });

  it('takes 1024 characters and refuses 1025', () => {
    expect(PageHref.safeParse(`/${'a'.repeat(1023)}`).success).toBe(true);
    expect(PageHref.safeParse(`/${'a'.repeat(1024)}`).error?.issues[0]?.message).toBe(tooLong(1024));
  });

  it('normalises the query: lower case, no trailing slash', () => {
    expect(PageHrefQuery.parse({ href: '/Terms-Of-Use/' })).toEqual({ href: '/terms-of-use' });
    expect(PageHrefQuery.parse({ href: '/' })).toEqual({ href: '/' });
    expect(normalizePageHref(' /Privacy ')).toBe('/privacy');
    expect(PageHrefQuery.safeParse({}).success).toBe(false);
  });
});

describe('Page and PageSection', () => {
  const section = {
    id: '01jd0000000000000000000001',
    index: 0,
    key: '',
    name: 'About',
    description: '',
    widgets: [SectionWidget.parse(VALID.heading)],
    layout: { name: 'oneColumn' },
  };
  const page = {
    id: '01jd0000000000000000000002',
    title: 'Team',
    href: '/team',
    parentId: null,
    status: 'published',
    meta: { description: 'Who we are', images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections: [section],
    createdTimestamp: '2026-11-21T10:00:00.000Z',
    modifiedTimestamp: '2026-11-21T10:00:00.000Z',
  };

  it('parses a page with a section', () => {
    expect(Page.parse(page)).toEqual(page);
  });

  it('limits the title to 256 characters and the description to 256', () => {
    expect(Page.safeParse({ ...page, title: 'a'.repeat(256) }).success).toBe(true);
    expect(Page.safeParse({ ...page, title: 'a'.repeat(257) }).success).toBe(false);
    expect(Page.safeParse({ ...page, meta: { description: 'a'.repeat(256), images: [] } }).success).toBe(true);
    expect(Page.safeParse({ ...page, meta: { description: 'a'.repeat(257), images: [] } }).success).toBe(false);
  });

  it('refuses a section layout other than oneColumn and a negative index', () => {
    expect(PageSection.safeParse({ ...section, layout: { name: 'twoColumns' } }).success).toBe(false);
    expect(PageSection.safeParse({ ...section, index: -1 }).success).toBe(false);
  });
});

describe('pageGroups (spec §2.14 grouped list)', () => {
  it('lists the group-<name> parameters in the order of their values, ignoring blanks and other keys', () => {
    expect(
      pageGroups({
        parameters: { 'group-Labs': '1', 'group-Courses': '0', 'group- ': '2', 'group-Zeta': 'x', other: '3' },
      }),
    ).toEqual(['Courses', 'Labs', 'Zeta']);
  });

  it('takes names that differ only in case as one group, spelt as the first in order (issue 21 item 16)', () => {
    expect(pageGroups({ parameters: { 'group-labs': '1', 'group-Labs': '0', 'group-LABS': '2' } })).toEqual(['Labs']);
    expect(groupOfKey(['Labs', 'Guides'], ' GUIDES ')).toBe('Guides');
    expect(groupOfKey(['Labs'], '')).toBeNull();
    expect(GroupOrderInput.safeParse({ groups: ['Labs', 'labs'] }).success).toBe(false);
    expect(GroupOrderInput.safeParse({ groups: ['Labs', 'Guides'] }).success).toBe(true);
  });
});
