// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  COLLECTIONS_WIDGET_IDS_MESSAGE,
  type Page,
  type PageSection,
  type SectionWidget,
  WIDGET_KIND_FIXED_MESSAGE,
} from '#shared/contracts/page';
import { getShownErrors } from '../../../../lib/error-store.ts';
import { installFakeS3 } from '../../../../testing/fake-s3.ts';
import { calledWith, type MockResponse, mockApi } from '../../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { ALT_REQUIRED_MESSAGE, FILE_REQUIRED_MESSAGE } from '../../utils/section-form.ts';
import { FILE_TOO_LARGE_MESSAGE } from '../../utils/widget-files.ts';
import { NO_CURATED_COLLECTIONS_MESSAGE } from './collections-field.tsx';
import { SECTION_DELETE_REQUIRED_MESSAGE, SectionDialog } from './section-dialog.tsx';

const STAMP = '2026-11-21T09:00:00.000Z';
const PAGE_ID = '01jd7k2m3n4p5q6r7s8t9v0p01';
const SECTION_ID = '01jd7k2m3n4p5q6r7s8t9v0s01';
const STORED_ID = '01jd7k2m3n4p5q6r7s8t9v0f01';
const UPLOAD_ID = '01jd7k2m3n4p5q6r7s8t9v0w01';
const CONFLICT_MESSAGE = 'The page was changed by someone else. Reload it and try again.';

function testPage(
  sections: PageSection[] = [],
  layout: Page['layout'] = { name: 'handSortedList', parameters: {} },
): Page {
  return {
    id: PAGE_ID,
    title: 'Resources',
    href: '/resources',
    parentId: null,
    status: 'published',
    meta: { description: 'Things to read.', images: [] },
    layout,
    sections,
    createdTimestamp: STAMP,
    modifiedTimestamp: STAMP,
  };
}

function section(widgets: SectionWidget[], overrides: Partial<PageSection> = {}): PageSection {
  return {
    id: SECTION_ID,
    index: 0,
    key: '',
    name: 'Links',
    description: '',
    widgets,
    layout: { name: 'oneColumn' },
    ...overrides,
  };
}

const giant = (name: string): SectionWidget => ({
  kind: 'giantIconButton',
  name,
  title: '',
  subtitle: '',
  content: '',
  link: '/courseware',
  files: [],
  customAttributes: { icon: '' },
});

const storedImage: SectionWidget = {
  kind: 'image',
  name: '',
  title: 'The range',
  subtitle: '',
  content: '',
  link: '',
  files: [{ fileId: STORED_ID, filename: 'range.png', mimeType: 'image/png', alt: 'The range at night' }],
  customAttributes: { maxHeight: '', position: 'center' },
};

