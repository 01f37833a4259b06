// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentDetail } from '#shared/contracts/content';
import { DOWNLOAD_REFUSALS } from '#shared/contracts/download';
import type { Claim } from '#shared/contracts/identity';
import type { Lesson } from '#shared/contracts/lesson';
import type { SearchContentPage } from '#shared/contracts/search';
import { resetDownloadsForTests } from '../../../features/downloads/hooks/download-controller.ts';
import { BUNDLE_NAME, downloadUrl, mockDownloadApi } from '../../../features/downloads/testing/download-api.ts';
import { bufferOverflowDetail, contentSummary, IDS } from '../../../testing/fixtures.ts';
import type { MockResponse } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { PERSONAS, portalToken, signIn } from '../../../testing/session.ts';

/**
 * The downloads feature composed into the courseware screens by the routes (spec
 * §2.6 "Files and lesson artifacts", §4 "File bundle"): file buttons, "Download
 * all", the rights note, lesson artifacts, and the category button of the list.
 */

const ALIAS_PATH = '/courseware/seed-labs/software-security/buffer-overflow-setuid';
const LESSON_FILE = '01jd7k2m3n4p5q6r7s8t9v0f01';
const PREVIEW = { name: BUNDLE_NAME, fileCount: 2, totalBytes: 1_234_567, files: [] };
const api = (value: string): Claim => ({ type: 'api', value });

function lesson(): Lesson {
  return {
    id: '01jd7k2m3n4p5q6r7s8t9v0e01',
    contentId: IDS.bufferOverflow,
    alternateId: null,
    name: 'Stack smashing',
    index: 0,
    urls: [{ fileId: LESSON_FILE, type: 'slides' }],
    pages: [],
    createdTimestamp: '2026-01-05T10:00:00.000Z',
    modifiedTimestamp: '2026-01-05T10:00:00.000Z',
    version: 1,
  };
}

function searchPage(): SearchContentPage {
  return {
    items: [contentSummary({ name: 'SEED Labs – Software Security', categories: ['module'] })],
    nextPageToken: null,
    total: 1,
    facets: {
      contentCategories: [{ value: 'module', count: 1 }],
      educationLevels: [],
      experienceLevels: [],
      tags: [],
      contributorIds: [],
      ksaIds: [],
      kuIds: [],
      tksIds: [],
      newOrUpdatedContent: 0,
    },
  };
}

/** The courseware screens' own calls, beside the download routes. */
function courseware(detail: ContentDetail = bufferOverflowDetail()) {
  return (url: URL, method: string): MockResponse | null => {
    if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
    if (url.pathname === '/api/v1/contributors') return { body: { contributors: [], nextPageToken: null } };
    if (url.pathname.startsWith('/api/v1/content/')) return { body: detail };
    if (url.pathname === '/api/v1/content') return { body: { items: [], nextPageToken: null } };
    if (url.pathname === '/api/v1/lessons') return { body: { items: [lesson()], nextPageToken: null } };
    if (url.pathname === '/api/v1/search/content' && method === 'POST') return { body: searchPage() };
    return null;
  };
}

async function filesSection() {
  const files = (await screen.findByRole('heading', { level: 2, name: 'Files' })).closest('section');
  if (!files) throw new Error('no files section');
  return files;
}

afterEach(() => resetDownloadsForTests());

