// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SectionWidgetInput } from '#shared/contracts/page';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONA_CLAIMS, portalToken, signIn } from '../../../testing/session.ts';
import { widgetColumns, widgetRows } from '../utils/grid.ts';
import { sanitizePageHtml } from '../utils/html.ts';
import { PageContent } from './page-content.tsx';
import { fixtureId, type SectionInput, testPage, widgetFile } from './page-fixtures.ts';
import { imageMaxHeight, youTubeEmbedUrl } from './widgets/media-widgets.tsx';

/** Renders a page of one section named `name` holding `widgets`. */
function renderWidgets(widgets: SectionWidgetInput[], name = 'Teaching with the range') {
  return renderWithProviders(<PageContent page={testPage({ sections: [{ name, widgets }] })} />);
}

const fileUrl = (suffix: string) => `/public/files/${fixtureId(suffix)}`;

describe('the widget renderers (spec §3 "Section widget", §5 "Widgets")', () => {
  it('draws a heading at its level and in its colour', () => {
    renderWidgets([
      { kind: 'heading', content: 'Lab environments', customAttributes: { type: 'h4', color: 'tertiary' } },
      { kind: 'heading', content: 'Course materials' },
    ]);
    const lab = screen.getByRole('heading', { level: 4, name: 'Lab environments' });
    expect(lab).toHaveAttribute('data-color', 'tertiary');
    // The defaults: h2 in the text colour.
    expect(screen.getByRole('heading', { level: 2, name: 'Course materials' })).toHaveAttribute(
      'data-color',
      'default',
    );
  });

  it('draws a callout box with its text', () => {
    renderWidgets([
      {
        kind: 'calloutBox',
        content: 'All courseware on the portal is shared under the CC BY-NC-SA 4.0 licence.',
      },
    ]);
    expect(
      screen.getByText('All courseware on the portal is shared under the CC BY-NC-SA 4.0 licence.'),
    ).toBeInTheDocument();
  });

  it('draws a content box: its HTML and its image with the alt text', () => {
    renderWidgets([
      {
        kind: 'contentBox',
        content:
          '<p>The <a href="https://seedsecuritylabs.org">SEED Labs</a> cover software, network and web security.</p>',
        files: [widgetFile('f1', 'seed-labs.png', 'image/png', 'SEED Labs lab categories')],
      },
    ]);
    expect(screen.getByRole('link', { name: 'SEED Labs' })).toHaveAttribute('href', 'https://seedsecuritylabs.org');
    expect(screen.getByRole('img', { name: 'SEED Labs lab categories' })).toHaveAttribute('src', fileUrl('f1'));
  });

  it('never runs or renders a script or an event handler of a content box or a section description', () => {
    const hacked = vi.fn();
    (window as unknown as { hacked: () => void }).hacked = hacked;
    const { container } = renderWithProviders(
      <PageContent
        page={testPage({
          sections: [
            {
              name: 'Terms',
              description: '<p>Read these first.</p><img src="x" onerror="window.hacked()" alt="">',
              widgets: [
                {
                  kind: 'contentBox',
                  content:
                    '<p>Use of the range</p><script>window.hacked()</script>' +
                    '<img src="y" onerror="window.hacked()" alt="broken">' +
                    '<a href="javascript:window.hacked()">Click</a>',
                },
              ],
            },
          ],
        })}
      />,
    );
    expect(screen.getByText('Use of the range')).toBeInTheDocument();
    expect(screen.getByText('Read these first.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
    for (const image of container.querySelectorAll('img')) image.dispatchEvent(new Event('error'));
    expect(hacked).not.toHaveBeenCalled();
    expect(sanitizePageHtml('<p onclick="x()">a</p><style>p{}</style>')).toBe('<p>a</p>');
  });

  it('draws a call to action as a link button; a path of the site goes through the router', async () => {
    const { router } = renderWidgets([
      { kind: 'callToAction', content: 'Contact the team', link: '/contact-us' },
      {
        kind: 'callToAction',
        content: 'Read the NICE Framework',
        link: 'https://niccs.cisa.gov/workforce-development/nice-framework',
      },
    ]);
    const external = screen.getByRole('link', { name: 'Read the NICE Framework' });
    expect(external).toHaveAttribute('href', 'https://niccs.cisa.gov/workforce-development/nice-framework');
    const internal = screen.getByRole('link', { name: 'Contact the team' });
    expect(internal).toHaveAttribute('href', '/contact-us');
    await userEvent.click(internal);
    expect(router.state.location.pathname).toBe('/contact-us');
  });

  it('draws a cover image with its alt text, its title as a heading and its subtitle', () => {
    renderWidgets([
      {
        kind: 'coverImage',
        title: 'Hands-on cybersecurity education',
        subtitle: 'Cloud-hosted labs for every classroom',
        files: [widgetFile('f2', 'range.jpg', 'image/jpeg', 'Students working on lab virtual machines')],
      },
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'Hands-on cybersecurity education' })).toBeInTheDocument();
    expect(screen.getByText('Cloud-hosted labs for every classroom')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Students working on lab virtual machines' })).toHaveAttribute(
      'src',
      fileUrl('f2'),
    );
  });

  it('draws a team member with name, title, description, avatar and logo, each image with its alt text', () => {
    renderWidgets([
      {
        kind: 'teamMember',
        name: 'Fay Faculty',
        title: 'Courseware editor',
        content: 'Reviews submitted courseware against the CAE knowledge units.',
        files: [
          widgetFile('a1', 'fay.png', 'image/png', 'Portrait of Fay Faculty'),
          widgetFile('b1', 'university.png', 'image/png', 'University of Nebraska at Omaha logo'),
        ],
        customAttributes: { avatarFileId: fixtureId('a1'), logoFileId: fixtureId('b1') },
      },
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'Fay Faculty' })).toBeInTheDocument();
    expect(screen.getByText('Courseware editor')).toBeInTheDocument();
    expect(screen.getByText('Reviews submitted courseware against the CAE knowledge units.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portrait of Fay Faculty' })).toHaveAttribute('src', fileUrl('a1'));
    expect(screen.getByRole('img', { name: 'University of Nebraska at Omaha logo' })).toHaveAttribute(
      'src',
      fileUrl('b1'),
    );
  });

  it('draws a team member description written as HTML with its formatting, scripts dropped (issue 25 item 1)', () => {
    renderWidgets([
      {
        kind: 'teamMember',
        name: 'Gus Guide',
        content:
          '<p>Leads the <strong>SEED</strong> labs.</p><ul><li>Networks</li></ul><img src="x" onerror="alert(1)">',
      },
    ]);
    expect(screen.getByText('SEED').tagName).toBe('STRONG');
    expect(screen.getByRole('listitem')).toHaveTextContent('Networks');
    expect(document.querySelector('[onerror]')).toBeNull();
  });

  it('draws an image at its position, its title as caption, a bare maximum height in pixels', () => {
    renderWidgets([
      {
        kind: 'image',
        title: 'The range’s network diagram',
        files: [widgetFile('f3', 'network.png', 'image/png', 'Network diagram of a lab environment')],
        customAttributes: { position: 'right', maxHeight: '300' },
      },
    ]);
    const image = screen.getByRole('img', { name: 'Network diagram of a lab environment' });
    expect(image).toHaveAttribute('src', fileUrl('f3'));
    const figure = image.closest('figure');
    expect(figure).toHaveAttribute('data-position', 'right');
    expect(figure).toHaveTextContent('The range’s network diagram');
    expect(imageMaxHeight('300')).toBe('300px');
    expect(imageMaxHeight('20em')).toBe('20em');
    expect(imageMaxHeight('')).toBeUndefined();
  });

  it('draws a feature item: image with alt text, title and subtitle', () => {
    renderWidgets([
      {
        kind: 'featureItem',
        title: 'Mapped to the NICE Framework',
        subtitle: 'Every course lists the knowledge, skills and abilities it teaches.',
        files: [widgetFile('f4', 'nice.png', 'image/png', 'NICE Framework work roles')],
      },
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'Mapped to the NICE Framework' })).toBeInTheDocument();
    expect(screen.getByText('Every course lists the knowledge, skills and abilities it teaches.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'NICE Framework work roles' })).toBeInTheDocument();
  });

  it('embeds a YouTube video in the no-cookie player with a title and English captions by default', () => {
    renderWidgets([{ kind: 'youTube', content: 'dQw4w9WgXcQ' }], 'Getting started');
    const frame = screen.getByTitle('YouTube video: Getting started');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.origin).toBe('https://www.youtube-nocookie.com');
    expect(src.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(src.searchParams.get('cc_load_policy')).toBe('1');
    expect(src.searchParams.get('cc_lang_pref')).toBe('en');
    expect(youTubeEmbedUrl('abc', 'es')).toContain('cc_lang_pref=es');
  });

  it('draws a giant icon button as one link named by its name and described by its description', async () => {
    const { router } = renderWidgets([
      {
        kind: 'giantIconButton',
        name: 'Browse courseware',
        content: 'Courses, modules and labs contributed by educators.',
        link: '/courseware',
        customAttributes: { icon: 'book-open' },
      },
    ]);
    const link = screen.getByRole('link', { name: 'Browse courseware' });
    expect(link).toHaveAccessibleDescription('Courses, modules and labs contributed by educators.');
    expect(within(screen.getByRole('heading', { level: 3 })).getByRole('link')).toBe(link);
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/courseware');
  });

  it('draws a file as a download link with its alt text as the description', () => {
    renderWidgets([
      {
        kind: 'file',
        name: 'Lab setup guide',
        files: [widgetFile('f5', 'lab-setup.pdf', 'application/pdf', 'PDF document')],
      },
      { kind: 'file', files: [widgetFile('f6', 'syllabus.docx', 'application/msword', 'Word document')] },
    ]);
    const guide = screen.getByRole('link', { name: 'Lab setup guide' });
    expect(guide).toHaveAttribute('href', fileUrl('f5'));
    expect(guide).toHaveAttribute('download', 'lab-setup.pdf');
    expect(guide).toHaveAccessibleDescription('PDF document');
    // No display name: the file name.
    expect(screen.getByRole('link', { name: 'syllabus.docx' })).toHaveAccessibleDescription('Word document');
  });
});

