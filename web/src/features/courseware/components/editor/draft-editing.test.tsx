// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONTENT_STALE_MESSAGE } from '#shared/contracts/content';
import type { RevisionSummary, ContentDraft as StoredDraft } from '#shared/contracts/content-draft';
import { bufferOverflowDetail, IDS } from '../../../../testing/fixtures.ts';
import { calledWith } from '../../../../testing/mock-api.ts';
import { PERSONAS, storeSession } from '../../../../testing/session.ts';
import { mockEditorApi, renderEditorRoutes as renderApp, testId } from '../../testing/editor-test-kit.tsx';

const PATH = '/courseware/seed-labs/software-security/buffer-overflow-setuid';
const DRAFT_PATH = `/api/v1/content-items/${IDS.bufferOverflow}/draft`;
/** The autosave delay and some room: what the tests wait for, as a condition's timeout. */
const AUTOSAVE_WAIT = { timeout: 6000 };

async function openDraft(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('form', { name: 'Edit draft' });
}

/** The query of the first call whose path ends with `end` and whose method is `method`. */
function queryOf(api: ReturnType<typeof mockEditorApi>, method: string, end: string): URLSearchParams | null {
  for (const [input, init] of api.spy.mock.calls) {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    if ((init?.method ?? 'GET') === method && url.pathname.endsWith(end)) return url.searchParams;
  }
  return null;
}

/** The Buffer Overflow lab as published, with tags a save accepts (the fixture's third is over 50 characters). */
function published() {
  return bufferOverflowDetail({ tags: ['lab', 'software security'] });
}

function revision(id: string, when: string, note: string | null): RevisionSummary {
  return {
    id,
    contentId: IDS.bufferOverflow,
    publishedTimestamp: when,
    publishedBy: { id: testId('e', 1), name: 'Ed Itor' },
    note,
    rawBytes: 1000,
    storedBytes: 400,
  };
}

