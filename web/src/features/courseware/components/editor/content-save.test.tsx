// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '#shared/contracts/content';
import { bufferOverflowDetail, IDS } from '../../../../testing/fixtures.ts';
import { calledWith } from '../../../../testing/mock-api.ts';
import { showHtmlSource } from '../../../../testing/rich-text.ts';
import { PERSONAS, storeSession } from '../../../../testing/session.ts';
import { childOf, fakeS3, mockEditorApi, renderEditorRoutes, testId } from '../../testing/editor-test-kit.tsx';
import { FILE_TOO_LARGE_MESSAGE } from './files-editor.tsx';

const PATH = '/courseware/seed-labs/software-security/buffer-overflow-setuid';
const CHILDREN = [childOf(IDS.bufferOverflow, 0), childOf(IDS.bufferOverflow, 1)];

function withChildren() {
  return bufferOverflowDetail({
    status: 'unpublished',
    children: CHILDREN.map((child) => ({ id: child.id, index: child.index })),
  });
}

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('form', { name: 'Edit content' });
}

function pdf(name = 'notes.pdf') {
  return new File(['%PDF-1.7'], name, { type: 'application/pdf' });
}

function saves(api: ReturnType<typeof mockEditorApi>) {
  return calledWith(api.spy, 'POST').filter((call) => call.path === '/api/v1/content-saves');
}

