import { describe, expect, it } from 'vitest';
import {
  COLLECTIONS_WIDGET_IDS_MESSAGE,
  COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE,
  type PageSection,
  SECTION_TOO_LARGE_MESSAGE,
  SectionInput,
  type SectionWidget,
  WIDGET_KINDS,
} from '#shared/contracts/page';
import {
  canAddWidget,
  canDeleteWidget,
  checkSection,
  emptyWidget,
  errorsFromDetails,
  FILE_REQUIRED_MESSAGE,
  fieldOrder,
  firstInvalid,
  KIND_REQUIRED_MESSAGE,
  SECTION_FORM_SCHEMA,
  sectionBody,
  sectionDraftOf,
  widgetKey,
  withKind,
} from './section-form.ts';
import { fileTypeDescription, megabytesText, WIDGET_FIELDS } from './widget-fields.ts';
import { filePickProblem } from './widget-files.ts';

const id = (n: number) => `01jd7k2m3n4p5q6r7s8t9v0f${String(n).padStart(2, '0')}`;
const file = (n: number, alt = `Picture ${n}`) => ({
  fileId: id(n),
  filename: `p${n}.png`,
  mimeType: 'image/png',
  alt,
});
const common = { name: '', title: '', subtitle: '', content: '', link: '', files: [], customAttributes: {} };

/** One stored widget of every kind, as the server answers them. */
const EVERY_KIND = [
  { ...common, kind: 'calloutBox', content: 'Note this.' },
  { ...common, kind: 'contentBox', content: '<p>Hello</p>', files: [file(1)] },
  { ...common, kind: 'callToAction', content: 'Contact us', link: '/contact-us' },
  { ...common, kind: 'coverImage', title: 'Welcome', subtitle: 'To the range', files: [file(2)] },
  {
    ...common,
    kind: 'teamMember',
    name: 'Ada',
    title: 'Instructor',
    content: '<p>Teaches.</p>',
    files: [file(3), file(4)],
    customAttributes: { avatarFileId: id(3), logoFileId: id(4) },
  },
  { ...common, kind: 'heading', content: 'Our team', customAttributes: { type: 'h3', color: 'tertiary' } },
  {
    ...common,
    kind: 'image',
    title: 'Lab',
    files: [file(5)],
    customAttributes: { maxHeight: '20em', position: 'left' },
  },
  { ...common, kind: 'featureItem', title: 'Labs', subtitle: 'Hands-on', files: [file(6)] },
  { ...common, kind: 'youTube', content: 'dQw4w9WgXcQ', customAttributes: { captions: 'es' } },
  { ...common, kind: 'giantIconButton', name: 'Courses', link: '/courseware', customAttributes: { icon: 'school' } },
  {
    ...common,
    kind: 'file',
    name: 'Syllabus',
    files: [{ fileId: id(7), filename: 's.pdf', mimeType: 'application/pdf', alt: 'PDF document' }],
  },
  { ...common, kind: 'collections', title: 'Curated', customAttributes: { collectionIds: `${id(8)},${id(9)}` } },
] as SectionWidget[];

const sectionOf = (widgets: SectionWidget[]): PageSection => ({
  id: id(90),
  index: 0,
  key: 'Guides',
  name: 'S',
  description: '<p>d</p>',
  widgets,
  layout: { name: 'oneColumn' },
});