describe('editing a published item as a draft (issue 25 item 2)', () => {
  it('autosaves the changes as a draft, never through the direct save, and says they are saved', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(published());
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openDraft(user);
    expect(within(form).getByText('You are editing a draft.')).toBeInTheDocument();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Lab v2');
    expect(within(form).getByText('Unsaved changes.')).toBeInTheDocument();

    await waitFor(() => expect(api.storedDraft()?.save.fields.name).toBe('Lab v2'), AUTOSAVE_WAIT);
    await waitFor(() => expect(screen.getByText(/All changes are saved in the draft\./)).toBeInTheDocument());
    const puts = calledWith(api.spy, 'PUT').filter((call) => call.path === DRAFT_PATH);
    expect(puts[0]?.body).toMatchObject({ save: { id: IDS.bufferOverflow, version: 1 } });
    expect(puts[0]?.body).not.toHaveProperty('draftVersion');
    expect(calledWith(api.spy, 'POST').filter((call) => call.path === '/api/v1/content-saves')).toEqual([]);
    // Visitors still see the published name.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Buffer Overflow Attack Lab (Set-UID Version)');
  });

  it('publishes the draft with a change-log note, leaves edit mode and shows the published item', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(published());
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openDraft(user);
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Lab v2');
    await user.click(within(form).getByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish this draft' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note for the change log (optional)' }),
      'Task 3 uses Ubuntu 22.04 images',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Lab v2' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit draft' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('Published.'));
    const [publishCall] = calledWith(api.spy, 'POST').filter((call) => call.path === `${DRAFT_PATH}/publish`);
    expect(publishCall?.body).toEqual({ draftVersion: 1, note: 'Task 3 uses Ubuntu 22.04 images' });
    expect(api.storedDraft()).toBeNull();
  });

  it('keeps the text on a stale draft, and Reload the draft applies it over the other editor’s draft', async () => {
    const user = userEvent.setup();
    const theirs: StoredDraft = {
      contentId: IDS.bufferOverflow,
      draftVersion: 3,
      save: {
        id: IDS.bufferOverflow,
        version: 1,
        fields: {
          name: 'Buffer Overflow Attack Lab (Set-UID Version)',
          description: '<p>Their description.</p>',
          urlAlias: published().content.urlAlias,
          status: 'published',
          categories: published().content.categories,
          tags: ['lab', 'software security'],
        },
        contributors: [{ id: IDS.wenliangDu }],
      },
      updatedBy: { id: testId('e', 2), name: 'Other Editor' },
      updatedTimestamp: '2026-11-28T11:00:00.000Z',
    };
    let stale = true;
    const api = mockEditorApi(published(), {
      putDraft: () =>
        stale ? { status: 409, body: { statusCode: 409, message: 'This item already has a draft.' } } : undefined,
    });
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openDraft(user);
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Mine');
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('This item already has a draft.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Mine');

    // Meanwhile the other editor's draft is the stored one.
    api.putStoredDraft(theirs);
    stale = false;
    await user.click(screen.getByRole('button', { name: 'Reload the draft' }));
    await waitFor(() => expect(api.storedDraft()?.draftVersion).toBe(4), AUTOSAVE_WAIT);
    expect(api.storedDraft()?.save.fields).toMatchObject({ name: 'Mine', description: '<p>Their description.</p>' });
    expect(screen.queryByText('This item already has a draft.')).not.toBeInTheDocument();
  });

  it('says when the draft cannot be loaded, and Retry opens the editor', async () => {
    const user = userEvent.setup();
    let reads = 0;
    mockEditorApi(published(), {
      getDraft: () => {
        reads += 1;
        return reads === 1 ? { status: 503, body: { statusCode: 503, message: 'Try again later.' } } : undefined;
      },
    });
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const alert = await screen.findByText('The draft could not be loaded, so this content cannot be edited now.');
    expect(alert).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Edit draft' })).toBeInTheDocument();
  });

  it('continues a stored draft, previews it as a visitor and discards it after a confirmation', async () => {
    const user = userEvent.setup();
    const detail = published();
    const stored: StoredDraft = {
      contentId: IDS.bufferOverflow,
      draftVersion: 4,
      save: {
        id: IDS.bufferOverflow,
        version: 1,
        fields: {
          name: 'The stored draft',
          description: '<h2>New part</h2><p>Draft text.</p>',
          urlAlias: detail.content.urlAlias,
          status: 'published',
          categories: detail.content.categories,
        },
        contributors: [{ id: IDS.wenliangDu }],
        files: detail.content.files.map((file) => ({ id: file.id, name: file.name })),
      },
      updatedBy: { id: testId('e', 2), name: 'Other Editor' },
      updatedTimestamp: '2026-11-28T11:00:00.000Z',
    };
    const api = mockEditorApi(detail, { draft: stored });
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openDraft(user);
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('The stored draft');

    await user.click(within(form).getByRole('button', { name: 'Preview as a visitor' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview as a visitor' });
    expect(within(preview).getByRole('heading', { level: 1, name: 'The stored draft' })).toBeInTheDocument();
    expect(within(preview).getByRole('heading', { level: 2, name: 'New part' })).toBeInTheDocument();
    expect(within(preview).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Close preview' }));

    await user.click(within(form).getByRole('button', { name: 'Discard draft…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this draft' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit draft' })).not.toBeInTheDocument());
    expect(queryOf(api, 'DELETE', DRAFT_PATH)?.get('draftVersion')).toBe('4');
  });

  it('offers Reload when the item changed before Publish, keeping the draft', async () => {
    const user = userEvent.setup();
    let stale = true;
    const api = mockEditorApi(published(), {
      publish: () => (stale ? { status: 409, body: { statusCode: 409, message: CONTENT_STALE_MESSAGE } } : undefined),
    });
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    const form = await openDraft(user);
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Mine');
    api.changeOnServer({ version: 2 });
    await user.click(within(form).getByRole('button', { name: 'Publish…' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Publish this draft' })).getByRole('button', {
        name: 'Publish',
      }),
    );
    expect(await screen.findByText(CONTENT_STALE_MESSAGE)).toBeInTheDocument();
    stale = false;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Mine');
    await waitFor(() => expect(api.storedDraft()?.save.version).toBe(2), AUTOSAVE_WAIT);
  });
});

describe('revisions of an item (issue 25 item 3)', () => {
  it('lists revisions, shows the diff of two and restores one as the draft', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(published(), {
      revisions: [
        revision(testId('r', 2), '2026-11-20T10:00:00.000Z', 'Task 3 uses Ubuntu 22.04 images'),
        revision(testId('r', 1), '2026-11-01T10:00:00.000Z', null),
      ],
      diff: () => ({
        body: {
          from: revision(testId('r', 1), '2026-11-01T10:00:00.000Z', null),
          to: revision(testId('r', 2), '2026-11-20T10:00:00.000Z', 'Task 3 uses Ubuntu 22.04 images'),
          description: [
            { kind: 'same', text: 'Task 3 uses Ubuntu ' },
            { kind: 'removed', text: '20.04' },
            { kind: 'added', text: '22.04' },
          ],
          fields: [{ field: 'Name', before: 'Old lab', after: 'New lab' }],
          lists: { Keywords: { added: ['ubuntu'], removed: [] } },
        },
      }),
    });
    storeSession(PERSONAS.editor());
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Revisions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revisions' });
    expect(await within(dialog).findByText('Task 3 uses Ubuntu 22.04 images')).toBeInTheDocument();
    const boxes = within(dialog).getAllByRole('checkbox', { name: /Compare the revision of/ });
    for (const box of boxes) await user.click(box);
    const changes = await within(dialog).findByRole('region', { name: 'Changes between the two revisions' });
    expect(await within(changes).findByText('22.04')).toHaveProperty('tagName', 'INS');
    expect(within(changes).getByText('20.04')).toHaveProperty('tagName', 'DEL');
    expect(within(changes).getByText('Added: ubuntu')).toBeInTheDocument();
    const diffQuery = queryOf(api, 'GET', '/revision-diff');
    expect(diffQuery?.get('from')).toBe(testId('r', 1));
    expect(diffQuery?.get('to')).toBe(testId('r', 2));

    const [restoreOld] = within(dialog)
      .getAllByRole('button', { name: /Restore as draft/ })
      .slice(-1);
    if (!restoreOld) throw new Error('no restore button');
    await user.click(restoreOld);
    const confirm = await screen.findByRole('alertdialog', { name: 'Restore this revision as the draft' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore as draft' }));
    const form = await screen.findByRole('form', { name: 'Edit draft' });
    expect(await within(form).findByRole('textbox', { name: 'Name' })).toHaveValue(
      'Buffer Overflow Attack Lab (Set-UID Version) (restored)',
    );
  });

  it('shows the public change log with its anchor', async () => {
    const detail = {
      ...bufferOverflowDetail(),
      changeLog: [{ date: '2026-11-02', note: 'Task 3 uses Ubuntu 22.04 images' }],
    };
    mockEditorApi(detail);
    renderApp(PATH);
    const log = await screen.findByRole('region', { name: 'Change log' });
    expect(log).toHaveAttribute('id', 'change-log');
    expect(log).toHaveTextContent('Updated 2026-11-02: Task 3 uses Ubuntu 22.04 images');
  });
});
