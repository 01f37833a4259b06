// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_REFUSALS } from '#shared/contracts/download';
import { TIMING } from '#shared/limits';
import { LiveAnnouncer } from '../../../lib/announcer.tsx';
import { getSession } from '../../../lib/auth/session-store.ts';
import { getShownErrors } from '../../../lib/error-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, portalToken, signIn } from '../../../testing/session.ts';
import { resetDownloadsForTests } from '../hooks/download-controller.ts';
import { BUNDLE_ID, BUNDLE_NAME, downloadUrl, mockDownloadApi } from '../testing/download-api.ts';
import { CategoryDownloadButton, DownloadAllButton } from './bundle-download.tsx';
import { DownloadRightsNote } from './download-rights-note.tsx';
import { FileDownloadButton } from './file-download-button.tsx';

const CONTENT_ID = '01jd7k2m3n4p5q6r7s8t9v0w1b';
const PDF = { id: '01jd7k2m3n4p5q6r7s8t9v0w1e', name: 'Buffer_Overflow_Setuid.pdf' };
const TXT = { id: '01jd7k2m3n4p5q6r7s8t9v0w1f', name: 'Buffer_Overflow_Setuid.txt' };
const PREVIEW = { name: BUNDLE_NAME, fileCount: 16, totalBytes: 9_800_000, files: [] };
const REFUSED = { status: 403, body: { statusCode: 403, message: DOWNLOAD_REFUSALS.notNationalRangeUser } };

/** The links the controller handed to the browser: their address and file name. */
function handedLinks() {
  const clicks: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download });
  });
  return clicks;
}

function announced(): string {
  return screen.getByTestId('live-announcer').textContent ?? '';
}

beforeEach(() => resetDownloadsForTests());
afterEach(() => {
  resetDownloadsForTests();
  vi.useRealTimers();
});