describe('the section form (spec §4 "Section dialog", §5 "Widgets")', () => {
  it('gives back every kind of stored widget unchanged', () => {
    for (const widget of EVERY_KIND) {
      const section = sectionOf([widget]);
      const body = SectionInput.parse(sectionBody(sectionDraftOf(section)));
      expect(body.widgets, widget.kind).toEqual([widget]);
      expect(body.key).toBe('Guides');
    }
    expect(new Set(EVERY_KIND.map((widget) => widget.kind))).toEqual(new Set(WIDGET_KINDS));
  });

  it('opens a team member description stored as plain text as the HTML the editor writes (issue 25 item 1)', () => {
    const plain = { ...(EVERY_KIND.find((widget) => widget.kind === 'teamMember') as SectionWidget) };
    const stored = { ...plain, content: 'Teaches <b> & labs.\nEvery week.\n\nSince 2019.' } as SectionWidget;
    const body = SectionInput.parse(sectionBody(sectionDraftOf(sectionOf([stored]))));
    expect(body.widgets[0]?.content).toBe('<p>Teaches &lt;b&gt; &amp; labs.<br>Every week.</p><p>Since 2019.</p>');
  });

  it('has a form for each kind', () => {
    expect(Object.keys(WIDGET_FIELDS).sort()).toEqual([...WIDGET_KINDS].sort());
  });

  it('clears the widget when the kind changes while creating, and keeps a saved kind', () => {
    const created = withKind(sectionDraftOf(null, 'Labs'), 'heading');
    expect(created.key).toBe('Labs');
    const typed = { ...created, widgets: created.widgets.map((widget) => ({ ...widget, content: 'Hello' })) };
    const changed = withKind(typed, 'calloutBox');
    expect(changed.widgets).toHaveLength(1);
    expect(changed.widgets[0]).toMatchObject({ kind: 'calloutBox', content: '' });

    const saved = sectionDraftOf(sectionOf([EVERY_KIND[0] as SectionWidget]));
    expect(withKind(saved, 'heading')).toBe(saved);
  });

  it('lets only giant icon buttons add widgets, and delete any while more than one remains', () => {
    const buttons = withKind(sectionDraftOf(null), 'giantIconButton');
    expect(canAddWidget(buttons)).toBe(true);
    expect(canDeleteWidget(buttons)).toBe(false);
    const two = { ...buttons, widgets: [...buttons.widgets, emptyWidget('giantIconButton')] };
    expect(canDeleteWidget(two)).toBe(true);
    expect(canAddWidget(withKind(sectionDraftOf(null), 'heading'))).toBe(false);
  });

  it('checks every widget, with the first invalid field in screen order', () => {
    const buttons = withKind(sectionDraftOf(null), 'giantIconButton');
    const first = { ...emptyWidget('giantIconButton'), name: 'Ok', link: '/courseware' };
    const second = { ...emptyWidget('giantIconButton'), name: 'Bad', link: 'javascript:alert(1)' };
    const check = checkSection({ ...buttons, widgets: [first, second] });
    if (check.ok) throw new Error('expected messages');
    expect(Object.keys(check.errors)).toEqual([widgetKey(1, 'link')]);
    expect(firstInvalid({ ...buttons, widgets: [first, second] }, check.errors)).toEqual({
      key: widgetKey(1, 'link'),
      widgetIndex: 1,
    });
  });

  it('puts each message of the form schema at the path of its value, in screen order (issue 23 item 4)', () => {
    const stored = sectionDraftOf(sectionOf([EVERY_KIND[0] as SectionWidget]));
    expect(SECTION_FORM_SCHEMA.safeParse(stored)).toEqual({ success: true, data: stored });
    const cover = withKind(sectionDraftOf(null), 'coverImage');
    const check = checkSection(cover);
    const parsed = SECTION_FORM_SCHEMA.safeParse(cover);
    if (check.ok || parsed.success) throw new Error('expected messages');
    const issues = parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      fieldOrder(cover)
        .filter((key) => check.errors[key] !== undefined)
        .map((key) => [key, check.errors[key]]),
    );
    expect(issues.map(([key]) => key)).toContain(widgetKey(0, 'files.image'));
  });

  it('asks for a kind and for a required file', () => {
    const none = checkSection(sectionDraftOf(null));
    expect(none).toEqual({ ok: false, errors: { kind: KIND_REQUIRED_MESSAGE } });
    const cover = checkSection(withKind(sectionDraftOf(null), 'coverImage'));
    if (cover.ok) throw new Error('expected messages');
    expect(cover.errors[widgetKey(0, 'files.image')]).toBe(FILE_REQUIRED_MESSAGE);
    expect(cover.errors[widgetKey(0, 'title')]).toBe('Is required.');
  });

  it('refuses a section too large to store before anything is uploaded', () => {
    const box = withKind(sectionDraftOf(null), 'contentBox');
    const widget = box.widgets[0];
    if (!widget) throw new Error('no widget');
    const huge = { ...widget, content: 'é'.repeat(200_000) };
    expect(checkSection({ ...box, widgets: [huge] })).toEqual({
      ok: false,
      errors: { form: SECTION_TOO_LARGE_MESSAGE },
    });
  });

  it('puts the server’s messages under their fields (files by place, team member ids by place)', () => {
    const team = sectionDraftOf(sectionOf([EVERY_KIND[4] as SectionWidget]));
    expect(
      errorsFromDetails(
        team,
        [
          { path: 'body.widgets.0.files.1.alt', message: 'Is required.' },
          { path: 'body.widgets.0.customAttributes.avatarFileId', message: 'The avatar is larger than 50,000 bytes.' },
          { path: 'body.widgets.0.kind', message: 'The kind of a saved widget cannot change.' },
          { path: 'body.widgets', message: 'Only a section of giant icon buttons may hold several widgets.' },
          { path: 'body', message: 'The section is too large: split its content over several sections.' },
        ],
        'Invalid request.',
      ),
    ).toEqual({
      [widgetKey(0, 'files.logo.alt')]: 'Is required.',
      [widgetKey(0, 'files.avatar')]: 'The avatar is larger than 50,000 bytes.',
      kind: 'The kind of a saved widget cannot change.',
      'widgets.root': 'Only a section of giant icon buttons may hold several widgets.',
      form: 'The section is too large: split its content over several sections.',
    });
    const fileWidget = sectionDraftOf(sectionOf([EVERY_KIND[10] as SectionWidget]));
    expect(errorsFromDetails(fileWidget, [{ path: 'body.widgets.0.files.0.alt', message: 'x' }], 'm')).toEqual({
      [widgetKey(0, 'files.file')]: 'x',
    });
    expect(errorsFromDetails(fileWidget, [], 'Invalid request.')).toEqual({ form: 'Invalid request.' });
  });
});