const png = (size: number, name = 'range.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

type Handler = (url: URL, init?: RequestInit) => MockResponse | undefined;

/** The API: uploads answer {@link UPLOAD_ID}; section writes answer by `handler` or the page. */
function mockPagesApi(handler: Handler = () => undefined) {
  return mockApi((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/files/uploads') {
      return {
        status: 201,
        body: {
          fileId: UPLOAD_ID,
          upload: { url: 'https://s3.example/bucket', fields: { key: 'k' } },
          expiresAt: STAMP,
        },
      };
    }
    if (url.pathname === `/api/v1/files/${UPLOAD_ID}/complete`) {
      return {
        body: {
          id: UPLOAD_ID,
          name: 'range.png',
          type: 'image/png',
          filename: 'range.png',
          size: 100,
          status: 'Ready',
          visibility: 'public',
          publicUrl: `/public/files/${UPLOAD_ID}`,
          metadata: { id: UPLOAD_ID, type: 'Page' },
        },
      };
    }
    if (url.pathname === `/api/v1/files/${UPLOAD_ID}` && method === 'DELETE') return { body: { id: UPLOAD_ID } };
    if (url.pathname.startsWith(`/api/v1/pages/${PAGE_ID}/sections`))
      return { status: method === 'POST' ? 201 : 200, body: testPage() };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

function renderDialog(
  props: { page?: Page; section?: PageSection | null; canDelete?: boolean; defaultKey?: string } = {},
) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const onDeleted = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <SectionDialog
      page={props.page ?? testPage()}
      section={props.section ?? null}
      open
      canDelete={props.canDelete ?? true}
      {...(props.defaultKey === undefined ? {} : { defaultKey: props.defaultKey })}
      onClose={onClose}
      onSaved={onSaved}
      onDeleted={onDeleted}
    />,
  );
  return { user, onClose, onSaved, onDeleted };
}

async function dialogNamed(name: string) {
  return screen.findByRole('dialog', { name });
}

describe('the section dialog (spec §4 "Section dialog", §5 "Widgets")', () => {
  it('clears the widget when the kind changes while creating', async () => {
    mockPagesApi();
    const { user } = renderDialog();
    const dialog = await dialogNamed('Add section');
    const kind = within(dialog).getByRole('combobox', { name: /Widget kind/ });

    await user.selectOptions(kind, 'heading');
    const text = within(dialog).getByRole('textbox', { name: /^Text/ });
    await user.type(text, 'Welcome');
    expect(within(dialog).getByRole('button', { name: /Heading 1/ })).toHaveAttribute('aria-expanded', 'true');

    await user.selectOptions(kind, 'calloutBox');
    expect(within(dialog).queryByRole('button', { name: /Heading 1/ })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /^Text/ })).toHaveValue('');

    await user.selectOptions(kind, 'heading');
    expect(within(dialog).getByRole('textbox', { name: /^Text/ })).toHaveValue('');
    expect(within(dialog).queryByRole('button', { name: 'Add button' })).toBeNull();
  });

  it('picks curated collections for a collections widget: ticked ones last, at most 12 (issue 26 item 2)', async () => {
    const curated = Array.from({ length: 13 }, (_, n) => ({
      id: `01jd7k2m3n4p5q6r7s8t9v0c${String(n + 1).padStart(2, '0')}`,
      name: `Collection ${n + 1}`,
      description: '',
      visibility: 'curated',
      ownerName: 'Eve Editor',
      itemCount: 1,
      createdTimestamp: STAMP,
      modifiedTimestamp: STAMP,
      version: 1,
    }));
    const spy = mockPagesApi((url) =>
      url.pathname === '/api/v1/collections' ? { body: { items: curated, nextPageToken: null } } : undefined,
    );
    const ids = curated.map((collection) => collection.id);
    const stored: SectionWidget = {
      kind: 'collections',
      name: '',
      title: 'Curated for you',
      subtitle: '',
      content: '',
      link: '',
      files: [],
      customAttributes: { collectionIds: ids.slice(0, 11).join(',') },
    };
    const { user, onSaved } = renderDialog({ section: section([stored]) });
    const dialog = await dialogNamed('Edit section');
    const group = await within(dialog).findByRole('group', { name: /^Collections/ });
    expect(await within(group).findByRole('checkbox', { name: 'Collection 11' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Collection 12' })).not.toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Collection 12' }));
    expect(within(group).getByRole('checkbox', { name: 'Collection 13' })).toBeDisabled();
    expect(group).toHaveAccessibleDescription(expect.stringContaining('12 of 12 chosen.'));
    await user.click(within(group).getByRole('checkbox', { name: 'Collection 1' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Collection 13' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save section' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [put] = calledWith(spy, 'PUT');
    expect(put?.body).toMatchObject({
      widgets: [
        {
          kind: 'collections',
          title: 'Curated for you',
          customAttributes: { collectionIds: [...ids.slice(1, 12), ids[12]].join(',') },
        },
      ],
    });
  });

  it('keeps a chosen collection that is no longer curated listed, ticked, so the editor can untick it', async () => {
    const gone = '01jd7k2m3n4p5q6r7s8t9v0c99';
    const kept = {
      id: '01jd7k2m3n4p5q6r7s8t9v0c01',
      name: 'Collection 1',
      description: '',
      visibility: 'curated',
      ownerName: 'Eve Editor',
      itemCount: 1,
      createdTimestamp: STAMP,
      modifiedTimestamp: STAMP,
      version: 1,
    };
    const spy = mockPagesApi((url) =>
      url.pathname === '/api/v1/collections' ? { body: { items: [kept], nextPageToken: null } } : undefined,
    );
    const stored: SectionWidget = {
      kind: 'collections',
      name: '',
      title: '',
      subtitle: '',
      content: '',
      link: '',
      files: [],
      customAttributes: { collectionIds: `${gone},${kept.id}` },
    };
    const { user, onSaved } = renderDialog({ section: section([stored]) });
    const dialog = await dialogNamed('Edit section');
    const group = await within(dialog).findByRole('group', { name: /^Collections/ });
    const stale = await within(group).findByRole('checkbox', { name: `No longer available (${gone})` });
    expect(stale).toBeChecked();
    await user.click(stale);
    expect(within(group).queryByRole('checkbox', { name: /No longer available/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save section' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calledWith(spy, 'PUT')[0]?.body).toMatchObject({
      widgets: [{ customAttributes: { collectionIds: kept.id } }],
    });
  });

  it('says when no collection is curated yet, and refuses to save without one', async () => {
    const spy = mockPagesApi((url) =>
      url.pathname === '/api/v1/collections' ? { body: { items: [], nextPageToken: null } } : undefined,
    );
    const { user } = renderDialog();
    const dialog = await dialogNamed('Add section');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'collections');
    expect(await within(dialog).findByText(NO_CURATED_COLLECTIONS_MESSAGE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(COLLECTIONS_WIDGET_IDS_MESSAGE);
    expect(calledWith(spy, 'POST')).toEqual([]);
  });

  it('fixes the kind of a saved section', async () => {
    mockPagesApi();
    renderDialog({ section: section([storedImage]) });
    const dialog = await dialogNamed('Edit section');
    const kind = within(dialog).getByRole('combobox', { name: /Widget kind/ });
    expect(kind).toBeDisabled();
    expect(kind).toHaveValue('image');
    expect(kind).toHaveAccessibleDescription(WIDGET_KIND_FIXED_MESSAGE);
  });

  it('lets a giant icon button section add buttons and delete any while more than one remains', async () => {
    mockPagesApi();
    const { user } = renderDialog();
    const dialog = await dialogNamed('Add section');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'giantIconButton');
    expect(within(dialog).queryByRole('button', { name: /^Delete giant icon button/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Add button' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add button' }));
    expect(within(dialog).getAllByRole('button', { name: /^Giant icon button \d/ })).toHaveLength(3);
    await waitFor(() => expect(within(dialog).getAllByRole('textbox', { name: /^Name/ })[2]).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Delete giant icon button 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete giant icon button 2' }));
    expect(within(dialog).getAllByRole('button', { name: /^Giant icon button \d/ })).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: /^Delete giant icon button/ })).toBeNull();
  });

  it('checks every widget before sending anything, expanding and focusing the first invalid one', async () => {
    const spy = mockPagesApi();
    const { user, onSaved } = renderDialog({ section: section([giant('Courseware'), giant('Contact')]) });
    const dialog = await dialogNamed('Edit section');
    // The second button starts collapsed; its name is emptied after opening it, then it is closed again.
    const second = within(dialog).getByRole('button', { name: /Giant icon button 2/ });
    expect(second).toHaveAttribute('aria-expanded', 'false');
    await user.click(second);
    await user.clear(within(dialog).getAllByRole('textbox', { name: /^Name/ })[1] as HTMLElement);
    await user.click(second);
    await waitFor(() => expect(second).toHaveAttribute('aria-expanded', 'false'));

    await user.click(within(dialog).getByRole('button', { name: 'Save section' }));
    const panel = within(dialog).getByRole('button', { name: /Giant icon button 2 — has errors/ });
    expect(panel).toHaveAttribute('aria-expanded', 'true');
    const name = within(dialog).getAllByRole('textbox', { name: /^Name/ })[1] as HTMLElement;
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Is required.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Is required.');
    expect(calledWith(spy, 'PUT')).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('raises FILE_TOO_LARGE through the ERROR dialog and clears the input; an invalid type is shown under the field', async () => {
    mockPagesApi();
    const { user } = renderDialog();
    const dialog = await dialogNamed('Add section');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'image');
    const input = within(dialog).getByLabelText(/^Image/, { selector: 'input[type="file"]' }) as HTMLInputElement;
    expect(input).toHaveAccessibleDescription(expect.stringContaining('PNG, JPEG, GIF or WebP; at most 1 MB.'));

    await user.upload(input, png(1_000_001));
    expect(getShownErrors()).toEqual([expect.objectContaining({ message: FILE_TOO_LARGE_MESSAGE })]);
    expect(input.value).toBe('');
    expect(within(dialog).queryByRole('button', { name: 'Remove image' })).toBeNull();

    // user-event honours the accept attribute; a browser's "All files" choice does not.
    const other = userEvent.setup({ applyAccept: false });
    await other.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid file type.');
  });

  it('holds a team member avatar to 50,000 bytes', async () => {
    mockPagesApi();
    const { user } = renderDialog();
    const dialog = await dialogNamed('Add section');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'teamMember');
    const avatar = within(dialog).getByLabelText(/^Avatar/, { selector: 'input[type="file"]' }) as HTMLInputElement;
    expect(avatar).toHaveAccessibleDescription(expect.stringContaining('at most 0.05 MB. Shown at 204×204 pixels.'));
    await user.upload(avatar, png(50_001, 'ada.png'));
    expect(getShownErrors()).toEqual([expect.objectContaining({ message: FILE_TOO_LARGE_MESSAGE })]);
    expect(avatar.value).toBe('');
    await user.upload(avatar, png(50_000, 'ada.png'));
    expect(within(dialog).getByText(/New avatar: ada\.png/)).toBeInTheDocument();
  });

  it('requires the image and its alt text, and an optional image’s alt text once one is picked', async () => {
    const spy = mockPagesApi();
    const { user } = renderDialog();
    const dialog = await dialogNamed('Add section');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'image');
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    const input = within(dialog).getByLabelText(/^Image/, { selector: 'input[type="file"]' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAccessibleDescription(expect.stringContaining(FILE_REQUIRED_MESSAGE));
    expect(within(dialog).getByRole('textbox', { name: /Image alt text/ })).toHaveAccessibleDescription(
      expect.stringContaining(ALT_REQUIRED_MESSAGE),
    );

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'contentBox');
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    await waitFor(() => expect(calledWith(spy, 'POST')).toHaveLength(1));
  });

  it('asks for the alt text of a picked optional image before uploading it', async () => {
    const spy = mockPagesApi();
    const { user } = renderDialog();
    const dialog = await dialogNamed('Add section');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'contentBox');
    await user.upload(within(dialog).getByLabelText(/^Image/, { selector: 'input[type="file"]' }), png(100));
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    const alt = within(dialog).getByRole('textbox', { name: /Image alt text/ });
    await waitFor(() => expect(alt).toHaveFocus());
    expect(alt).toHaveAccessibleDescription(expect.stringContaining(ALT_REQUIRED_MESSAGE));
    expect(calledWith(spy, 'POST')).toEqual([]);
  });

  it('shows an alt text’s message under the alt text only, not under its file', async () => {
    mockPagesApi();
    const { user } = renderDialog();
    const dialog = await dialogNamed('Add section');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'contentBox');
    await user.upload(within(dialog).getByLabelText(/^Image/, { selector: 'input[type="file"]' }), png(100));
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    const alt = within(dialog).getByRole('textbox', { name: /Image alt text/ });
    await waitFor(() => expect(alt).toHaveAccessibleDescription(expect.stringContaining(ALT_REQUIRED_MESSAGE)));
    expect(within(dialog).getByRole('button', { name: /Replace image/ })).not.toHaveAccessibleDescription(
      expect.stringContaining(ALT_REQUIRED_MESSAGE),
    );
    expect(
      within(dialog)
        .getAllByRole('alert')
        .filter((alert) => alert.textContent === ALT_REQUIRED_MESSAGE),
    ).toHaveLength(1);
  });

  it('keeps each field’s id, label, required mark and help with its character counter (untrimmed, grouped)', async () => {
    mockPagesApi();
    const { user } = renderDialog();
    const dialog = await dialogNamed('Add section');
    const name = within(dialog).getByRole('textbox', { name: /Section name/ });
    expect(name).toHaveAttribute('id', expect.stringMatching(/-name$/));
    expect(name).not.toBeRequired();
    expect(name).toHaveAccessibleDescription(
      'Optional. The editors’ label; a section opening with a heading widget shows that heading instead. 0 of 256 characters',
    );
    await user.type(name, ' Pics ');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('6 of 256 characters'));
    // The description is the rich text editor (issue 25 item 1): its hint also names the way to its toolbar.
    await within(dialog).findByRole('toolbar', { name: 'Description formatting' }, { timeout: 10_000 });
    const description = within(dialog).getByRole('textbox', { name: /Description \(HTML\)/ });
    expect(description).toHaveAttribute('id', expect.stringMatching(/-description$/));
    expect(description).toHaveAttribute('aria-multiline', 'true');
    expect(description).toHaveAccessibleDescription(
      '0 of 10,240 characters Alt+F10 moves to the toolbar, Escape back to the text.',
    );
    const kind = within(dialog).getByRole('combobox', { name: /Widget kind/ });
    expect(kind).toHaveAttribute('id', expect.stringMatching(/-kind$/));
    expect(kind).toBeRequired();
  });

  it('uploads a new image, creates the section naming it, hands the page on and closes', async () => {
    installFakeS3();
    const spy = mockPagesApi();
    const { user, onSaved, onClose } = renderDialog({
      page: testPage([], { name: 'groupedList', parameters: { 'group-Labs': '0', 'group-Guides': '1' } }),
      defaultKey: 'Guides',
    });
    const dialog = await dialogNamed('Add section');
    expect(within(dialog).getByRole('combobox', { name: 'Group' })).toHaveValue('Guides');
    await user.type(within(dialog).getByRole('textbox', { name: /Section name/ }), 'Pictures');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'image');
    await user.upload(within(dialog).getByLabelText(/^Image/, { selector: 'input[type="file"]' }), png(100));
    await user.type(within(dialog).getByRole('textbox', { name: /Image alt text/ }), 'The range at night');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Position' }), 'left');
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: PAGE_ID })));
    expect(onClose).toHaveBeenCalled();
    const posts = calledWith(spy, 'POST');
    expect(posts.map((call) => call.path)).toEqual([
      '/api/v1/files/uploads',
      `/api/v1/files/${UPLOAD_ID}/complete`,
      `/api/v1/pages/${PAGE_ID}/sections`,
    ]);
    expect(posts[0]?.body).toEqual({ kind: 'widgetImage', name: 'range.png', type: 'image/png', size: 100 });
    expect(posts[2]?.body).toMatchObject({
      key: 'Guides',
      name: 'Pictures',
      widgets: [
        {
          kind: 'image',
          files: [{ fileId: UPLOAD_ID, filename: 'range.png', mimeType: 'image/png', alt: 'The range at night' }],
          customAttributes: { maxHeight: '', position: 'left' },
        },
      ],
    });
    expect(calledWith(spy, 'DELETE')).toEqual([]);
  });

  it('shows a progress bar while the new files upload', async () => {
    let release: () => void = () => {};
    installFakeS3(
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    mockPagesApi();
    const { user, onSaved } = renderDialog();
    const dialog = await dialogNamed('Add section');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'image');
    await user.upload(within(dialog).getByLabelText(/^Image/, { selector: 'input[type="file"]' }), png(100));
    await user.type(within(dialog).getByRole('textbox', { name: /Image alt text/ }), 'The range');
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));

    const bar = await within(dialog).findByRole('progressbar', { name: 'Uploading range.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(dialog).getByText('Uploading file 1 of 1: range.png')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('deletes the new upload when the section write is refused, and shows the 400 under its field', async () => {
    installFakeS3();
    const spy = mockPagesApi((url, init) =>
      url.pathname.endsWith('/sections') && init?.method === 'POST'
        ? {
            status: 400,
            body: {
              statusCode: 400,
              message: 'Invalid request.',
              errors: [{ path: 'body.widgets.0.title', message: 'Must be at most 128 characters.' }],
            },
          }
        : undefined,
    );
    const { user, onSaved } = renderDialog();
    const dialog = await dialogNamed('Add section');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Widget kind/ }), 'image');
    await user.upload(within(dialog).getByLabelText(/^Image/, { selector: 'input[type="file"]' }), png(100));
    await user.type(within(dialog).getByRole('textbox', { name: /Image alt text/ }), 'The range');
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));

    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription(expect.stringContaining('Must be at most 128 characters.')),
    );
    expect(title).toHaveFocus();
    await waitFor(() =>
      expect(calledWith(spy, 'DELETE').map((call) => call.path)).toEqual([`/api/v1/files/${UPLOAD_ID}`]),
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(getShownErrors()).toEqual([]);
  });

  it('offers a reload on a 409 and keeps the stored file', async () => {
    const spy = mockPagesApi((url, init) =>
      url.pathname.includes('/sections/') && init?.method === 'PUT'
        ? { status: 409, body: { statusCode: 409, message: CONFLICT_MESSAGE } }
        : undefined,
    );
    const { user, onClose } = renderDialog({ section: section([storedImage]) });
    const dialog = await dialogNamed('Edit section');
    expect(within(dialog).getByText(/Current image: range\.png/)).toBeInTheDocument();
    expect(dialog.querySelector('img')).toHaveAttribute('src', `/public/files/${STORED_ID}`);
    await user.click(within(dialog).getByRole('button', { name: 'Save section' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(CONFLICT_MESSAGE);
    expect(calledWith(spy, 'PUT')[0]?.body).toMatchObject({ widgets: [{ files: storedImage.files }] });
    expect(calledWith(spy, 'DELETE')).toEqual([]);
    await user.click(within(alert).getByRole('button', { name: 'Reload page' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('deletes a section only after the confirmation is ticked', async () => {
    const spy = mockPagesApi();
    const { user, onDeleted, onClose } = renderDialog({ section: section([storedImage]) });
    const dialog = await dialogNamed('Edit section');
    await user.click(within(dialog).getByRole('button', { name: 'Delete section' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete section' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(within(confirm).getByRole('alert')).toHaveTextContent(SECTION_DELETE_REQUIRED_MESSAGE);
    expect(calledWith(spy, 'DELETE')).toEqual([]);

    await user.click(within(confirm).getByRole('checkbox'));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(expect.objectContaining({ id: PAGE_ID })));
    expect(calledWith(spy, 'DELETE').map((call) => call.path)).toEqual([
      `/api/v1/pages/${PAGE_ID}/sections/${SECTION_ID}`,
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows no Delete without the right to delete', async () => {
    mockPagesApi();
    renderDialog({ section: section([storedImage]), canDelete: false });
    const dialog = await dialogNamed('Edit section');
    expect(within(dialog).queryByRole('button', { name: 'Delete section' })).toBeNull();
  });
});
