import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage } from '#shared/contracts/file';
import { SectionWidget } from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import {
  attachedFileName,
  attachedSectionFiles,
  isUploadOfKind,
  namedWidgetFiles,
  pageDeleteBatches,
  planSectionFiles,
  sectionFileIds,
  WIDGET_FILE_EXPIRED_MESSAGE,
  WIDGET_FILE_FOREIGN_MESSAGE,
  WIDGET_FILE_IN_USE_MESSAGE,
  WIDGET_FILE_KIND_MESSAGE,
  WIDGET_FILE_MISSING_MESSAGE,
  WIDGET_FILE_NOT_READY_MESSAGE,
  WIDGET_FILE_TWICE_MESSAGE,
  WIDGET_IMAGE_KIND_MESSAGE,
  type WidgetFileRecord,
  widgetFileKindOf,
  widgetFileProblem,
} from './page-files.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const EPOCH = Math.floor(NOW.getTime() / 1000);
const ME = 'user-me';
const SECTION = '01jdsection0000000000000000';
const id = (n: number) => `01jdf${String(n).padStart(21, '0')}`;

const file = (fileId: string, filename = 'photo.png') => ({ fileId, filename, mimeType: 'x/client', alt: 'Alt.' });

/** A Ready, unattached upload by the caller: a PNG of 1,000 bytes, owner type Page. */
function upload(fileId: string, overrides: Partial<WidgetFileRecord> = {}): WidgetFileRecord {
  return {
    id: fileId,
    type: 'image/png',
    size: 1_000,
    status: 'Ready',
    visibility: 'public',
    metadata: { id: fileId, type: 'Page' },
    createdBy: ME,
    expiresAt: EPOCH + 3_600,
    ...overrides,
  };
}

const image = (fileId: string) => SectionWidget.parse({ kind: 'image', files: [file(fileId)] });
const teamMember = (files: string[], avatar?: string, logo?: string) =>
  SectionWidget.parse({
    kind: 'teamMember',
    name: 'Ada',
    files: files.map((fileId) => file(fileId)),
    customAttributes: { ...(avatar ? { avatarFileId: avatar } : {}), ...(logo ? { logoFileId: logo } : {}) },
  });
const fileWidget = (fileId: string) =>
  SectionWidget.parse({ kind: 'file', files: [{ ...file(fileId, 'guide.pdf'), mimeType: 'application/pdf' }] });

describe('widgetFileKindOf', () => {
  it('gives widgetImage to image-bearing widgets, widgetFile to the file widget, null otherwise', () => {
    for (const kind of ['featureItem', 'contentBox', 'coverImage', 'image', 'teamMember'] as const) {
      expect(widgetFileKindOf(kind)).toBe('widgetImage');
    }
    expect(widgetFileKindOf('file')).toBe('widgetFile');
    for (const kind of [
      'heading',
      'calloutBox',
      'callToAction',
      'youTube',
      'giantIconButton',
      'collections',
    ] as const) {
      expect(widgetFileKindOf(kind)).toBeNull();
    }
  });
});

describe('namedWidgetFiles', () => {
  it('lists every file with its path, kind and the team member avatar / logo limit', () => {
    const named = namedWidgetFiles([teamMember([id(1), id(2)], id(1), id(2))]);
    expect(named).toEqual([
      expect.objectContaining({
        fileId: id(1),
        path: 'body.widgets.0.files.0',
        kind: 'widgetImage',
        maxBytes: PAGE_LIMITS.teamAvatarMaxBytes,
      }),
      expect.objectContaining({
        fileId: id(2),
        path: 'body.widgets.0.files.1',
        kind: 'widgetImage',
        maxBytes: PAGE_LIMITS.teamLogoMaxBytes,
      }),
    ]);
    expect(namedWidgetFiles([fileWidget(id(3))])).toEqual([
      expect.objectContaining({ path: 'body.widgets.0.files.0', kind: 'widgetFile', maxBytes: null }),
    ]);
    expect(namedWidgetFiles([SectionWidget.parse({ kind: 'heading', content: 'Hi' })])).toEqual([]);
  });

  it('distinct ids of a section, none for null', () => {
    expect(sectionFileIds({ widgets: [teamMember([id(1), id(1)])] })).toEqual([id(1)]);
    expect(sectionFileIds(null)).toEqual([]);
  });
});

