// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Claim } from '#shared/contracts/identity';
import {
  PAGE_DELETE_CONFIRMATION_MESSAGE,
  PAGE_HREF_MESSAGE,
  PAGE_NOT_FOUND_MESSAGE,
  type Page,
  type PageAncestor,
} from '#shared/contracts/page';
import { getSession } from '../../../../lib/auth/session-store.ts';
import { getShownErrors } from '../../../../lib/error-store.ts';
import { calledUrls, calledWith, type MockResponse, mockApi, requestOf } from '../../../../testing/mock-api.ts';
import { renderApp } from '../../../../testing/render.tsx';
import { PERSONA_CLAIMS, portalToken, storeSession } from '../../../../testing/session.ts';
import { fixtureId, testPage } from '../page-fixtures.ts';

const api = (value: string): Claim => ({ type: 'api', value });
const EDITOR = PERSONA_CLAIMS.editor;
const WITH_DELETE = [...EDITOR, api('delete_v1_page')];

function signInWith(claims: Claim[]) {
  storeSession(portalToken({ sub: '01jd7k2m3n4p5q6r7s8t9v0s03', displayName: 'Eddie Editor', claims }));
}

/** Home: without a home-page address (the test configuration) it is the courseware list (spec §2.2). */
const HOME = ['/', '/courseware'];

const PARENT: PageAncestor = { id: fixtureId('pa'), title: 'Resources', href: '/resources' };

/** The team page with three sections (Alpha, Beta, and a nameless heading section). */
function teamPage(overrides: Partial<Page> = {}): Page {
  return {
    ...testPage({
      title: 'Our team',
      href: '/team',
      sections: [
        { name: 'Alpha', description: '<p>First.</p>' },
        { name: 'Beta', description: '<p>Second.</p>' },
        { widgets: [{ kind: 'calloutBox', content: 'Third text.' }] },
      ],
    }),
    ...overrides,
  };
}

type Handler = (url: URL, init?: RequestInit) => MockResponse | undefined | Promise<MockResponse | undefined>;

/**
 * The API: the session's claims and messages, the team page by href and by id
 * (with `ancestors`), the page list (the parent picker), then `handler`.
 */
function mockPagesApi(page: Page, handler: Handler = () => undefined) {
  return mockApi(async (url, init) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    const answer = await handler(url, init);
    if (answer) return answer;
    const { method } = requestOf(init);
    if (method === 'GET' && url.pathname === '/api/v1/pages/by-href' && url.searchParams.get('href') === page.href) {
      return { body: page };
    }
    if (method === 'GET' && url.pathname === `/api/v1/pages/${page.id}`) {
      return { body: { ...page, ancestors: page.parentId === PARENT.id ? [PARENT] : [] } };
    }
    if (method === 'GET' && url.pathname === '/api/v1/pages') {
      const { sections: _s, ...summary } = page;
      const parent = { ...summary, id: PARENT.id, title: PARENT.title, href: PARENT.href, parentId: null };
      return { body: { items: [parent, summary], nextPageToken: null } };
    }
    return { status: 404, body: { statusCode: 404, message: PAGE_NOT_FOUND_MESSAGE } };
  });
}

/**
 * jsdom has no layout: each sortable row gets a 40-pixel-high box, 50 pixels below
 * the one before it, so @dnd-kit's keyboard coordinates can find the next row.
 */
