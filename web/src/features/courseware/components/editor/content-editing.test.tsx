// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONTENT_STALE_MESSAGE, type ContentDetail, todayUtc } from '#shared/contracts/content';
import { type ContentSubtree, SUBTREE_CHANGED_MESSAGE } from '#shared/contracts/content-subtree';
import { getShownErrors } from '../../../../lib/error-store.ts';
import { bufferOverflowDetail, IDS } from '../../../../testing/fixtures.ts';
import { calledWith, type MockResponse } from '../../../../testing/mock-api.ts';
import { PERSONAS, storeSession } from '../../../../testing/session.ts';
import { mockEditorApi, renderEditorRoutes as renderApp } from '../../testing/editor-test-kit.tsx';

const PATH = '/courseware/seed-labs/software-security/buffer-overflow-setuid';
const NAME = 'Buffer Overflow Attack Lab (Set-UID Version)';

/** A subtree count of the Buffer Overflow lab (version 3), with `overrides`. */
function subtreeBody(overrides: Partial<ContentSubtree>): ContentSubtree {
  return {
    id: IDS.bufferOverflow,
    name: NAME,
    status: 'published',
    categories: ['exercise'],
    version: 3,
    descendants: 0,
    archived: 0,
    files: 0,
    byCategory: [],
    ...overrides,
  };
}

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('form', { name: 'Edit content' });
}

