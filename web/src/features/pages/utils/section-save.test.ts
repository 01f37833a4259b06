import { describe, expect, it, type Mock, vi } from 'vitest';
import type { Page, PageSection, SectionInput, SectionWidget } from '#shared/contracts/page';
import { ALT_REQUIRED_MESSAGE, type SectionDraft, sectionDraftOf, widgetKey } from './section-form.ts';
import { pendingUploads, type SectionSaveSteps, saveSection } from './section-save.ts';

const STAMP = '2026-11-21T09:00:00.000Z';
const PAGE_ID = '01jd7k2m3n4p5q6r7s8t9v0p01';
const SECTION_ID = '01jd7k2m3n4p5q6r7s8t9v0s01';
const STORED_ID = '01jd7k2m3n4p5q6r7s8t9v0f01';
const fileId = (n: number) => `01jd7k2m3n4p5q6r7s8t9v0w${String(n).padStart(2, '0')}`;

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

function page(sections: PageSection[] = []): Page {
  return {
    id: PAGE_ID,
    title: 'Team',
    href: '/team',
    parentId: null,
    status: 'published',
    meta: { description: 'Who we are.', images: [] },
    layout: { name: 'handSortedList', parameters: {} },
    sections,
    createdTimestamp: STAMP,
    modifiedTimestamp: STAMP,
  };
}

const storedImage: SectionWidget = {
  kind: 'image',
  name: '',
  title: 'The range',
  subtitle: '',
  content: '',
  link: '',
  files: [{ fileId: STORED_ID, filename: 'old.png', mimeType: 'image/png', alt: 'The old picture' }],
  customAttributes: { maxHeight: '', position: 'center' },
};

const storedSection: PageSection = {
  id: SECTION_ID,
  index: 0,
  key: '',
  name: 'Pictures',
  description: '',
  widgets: [storedImage],
  layout: { name: 'oneColumn' },
};

/** A team member with a new avatar and a new logo (two uploads). */
function teamDraft(): SectionDraft {
  const draft = sectionDraftOf(null);
  return {
    ...draft,
    name: 'People',
    kind: 'teamMember',
    widgets: [
      {
        draftId: 'w1',
        kind: 'teamMember',
        saved: false,
        name: 'Ada Lovelace',
        title: 'Instructor',
        subtitle: '',
        content: 'Teaches secure coding.',
        link: '',
        attributes: {},
        files: {
          avatar: { stored: null, picked: png('ada.png'), alt: 'Ada smiling' },
          logo: { stored: null, picked: png('logo.png'), alt: 'University logo' },
        },
      },
    ],
  };
}

interface MockSteps {
  upload: Mock<SectionSaveSteps['upload']>;
  write: Mock<SectionSaveSteps['write']>;
  deleteUpload: Mock<SectionSaveSteps['deleteUpload']>;
}

/** Steps whose uploads answer ids 1, 2, … and whose write answers the page; each overridable. */
function steps(overrides: Partial<MockSteps> = {}): MockSteps {
  let next = 0;
  const upload = vi.fn<SectionSaveSteps['upload']>(async (_request, { onStarted, onProgress }) => {
    next += 1;
    const id = fileId(next);
    onStarted(id);
    onProgress(0.5);
    return id;
  });
  const write = vi.fn<SectionSaveSteps['write']>(async (body: SectionInput) =>
    page([{ ...storedSection, widgets: body.widgets as SectionWidget[] }]),
  );
  const deleteUpload = vi.fn<SectionSaveSteps['deleteUpload']>(async () => ({}));
  return { upload, write, deleteUpload, ...overrides };
}