describe('saving content in the order of spec §4', () => {
  it('uploads new portraits, then new files, then sends one save naming them', async () => {
    const user = userEvent.setup();
    const children = CHILDREN.map((child, index) => (index === 0 ? { ...child, version: 7 } : child));
    const api = mockEditorApi(withChildren(), { children });
    const posts = fakeS3(api.log, { delayMs: 300 });
    storeSession(PERSONAS.editor());
    renderEditorRoutes(PATH);
    const form = await openEditor(user);

    await user.click(within(form).getByRole('button', { name: 'Add test contributor' }));
    await user.upload(within(form).getByLabelText('Add files'), pdf());
    const childName = within(form).getByRole('textbox', { name: 'Child 1 name' });
    await user.clear(childName);
    await user.type(childName, 'Renamed A');
    await user.type(within(form).getByRole('textbox', { name: 'New child name' }), 'Brand new');
    await user.click(within(form).getByRole('button', { name: 'Add child' }));
    api.log.length = 0;
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    // Each bar shows only while its upload runs (300 ms here): finding it is the check, since
    // on a busy machine it may be gone again by the next line (CI, two workers).
    await screen.findByRole('progressbar', { name: 'Uploading the portrait of Nina New' });
    await screen.findByRole('progressbar', { name: 'Uploading notes.pdf' });
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('Saved.'));
    // The announcement renders at once; leaving edit mode is the next render, not the same one.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit content' })).not.toBeInTheDocument());
    const steps = api.log.filter(
      (entry) =>
        entry.includes('/files') ||
        entry.startsWith('S3') ||
        entry.includes('content-saves') ||
        entry.includes(`content/${CHILDREN[0]?.id}`),
    );
    // No read before the save: a renamed child's version comes with the children list.
    expect(steps).toEqual([
      'POST /api/v1/files/uploads',
      'S3 POST',
      `POST /api/v1/files/${testId('f', 1)}/complete`,
      'POST /api/v1/files/uploads',
      'S3 POST',
      `POST /api/v1/files/${testId('f', 2)}/complete`,
      'POST /api/v1/content-saves',
    ]);
    expect(posts.map((post) => post.names)).toEqual([
      ['key', 'Content-Type', 'file'],
      ['key', 'Content-Type', 'file'],
    ]);
    const uploads = calledWith(api.spy, 'POST').filter((call) => call.path === '/api/v1/files/uploads');
    expect(uploads.map((call) => call.body)).toEqual([
      { kind: 'portrait', name: 'nina.png', type: 'image/png', size: 3 },
      { kind: 'content', name: 'notes.pdf', type: 'application/pdf', size: 8, ownerId: IDS.bufferOverflow },
    ]);
    const [save] = saves(api);
    const body = save?.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: IDS.bufferOverflow, version: 1 });
    const newKey = (body.newContributors as { key: string }[])[0]?.key;
    expect(body.contributors).toEqual([{ id: IDS.wenliangDu }, { key: newKey }]);
    expect(body.newContributors).toEqual([
      expect.objectContaining({ firstName: 'Nina', lastName: 'New', portraitFileId: testId('f', 1) }),
    ]);
    expect(body.changedContributors).toEqual([]);
    expect(body.children).toEqual([
      { id: CHILDREN[0]?.id, name: 'Renamed A', version: 7 },
      { id: CHILDREN[1]?.id },
      { key: expect.stringMatching(/^new-/), name: 'Brand new', status: 'unpublished', categories: ['lesson'] },
    ]);
    expect(body.files).toEqual([
      { id: IDS.pdf, name: 'Buffer_Overflow_Setuid.pdf' },
      { id: IDS.txt, name: 'Buffer_Overflow_Setuid.txt' },
      { id: testId('f', 2), name: 'notes.pdf' },
    ]);
  });

  it('shows a refused upload’s reason under that file, deletes the uploads and sends no save', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }), {
      complete: () => ({
        status: 400,
        body: {
          statusCode: 400,
          message: 'The file is not a PDF.',
          errors: [{ path: 'file', message: 'The file is not a PDF.' }],
        },
      }),
    });
    fakeS3(api.log);
    storeSession(PERSONAS.editor());
    renderEditorRoutes(PATH);
    const form = await openEditor(user);
    await user.upload(within(form).getByLabelText('Add files'), pdf('fake.pdf'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const row = (await within(form).findByText('The file is not a PDF.')).closest('li') as HTMLElement;
    expect(within(row).getByText('fake.pdf')).toBeInTheDocument();
    expect(within(row).getByRole('alert')).toHaveTextContent('The file is not a PDF.');
    await waitFor(() =>
      expect(calledWith(api.spy, 'DELETE')).toEqual([{ path: `/api/v1/files/${testId('f', 1)}`, body: undefined }]),
    );
    expect(saves(api)).toEqual([]);
    expect(screen.getByRole('form', { name: 'Edit content' })).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('textbox', { name: 'File name of fake.pdf' })).toHaveFocus());
  });

  it('deletes this attempt’s uploads when the save fails, keeping edit mode and every typed value', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(withChildren(), {
      children: CHILDREN,
      save: () => ({
        status: 400,
        body: {
          statusCode: 400,
          message: 'Invalid request.',
          errors: [
            { path: 'children.1.name', message: 'Must be at most 1000 characters.' },
            { path: 'newContributors.0.email', message: 'Must be a valid e-mail address.' },
          ],
        },
      }),
    });
    fakeS3(api.log);
    storeSession(PERSONAS.editor());
    renderEditorRoutes(PATH);
    const form = await openEditor(user);
    await user.click(within(form).getByRole('button', { name: 'Add test contributor' }));
    await user.upload(within(form).getByLabelText('Add files'), pdf());
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Typed name');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Must be at most 1000 characters.')).toBeInTheDocument();
    expect(within(form).getByText('Nina New, email: Must be a valid e-mail address.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calledWith(api.spy, 'DELETE').map((call) => call.path)).toEqual([
        `/api/v1/files/${testId('f', 1)}`,
        `/api/v1/files/${testId('f', 2)}`,
      ]),
    );
    expect(screen.getByRole('form', { name: 'Edit content' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Typed name');
    expect(within(form).getByRole('textbox', { name: 'File name of notes.pdf' })).toHaveValue('notes.pdf');
    expect(within(form).getByRole('list', { name: 'Contributors' })).toHaveTextContent('Nina New');
  });
});