function layOutSortableRows() {
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (!this.hasAttribute('data-sortable-id') || !this.parentElement) return original.call(this);
    const index = [...this.parentElement.children].indexOf(this);
    const top = index * 50;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 400,
      height: 40,
      right: 400,
      bottom: top + 40,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

const sectionRows = () =>
  within(screen.getByRole('list', { name: 'Sections' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent?.replace(/^\d+\.\s*/, '').replace(/Edit$/, ''));

describe('CMS page breadcrumbs and the builder controls (spec §2.3, §2.14, §6)', () => {
  it('shows a visitor the breadcrumbs Home › page, and no builder controls', async () => {
    const spy = mockPagesApi(teamPage());
    renderApp({ path: '/team' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Our team' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText('Our team')).toHaveAttribute('aria-current', 'page');
    // One breadcrumb trail: the shell's path breadcrumbs are off on page routes.
    expect(screen.getAllByRole('navigation', { name: 'Breadcrumb' })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Page builder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add section' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    // A top page needs no second request for its breadcrumbs.
    expect(calledUrls(spy).filter((url) => url.startsWith('/api/v1/pages'))).toEqual([
      '/api/v1/pages/by-href?href=%2Fteam',
    ]);
  });

  it('builds the breadcrumbs of a page with a parent from its ancestors', async () => {
    const spy = mockPagesApi(teamPage({ parentId: PARENT.id }));
    renderApp({ path: '/team' });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(trail).findByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/resources');
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Resources', 'Our team']);
    expect(calledUrls(spy)).toContain(`/api/v1/pages/${fixtureId('p0')}`);
  });

  it('gives an editor Edit page, Add section and the sections with Edit and a handle, but Delete page only with delete_v1_page', async () => {
    signInWith(EDITOR);
    mockPagesApi(teamPage());
    const user = userEvent.setup();
    renderApp({ path: '/team' });
    const builder = await screen.findByRole('region', { name: 'Page builder' });
    expect(within(builder).getByText('Published')).toBeInTheDocument();
    expect(within(builder).getByRole('button', { name: 'Add section' })).toBeInTheDocument();
    expect(sectionRows()).toEqual(['Alpha', 'Beta', 'Callout box']);
    expect(within(builder).getByRole('button', { name: 'Edit section “Beta”' })).toBeInTheDocument();
    const handle = within(builder).getByRole('button', { name: 'Move section “Alpha”' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    await user.click(within(builder).getByRole('button', { name: 'Edit page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit page' });
    expect(within(dialog).queryByRole('button', { name: 'Delete page' })).toBeNull();
  });
});

describe('the section dialog from the builder (spec §2.14)', () => {
  it('opens for a new section from Add section, and for a section from its Edit button', async () => {
    signInWith(EDITOR);
    mockPagesApi(teamPage());
    const user = userEvent.setup();
    renderApp({ path: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Add section' }));
    expect(await screen.findByRole('dialog', { name: /Add section/i })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Edit section “Beta”' }));
    expect(await screen.findByRole('dialog', { name: /Edit section/i })).toBeInTheDocument();
  });
});

describe('the page dialog (spec §4 "Pages", §5 "Pages")', () => {
  it('edits a page: checks the fields, saves, closes and shows the answer without asking again', async () => {
    signInWith(EDITOR);
    const page = teamPage();
    const spy = mockPagesApi(page, (url, init) => {
      const { method, body } = requestOf(init);
      if (method === 'PUT' && url.pathname === `/api/v1/pages/${page.id}`) {
        const input = body as { title: string; meta: { description: string } };
        return { body: { ...page, title: input.title, meta: { ...page.meta, description: input.meta.description } } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp({ path: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Edit page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit page' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Our team');
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue('/team');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('published');

    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Is required.');
    expect(title).toHaveFocus();
    expect(title).toHaveAccessibleDescription(/Is required\./);

    await user.type(title, 'The range team');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit page' })).toBeNull());
    expect(await screen.findByRole('heading', { level: 1, name: 'The range team' })).toBeInTheDocument();
    expect(calledWith(spy, 'PUT')).toEqual([
      {
        path: `/api/v1/pages/${page.id}`,
        body: {
          title: 'The range team',
          href: '/team',
          parentId: null,
          status: 'published',
          meta: { description: page.meta.description, images: [] },
          layout: { name: 'handSortedList', parameters: {} },
        },
      },
    ]);
    expect(calledUrls(spy).filter((url) => url.startsWith('/api/v1/pages/by-href'))).toHaveLength(1);
  });

  it('creates a page from /pages/new: every required field, the link rule, then opens the new page', async () => {
    signInWith(EDITOR);
    const created = testPage({ title: 'Call for help', href: '/call-for-help', description: 'Ask us.' });
    const spy = mockPagesApi(created, (url, init) => {
      const { method } = requestOf(init);
      if (method === 'POST' && url.pathname === '/api/v1/pages') return { status: 201, body: created };
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/pages/new' });
    const dialog = await screen.findByRole('dialog', { name: 'Add new page' });
    const status = within(dialog).getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Is required.', 'Is required.', 'Is required.', 'Choose a status.']);
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveFocus();

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Call for help');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Ask us.');
    const link = within(dialog).getByRole('textbox', { name: 'Link' });
    await user.type(link, 'call for help');
    await user.selectOptions(status, 'published');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PAGE_HREF_MESSAGE);
    expect(link).toHaveFocus();

    await user.clear(link);
    await user.type(link, '/Call-For-Help/');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Parent page' }), 'Resources (/resources)');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/call-for-help'));
    expect(calledWith(spy, 'POST')).toEqual([
      {
        path: '/api/v1/pages',
        body: {
          title: 'Call for help',
          href: '/call-for-help',
          parentId: PARENT.id,
          status: 'published',
          meta: { description: 'Ask us.', images: [] },
          layout: { name: 'handSortedList', parameters: {} },
        },
      },
    ]);
  });

  it('takes each field message away as the field is fixed, before the next submit (issue 21 item 14)', async () => {
    signInWith(EDITOR);
    mockPagesApi(testPage({}));
    const user = userEvent.setup();
    renderApp({ path: '/pages/new' });
    const dialog = await screen.findByRole('dialog', { name: 'Add new page' });
    const messages = () =>
      within(dialog)
        .queryAllByRole('alert')
        .map((alert) => alert.textContent);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Call for help');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Ask us.');
    const link = within(dialog).getByRole('textbox', { name: 'Link' });
    await user.type(link, 'call for help');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(messages()).toEqual([PAGE_HREF_MESSAGE, 'Choose a status.']);

    await user.clear(link);
    await user.type(link, '/call-for-help');
    expect(messages()).toEqual(['Choose a status.']);
    expect(link).not.toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'published');
    expect(messages()).toEqual([]);
    // The title had no message: emptying it adds none until the next submit.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    expect(messages()).toEqual([]);
  });

  it('shows a taken link (409) under the link, and a 400 field message under its field', async () => {
    signInWith(EDITOR);
    let answer: MockResponse = {
      status: 409,
      body: { statusCode: 409, message: 'This link is already used by another page.' },
    };
    mockPagesApi(teamPage(), (url, init) =>
      requestOf(init).method === 'POST' && url.pathname === '/api/v1/pages' ? answer : undefined,
    );
    const user = userEvent.setup();
    renderApp({ path: '/pages/new' });
    const dialog = await screen.findByRole('dialog', { name: 'Add new page' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Team again');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Once more.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Link' }), '/team');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'unpublished');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This link is already used by another page.');
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveFocus();
    expect(getShownErrors()).toEqual([]);

    answer = {
      status: 400,
      body: {
        statusCode: 400,
        message: 'Invalid request.',
        errors: [{ path: 'body.parentId', message: 'The parent page does not exist.' }],
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(await within(dialog).findByText('The parent page does not exist.')).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('combobox', { name: 'Parent page' })).toHaveFocus();
  });

  it('shows "changed by someone else" (409) above the fields', async () => {
    signInWith(EDITOR);
    const page = teamPage();
    mockPagesApi(page, (_url, init) =>
      requestOf(init).method === 'PUT'
        ? {
            status: 409,
            body: { statusCode: 409, message: 'The page was changed by someone else. Reload it and try again.' },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp({ path: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Edit page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit page' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/changed by someone else/);
  });

  it('cancels /pages/new back home; a visitor there is sent home', async () => {
    signInWith(EDITOR);
    mockPagesApi(teamPage());
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/pages/new' });
    const dialog = await screen.findByRole('dialog', { name: 'Add new page' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(HOME).toContain(router.state.location.pathname));
  });

  it('sends a visitor at /pages/new home', async () => {
    mockPagesApi(teamPage());
    const { router } = renderApp({ path: '/pages/new' });
    await waitFor(() => expect(HOME).toContain(router.state.location.pathname));
    expect(screen.queryByRole('dialog', { name: 'Add new page' })).toBeNull();
  });

  it.each([
    ['the parent page', PARENT.id, '/resources'],
    ['home', null, '/'],
  ] as const)(
    'deletes a page after the ticked confirmation, then goes to %s',
    async (_where, parentId, destination) => {
      signInWith(WITH_DELETE);
      const page = teamPage({ parentId });
      const spy = mockPagesApi(page, (_url, init) =>
        requestOf(init).method === 'DELETE' ? { body: { id: page.id, sectionsDeleted: 3 } } : undefined,
      );
      const user = userEvent.setup();
      const { router } = renderApp({ path: '/team' });
      if (parentId) {
        await within(await screen.findByRole('navigation', { name: 'Breadcrumb' })).findByRole('link', {
          name: 'Resources',
        });
      }
      await user.click(await screen.findByRole('button', { name: 'Edit page' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit page' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete page' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete page' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(within(confirm).getByRole('alert')).toHaveTextContent(PAGE_DELETE_CONFIRMATION_MESSAGE);
      expect(within(confirm).getByRole('checkbox')).toHaveFocus();
      expect(calledWith(spy, 'DELETE')).toEqual([]);

      await user.click(within(confirm).getByRole('checkbox'));
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(destination === '/' ? HOME : [destination]).toContain(router.state.location.pathname));
      expect(calledUrls(spy)).toContain(`/api/v1/pages/${page.id}?confirmed=true`);
    },
  );
});

describe('reordering sections and groups (spec §2.14, §4 "Pages")', () => {
  it('moves a section with the keyboard, shows the new order at once and saves it', async () => {
    signInWith(EDITOR);
    layOutSortableRows();
    const page = teamPage();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const spy = mockPagesApi(page, async (url, init) => {
      const { method, body } = requestOf(init);
      if (method !== 'PUT' || url.pathname !== `/api/v1/pages/${page.id}/section-order`) return undefined;
      await gate;
      const ids = (body as { sectionIds: string[] }).sectionIds;
      return {
        body: {
          ...page,
          sections: ids.map((id, index) => ({ ...page.sections.find((s) => s.id === id), index })),
        },
      };
    });
    const user = userEvent.setup();
    renderApp({ path: '/team' });
    const handle = await screen.findByRole('button', { name: 'Move section “Alpha”' });
    handle.focus();
    await user.keyboard('[Space]');
    expect(await screen.findByText(/Picked up section “Alpha” at position 1 of 3\./)).toBeInTheDocument();
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    expect(await screen.findByText(/Section “Alpha” dropped at position 2 of 3\./)).toBeInTheDocument();
    // Optimistic: the new order shows before the server answers, in the list and on the page.
    await waitFor(() => expect(sectionRows()).toEqual(['Beta', 'Alpha', 'Callout box']));
    expect(
      within(screen.getByRole('article', { name: 'Our team' }))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Beta', 'Alpha']);
    expect(calledWith(spy, 'PUT')).toEqual([
      {
        path: `/api/v1/pages/${page.id}/section-order`,
        body: { sectionIds: [fixtureId('s1'), fixtureId('s0'), fixtureId('s2')] },
      },
    ]);
    // While it is saved no row can be picked up; the focus stays on the handle moved.
    const moved = screen.getByRole('button', { name: 'Move section “Alpha”' });
    expect(moved).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(moved).toHaveFocus());
    release();
    await waitFor(() => expect(moved).toHaveAttribute('aria-disabled', 'false'));
    expect(sectionRows()).toEqual(['Beta', 'Alpha', 'Callout box']);
  });

  it('puts the old order back when the reorder fails, and shows the error', async () => {
    signInWith(EDITOR);
    layOutSortableRows();
    const page = teamPage();
    mockPagesApi(page, (_url, init) =>
      requestOf(init).method === 'PUT'
        ? {
            status: 409,
            body: { statusCode: 409, message: 'The page was changed by someone else. Reload it and try again.' },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp({ path: '/team' });
    const handle = await screen.findByRole('button', { name: 'Move section “Beta”' });
    handle.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    const error = await screen.findByRole('alertdialog', { name: 'ERROR' });
    expect(
      within(error).getByText('The page was changed by someone else. Reload it and try again.'),
    ).toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'ERROR' })).toBeNull());
    expect(sectionRows()).toEqual(['Alpha', 'Beta', 'Callout box']);
  });

  it('cancels a keyboard move with Escape, saving nothing', async () => {
    signInWith(EDITOR);
    layOutSortableRows();
    const spy = mockPagesApi(teamPage());
    const user = userEvent.setup();
    renderApp({ path: '/team' });
    const handle = await screen.findByRole('button', { name: 'Move section “Alpha”' });
    handle.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Escape]');
    expect(
      await screen.findByText(/Moving cancelled\. Section “Alpha” is back at position 1 of 3\./),
    ).toBeInTheDocument();
    expect(sectionRows()).toEqual(['Alpha', 'Beta', 'Callout box']);
    expect(calledWith(spy, 'PUT')).toEqual([]);
  });

  it('reorders the groups of a grouped list', async () => {
    signInWith(EDITOR);
    layOutSortableRows();
    const page = teamPage({
      layout: { name: 'groupedList', parameters: { 'group-Staff': '0', 'group-Advisors': '1', theme: 'dark' } },
    });
    const spy = mockPagesApi(page, (url, init) => {
      const { method } = requestOf(init);
      if (method !== 'PUT' || url.pathname !== `/api/v1/pages/${page.id}/group-order`) return undefined;
      return {
        body: {
          ...page,
          layout: { name: 'groupedList', parameters: { 'group-Advisors': '0', 'group-Staff': '1', theme: 'dark' } },
        },
      };
    });
    const user = userEvent.setup();
    renderApp({ path: '/team' });
    const handle = await screen.findByRole('button', { name: 'Move group “Advisors”' });
    handle.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    await waitFor(() =>
      expect(
        within(screen.getByRole('tablist'))
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Advisors', 'Staff']),
    );
    expect(calledWith(spy, 'PUT')).toEqual([
      { path: `/api/v1/pages/${page.id}/group-order`, body: { groups: ['Advisors', 'Staff'] } },
    ]);
  });
});