describe('the collections widget (issue 26 item 2; decision record 076)', () => {
  const id = (suffix: string) => `01jd7k2m3n4p5q6r7s8t9v0c${suffix}`;
  const collection = (suffix: string, name: string, visibility: 'curated' | 'link') => ({
    id: id(suffix),
    name,
    description: `About ${name}.`,
    visibility,
    ownerName: 'Eve Editor',
    itemCount: 3,
    createdTimestamp: '2026-11-20T10:00:00.000Z',
    modifiedTimestamp: '2026-11-21T10:00:00.000Z',
    version: 1,
    owned: false,
    entries: [],
  });
  /** Three named: one curated, one since shared by link only, one deleted. */
  function showWidget() {
    mockApi((url) => {
      if (url.pathname === `/api/v1/collections/${id('01')}`)
        return { body: collection('01', 'Memory safety', 'curated') };
      if (url.pathname === `/api/v1/collections/${id('02')}`) return { body: collection('02', 'Old week', 'link') };
      if (url.pathname === '/api/v1/claims') return { body: { items: PERSONA_CLAIMS.editor } };
      if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
      return { status: 404, body: { statusCode: 404, message: 'Collection does not exist.' } };
    });
    return renderWidgets([
      {
        kind: 'collections',
        title: 'Curated for you',
        customAttributes: { collectionIds: [id('01'), id('02'), id('03')].join(',') },
      },
    ]);
  }

  it('shows a visitor the title and a card per curated collection, skipping the others silently', async () => {
    showWidget();
    const list = screen.getByRole('list', { name: 'Curated for you' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 3, name: 'Curated for you' })).toBeInTheDocument();
    const link = await within(list).findByRole('link', { name: 'Memory safety' });
    expect(link).toHaveAttribute('href', `/collections/${id('01')}`);
    expect(within(screen.getByRole('heading', { level: 4, name: 'Memory safety' })).getByRole('link')).toBe(link);
    await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('About Memory safety.')).toBeInTheDocument();
    expect(within(list).getByText(/^3 items/)).toBeInTheDocument();
    expect(screen.queryByText('Collection no longer available')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows an editor "Collection no longer available" in place of each one gone or no longer curated', async () => {
    expect(signIn(portalToken({ claims: PERSONA_CLAIMS.editor }))).toBe(true);
    showWidget();
    const list = screen.getByRole('list', { name: 'Curated for you' });
    await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByText('Collection no longer available')).toHaveLength(2);
  });
});