describe('isUploadOfKind', () => {
  it('tells page images from page files by owner type, bucket, media type and size', () => {
    expect(isUploadOfKind(upload(id(1)), 'widgetImage')).toBe(true);
    expect(isUploadOfKind(upload(id(1)), 'widgetFile')).toBe(true);
    const pdf = upload(id(1), { type: 'application/pdf' });
    expect(isUploadOfKind(pdf, 'widgetImage')).toBe(false);
    expect(isUploadOfKind(pdf, 'widgetFile')).toBe(true);
    const big = upload(id(1), { size: PAGE_LIMITS.widgetImageMaxBytes + 1 });
    expect(isUploadOfKind(big, 'widgetImage')).toBe(false);
    expect(isUploadOfKind(big, 'widgetFile')).toBe(true);
    expect(isUploadOfKind(upload(id(1), { metadata: { id: id(1), type: 'Content' } }), 'widgetImage')).toBe(false);
    expect(isUploadOfKind(upload(id(1), { visibility: 'private' }), 'widgetFile')).toBe(false);
    expect(isUploadOfKind(upload(id(1), { bundle: {} }), 'widgetFile')).toBe(false);
  });
});

describe('widgetFileProblem', () => {
  const [named] = namedWidgetFiles([image(id(1))]);
  const [avatar] = namedWidgetFiles([teamMember([id(1)], id(1))]);
  if (!named || !avatar) throw new Error('no named file');

  it('accepts the caller’s Ready, unattached upload of the right kind', () => {
    expect(widgetFileProblem(named, upload(id(1)), ME, NOW)).toBeNull();
  });

  it('names each refusal', () => {
    const cases: [WidgetFileRecord | undefined, string][] = [
      [undefined, WIDGET_FILE_MISSING_MESSAGE],
      [upload(id(1), { createdBy: 'someone-else' }), WIDGET_FILE_FOREIGN_MESSAGE],
      [upload(id(1), { createdBy: undefined }), WIDGET_FILE_FOREIGN_MESSAGE],
      [upload(id(1), { type: 'application/pdf' }), WIDGET_IMAGE_KIND_MESSAGE],
      [upload(id(1), { metadata: { id: id(1), type: 'Portrait' } }), WIDGET_IMAGE_KIND_MESSAGE],
      [
        upload(id(1), { expiresAt: undefined, metadata: { id: 'elsewhere', type: 'Page' } }),
        WIDGET_FILE_IN_USE_MESSAGE,
      ],
      [upload(id(1), { status: 'Pending' }), WIDGET_FILE_NOT_READY_MESSAGE],
      [upload(id(1), { status: 'Failed' }), WIDGET_FILE_NOT_READY_MESSAGE],
      [upload(id(1), { expiresAt: EPOCH }), WIDGET_FILE_EXPIRED_MESSAGE],
      [upload(id(1), { expiresAt: EPOCH - 60 }), WIDGET_FILE_EXPIRED_MESSAGE],
    ];
    for (const [record, message] of cases) expect(widgetFileProblem(named, record, ME, NOW)).toBe(message);
    const [fileNamed] = namedWidgetFiles([fileWidget(id(1))]);
    if (!fileNamed) throw new Error('no file');
    expect(widgetFileProblem(fileNamed, upload(id(1), { type: 'application/x-msdownload' }), ME, NOW)).toBe(
      WIDGET_FILE_KIND_MESSAGE,
    );
  });

  it(`refuses a team avatar over ${PAGE_LIMITS.teamAvatarMaxBytes} bytes, takes one at the limit`, () => {
    expect(widgetFileProblem(avatar, upload(id(1), { size: PAGE_LIMITS.teamAvatarMaxBytes }), ME, NOW)).toBeNull();
    expect(widgetFileProblem(avatar, upload(id(1), { size: PAGE_LIMITS.teamAvatarMaxBytes + 1 }), ME, NOW)).toBe(
      fileTooLargeMessage(PAGE_LIMITS.teamAvatarMaxBytes),
    );
    // A team member's file that is neither avatar nor logo has the widget image limit only.
    const [plain] = namedWidgetFiles([teamMember([id(1)])]);
    if (!plain) throw new Error('no file');
    expect(widgetFileProblem(plain, upload(id(1), { size: 900_000 }), ME, NOW)).toBeNull();
  });
});