// Unpublished items are saved directly; items visitors see go through a draft (draft-editing.test.tsx, issue 25).
describe('content detail for an editor (spec §2.6, §4 "Content modes")', () => {
  it('shows the status icon, the metadata block with a copy button, and Edit and Delete', async () => {
    const user = userEvent.setup();
    mockEditorApi(bufferOverflowDetail());
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    expect(await screen.findByRole('img', { name: 'Status: Published' })).toBeInTheDocument();
    expect(screen.getByText(IDS.bufferOverflow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy content id' }));
    expect(await navigator.clipboard.readText()).toBe(IDS.bufferOverflow);
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('Copied'));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('saves with one save call carrying the version, then leaves edit mode and says Saved.', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }));
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openEditor(user);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(within(form).getByRole('list', { name: 'Search keywords' })).toHaveTextContent('shellcode');

    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Buffer Overflow Lab');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'unlisted');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Buffer Overflow Lab' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit content' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Status: Unlisted' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('Saved.'));
    const [save] = calledWith(api.spy, 'POST').filter((call) => call.path === '/api/v1/content-saves');
    if (!save) throw new Error('no save sent');
    expect(save.body).toMatchObject({
      id: IDS.bufferOverflow,
      version: 1,
      fields: {
        name: 'Buffer Overflow Lab',
        status: 'unlisted',
        searchKeywords: ['buffer overflow', 'shellcode', 'stack'],
        lastCuratedTimestamps: { courseware: '2026-03-04', environment: '' },
      },
      contributors: [{ id: IDS.wenliangDu }],
      files: [
        { id: IDS.pdf, name: 'Buffer_Overflow_Setuid.pdf' },
        { id: IDS.txt, name: 'Buffer_Overflow_Setuid.txt' },
      ],
    });
    expect((save.body as { fields: { description: string } }).fields.description).not.toContain('search-tags');
    expect(calledWith(api.spy, 'PATCH')).toEqual([]);
  });

  it('keeps the input on a 409 and offers Reload, which loads the latest version under the draft', async () => {
    const user = userEvent.setup();
    let stale = true;
    const api = mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }), {
      save: () => (stale ? { status: 409, body: { statusCode: 409, message: CONTENT_STALE_MESSAGE } } : undefined),
    });
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openEditor(user);
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'My unsaved name');
    api.changeOnServer({ name: 'Their saved name', version: 2 });
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(CONTENT_STALE_MESSAGE)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('My unsaved name');
    expect(getShownErrors()).toEqual([]);

    stale = false;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('The latest saved copy is loaded.')).toBeInTheDocument();
    expect(screen.queryByText(CONTENT_STALE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('My unsaved name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calledWith(api.spy, 'POST').filter((call) => call.path === '/api/v1/content-saves')).toHaveLength(2),
    );
    expect(calledWith(api.spy, 'POST').filter((call) => call.path === '/api/v1/content-saves')[1]?.body).toMatchObject({
      version: 2,
      fields: { name: 'My unsaved name' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My unsaved name' })).toBeInTheDocument();
  });

  it('restores the last saved copy on Cancel', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }));
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    let form = await openEditor(user);
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Throwaway');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeInTheDocument();
    form = await openEditor(user);
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue(NAME);
    expect(calledWith(api.spy, 'POST')).toEqual([]);
  });

  it('refuses an empty name and a last-curated date after today, focusing the first invalid field', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }));
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openEditor(user);
    const date = within(form).getByLabelText('Environment last curated');
    expect(date).toHaveAttribute('max', todayUtc());
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Cannot be after today.');
    expect(date).toHaveFocus();

    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(
      within(form)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Is required.', 'Cannot be after today.']);
    expect(calledWith(api.spy, 'POST')).toEqual([]);
  });

  it('checks a field showing a message again as it changes, leaving the others (issue 21 item 14)', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }));
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openEditor(user);
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    fireEvent.change(within(form).getByLabelText('Environment last curated'), { target: { value: '2999-01-01' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveFocus());
    const shown = () =>
      within(form)
        .queryAllByRole('alert')
        .map((alert) => alert.textContent);
    expect(shown()).toEqual(['Is required.', 'Cannot be after today.']);

    await user.type(name, 'Buffer overflow');
    await waitFor(() => expect(shown()).toEqual(['Cannot be after today.']));
    // A field without a message gets none while typing: the description is checked on the next submit.
    await user.clear(within(form).getByRole('textbox', { name: /^Description/ }));
    expect(shown()).toEqual(['Cannot be after today.']);
    await user.clear(name);
    await waitFor(() => expect(shown()).toEqual(['Cannot be after today.']));
    expect(calledWith(api.spy, 'POST')).toEqual([]);
  });

  it('shows the server’s field messages under the fields', async () => {
    const user = userEvent.setup();
    mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }), {
      save: () => ({
        status: 400,
        body: {
          statusCode: 400,
          message: 'Invalid request.',
          errors: [{ path: 'fields.urlAlias', message: 'Must be at most 1024 characters.' }],
        },
      }),
    });
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openEditor(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Must be at most 1024 characters.');
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'URL alias' })).toHaveFocus());
    expect(getShownErrors()).toEqual([]);
  });

  // Types about 300 characters, one event each: 6 s on an idle machine, so it gets the hooks' 120 s budget.
  it('applies the keyword rules: duplicates ignored case-insensitively, 51 characters refused, 20 disables the field', {
    timeout: 120_000,
  }, async () => {
    const user = userEvent.setup();
    mockEditorApi(bufferOverflowDetail({ status: 'unpublished' }));
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openEditor(user);
    const input = within(form).getByRole('textbox', { name: 'Search keywords' });
    const chips = () => within(within(form).getByRole('list', { name: 'Search keywords' })).getAllByRole('listitem');
    expect(chips()).toHaveLength(3);

    await user.type(input, '  SHELLCODE {Enter}');
    expect(chips()).toHaveLength(3);
    expect(input).toHaveValue('');

    await user.type(input, `${'x'.repeat(51)}{Enter}`);
    expect(within(form).getByRole('alert')).toHaveTextContent('A keyword may have at most 50 characters.');
    expect(chips()).toHaveLength(3);
    await user.clear(input);
    await user.type(input, 'x'.repeat(50));
    await user.click(within(form).getByRole('button', { name: 'Add keyword' }));
    expect(chips()).toHaveLength(4);

    for (let index = 4; index < 20; index += 1) await user.type(input, `keyword ${index}{Enter}`);
    expect(chips()).toHaveLength(20);
    expect(input).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Add keyword' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Remove keyword shellcode' }));
    expect(input).toBeEnabled();
  });

  it('deletes only with the acknowledgement, then goes to the parent’s page', async () => {
    const user = userEvent.setup();
    const detail = bufferOverflowDetail({ status: 'unpublished' });
    const api = mockEditorApi({
      ...detail,
      ancestors: [
        detail.ancestors[0] as ContentDetail['ancestors'][number],
        {
          id: IDS.softwareSecurity,
          name: 'Software Security',
          urlAlias: 'seed-labs/software-security',
          status: 'published',
        },
      ],
    });
    storeSession(PERSONAS.editor());
    const { router } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete content' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The checkbox is required to delete this content.');
    const checkbox = within(dialog).getByRole('checkbox', { name: /deleted permanently/ });
    await waitFor(() => expect(checkbox).toHaveFocus());
    expect(calledWith(api.spy, 'DELETE')).toEqual([]);

    await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware/seed-labs/software-security'));
    expect(calledWith(api.spy, 'DELETE')).toEqual([
      { path: `/api/v1/content-subtrees/${IDS.bufferOverflow}`, body: undefined },
    ]);
  });

  it('goes to /courseware after deleting a top-level item, and shows a 409 in the dialog with the new count', async () => {
    const user = userEvent.setup();
    let changed = true;
    let descendants = 2;
    const api = mockEditorApi(bufferOverflowDetail({ parentId: null }), {
      subtree: () => ({
        body: subtreeBody({ descendants, byCategory: [{ category: 'exercise', count: descendants }] }),
      }),
      del: () =>
        changed
          ? { status: 409, body: { statusCode: 409, message: SUBTREE_CHANGED_MESSAGE } }
          : { body: { id: IDS.bufferOverflow, parentId: null, deleted: 4 } },
    });
    storeSession(PERSONAS.editor());
    const { router } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete content' });
    await within(dialog).findByText(/the 2 exercises under it/);
    descendants = 3;
    await user.click(within(dialog).getByRole('checkbox', { name: /deleted permanently/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SUBTREE_CHANGED_MESSAGE);
    expect(getShownErrors()).toEqual([]);
    // The count is fetched again, and the next Delete sends the new one.
    await within(dialog).findByText(/the 3 exercises under it/);

    changed = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware'));
    const deletes = api.spy.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => String(input));
    expect(deletes.map((url) => new URL(url, 'http://localhost').search)).toEqual([
      '?version=3&descendants=2',
      '?version=3&descendants=3',
    ]);
  });

  it('counts what is under the item before the editor confirms (issue 21 item 12)', async () => {
    const user = userEvent.setup();
    let answer: (value: MockResponse) => void = () => {};
    // The count arrives only when the test says so.
    const pending = new Promise<MockResponse>((resolve) => {
      answer = resolve;
    });
    const api = mockEditorApi(bufferOverflowDetail({ categories: ['course'] }), { subtree: () => pending });
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive content' });
    expect(dialog).toHaveAccessibleDescription('Counting the items under this content…');
    expect(within(dialog).getByRole('button', { name: 'Archive' })).toBeDisabled();

    answer({
      body: subtreeBody({
        categories: ['course'],
        descendants: 12,
        archived: 1,
        byCategory: [
          { category: 'exercise', count: 9 },
          { category: 'module', count: 3 },
        ],
      }),
    });
    await waitFor(() =>
      expect(dialog).toHaveAccessibleDescription(
        `This archives the course “${NAME}” and the 12 items under it (9 exercises and 3 modules). 1 of them are archived already. Visitors no longer see any of them, and they can only be restored, not edited, until then.`,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(calledWith(api.spy, 'PATCH')).toEqual([
        {
          path: `/api/v1/content-subtrees/${IDS.bufferOverflow}`,
          body: { status: 'archived', version: 3, descendants: 12 },
        },
      ]),
    );
  });

  it('offers only Restore on archived content, which sends status unpublished after a confirmation', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(bufferOverflowDetail({ status: 'archived', version: 4 }));
    storeSession(PERSONAS.admin());
    renderApp(PATH);
    expect(await screen.findByText('This content is archived.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Status: Archived' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore content' });
    expect(calledWith(api.spy, 'PATCH')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('img', { name: 'Status: Unpublished' })).toBeInTheDocument();
    expect(calledWith(api.spy, 'PATCH')[0]?.body).toEqual({ status: 'unpublished', version: 4, descendants: 0 });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows visitors and students none of the editor controls', async () => {
    mockEditorApi(bufferOverflowDetail({ tags: ['uncurated'] }));
    storeSession(PERSONAS.student());
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeInTheDocument();
    expect(screen.getByText('This content has not been curated yet.')).toBeInTheDocument();
    for (const name of ['Edit', 'Delete', 'Restore', 'Copy content id']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('img', { name: /^Status:/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Metadata' })).not.toBeInTheDocument();
  });
});