describe('the editor’s lists (spec §2.6, §5)', () => {
  it('adds, renames and reorders children with the keyboard, marking new ones', async () => {
    const user = userEvent.setup();
    mockEditorApi(withChildren(), { children: CHILDREN });
    storeSession(PERSONAS.editor());
    renderEditorRoutes(PATH);
    const form = await openEditor(user);
    const list = within(form).getByRole('list', { name: 'Children' });
    const names = () =>
      within(list)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value);
    expect(names()).toEqual(['Child A', 'Child B']);

    within(form).getByRole('textbox', { name: 'New child name' }).focus();
    await user.keyboard('Child C{Enter}');
    expect(names()).toEqual(['Child A', 'Child B', 'Child C']);
    expect(within(within(list).getAllByRole('listitem')[2] as HTMLElement).getByText('New')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Child 3 status' })).toHaveValue('unpublished');

    within(form).getByRole('button', { name: 'Move Child A down' }).focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Child B', 'Child A', 'Child C']);
    expect(within(form).getByRole('button', { name: 'Move Child A down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Child B', 'Child C', 'Child A']);
    expect(within(form).getByRole('button', { name: 'Move Child A up' })).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByTestId('live-announcer')).toHaveTextContent('Child A moved to position 3 of 3.'),
    );

    const renamed = within(form).getByRole('textbox', { name: 'Child 1 name' });
    await user.clear(renamed);
    await user.type(renamed, 'Child B2');
    expect(names()).toEqual(['Child B2', 'Child C', 'Child A']);
  });

  it('shows the accepted types and the maximum size, and refuses another type or a too large file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }));
    storeSession(PERSONAS.editor());
    renderEditorRoutes(PATH);
    const form = await openEditor(user);
    const picker = within(form).getByLabelText('Add files');
    expect(within(form).getByText(/Accepted types: \.pdf, \.zip, \.docx/)).toHaveTextContent(
      'Maximum size: 100 MB per file.',
    );
    expect(within(form).getByText(/removed files are deleted from the server when you save/)).toBeInTheDocument();

    await user.upload(picker, new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('tool.exe: this type of file is not accepted.');
    expect(within(form).queryByRole('textbox', { name: 'File name of tool.exe' })).not.toBeInTheDocument();

    const big = pdf('big.pdf');
    Object.defineProperty(big, 'size', { value: 100_000_001 });
    await user.upload(picker, big);
    expect(within(form).getByRole('alert')).toHaveTextContent(FILE_TOO_LARGE_MESSAGE);

    const fits = pdf('fits.pdf');
    Object.defineProperty(fits, 'size', { value: 100_000_000 });
    await user.upload(picker, fits);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'File name of fits.pdf' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Remove file fits.pdf' }));
    expect(within(form).queryByRole('textbox', { name: 'File name of fits.pdf' })).not.toBeInTheDocument();
  });

  it('adds, reorders and removes sections, each message staying with its section (issue 23 item 4)', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(withChildren(), { children: CHILDREN });
    storeSession(PERSONAS.editor());
    renderEditorRoutes(PATH);
    const form = await openEditor(user);
    const names = () =>
      within(form)
        .queryAllByRole('textbox', { name: /^Section \d+ name$/ })
        .map((input) => (input as HTMLInputElement).value);
    expect(within(form).getByText('No sections yet.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add section' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Section 1 name' })).toHaveFocus());
    await user.keyboard('Intro');
    fireEvent.change(await showHtmlSource(user, 'Section 1 description', 'Section 1 description (HTML)', form), {
      target: { value: 'h'.repeat(100_001) },
    });
    await user.click(within(form).getByRole('button', { name: 'Add section' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Section 2 name' })).toHaveFocus());
    await user.keyboard('Lab');
    expect(names()).toEqual(['Intro', 'Lab']);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const long = () =>
      within(form).getByRole('textbox', {
        name: /^Section \d description \(HTML\)$/,
        description: /Must be at most 100000 characters\./,
      });
    await waitFor(() => expect(long()).toHaveFocus());
    expect(long()).toHaveAccessibleName('Section 1 description (HTML)');

    within(form).getByRole('button', { name: 'Move Section 1 down' }).focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Lab', 'Intro']);
    expect(within(form).getByRole('button', { name: 'Move Section 2 up' })).toHaveFocus();
    expect(long()).toHaveAccessibleName('Section 2 description (HTML)');
    expect(within(form).getByRole('textbox', { name: 'Section 1 description (HTML)' })).not.toBeInvalid();

    await user.click(within(form).getByRole('button', { name: 'Remove Section 2 Intro' }));
    expect(names()).toEqual(['Lab']);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    const body = saves(api)[0]?.body as { fields: { sections: { name: string }[] } };
    expect(body.fields.sections.map((section) => section.name)).toEqual(['Lab']);
  });

  it('applies every §5 limit at the limit and one past it', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(withChildren(), { children: CHILDREN });
    storeSession(PERSONAS.editor());
    renderEditorRoutes(PATH);
    const form = await openEditor(user);
    const tomorrow = todayUtc(new Date(Date.now() + 86_400_000));
    const set = (name: string, value: string) =>
      fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } });
    await showHtmlSource(user, 'Description', 'Description (HTML)', form);
    set('Name', 'n'.repeat(1001));
    set('Description (HTML)', 'h'.repeat(100_001));
    set('Child 1 name', 'c'.repeat(1001));
    set('File name of Buffer_Overflow_Setuid.pdf', 'f'.repeat(121));
    fireEvent.change(within(form).getByLabelText('Courseware last curated'), { target: { value: tomorrow } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(
      within(form)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([
      'Must be at most 1000 characters.',
      'Must be at most 100000 characters.',
      'Must be at most 1000 characters.',
      'Must be at most 120 characters.',
      'Cannot be after today.',
    ]);
    expect(saves(api)).toEqual([]);

    set('Name', 'n'.repeat(1000));
    set('Description (HTML)', 'h'.repeat(100_000));
    set('Child 1 name', 'c'.repeat(1000));
    set('File name of Buffer_Overflow_Setuid.pdf', 'f'.repeat(120));
    fireEvent.change(within(form).getByLabelText('Courseware last curated'), { target: { value: todayUtc() } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
  });

  it('archives only after a confirmation', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(bufferOverflowDetail({ status: 'unpublished', version: 3 }));
    storeSession(PERSONAS.editor());
    renderEditorRoutes(PATH);
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive content' });
    expect(calledWith(api.spy, 'PATCH')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calledWith(api.spy, 'PATCH')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Archive content' })).getByRole('button', {
        name: 'Archive',
      }),
    );
    expect(await screen.findByRole('img', { name: 'Status: Archived' })).toBeInTheDocument();
    // The item and everything under it (issue 21 item 12): here nothing is under it.
    expect(calledWith(api.spy, 'PATCH')[0]?.body).toEqual({ status: 'archived', version: 3, descendants: 0 });
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });
});

describe('creating mode with the same save (spec §4)', () => {
  it('uploads a file without an owner, then saves the new item with its child and file, and opens it', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }));
    fakeS3(api.log);
    storeSession(PERSONAS.editor());
    const { router } = renderEditorRoutes('/courseware?creating=1');
    const form = await screen.findByRole('form', { name: 'Add courseware' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'New course');
    await user.type(await showHtmlSource(user, 'Description', 'Description (HTML)', form), '<p>x</p>');
    await user.type(within(form).getByRole('textbox', { name: 'New child name' }), 'Week 1{Enter}');
    await user.upload(within(form).getByLabelText('Add files'), pdf());
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    // The new item opens at its alias address (issue 21 item 17).
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware/new-course'));
    const [upload] = calledWith(api.spy, 'POST').filter((call) => call.path === '/api/v1/files/uploads');
    expect(upload?.body).toEqual({ kind: 'content', name: 'notes.pdf', type: 'application/pdf', size: 8 });
    const body = saves(api)[0]?.body as Record<string, unknown>;
    expect(body.id).toBeUndefined();
    expect(body.children).toEqual([
      { key: expect.stringMatching(/^new-/), name: 'Week 1', status: 'unpublished', categories: ['lesson'] },
    ]);
    expect(body.files).toEqual([{ id: testId('f', 1), name: 'notes.pdf' }]);
  });
});