describe('saveSection (spec §4 "Section dialog" save order, §8 section save failure)', () => {
  it('uploads the new files, then writes the section naming them; deletes nothing on success', async () => {
    const s = steps();
    const progress = vi.fn();
    const result = await saveSection(teamDraft(), null, s, { onProgress: progress });

    expect(result.status).toBe('saved');
    expect(s.upload).toHaveBeenCalledTimes(2);
    expect(s.upload.mock.calls.map(([request]) => [request.file.name, request.kind])).toEqual([
      ['ada.png', 'widgetImage'],
      ['logo.png', 'widgetImage'],
    ]);
    const body = s.write.mock.calls[0]?.[0];
    expect(body?.widgets[0]).toMatchObject({
      kind: 'teamMember',
      files: [
        { fileId: fileId(1), filename: 'ada.png', mimeType: 'image/png', alt: 'Ada smiling' },
        { fileId: fileId(2), filename: 'logo.png', mimeType: 'image/png', alt: 'University logo' },
      ],
      customAttributes: { avatarFileId: fileId(1), logoFileId: fileId(2) },
    });
    expect(s.write.mock.invocationCallOrder[0]).toBeGreaterThan(s.upload.mock.invocationCallOrder[1] ?? 0);
    expect(s.deleteUpload).not.toHaveBeenCalled();
    expect(progress).toHaveBeenCalledWith(expect.objectContaining({ file: 1, files: 2, totalBytes: 20, sentBytes: 5 }));
    expect(progress).toHaveBeenLastCalledWith(expect.objectContaining({ file: 2, sentBytes: 20 }));
  });

  it('uploads nothing and writes nothing when a widget is invalid', async () => {
    const s = steps();
    const draft = teamDraft();
    const widget = draft.widgets[0];
    if (!widget) throw new Error('no widget');
    const invalid: SectionDraft = {
      ...draft,
      widgets: [
        { ...widget, name: '', files: { ...widget.files, logo: { stored: null, picked: png('l.png'), alt: '' } } },
      ],
    };
    const result = await saveSection(invalid, null, s);

    expect(result).toEqual({
      status: 'invalid',
      errors: expect.objectContaining({
        [widgetKey(0, 'name')]: 'Is required.',
        [widgetKey(0, 'files.logo.alt')]: ALT_REQUIRED_MESSAGE,
      }),
    });
    expect(s.upload).not.toHaveBeenCalled();
    expect(s.write).not.toHaveBeenCalled();
  });

  it('deletes the first upload when the second one fails, and rethrows the upload error', async () => {
    const failure = new Error('The storage refused the file (status 403).');
    let calls = 0;
    const s = steps({
      upload: vi.fn<SectionSaveSteps['upload']>(async (_request, { onStarted }) => {
        calls += 1;
        if (calls === 2) {
          onStarted(fileId(2));
          throw failure;
        }
        onStarted(fileId(1));
        return fileId(1);
      }),
    });

    await expect(saveSection(teamDraft(), null, s)).rejects.toBe(failure);
    expect(s.write).not.toHaveBeenCalled();
    // The first upload, and the started (Pending) record of the failed one.
    expect(s.deleteUpload.mock.calls.map(([id]) => id)).toEqual([fileId(1), fileId(2)]);
  });

  it('deletes only the finished upload when the failing one never got an id', async () => {
    const failure = new Error('Request made but no response received.');
    let calls = 0;
    const s = steps({
      upload: vi.fn<SectionSaveSteps['upload']>(async () => {
        calls += 1;
        if (calls === 2) throw failure;
        return fileId(1);
      }),
    });
    await expect(saveSection(teamDraft(), null, s)).rejects.toBe(failure);
    expect(s.deleteUpload.mock.calls.map(([id]) => id)).toEqual([fileId(1)]);
  });

  it('deletes every new upload when the section write fails, and rethrows the write error', async () => {
    const conflict = Object.assign(new Error('The page was changed by someone else. Reload it and try again.'), {
      statusCode: 409,
    });
    const s = steps({ write: vi.fn<SectionSaveSteps['write']>(async () => Promise.reject(conflict)) });

    await expect(saveSection(teamDraft(), null, s)).rejects.toBe(conflict);
    expect(s.deleteUpload.mock.calls.map(([id]) => id).sort()).toEqual([fileId(1), fileId(2)]);
  });

  it('rethrows the original write error even when deleting the uploads fails (rejecting or throwing)', async () => {
    const original = new Error('The section is too large: split its content over several sections.');
    let deletes = 0;
    const s = steps({
      write: vi.fn<SectionSaveSteps['write']>(async () => Promise.reject(original)),
      deleteUpload: vi.fn<SectionSaveSteps['deleteUpload']>((id) => {
        deletes += 1;
        if (deletes === 1) throw new Error(`cannot delete ${id}`);
        return Promise.reject(new Error('delete failed too'));
      }),
    });

    await expect(saveSection(teamDraft(), null, s)).rejects.toBe(original);
    expect(s.deleteUpload).toHaveBeenCalledTimes(2);
  });

  it('lists the stored file a new one replaces (the server deletes it), and the client deletes nothing', async () => {
    const draft = sectionDraftOf(storedSection);
    const widget = draft.widgets[0];
    if (!widget) throw new Error('no widget');
    const image = widget.files.image;
    if (!image) throw new Error('no image place');
    const replacing: SectionDraft = {
      ...draft,
      widgets: [{ ...widget, files: { image: { ...image, picked: png('new.png'), alt: 'The new picture' } } }],
    };
    const s = steps();
    const result = await saveSection(replacing, storedSection, s);

    expect(result).toMatchObject({ status: 'saved', replacedFileIds: [STORED_ID] });
    expect(s.write.mock.calls[0]?.[0].widgets[0]?.files).toEqual([
      { fileId: fileId(1), filename: 'new.png', mimeType: 'image/png', alt: 'The new picture' },
    ]);
    expect(s.deleteUpload).not.toHaveBeenCalled();
  });

  it('keeps a stored file untouched: nothing uploaded, nothing replaced', async () => {
    const s = steps();
    const result = await saveSection(sectionDraftOf(storedSection), storedSection, s);
    expect(result).toMatchObject({ status: 'saved', replacedFileIds: [] });
    expect(s.upload).not.toHaveBeenCalled();
    expect(s.write.mock.calls[0]?.[0].widgets[0]?.files).toEqual(storedImage.files);
  });

  it('gives a file widget the description of its type as alt text (spec §5)', async () => {
    const draft = sectionDraftOf(null);
    const s = steps();
    const pdf = new File([new Uint8Array(4)], 'syllabus.pdf', { type: 'application/pdf' });
    const result = await saveSection(
      {
        ...draft,
        kind: 'file',
        widgets: [
          {
            draftId: 'f',
            kind: 'file',
            saved: false,
            name: 'Syllabus',
            title: '',
            subtitle: '',
            content: '',
            link: '',
            attributes: {},
            files: { file: { stored: null, picked: pdf, alt: '' } },
          },
        ],
      },
      null,
      s,
    );
    expect(result.status).toBe('saved');
    expect(s.upload.mock.calls[0]?.[0].kind).toBe('widgetFile');
    expect(s.write.mock.calls[0]?.[0].widgets[0]?.files).toEqual([
      { fileId: fileId(1), filename: 'syllabus.pdf', mimeType: 'application/pdf', alt: 'PDF document' },
    ]);
  });

  it('lists the pending uploads in screen order', () => {
    expect(pendingUploads(teamDraft()).map((upload) => upload.slot)).toEqual(['avatar', 'logo']);
  });
});