describe('downloads on the content detail page', () => {
  it('gives a faculty member a button per file and Download all, without a note', async () => {
    signIn(PERSONAS.faculty());
    const calls = mockDownloadApi({ contentBundle: PREVIEW, other: courseware() });
    renderApp({ path: ALIAS_PATH });
    const files = await filesSection();
    expect(
      await within(files).findByRole('button', { name: 'Download Buffer_Overflow_Setuid.pdf (PDF)' }),
    ).toBeVisible();
    expect(within(files).getByRole('button', { name: 'Download Buffer_Overflow_Setuid.txt (Text)' })).toBeVisible();
    const all = await screen.findByRole('button', { name: 'Download all files' });
    expect(all).toHaveAccessibleDescription('2 files, 1.2 MB');
    expect(within(files).queryByText('Log in to view and download files.')).not.toBeInTheDocument();
    expect(within(files).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(calls.calls('GET /api/v1/content-bundle')).toEqual([
      `GET /api/v1/content-bundle?contentId=${IDS.bufferOverflow}`,
    ]);
    expect(calls.calls('GET /api/v1/file-access')).toEqual([]);
  });

  it('offers Download all for content with children and no files of its own', async () => {
    signIn(PERSONAS.faculty());
    const module = bufferOverflowDetail({ files: [], children: [{ id: IDS.pdf, index: 0 }] });
    mockDownloadApi({
      contentBundle: PREVIEW,
      other: (url, method) =>
        url.pathname.startsWith('/api/v1/content-children/')
          ? { body: { items: [], nextPageToken: null } }
          : courseware(module)(url, method),
    });
    renderApp({ path: ALIAS_PATH });
    expect(await screen.findByRole('button', { name: 'Download all files' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Files' })).not.toBeInTheDocument();
  });

  it('gives a signed-in reader without file rights the reason instead of the login note', async () => {
    signIn(PERSONAS.student());
    const calls = mockDownloadApi({
      access: { courseware: false, lesson: false, reason: DOWNLOAD_REFUSALS.noCoursewareFileRights },
      contentBundle: PREVIEW,
      other: courseware(),
    });
    renderApp({ path: ALIAS_PATH });
    const files = await filesSection();
    // "Ask support" is a link (issue 21 item 29): the support dialog for a signed-in reader, else the contact page.
    const ask = await within(files).findByRole('link', { name: 'Ask support' });
    expect(ask).toHaveAttribute('href', '/contact-us');
    expect(ask.parentElement).toHaveTextContent(DOWNLOAD_REFUSALS.noCoursewareFileRights);
    expect(within(files).queryByText('Log in to view and download files.')).not.toBeInTheDocument();
    expect(within(files).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download all files' })).not.toBeInTheDocument();
    expect(calls.calls('GET /api/v1/content-bundle')).toEqual([]);
  });

  it('shows a visitor the login note and no download', async () => {
    const calls = mockDownloadApi({ contentBundle: PREVIEW, other: courseware() });
    renderApp({ path: ALIAS_PATH });
    const files = await filesSection();
    expect(within(files).getByText('Log in to view and download files.')).toBeInTheDocument();
    expect(within(files).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(calls.calls('GET /api/v1/file-access')).toEqual([]);
    expect(calls.calls('GET /api/v1/content-bundle')).toEqual([]);
  });

  it('offers a visitor the first page of a PDF the item publishes, in a dialog, and nothing for other files (issue 24 item 1)', async () => {
    const firstPage = {
      fileId: IDS.pdf,
      url: '/public/thumbnails/x/y.page-1.png',
      alt: 'First page of Buffer_Overflow_Setuid.pdf',
    };
    const detail = bufferOverflowDetail();
    const calls = mockDownloadApi({
      contentBundle: PREVIEW,
      other: courseware({ ...detail, content: { ...detail.content, firstPages: [firstPage] } }),
    });
    renderApp({ path: ALIAS_PATH });
    const files = await filesSection();
    const buttons = await within(files).findAllByRole('button', { name: /^Preview first page of / });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Preview first page of Buffer_Overflow_Setuid.pdf',
    ]);
    const [button] = buttons;
    if (!button) throw new Error('no first-page button');
    await userEvent.setup().click(button);
    const dialog = await screen.findByRole('dialog', { name: 'First page: Buffer_Overflow_Setuid.pdf' });
    expect(within(dialog).getByRole('img', { name: firstPage.alt })).toHaveAttribute('src', firstPage.url);
    expect(within(dialog).getByText('Sign in to preview the whole file.')).toBeVisible();
    expect(calls.calls('GET /api/v1/files')).toEqual([]);
  });

  it('gives each lesson artifact a download button for readers who may view lesson files', async () => {
    const user = userEvent.setup();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    signIn(portalToken({ claims: [api('list_v1_lessons'), { type: 'scoped-file', value: 'any' }] }));
    const calls = mockDownloadApi({
      contentBundle: PREVIEW,
      fileStatus: { id: LESSON_FILE, name: 'stack-smashing.pptx', status: 'Ready' },
      downloadUrl: downloadUrl(LESSON_FILE, 'stack-smashing.pptx'),
      other: courseware(),
    });
    renderApp({ path: ALIAS_PATH });
    const lessons = (await screen.findByRole('heading', { level: 2, name: 'Lessons' })).closest('section');
    if (!lessons) throw new Error('no lessons section');
    const button = await within(lessons).findByRole('button', { name: 'Download stack-smashing.pptx (Slides)' });
    // Beside it, the artifact's Preview (issue 24 item 1).
    expect(within(lessons).getByRole('button', { name: 'Preview stack-smashing.pptx (Slides)' })).toBeVisible();
    await user.click(button);
    await waitFor(() => expect(clicks).toEqual(['stack-smashing.pptx']));
    expect(calls.calls(`GET /api/v1/files/${LESSON_FILE}/download-url`)).toHaveLength(1);
  });

  it('gives no artifact button to a reader who may view courseware files but not lesson files', async () => {
    signIn(
      portalToken({ claims: [api('list_v1_lessons'), { type: 'scoped-file', value: 'any', scopes: ['courseware'] }] }),
    );
    mockDownloadApi({ contentBundle: PREVIEW, other: courseware() });
    renderApp({ path: ALIAS_PATH });
    const lessons = (await screen.findByRole('heading', { level: 2, name: 'Lessons' })).closest('section');
    if (!lessons) throw new Error('no lessons section');
    await within(lessons).findByText('Slides');
    expect(within(lessons).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Download Buffer_Overflow_Setuid.pdf (PDF)' }),
    ).toBeInTheDocument();
    expect(within(lessons).queryByRole('button', { name: /^Preview/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview Buffer_Overflow_Setuid.pdf (PDF)' })).toBeInTheDocument();
  });
});

describe('Download all <Category> files on the courseware list', () => {
  it('is offered with exactly one category chosen, to readers who may download', async () => {
    signIn(PERSONAS.faculty());
    const calls = mockDownloadApi({
      contentBundle: { ...PREVIEW, name: 'All_Module_files_2026-11-21_bundle.zip' },
      other: courseware(),
    });
    renderApp({ path: '/courseware?cat=module' });
    const results = await screen.findByRole('region', { name: '1 result' });
    expect(await within(results).findByRole('button', { name: 'Download all Module files' })).toBeInTheDocument();
    expect(calls.calls('GET /api/v1/content-bundle')).toEqual(['GET /api/v1/content-bundle?category=module']);
  });

  it('is not offered with two categories, nor with none', async () => {
    signIn(PERSONAS.faculty());
    const calls = mockDownloadApi({ contentBundle: PREVIEW, other: courseware() });
    const { router } = renderApp({ path: '/courseware?cat=module&cat=exercise' });
    await screen.findByRole('region', { name: '1 result' });
    await act(() => router.navigate('/courseware?q=overflow'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=overflow'));
    await screen.findByRole('region', { name: '1 result' });
    expect(screen.queryByRole('button', { name: /^Download all/ })).not.toBeInTheDocument();
    expect(calls.calls('GET /api/v1/content-bundle')).toEqual([]);
  });

  it('is not offered to visitors', async () => {
    const calls = mockDownloadApi({ contentBundle: PREVIEW, other: courseware() });
    renderApp({ path: '/courseware?cat=module' });
    await screen.findByRole('region', { name: '1 result' });
    expect(screen.queryByRole('button', { name: /^Download all/ })).not.toBeInTheDocument();
    expect(calls.calls('GET /api/v1/content-bundle')).toEqual([]);
  });
});