describe('FileDownloadButton', () => {
  it('asks for the URL once, hands it to the browser, and ignores a second click within the pause', async () => {
    const user = userEvent.setup();
    signIn(PERSONAS.faculty());
    const links = handedLinks();
    const api = mockDownloadApi({ downloadUrl: (url) => downloadUrl(url.pathname.split('/')[4] ?? '', PDF.name) });
    renderWithProviders(
      <>
        <FileDownloadButton file={PDF} />
        <FileDownloadButton file={TXT} />
      </>,
    );
    const pdf = await screen.findByRole('button', { name: `Download ${PDF.name}` });
    const txt = screen.getByRole('button', { name: `Download ${TXT.name}` });

    await user.click(pdf);
    await user.click(pdf);
    await user.click(txt);

    expect(api.calls('GET /api/v1/files/')).toEqual([`GET /api/v1/files/${PDF.id}/download-url`]);
    expect(links).toEqual([
      {
        href: `http://localhost:4566/courseware-private/content/${PDF.id}?X-Amz-Signature=abc`,
        download: PDF.name,
      },
    ]);
    expect(txt).toHaveAttribute('aria-disabled', 'true');
    // After the 250 ms pause (spec §9) the next download may start.
    await waitFor(() => expect(txt).not.toHaveAttribute('aria-disabled'));
    await user.click(txt);
    expect(api.calls('GET /api/v1/files/')).toEqual([
      `GET /api/v1/files/${PDF.id}/download-url`,
      `GET /api/v1/files/${TXT.id}/download-url`,
    ]);
    expect(links).toHaveLength(2);
  });

  it('keeps a download in progress for the 250 ms pause after the URL arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signIn(PERSONAS.faculty());
    const links = handedLinks();
    const api = mockDownloadApi({ downloadUrl: downloadUrl(PDF.id, PDF.name) });
    renderWithProviders(<FileDownloadButton file={PDF} />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    const button = screen.getByRole('button', { name: `Download ${PDF.name}` });

    await act(async () => button.click());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(links).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(TIMING.downloadPauseMs - 1));
    await act(async () => button.click());
    expect(api.calls('GET /api/v1/files/')).toHaveLength(1);
    expect(button).toHaveAttribute('aria-disabled', 'true');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(button).not.toHaveAttribute('aria-disabled');
    await act(async () => button.click());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.calls('GET /api/v1/files/')).toHaveLength(2);
  });

  it('shows a refused download right under the button, without ending the session', async () => {
    const user = userEvent.setup();
    signIn(PERSONAS.faculty());
    const links = handedLinks();
    mockDownloadApi({ downloadUrl: REFUSED });
    renderWithProviders(<FileDownloadButton file={PDF} />);
    await user.click(await screen.findByRole('button', { name: `Download ${PDF.name}` }));

    expect(await screen.findByRole('alert')).toHaveTextContent(DOWNLOAD_REFUSALS.notNationalRangeUser);
    expect(getSession().status).toBe('logged-in');
    expect(getShownErrors()).toEqual([]);
    expect(links).toEqual([]);
  });

  it('sends other failures to the ERROR dialog', async () => {
    const user = userEvent.setup();
    signIn(PERSONAS.faculty());
    handedLinks();
    mockDownloadApi({ downloadUrl: { status: 409, body: { statusCode: 409, message: 'The file is not ready.' } } });
    renderWithProviders(<FileDownloadButton file={PDF} />);
    await user.click(await screen.findByRole('button', { name: `Download ${PDF.name}` }));
    await waitFor(() => expect(getShownErrors().map((error) => error.message)).toEqual(['The file is not ready.']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not shown to visitors, nor to readers without the file right of its kind', () => {
    mockDownloadApi();
    const view = renderWithProviders(<FileDownloadButton file={PDF} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    view.unmount();

    signIn(portalToken({ claims: [{ type: 'scoped-file', value: 'any', scopes: ['courseware'] }] }));
    renderWithProviders(
      <>
        <FileDownloadButton file={PDF} />
        <FileDownloadButton file={TXT} kind="lesson" />
      </>,
    );
    expect(screen.getByRole('button', { name: `Download ${PDF.name}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Download ${TXT.name}` })).not.toBeInTheDocument();
  });
});

describe('DownloadRightsNote', () => {
  it('shows visitors the login note with a Log in button', async () => {
    const api = mockDownloadApi();
    renderWithProviders(<DownloadRightsNote />);
    expect(await screen.findByText('Log in to view and download files.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(api.calls('GET /api/v1/file-access')).toEqual([]);
  });

  it('shows a signed-in reader without file rights the reason the API gives', async () => {
    signIn(PERSONAS.student());
    mockDownloadApi({
      access: { courseware: false, lesson: false, reason: DOWNLOAD_REFUSALS.noCoursewareFileRights },
    });
    const { router } = renderWithProviders(<DownloadRightsNote />, { path: '/courseware/seed-labs' });
    const ask = await screen.findByRole('link', { name: 'Ask support' });
    expect(ask.parentElement).toHaveTextContent(DOWNLOAD_REFUSALS.noCoursewareFileRights);
    expect(screen.queryByText('Log in to view and download files.')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    // "Ask support" is a link (issue 21 item 29); outside the shell (no support dialog) it opens the contact page.
    await userEvent.click(ask);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact-us'));
  });

  it('shows nothing, and asks nothing, to a reader who may download', async () => {
    signIn(PERSONAS.faculty());
    const api = mockDownloadApi();
    const { queryClient } = renderWithProviders(
      <>
        <section aria-label="Under test">
          <DownloadRightsNote />
        </section>
        <p>Rendered beside it</p>
      </>,
    );
    // Rendered in the same commit: from here the note has decided, and any request it
    // would make has been made and answered.
    await screen.findByText('Rendered beside it');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByRole('region', { name: 'Under test' })).toBeEmptyDOMElement();
    expect(api.calls('GET /api/v1/file-access')).toEqual([]);
  });
});

describe('DownloadAllButton', () => {
  it('shows what the bundle would hold, and no zip but a cartridge of links when it would hold no file', async () => {
    signIn(PERSONAS.faculty());
    const api = mockDownloadApi({
      contentBundle: (url) => ({ ...PREVIEW, fileCount: url.searchParams.get('contentId') === CONTENT_ID ? 16 : 0 }),
    });
    renderWithProviders(
      <>
        <DownloadAllButton contentId={CONTENT_ID} />
        <DownloadAllButton contentId={PDF.id} />
      </>,
    );
    const button = await screen.findByRole('button', { name: 'Download all files' });
    expect(button).toHaveAccessibleDescription('16 files, 9.8 MB');
    // The item without files offers no zip, only its cartridge of links.
    await screen.findByRole('button', { name: 'Common Cartridge, links only' });
    expect(screen.getAllByRole('button')).toHaveLength(2);
    expect(api.calls('GET /api/v1/content-bundle')).toEqual([
      `GET /api/v1/content-bundle?contentId=${CONTENT_ID}`,
      `GET /api/v1/content-bundle?contentId=${PDF.id}`,
    ]);
  });

  it('offers a reader who may not download files only a Common Cartridge of links, asking nothing until clicked', async () => {
    const user = userEvent.setup();
    signIn(PERSONAS.student());
    const api = mockDownloadApi({
      contentBundle: PREVIEW,
      requestBundle: { id: BUNDLE_ID, name: 'seed-labs.imscc', status: 'Pending' },
    });
    const { queryClient } = renderWithProviders(<DownloadAllButton contentId={CONTENT_ID} />);
    const button = await screen.findByRole('button', { name: 'Common Cartridge, links only' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(api.log.filter((entry) => !entry.includes('/claims') && !entry.includes('/messages'))).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST /api/v1/files/bundles']));
    expect(api.spy.mock.calls.find(([input]) => String(input).endsWith('/files/bundles'))?.[1]?.body).toBe(
      JSON.stringify({ contentId: CONTENT_ID, format: 'imscc-thin' }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Preparing the Common Cartridge' })).toBeInTheDocument();
  });

  it('lets faculty choose Zip or Common Cartridge, and asks for the cartridge chosen', async () => {
    const user = userEvent.setup();
    signIn(PERSONAS.faculty());
    const api = mockDownloadApi({
      contentBundle: PREVIEW,
      requestBundle: { id: BUNDLE_ID, name: 'seed-labs.imscc', status: 'Pending' },
    });
    renderWithProviders(<DownloadAllButton contentId={CONTENT_ID} />);
    const group = await screen.findByRole('group', { name: 'Format' });
    expect(within(group).getByRole('radio', { name: 'Zip' })).toBeChecked();
    await user.click(
      within(group).getByRole('radio', { name: 'Common Cartridge (for Canvas, Moodle, Blackboard, Brightspace)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Download Common Cartridge' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST /api/v1/files/bundles']));
    expect(api.spy.mock.calls.find(([input]) => String(input).endsWith('/files/bundles'))?.[1]?.body).toBe(
      JSON.stringify({ contentId: CONTENT_ID, format: 'imscc' }),
    );
  });

  it('requests the bundle, polls every 5 s with progress until Ready, then downloads it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    signIn(PERSONAS.faculty());
    const links = handedLinks();
    const statuses = [
      { id: BUNDLE_ID, name: BUNDLE_NAME, status: 'Pending', progress: null },
      {
        id: BUNDLE_ID,
        name: BUNDLE_NAME,
        status: 'Pending',
        progress: { filesDone: 3, filesTotal: 16, bytesDone: 4_100_000, bytesTotal: 9_800_000 },
      },
      { id: BUNDLE_ID, name: BUNDLE_NAME, status: 'Ready', progress: null },
    ] as const;
    let polls = 0;
    const api = mockDownloadApi({
      contentBundle: PREVIEW,
      requestBundle: { id: BUNDLE_ID, name: BUNDLE_NAME, status: 'Pending' },
      fileStatus: () => statuses[Math.min(polls++, statuses.length - 1)] ?? statuses[0],
      downloadUrl: downloadUrl(BUNDLE_ID, BUNDLE_NAME),
    });
    renderWithProviders(
      <>
        <LiveAnnouncer />
        <DownloadAllButton contentId={CONTENT_ID} />
      </>,
    );
    const button = await screen.findByRole('button', { name: 'Download all files' });

    await user.click(button);
    await user.click(button);

    const bar = await screen.findByRole('progressbar', { name: 'Preparing the zip' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Preparing the zip…')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(api.calls('POST')).toEqual(['POST /api/v1/files/bundles']);
    expect(api.spy.mock.calls.find(([input]) => String(input).endsWith('/files/bundles'))?.[1]?.body).toBe(
      JSON.stringify({ contentId: CONTENT_ID }),
    );
    await waitFor(() => expect(announced()).toBe('Preparing the zip.'));

    // No status is asked for before the 5 s of spec §9 have passed.
    await act(() => vi.advanceTimersByTimeAsync(TIMING.bundlePollMs - 1));
    expect(api.calls(`GET /api/v1/files/${BUNDLE_ID}`)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(api.calls(`GET /api/v1/files/${BUNDLE_ID}`)).toHaveLength(1));
    expect(screen.getByText('Preparing the zip…')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(TIMING.bundlePollMs));
    expect(await screen.findByText('Preparing the zip: 3 of 16 files (4.1 of 9.8 MB)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Preparing the zip' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('progressbar', { name: 'Preparing the zip' })).toHaveAttribute(
      'aria-valuetext',
      'Preparing the zip: 3 of 16 files (4.1 of 9.8 MB)',
    );
    expect(links).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(TIMING.bundlePollMs));
    await waitFor(() => expect(links).toHaveLength(1));
    expect(links[0]).toEqual({ href: downloadUrl(BUNDLE_ID, BUNDLE_NAME).publicUrl, download: BUNDLE_NAME });
    expect(api.calls(`GET /api/v1/files/${BUNDLE_ID}`)).toEqual([
      `GET /api/v1/files/${BUNDLE_ID}`,
      `GET /api/v1/files/${BUNDLE_ID}`,
      `GET /api/v1/files/${BUNDLE_ID}`,
      `GET /api/v1/files/${BUNDLE_ID}/download-url`,
    ]);
    await waitFor(() => expect(announced()).toBe(`The zip is ready: ${BUNDLE_NAME} is downloading.`));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(button).not.toHaveAttribute('aria-disabled');

    // Ready: the polling has stopped.
    await act(() => vi.advanceTimersByTimeAsync(TIMING.bundlePollMs * 3));
    expect(api.calls(`GET /api/v1/files/${BUNDLE_ID}`)).toHaveLength(4);
    expect(api.calls('POST')).toHaveLength(1);
  });

  it('shows the reason of a failed bundle with Try again, which requests it anew', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    signIn(PERSONAS.faculty());
    const reason = 'Buffer_Overflow_Setuid.pdf could not be read; try again later.';
    const api = mockDownloadApi({
      contentBundle: PREVIEW,
      requestBundle: { id: BUNDLE_ID, name: BUNDLE_NAME, status: 'Pending' },
      fileStatus: { id: BUNDLE_ID, name: BUNDLE_NAME, status: 'Failed', progress: null, reason },
    });
    renderWithProviders(<DownloadAllButton contentId={CONTENT_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Download all files' }));
    await screen.findByRole('progressbar', { name: 'Preparing the zip' });
    await act(() => vi.advanceTimersByTimeAsync(TIMING.bundlePollMs));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls('POST')).toHaveLength(2));
    expect(await screen.findByRole('progressbar', { name: 'Preparing the zip' })).toBeInTheDocument();
  });

  it('shows a refused bundle request inline without ending the session', async () => {
    const user = userEvent.setup();
    signIn(PERSONAS.faculty());
    const links = handedLinks();
    const api = mockDownloadApi({ contentBundle: PREVIEW, requestBundle: REFUSED });
    renderWithProviders(<DownloadAllButton contentId={CONTENT_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Download all files' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(DOWNLOAD_REFUSALS.notNationalRangeUser);
    expect(getSession().status).toBe('logged-in');
    expect(getShownErrors()).toEqual([]);
    expect(api.calls('GET /api/v1/files/')).toEqual([]);
    expect(links).toEqual([]);
  });

  it('shows a refused preview as text instead of the button', async () => {
    signIn(PERSONAS.faculty());
    mockDownloadApi({ contentBundle: REFUSED });
    renderWithProviders(<DownloadAllButton contentId={CONTENT_ID} />);
    expect(await screen.findByText(DOWNLOAD_REFUSALS.notNationalRangeUser)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(getSession().status).toBe('logged-in');
    expect(getShownErrors()).toEqual([]);
  });

  it('ignores another Download all while one bundle is in progress, and stops polling when left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    signIn(PERSONAS.faculty());
    const api = mockDownloadApi({
      contentBundle: PREVIEW,
      requestBundle: { id: BUNDLE_ID, name: BUNDLE_NAME, status: 'Pending' },
      fileStatus: { id: BUNDLE_ID, name: BUNDLE_NAME, status: 'Pending', progress: null },
    });
    const view = renderWithProviders(
      <>
        <DownloadAllButton contentId={CONTENT_ID} />
        <CategoryDownloadButton category="module" />
      </>,
    );
    const all = await screen.findByRole('button', { name: 'Download all files' });
    const modules = await screen.findByRole('button', { name: 'Download all Module files' });
    await user.click(all);
    await screen.findByRole('progressbar');
    expect(modules).toHaveAttribute('aria-disabled', 'true');
    await user.click(modules);
    expect(api.calls('POST')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(TIMING.bundlePollMs));
    await waitFor(() => expect(api.calls(`GET /api/v1/files/${BUNDLE_ID}`)).toHaveLength(1));
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(TIMING.bundlePollMs * 3));
    expect(api.calls(`GET /api/v1/files/${BUNDLE_ID}`)).toHaveLength(1);
  });
});

describe('CategoryDownloadButton', () => {
  it('requests a bundle of the category', async () => {
    const user = userEvent.setup();
    signIn(PERSONAS.faculty());
    const api = mockDownloadApi({
      contentBundle: { ...PREVIEW, name: 'All_Module_files_2026-11-21_bundle.zip', fileCount: 1, totalBytes: 512 },
      requestBundle: { id: BUNDLE_ID, name: 'All_Module_files_2026-11-21_bundle.zip', status: 'Pending' },
    });
    renderWithProviders(<CategoryDownloadButton category="module" />);
    const button = await screen.findByRole('button', { name: 'Download all Module files' });
    expect(button).toHaveAccessibleDescription('1 file, 512 bytes');
    await user.click(button);
    await waitFor(() => expect(api.calls('POST')).toHaveLength(1));
    expect(api.calls('GET /api/v1/content-bundle')).toEqual(['GET /api/v1/content-bundle?category=module']);
    const post = api.spy.mock.calls.find(([input]) => String(input).endsWith('/files/bundles'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ category: 'module' });
  });
});