describe('the page, its sections and the widget grid (spec §2.14)', () => {
  const callout = (n: number): SectionWidgetInput => ({ kind: 'calloutBox', content: `Point ${n}` });

  it('follows the grid rule: 1 full width, 2 or 4 in two columns, otherwise three', () => {
    expect([1, 2, 3, 4, 5, 6].map(widgetColumns)).toEqual([1, 2, 3, 2, 3, 3]);
    const sections: SectionInput[] = [1, 2, 3, 4, 5].map((count) => ({
      name: `${count} widgets`,
      widgets: Array.from({ length: count }, (_, n) => callout(n)),
    }));
    renderWithProviders(<PageContent page={testPage({ sections })} />);
    const columns = [1, 2, 3, 4, 5].map((count) => {
      const section = screen.getByRole('region', { name: `${count} widgets` });
      const grid = section.querySelector('[data-columns]');
      expect(grid?.children).toHaveLength(count);
      return grid?.getAttribute('data-columns');
    });
    expect(columns).toEqual(['1', '2', '3', '2', '3']);
  });

  it('puts headings, cover images and call-to-action buttons on rows of their own, the widgets between them in the grid', () => {
    const widgets: SectionWidgetInput[] = [
      { kind: 'heading', content: 'What we do' },
      { kind: 'contentBox', content: '<p>We curate courseware.</p>' },
      { kind: 'callToAction', content: 'Browse the courseware', link: '/courseware' },
      { kind: 'callToAction', content: 'Contact us', link: '/contact-us' },
      callout(1),
      callout(2),
      callout(3),
    ];
    const rows = widgetRows(testPage({ sections: [{ widgets }] }).sections[0]?.widgets ?? []);
    expect(
      rows.map((row) => [row.type, row.widgets.map((widget) => widget.kind), 'columns' in row ? row.columns : null]),
    ).toEqual([
      ['full', ['heading'], null],
      ['grid', ['contentBox'], 1],
      ['actions', ['callToAction', 'callToAction'], null],
      ['grid', ['calloutBox', 'calloutBox', 'calloutBox'], 3],
    ]);
  });

  it('lets a section that opens with a heading widget be headed by it, and an opening h1 widget be the page’s h1', () => {
    renderWithProviders(
      <PageContent
        page={testPage({
          title: 'Team',
          sections: [
            {
              name: 'About the team',
              widgets: [
                { kind: 'heading', content: 'Our team', customAttributes: { type: 'h1', color: 'default' } },
                { kind: 'contentBox', content: '<p>The courseware team runs this portal.</p>' },
              ],
            },
            {
              name: 'Members',
              widgets: [
                { kind: 'heading', content: 'Who we are', customAttributes: { type: 'h2', color: 'default' } },
                { kind: 'teamMember', name: 'Fay Faculty', title: 'Courseware editor' },
              ],
            },
          ],
        })}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Our team']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Who we are']);
    expect(screen.getByRole('heading', { level: 3, name: 'Fay Faculty' })).toBeInTheDocument();
    expect(screen.queryByText('About the team')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Team' })).toBeInTheDocument();
  });

  it('shows the title as h1, the sections in index order with their names (h2) and descriptions', () => {
    renderWithProviders(
      <PageContent
        page={testPage({
          title: 'Terms of use',
          sections: [
            { name: 'Licence', index: 1, description: '<p>CC BY-NC-SA 4.0.</p>' },
            { name: 'Acceptable use', index: 0, description: '<p>Use lab machines only for the exercises.</p>' },
          ],
        })}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Acceptable use',
      'Licence',
    ]);
    expect(screen.getByText('Use lab machines only for the exercises.')).toBeInTheDocument();
    expect(document.title).toMatch(/^Terms of use \| /);
  });

  it('puts the page description into the meta description while the page is shown', () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'The site description';
    document.head.append(meta);
    const { unmount } = renderWithProviders(<PageContent page={testPage({})} />);
    expect(meta.content).toBe('Guides, standards and tools for teaching cybersecurity on the range.');
    unmount();
    expect(meta.content).toBe('The site description');
    meta.remove();
  });
});