describe('the collections widget in the section form (issue 26 item 2)', () => {
  it('starts with no collection chosen, says so at the picker, and sends the ids as one attribute', () => {
    const draft = withKind(sectionDraftOf(null), 'collections');
    expect(draft.widgets[0]?.attributes).toEqual({ collectionIds: '' });
    const empty = checkSection(draft);
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.errors[widgetKey(0, 'attributes.collectionIds')]).toBe(COLLECTIONS_WIDGET_IDS_MESSAGE);
    }
    const chosen = {
      ...draft,
      widgets: draft.widgets.map((widget) => ({ ...widget, attributes: { collectionIds: `${id(2)},${id(1)}` } })),
    };
    const check = checkSection(chosen);
    expect(check.ok && check.body.widgets[0]).toMatchObject({
      kind: 'collections',
      customAttributes: { collectionIds: `${id(2)},${id(1)}` },
    });
  });

  it('puts the server’s message about a collection no longer curated under the picker', () => {
    const draft = withKind(sectionDraftOf(null), 'collections');
    expect(
      errorsFromDetails(
        draft,
        [{ path: 'body.widgets.0.customAttributes.collectionIds', message: COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE }],
        'Invalid request.',
      ),
    ).toEqual({ [widgetKey(0, 'attributes.collectionIds')]: COLLECTIONS_WIDGET_NOT_CURATED_MESSAGE });
    expect(fieldOrder(draft)).toContain(widgetKey(0, 'attributes.collectionIds'));
  });
});

describe('widget file checks (spec §5 "Widgets", "File picker")', () => {
  const imageSpec = { uploadKind: 'widgetImage', maxBytes: 1_000_000 } as const;
  const avatarSpec = { uploadKind: 'widgetImage', maxBytes: 50_000 } as const;
  const fileSpec = { uploadKind: 'widgetFile', maxBytes: 104_857_600 } as const;

  it('refuses the wrong type, a file over the place’s maximum and an empty file', () => {
    expect(filePickProblem({ name: 'a.png', type: 'image/png', size: 1_000_000 }, imageSpec)).toBeNull();
    expect(filePickProblem({ name: 'a.png', type: 'image/png', size: 1_000_001 }, imageSpec)).toBe('size');
    expect(filePickProblem({ name: 'a.png', type: 'image/png', size: 50_001 }, avatarSpec)).toBe('size');
    expect(filePickProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 }, imageSpec)).toBe('type');
    expect(filePickProblem({ name: 'a.jpg', type: 'image/png', size: 10 }, imageSpec)).toBe('type');
    expect(filePickProblem({ name: 'a.pdf', type: 'application/pdf', size: 104_857_600 }, fileSpec)).toBeNull();
    expect(filePickProblem({ name: 'a.pdf', type: 'application/pdf', size: 104_857_601 }, fileSpec)).toBe('size');
    expect(filePickProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 }, fileSpec)).toBe('empty');
    expect(filePickProblem({ name: `${'n'.repeat(121)}.pdf`, type: 'application/pdf', size: 1 }, fileSpec)).toBe(
      'name',
    );
  });

  it('describes file types and sizes as people read them', () => {
    expect(fileTypeDescription('application/pdf')).toBe('PDF document');
    expect(fileTypeDescription('application/x-unknown')).toBe('File');
    expect(megabytesText(1_000_000)).toBe('1 MB');
    expect(megabytesText(50_000)).toBe('0.05 MB');
    expect(megabytesText(104_857_600)).toBe('104.86 MB');
  });
});
