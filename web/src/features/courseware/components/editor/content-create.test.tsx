// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALIAS_TAKEN_MESSAGE, CURATED_DATE_IN_FUTURE_MESSAGE } from '#shared/contracts/content';
import { bufferOverflowDetail } from '../../../../testing/fixtures.ts';
import { calledWith, type MockResponse } from '../../../../testing/mock-api.ts';
import { showHtmlSource } from '../../../../testing/rich-text.ts';
import { PERSONAS, storeSession } from '../../../../testing/session.ts';
import { mockEditorApi, renderEditorRoutes } from '../../testing/editor-test-kit.tsx';

const renderApp = ({ path }: { path: string }) => renderEditorRoutes(path);

function mockCreateApi(save?: () => MockResponse) {
  return mockEditorApi(bufferOverflowDetail(), {
    save: (body) =>
      save?.() ?? {
        body: {
          content: { ...bufferOverflowDetail().content, name: String((body.fields as { name: string }).name) },
          created: { contributors: {}, children: {} },
        },
      },
  }).spy;
}

async function openCreateForm() {
  return screen.findByRole('form', { name: 'Add courseware' });
}

describe('creating courseware (spec §2.5 creating=1, §4 creating mode)', () => {
  it('shows Add courseware to an editor, which opens the create form in edit mode', async () => {
    const user = userEvent.setup();
    mockCreateApi();
    storeSession(PERSONAS.editor());
    const { router } = renderApp({ path: '/courseware' });
    const add = await screen.findByRole('link', { name: 'Add courseware' });
    expect(add).toHaveAttribute('href', '/courseware?creating=1');
    await user.click(add);
    const form = await openCreateForm();
    expect(router.state.location.search).toBe('?creating=1');
    expect(within(form).getByRole('combobox', { name: 'Status' })).toHaveValue('unpublished');
    expect(within(form).getByRole('textbox', { name: 'Learning Objectives' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add courseware' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('shows no add button to a visitor and ignores creating=1', async () => {
    mockCreateApi();
    storeSession(PERSONAS.student());
    renderApp({ path: '/courseware?creating=1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Courseware' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Courseware' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add courseware' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add courseware' })).not.toBeInTheDocument();
  });

  it('makes the alias follow the name until the alias is edited by hand', async () => {
    const user = userEvent.setup();
    mockCreateApi();
    storeSession(PERSONAS.editor());
    renderApp({ path: '/courseware?creating=1' });
    const form = await openCreateForm();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    const alias = within(form).getByRole('textbox', { name: 'URL alias' });
    await user.type(name, '  Buffer Overflow Lab ');
    expect(alias).toHaveValue('buffer-overflow-lab');

    await user.clear(alias);
    await user.type(alias, 'my-lab');
    await user.type(name, 'Two');
    expect(alias).toHaveValue('my-lab');
  });

  it('sends the new item with its last-curated dates, goes to its alias address and says Created (issue 21 item 17)', async () => {
    const user = userEvent.setup();
    const api = mockCreateApi();
    storeSession(PERSONAS.editor());
    const { router } = renderApp({ path: '/courseware?creating=1' });
    const form = await openCreateForm();
    // Pasted, not typed key by key: the test stays well within its time on a loaded machine.
    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.paste('Buffer Overflow Lab');
    await user.click(await showHtmlSource(user, 'Description', 'Description (HTML)', form));
    await user.paste('<p>Smash the stack.</p>');
    await user.type(within(form).getByRole('textbox', { name: 'Learning Objectives' }), 'Find a flaw{Enter}Fix <it>');
    await user.type(within(form).getByRole('textbox', { name: 'Search keywords' }), 'stack{Enter}');
    fireEvent.change(within(form).getByLabelText('Courseware last curated'), { target: { value: '2026-01-05' } });
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const { urlAlias } = bufferOverflowDetail().content;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/courseware/${urlAlias}`));
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('Created'));
    const [save] = calledWith(api, 'POST').filter((call) => call.path === '/api/v1/content-saves');
    if (!save) throw new Error('no save sent');
    expect(save.body).toEqual({
      fields: {
        name: 'Buffer Overflow Lab',
        urlAlias: 'buffer-overflow-lab',
        status: 'unpublished',
        description: '<p>Smash the stack.</p>',
        tags: [],
        searchKeywords: ['stack'],
        categories: [],
        educationLevels: [],
        experienceLevels: [],
        ksas: [],
        kuOutcomes: [],
        kus: [],
        tkss: [],
        includes: [],
        lastCuratedTimestamps: { courseware: '2026-01-05', environment: '' },
        sections: [
          {
            key: 'learning-objectives',
            name: 'Learning Objectives',
            description: '<ul><li>Find a flaw</li><li>Fix &lt;it&gt;</li></ul>',
          },
        ],
      },
      contributors: [],
      newContributors: [],
      changedContributors: [],
      children: [],
      files: [],
    });
  }, 60_000);

  it('refuses a last-curated date after today, as the edit form does (issue 21 item 17)', async () => {
    const user = userEvent.setup();
    const api = mockCreateApi();
    storeSession(PERSONAS.editor());
    renderApp({ path: '/courseware?creating=1' });
    const form = await openCreateForm();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Future Lab');
    await user.type(await showHtmlSource(user, 'Description', 'Description (HTML)', form), '<p>Later.</p>');
    const date = within(form).getByLabelText('Environment last curated');
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText(CURATED_DATE_IN_FUTURE_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(date).toHaveFocus());
    expect(calledWith(api, 'POST').filter((call) => call.path === '/api/v1/content-saves')).toEqual([]);
  });

  it('shows a taken alias (409) under the alias field and focuses it', async () => {
    const user = userEvent.setup();
    mockCreateApi(() => ({ status: 409, body: { statusCode: 409, message: ALIAS_TAKEN_MESSAGE } }));
    storeSession(PERSONAS.editor());
    const { router } = renderApp({ path: '/courseware?creating=1' });
    const form = await openCreateForm();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Taken');
    await user.type(await showHtmlSource(user, 'Description', 'Description (HTML)', form), '<p>x</p>');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const alias = within(form).getByRole('textbox', { name: 'URL alias' });
    expect(await within(form).findByText(ALIAS_TAKEN_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(alias).toHaveFocus());
    expect(alias).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('?creating=1');
  });

  it('refuses to send without a name and a description, focusing the name', async () => {
    const user = userEvent.setup();
    const api = mockCreateApi();
    storeSession(PERSONAS.editor());
    renderApp({ path: '/courseware?creating=1' });
    const form = await openCreateForm();
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const name = within(form).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(form).getAllByText('Is required.')).toHaveLength(2);
    expect(calledWith(api, 'POST').filter((call) => call.path === '/api/v1/content-saves')).toEqual([]);
  });

  it('shows the server field errors (400) under their fields', async () => {
    const user = userEvent.setup();
    mockCreateApi(() => ({
      status: 400,
      body: {
        statusCode: 400,
        message: 'Invalid request.',
        errors: [{ path: 'fields.description', message: 'Must be at most 100000 characters.' }],
      },
    }));
    storeSession(PERSONAS.editor());
    renderApp({ path: '/courseware?creating=1' });
    const form = await openCreateForm();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Lab');
    await user.type(await showHtmlSource(user, 'Description', 'Description (HTML)', form), '<p>x</p>');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(form).findByText('Must be at most 100000 characters.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Description (HTML)' })).toHaveFocus());
  });
});