describe('a grouped list (spec §2.14)', () => {
  const groupedPage = () =>
    testPage({
      layout: {
        name: 'groupedList',
        parameters: { 'group-Teaching guides': '0', 'group-Standards': '1', 'group-Tools': '2' },
      },
      sections: [
        { name: 'NICE Framework', key: 'Standards' },
        { name: 'Starting a course', key: 'Teaching guides' },
        { name: 'CAE knowledge units', key: 'Standards' },
        { name: 'Lab virtual machines', key: 'Tools' },
      ],
    });

  it('shows a tab per group in order, the first open with its sections', () => {
    renderWithProviders(<PageContent page={groupedPage()} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Teaching guides', 'Standards', 'Tools']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Teaching guides' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'Starting a course' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'NICE Framework' })).not.toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<PageContent page={groupedPage()} />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    await user.click(tab('Teaching guides'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(tab('Standards')).toHaveFocus());
    await waitFor(() => expect(tab('Standards')).toHaveAttribute('aria-selected', 'true'));
    // The panel's `hidden` drops a render after the tab is selected: wait on the condition.
    const standards = await screen.findByRole('tabpanel', { name: 'Standards' });
    expect(
      within(standards)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['NICE Framework', 'CAE knowledge units']);
    await user.keyboard('{End}');
    await waitFor(() => expect(tab('Tools')).toHaveFocus());
    await waitFor(() => expect(tab('Tools')).toHaveAttribute('aria-selected', 'true'));
    expect(router.state.location.search).toBe('?group=Tools');
    await user.keyboard('{Home}');
    await waitFor(() => expect(tab('Teaching guides')).toHaveFocus());
    await waitFor(() => expect(tab('Teaching guides')).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(tab('Tools')).toHaveFocus());
  });

  it('opens the group named in the address', () => {
    renderWithProviders(<PageContent page={groupedPage()} />, { path: '/resources?group=Tools' });
    expect(screen.getByRole('tab', { name: 'Tools' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Lab virtual machines' })).toBeInTheDocument();
  });
});

describe('group names and empty groups (issue 21 item 16)', () => {
  const casedPage = () =>
    testPage({
      layout: {
        name: 'groupedList',
        parameters: { 'group-Labs': '0', 'group-labs': '1', 'group-Guides': '2', 'group-Empty': '3' },
      },
      sections: [
        { name: 'Buffer overflow', key: 'LABS' },
        { name: 'Starting a course', key: 'guides ' },
        { name: 'Format string', key: 'labs' },
      ],
    });

  it('compares group names case-insensitively: one tab per group, every section of any case in it', () => {
    renderWithProviders(<PageContent page={casedPage()} />, { path: '/resources?group=GUIDES' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Labs', 'Guides']);
    expect(screen.getByRole('tab', { name: 'Guides' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Starting a course' })).toBeInTheDocument();
    // No section is left outside the tabs because its key differs in case from the group.
    expect(screen.queryByRole('heading', { level: 2, name: 'Buffer overflow' })).not.toBeInTheDocument();
  });

  it('puts the sections keyed in another case into the group’s panel', () => {
    renderWithProviders(<PageContent page={casedPage()} />);
    const panel = screen.getByRole('tabpanel', { name: 'Labs' });
    expect(
      within(panel)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Buffer overflow', 'Format string']);
  });

  it('shows a visitor no empty group, and an editor the empty group with its note', () => {
    const { unmount } = renderWithProviders(<PageContent page={casedPage()} />);
    expect(screen.queryByRole('tab', { name: 'Empty' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<PageContent page={casedPage()} showEmptyGroups />, { path: '/resources?group=Empty' });
    expect(screen.getByRole('tab', { name: 'Empty' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Nothing has been added to this group yet.')).toBeInTheDocument();
  });
});