describe('planSectionFiles', () => {
  const base = { sectionId: SECTION, uploadedBy: ME, now: NOW };

  it('attaches new uploads with the filename cut to 120 characters and the record’s media type', () => {
    const long = `${'a'.repeat(130)}.png`;
    const widget = SectionWidget.parse({ kind: 'image', files: [file(id(1), long)] });
    const plan = planSectionFiles({ ...base, widgets: [widget], stored: null, records: [upload(id(1))] });
    expect(plan.errors).toEqual([]);
    expect(plan.attach).toEqual([{ fileId: id(1), name: 'a'.repeat(120), path: 'body.widgets.0.files.0' }]);
    expect(plan.detach).toEqual([]);
    expect(plan.widgets[0]?.files[0]?.mimeType).toBe('image/png');
    expect(attachedFileName('   ')).toBe('File');
  });

  it('keeps unchanged files, detaches replaced ones attached to the section, attaches the new one', () => {
    const stored = { widgets: [teamMember([id(1), id(2)], id(1), id(2))] };
    const widgets = [teamMember([id(1), id(3)], id(1), id(3))];
    const records = [
      upload(id(1), { expiresAt: undefined, metadata: { id: SECTION, type: 'Page' } }),
      upload(id(2), { expiresAt: undefined, metadata: { id: SECTION, type: 'Page' } }),
      upload(id(3)),
    ];
    const plan = planSectionFiles({ ...base, widgets, stored, records });
    expect(plan.errors).toEqual([]);
    expect(plan.attach.map((attach) => attach.fileId)).toEqual([id(3)]);
    expect(plan.detach).toEqual([id(2)]);
  });

  it('detaches nothing for a removed file that is not attached to the section', () => {
    const stored = { widgets: [image(id(1))] };
    const records = [upload(id(1), { expiresAt: undefined, metadata: { id: 'another-owner', type: 'Page' } })];
    expect(planSectionFiles({ ...base, widgets: [], stored, records }).detach).toEqual([]);
    expect(planSectionFiles({ ...base, widgets: [], stored, records: [] }).detach).toEqual([]);
  });

  it('refuses a file named twice at its second place, and every refused file', () => {
    const widgets = [teamMember([id(1), id(1)])];
    const plan = planSectionFiles({ ...base, widgets, stored: null, records: [upload(id(1))] });
    expect(plan.errors).toEqual([{ path: 'body.widgets.0.files.1', message: WIDGET_FILE_TWICE_MESSAGE }]);
    const both = planSectionFiles({ ...base, widgets: [teamMember([id(1), id(2)])], stored: null, records: [] });
    expect(both.errors).toEqual([
      { path: 'body.widgets.0.files.0', message: WIDGET_FILE_MISSING_MESSAGE },
      { path: 'body.widgets.0.files.1', message: WIDGET_FILE_MISSING_MESSAGE },
    ]);
  });

  it('checks the avatar size of an unchanged file that became the avatar', () => {
    const stored = { widgets: [teamMember([id(1)])] };
    const records = [upload(id(1), { size: 60_000, expiresAt: undefined, metadata: { id: SECTION, type: 'Page' } })];
    const plan = planSectionFiles({ ...base, widgets: [teamMember([id(1)], id(1))], stored, records });
    expect(plan.errors).toEqual([
      { path: 'body.widgets.0.files.0', message: fileTooLargeMessage(PAGE_LIMITS.teamAvatarMaxBytes) },
    ]);
  });
});

describe('attachedSectionFiles', () => {
  it('lists, per section, the files whose owner is that section', () => {
    const sections = [
      { id: 'a', widgets: [teamMember([id(1), id(2)])] },
      { id: 'b', widgets: [] },
    ];
    const records = [
      { id: id(1), metadata: { id: 'a', type: 'Page' } },
      { id: id(2), metadata: { id: 'elsewhere', type: 'Page' } },
    ];
    expect(attachedSectionFiles(sections, records)).toEqual([
      { id: 'a', fileIds: [id(1)] },
      { id: 'b', fileIds: [] },
    ]);
  });
});

describe('pageDeleteBatches', () => {
  const sections = (count: number, files: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `s${i}`,
      fileIds: Array.from({ length: files }, (_, j) => `f${j}`),
    }));
  const elements = (batch: { fileIds: readonly string[] }[]) =>
    batch.reduce((sum, section) => sum + 1 + section.fileIds.length, 0);

  it('is one transaction when page, guard, sections and detaches fit 100 elements', () => {
    expect(pageDeleteBatches(sections(50, 0))).toEqual({ batches: [], final: sections(50, 0) });
    expect(pageDeleteBatches(sections(49, 1)).batches).toEqual([]); // 2 + 98 = 100
  });

  it('splits past 100 elements: batches of at most 99 section elements, the rest with the page', () => {
    const all = sections(50, 2); // 2 + 150 elements
    const { batches, final } = pageDeleteBatches(all);
    expect(batches.length).toBeGreaterThan(0);
    for (const batch of batches) expect(1 + elements(batch)).toBeLessThanOrEqual(100);
    expect(2 + elements(final)).toBeLessThanOrEqual(100);
    expect([...batches.flat(), ...final]).toEqual(all);
    expect(batches).toEqual([all.slice(0, 33)]);
    expect(final).toEqual(all.slice(33));
  });

  it('keeps a section with its files and leaves the page alone when the last chunk is full', () => {
    const { batches, final } = pageDeleteBatches(sections(3, 2), 8);
    // 2 + 9 > 8; chunks of ≤ 7: [s0, s1] (6), [s2] (3) → 2 + 3 ≤ 8 goes with the page.
    expect(batches.map((batch) => batch.map((s) => s.id))).toEqual([['s0', 's1']]);
    expect(final.map((s) => s.id)).toEqual(['s2']);
    const tight = pageDeleteBatches(sections(2, 2), 4);
    expect(tight.batches.map((batch) => batch.map((s) => s.id))).toEqual([['s0'], ['s1']]);
    expect(tight.final).toEqual([]);
  });
});
