// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_REFUSALS, type PreviewUrl } from '#shared/contracts/download';
import { PREVIEW_LIMITS } from '#shared/limits';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { FilePreviewButton } from './file-preview-button.tsx';

/**
 * The preview button and dialog (issue 24 item 1): who sees the button, the states
 * of the dialog (loading, too large, no viewer, refused, read), keyboard and focus.
 * The PDF viewer needs a real browser (pdf.js): tests/e2e/previews.e2e.test.ts.
 */

const FILE = { id: '01jd7k2m3n4p5q6r7s8t9v0w1e', name: 'Lesson plan', typeLabel: 'Markdown' };
const BYTES_URL = 'http://localhost:4566/courseware-private/content/x?X-Amz-Signature=abc';

function preview(overrides: Partial<PreviewUrl> = {}): PreviewUrl {
  return {
    id: FILE.id,
    name: 'lesson-plan.md',
    kind: 'markdown',
    size: 40,
    contentType: 'text/plain; charset=utf-8',
    tooLarge: false,
    publicUrl: BYTES_URL,
    expiresAt: '2026-11-28T10:02:00.000Z',
    ...overrides,
  };
}

/** `fetch` answering the preview URL route with `answer`, the bytes URL with `bytes`, and the sign-in's calls. */
function mockFetch(
  answer: { status?: number; body: unknown },
  bytes: string | Uint8Array<ArrayBuffer> = '# Day 1\n\n```python\nprint(1)\n```\n',
) {
  const calls: string[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    calls.push(`${url.origin}${url.pathname}`);
    if (url.href === BYTES_URL) return new Response(bytes, { status: 200 });
    if (url.pathname === `/api/v1/files/${FILE.id}/preview-url`) {
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (url.pathname === '/api/v1/claims' || url.pathname === '/api/v1/messages') {
      return new Response(JSON.stringify({ items: [] }), { headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify({ statusCode: 404, message: 'Not found.' }), { status: 404 });
  });
  vi.stubGlobal('fetch', spy);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openPreview() {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Preview Lesson plan (Markdown)' });
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Preview: Lesson plan' });
  return { user, button, dialog };
}

describe('FilePreviewButton', () => {
  it('is shown only to readers with the file right of its kind', async () => {
    signIn(PERSONAS.student());
    mockFetch({ body: preview() });
    renderWithProviders(
      <>
        <FilePreviewButton file={FILE} />
        <FilePreviewButton file={FILE} kind="lesson" />
        <p>Rendered</p>
      </>,
    );
    await screen.findByText('Rendered');
    expect(screen.queryByRole('button', { name: /Preview/ })).toBeNull();
  });

  it('renders a Markdown file sanitised and highlighted, and closes on Escape with the focus back', async () => {
    signIn(PERSONAS.faculty());
    const calls = mockFetch({ body: preview() });
    renderWithProviders(<FilePreviewButton file={FILE} />);
    const { user, button, dialog } = await openPreview();

    expect(await within(dialog).findByRole('heading', { name: 'Day 1' })).toBeVisible();
    expect(dialog.querySelector('.hljs-built_in')?.textContent).toBe('print');
    expect(calls).toContain(`http://localhost/api/v1/files/${FILE.id}/preview-url`);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('says a file over the limit is too large and offers the route’s download button', async () => {
    signIn(PERSONAS.faculty());
    const calls = mockFetch({ body: preview({ tooLarge: true, size: 31_400_000, publicUrl: null }) });
    const Download = ({ file }: { file: { name: string } }) => <button type="button">Download {file.name}</button>;
    renderWithProviders(<FilePreviewButton file={FILE} DownloadAction={Download} />);
    const { dialog } = await openPreview();

    expect(await within(dialog).findByText('This file is too large to preview.')).toBeVisible();
    expect(
      within(dialog).getByText(
        `It is 31.4 MB; files up to ${PREVIEW_LIMITS.maxBytes / 1_000_000} MB can be previewed. Download it to read it.`,
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Download Lesson plan' })).toBeVisible();
    expect(calls).not.toContain(BYTES_URL.split('?')[0]);
  });

  it('says when a type has no preview', async () => {
    signIn(PERSONAS.faculty());
    mockFetch({ body: preview({ kind: 'none', name: 'slides.pptx', publicUrl: null }) });
    renderWithProviders(<FilePreviewButton file={FILE} />);
    const { dialog } = await openPreview();
    expect(await within(dialog).findByText('There is no preview for this type of file.')).toBeVisible();
  });

  it('shows the refusal of the API as an alert', async () => {
    signIn(PERSONAS.faculty());
    mockFetch({ status: 403, body: { statusCode: 403, message: DOWNLOAD_REFUSALS.notNationalRangeUser } });
    renderWithProviders(<FilePreviewButton file={FILE} />);
    const { dialog } = await openPreview();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DOWNLOAD_REFUSALS.notNationalRangeUser);
  });

  it('shows a CSV file as a table with its caption', async () => {
    signIn(PERSONAS.faculty());
    mockFetch({ body: preview({ kind: 'csv', name: 'grades.csv' }) }, 'lab,score\n"Buffer, overflow",9\n');
    renderWithProviders(<FilePreviewButton file={FILE} />);
    const { dialog } = await openPreview();
    const table = await within(dialog).findByRole('table', { name: 'grades.csv: 1 rows' });
    expect(within(table).getByRole('columnheader', { name: 'score' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: 'Buffer, overflow' })).toBeVisible();
  });

  it('closes with the Close button', async () => {
    signIn(PERSONAS.faculty());
    mockFetch({ body: preview({ kind: 'code', name: 'exploit.c' }) }, 'int main(void) { return 0; }\n');
    renderWithProviders(<FilePreviewButton file={FILE} />);
    const { user, button, dialog } = await openPreview();
    expect(await within(dialog).findByLabelText('exploit.c')).toHaveTextContent('int main(void)');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('shows a seeded Excel workbook as accessible tables with a sheet chooser, rows and columns bounded', async () => {
    const workbook = path.resolve(
      import.meta.dirname,
      '../../../../../functions/seed-data/courseware-extra/files/owasp-top10/2017/datacall/OWASP Top 10 - 2017 Data Call-Public Release.xlsx',
    );
    const name = 'OWASP Top 10 - 2017 Data Call-Public Release.xlsx';
    signIn(PERSONAS.faculty());
    mockFetch(
      { body: preview({ kind: 'xlsx', name, contentType: 'application/octet-stream' }) },
      new Uint8Array(readFileSync(workbook)),
    );
    renderWithProviders(<FilePreviewButton file={FILE} />);
    const { user, dialog } = await openPreview();

    const first = await within(dialog).findByRole(
      'table',
      { name: `${name}, sheet Large Responses: 29 rows; 53 columns, the first 50 shown` },
      { timeout: 10_000 },
    );
    expect(within(first).getByRole('columnheader', { name: 'Name of Company/Organization' })).toBeVisible();
    expect(within(first).getAllByRole('cell', { name: 'edgescan' })[0]).toBeVisible();
    expect(within(first).getAllByRole('columnheader')).toHaveLength(50);

    const chooser = within(dialog).getByLabelText('Sheet');
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Large Responses', 'LargeDataSets', 'LargeDataSets-BasicAnalysis', 'SmallDataSets', 'NoVulnData']);
    await user.selectOptions(chooser, 'SmallDataSets');
    const small = await within(dialog).findByRole('table', { name: `${name}, sheet SmallDataSets: 48 rows` });
    expect(within(small).getByRole('columnheader', { name: 'Shape Security' })).toBeVisible();
  });
});
