// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Claim } from '#shared/contracts/identity';
import { LESSON_STALE_MESSAGE, type Lesson } from '#shared/contracts/lesson';
import { getSession } from '../../../lib/auth/session-store.ts';
import { calledUrls, calledWith, type MockResponse, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PERSONAS, portalToken, signIn } from '../../../testing/session.ts';
import { LessonsPanel } from './lessons-panel.tsx';

const CONTENT_ID = '01jd7k2m3n4p5q6r7s8t9v0c01';
const LESSON_IDS = ['01jd7k2m3n4p5q6r7s8t9v0e01', '01jd7k2m3n4p5q6r7s8t9v0e02'] as const;
const PAGE_ID = '01jd7k2m3n4p5q6r7s8t9v0p01';
const FILE_IDS = {
  slides: '01jd7k2m3n4p5q6r7s8t9v0f01',
  worksheet: '01jd7k2m3n4p5q6r7s8t9v0f02',
  upload: '01jd7k2m3n4p5q6r7s8t9v0f03',
} as const;
const FILE_NAMES: Record<string, string> = {
  [FILE_IDS.slides]: 'intro-slides.pptx',
  [FILE_IDS.worksheet]: 'worksheet-1.docx',
};
const S3_URL = 'http://localhost:4566/courseware-private';

const api = (value: string): Claim => ({ type: 'api', value });
const editorToken = () => portalToken({ claims: [api('list_v1_lessons'), api('patch_v1_content')] });
const readerToken = () => portalToken({ claims: [api('list_v1_lessons')] });
/** A reader who may also view lesson files (spec §6 "View lesson files"). */
const lessonFilesToken = () =>
  portalToken({ claims: [api('list_v1_lessons'), { type: 'scoped-file', value: 'any', scopes: ['lesson'] }] });

function lesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: LESSON_IDS[0],
    contentId: CONTENT_ID,
    alternateId: null,
    name: 'Lesson one',
    index: 0,
    urls: [],
    pages: [],
    createdTimestamp: '2026-01-05T10:00:00.000Z',
    modifiedTimestamp: '2026-01-05T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const notFound = { status: 404, body: { statusCode: 404, message: 'Not found.' } };

/**
 * A lesson and file API as the contract describes it, with one overridable answer
 * per operation, and a log of the calls in order (S3 POSTs included).
 */
function mockLessonApi(
  options: {
    lessons?: Lesson[] | (() => MockResponse);
    createUpload?: MockResponse;
    complete?: MockResponse;
    createLesson?: MockResponse;
    updateLesson?: MockResponse;
    s3Status?: number;
  } = {},
) {
  const log: string[] = [];
  const spy = mockApi((url, init) => {
    const { method } = requestOf(init);
    log.push(`${method} ${url.pathname}`);
    const path = url.pathname;
    if (path === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (path === '/api/v1/messages') return { body: { items: [] } };
    if (path === '/api/v1/lessons' && method === 'GET') {
      const lessons = options.lessons ?? [];
      return typeof lessons === 'function' ? lessons() : { body: { items: lessons, nextPageToken: null } };
    }
    if (path === '/api/v1/lessons' && method === 'POST') {
      return options.createLesson ?? { status: 201, body: { id: LESSON_IDS[1] } };
    }
    const lessonMatch = /^\/api\/v1\/lessons\/(\w+)$/.exec(path);
    if (lessonMatch && method === 'PUT') return options.updateLesson ?? { body: lesson({ version: 2 }) };
    if (lessonMatch && method === 'DELETE') return { body: { id: lessonMatch[1], contentId: CONTENT_ID } };
    if (path === '/api/v1/files/uploads' && method === 'POST') {
      return (
        options.createUpload ?? {
          status: 201,
          body: {
            fileId: FILE_IDS.upload,
            upload: { url: S3_URL, fields: { key: `content/${FILE_IDS.upload}`, policy: 'p' } },
            expiresAt: '2026-01-05T10:15:00.000Z',
          },
        }
      );
    }
    const fileMatch = /^\/api\/v1\/files\/(\w+)(\/complete)?$/.exec(path);
    if (fileMatch?.[2] && method === 'POST') {
      return (
        options.complete ?? {
          body: {
            id: fileMatch[1],
            name: 'handout.pdf',
            type: 'application/pdf',
            filename: 'handout.pdf',
            size: 5,
            status: 'Ready',
            visibility: 'private',
            publicUrl: null,
            metadata: { id: CONTENT_ID, type: 'Content' },
          },
        }
      );
    }
    if (fileMatch && method === 'DELETE') return { body: { id: fileMatch[1] } };
    if (fileMatch && method === 'GET') {
      const name = FILE_NAMES[fileMatch[1] ?? ''];
      return name ? { body: { id: fileMatch[1], name, status: 'Ready' } } : notFound;
    }
    return notFound;
  });
  const s3 = installFakeXhr(log, options.s3Status ?? 204);
  return { spy, log, s3 };
}

/** An XMLHttpRequest standing in for S3: logs the POST and its form fields, answers when released. */
function installFakeXhr(log: string[], status: number) {
  const forms: string[][] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = false;
  class FakeXhr {
    status = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private target = '';
    open(method: string, url: string) {
      this.target = `${method} ${new URL(url).pathname}`;
    }
    send(form: FormData) {
      log.push(`S3 ${this.target}`);
      forms.push([...form.keys()]);
      void (async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 5 } as ProgressEvent);
        if (holding) await held;
        this.status = status;
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    forms,
    hold: () => {
      holding = true;
    },
    release: () => release(),
  };
}

function render({ canEdit = true } = {}) {
  return renderWithProviders(<LessonsPanel contentId={CONTENT_ID} canEdit={canEdit} />);
}

const lessonCalls = (spy: ReturnType<typeof mockApi>) =>
  calledUrls(spy).filter((url) => url.startsWith('/api/v1/lessons'));

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add lesson' }));
  return screen.findByRole('dialog', { name: 'Add lesson' });
}

describe('LessonsPanel without the list-lessons capability (spec §6)', () => {
  it('renders nothing and asks for no lessons, for a visitor and for an editor without list_v1_lessons', async () => {
    const { spy } = mockLessonApi({ lessons: [lesson()] });
    const visitor = render();
    expect(screen.queryByRole('heading', { name: 'Lessons' })).not.toBeInTheDocument();
    visitor.unmount();

    signIn(PERSONAS.editor());
    const { queryClient } = renderWithProviders(
      <>
        <LessonsPanel contentId={CONTENT_ID} canEdit />
        <p>Rendered beside the panel</p>
      </>,
    );
    // Rendered in the same commit as the panel: from here the panel has decided, and
    // any request it would make has been made and answered.
    await screen.findByText('Rendered beside the panel');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('heading', { name: 'Lessons' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add lesson' })).not.toBeInTheDocument();
    expect(lessonCalls(spy)).toEqual([]);
  });
});

describe('LessonsPanel list', () => {
  it('lists lessons in index order with alternate id, artifact types and file names, and pages behind a disclosure', async () => {
    const { spy } = mockLessonApi({
      lessons: [
        lesson({ id: LESSON_IDS[1], name: 'Lesson two', index: 1 }),
        lesson({
          alternateId: 'EX-101',
          urls: [{ fileId: FILE_IDS.slides, type: 'slides' }],
          pages: [{ id: PAGE_ID, name: 'Day 1', urls: [{ fileId: FILE_IDS.worksheet, type: 'worksheet' }] }],
        }),
      ],
    });
    signIn(lessonFilesToken());
    const user = userEvent.setup();
    render({ canEdit: false });

    const list = await screen.findByRole('list', { name: 'Lessons' });
    const items = within(list).getAllByRole('listitem', { name: /Lesson/ });
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Lesson one',
      'Lesson two',
    ]);
    const first = items[0] as HTMLElement;
    expect(within(first).getByText('Alternate id: EX-101')).toBeInTheDocument();
    expect(await within(first).findByText(': intro-slides.pptx')).toBeInTheDocument();
    expect(within(first).getByText(/^Slides/)).toBeInTheDocument();
    expect(calledUrls(spy)).toContain(`/api/v1/lessons?contentId=${CONTENT_ID}&limit=100`);

    const toggle = within(first).getByRole('button', { name: 'Pages of Lesson one (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('heading', { name: 'Day 1' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { name: 'Day 1' })).toBeInTheDocument();
    expect(await within(first).findByText(': worksheet-1.docx')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('follows nextPageToken until there is none; without view-lesson-files it shows types and fetches no names', async () => {
    const pages = [
      { body: { items: [lesson({ urls: [{ fileId: FILE_IDS.slides, type: 'slides' }] })], nextPageToken: 'next-1' } },
      { body: { items: [lesson({ id: LESSON_IDS[1], name: 'Lesson two', index: 1 })], nextPageToken: null } },
    ];
    const { spy } = mockLessonApi({
      lessons: () => pages.shift() ?? { status: 500, body: { statusCode: 500, message: 'No more pages.' } },
    });
    signIn(readerToken());
    render({ canEdit: false });

    expect(await screen.findByRole('heading', { name: 'Lesson two' })).toBeInTheDocument();
    expect(lessonCalls(spy)).toEqual([
      `/api/v1/lessons?contentId=${CONTENT_ID}&limit=100`,
      `/api/v1/lessons?contentId=${CONTENT_ID}&limit=100&pageToken=next-1`,
    ]);
    expect(screen.getByText('Slides')).toBeInTheDocument();
    expect(calledUrls(spy).filter((url) => url.startsWith('/api/v1/files'))).toEqual([]);
  });

  it('shows a skeleton while loading, then the empty state', async () => {
    mockLessonApi({ lessons: [] });
    signIn(readerToken());
    render({ canEdit: false });

    expect(screen.getByLabelText('Loading lessons')).toBeInTheDocument();
    expect(await screen.findByText('No lessons yet.')).toBeInTheDocument();
  });

  it('shows an error with Retry, and Retry loads the lessons', async () => {
    let fail = true;
    mockLessonApi({
      lessons: () =>
        fail
          ? { status: 500, body: { statusCode: 500, message: 'Internal server error.' } }
          : { body: { items: [lesson()], nextPageToken: null } },
    });
    signIn(readerToken());
    const user = userEvent.setup();
    render({ canEdit: false });

    expect(await screen.findByText('The lessons could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Lesson one' })).toBeInTheDocument();
  });
});

describe('LessonsPanel editing (canEdit)', () => {
  it('creates a lesson with an artifact: createUpload, S3 POST with the file last, complete, then createLesson', async () => {
    const { spy, log, s3 } = mockLessonApi({ lessons: [] });
    signIn(editorToken());
    const user = userEvent.setup({ applyAccept: false });
    render();
    const dialog = await openAddDialog(user);

    expect(within(dialog).getByText(/Accepted types: \.pdf, \.zip.*At most 100 MB per file/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Stack smashing');
    await user.type(within(dialog).getByRole('textbox', { name: 'Alternate id' }), 'EX-7');
    await user.upload(
      within(dialog).getByLabelText('Add file'),
      new File(['%PDF-'], 'handout.pdf', { type: 'application/pdf' }),
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type of handout.pdf' }), 'Handout');
    s3.hold();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const bar = await within(dialog).findByRole('progressbar', { name: 'Uploading handout.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    s3.release();

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add lesson' })).not.toBeInTheDocument());
    const writes = log.filter((entry) => !entry.startsWith('GET'));
    expect(writes).toEqual([
      'POST /api/v1/files/uploads',
      'S3 POST /courseware-private',
      `POST /api/v1/files/${FILE_IDS.upload}/complete`,
      'POST /api/v1/lessons',
    ]);
    expect(s3.forms).toEqual([['key', 'policy', 'file']]);
    const posts = calledWith(spy, 'POST');
    expect(posts[0]?.body).toEqual({
      kind: 'content',
      name: 'handout.pdf',
      type: 'application/pdf',
      size: 5,
      ownerId: CONTENT_ID,
    });
    expect(posts.find((post) => post.path === '/api/v1/lessons')?.body).toEqual({
      contentId: CONTENT_ID,
      name: 'Stack smashing',
      alternateId: 'EX-7',
      urls: [{ fileId: FILE_IDS.upload, type: 'handout' }],
      pages: [],
    });
    await waitFor(() => expect(lessonCalls(spy).filter((url) => url.includes('contentId'))).toHaveLength(2));
  });

  it('shows the reason when the upload is refused, deletes it, and does not create the lesson', async () => {
    const refusal = 'The file is not a PDF.';
    const { spy } = mockLessonApi({
      lessons: [],
      complete: {
        status: 400,
        body: { statusCode: 400, message: refusal, errors: [{ path: 'file', message: refusal }] },
      },
    });
    signIn(editorToken());
    const user = userEvent.setup({ applyAccept: false });
    render();
    const dialog = await openAddDialog(user);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Stack smashing');
    await user.upload(
      within(dialog).getByLabelText('Add file'),
      new File(['hello'], 'handout.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`handout.pdf was not uploaded: ${refusal}`);
    expect(calledWith(spy, 'POST').map((call) => call.path)).not.toContain('/api/v1/lessons');
    expect(calledWith(spy, 'DELETE').map((call) => call.path)).toEqual([`/api/v1/files/${FILE_IDS.upload}`]);
    expect(screen.getByRole('dialog', { name: 'Add lesson' })).toBeInTheDocument();
  });

  it('deletes the uploads it made when the lesson save fails', async () => {
    const { spy } = mockLessonApi({
      lessons: [],
      createLesson: { status: 500, body: { statusCode: 500, message: 'Internal server error.' } },
    });
    signIn(editorToken());
    const user = userEvent.setup({ applyAccept: false });
    render();
    const dialog = await openAddDialog(user);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Stack smashing');
    await user.upload(
      within(dialog).getByLabelText('Add file'),
      new File(['%PDF-'], 'handout.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The lesson was not saved.');
    expect(calledWith(spy, 'DELETE').map((call) => call.path)).toEqual([`/api/v1/files/${FILE_IDS.upload}`]);
  });

  it('refuses a file of another type and one past the maximum in the picker', async () => {
    const { spy } = mockLessonApi({ lessons: [] });
    signIn(editorToken());
    const user = userEvent.setup({ applyAccept: false });
    render();
    const dialog = await openAddDialog(user);
    const picker = within(dialog).getByLabelText('Add file');

    await user.upload(picker, new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The file type application/x-msdownload is not accepted.',
    );

    const huge = new File(['%PDF-'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 100_000_001 });
    await user.upload(picker, huge);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The selected file is too large to upload.');
    expect(within(dialog).queryByRole('combobox', { name: /^Type of/ })).not.toBeInTheDocument();
    expect(calledWith(spy, 'POST')).toEqual([]);
  });

  it('refuses a name of 1001 characters and saves one of 1000', async () => {
    const { spy } = mockLessonApi({ lessons: [] });
    signIn(editorToken());
    const user = userEvent.setup();
    render();
    const dialog = await openAddDialog(user);
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Is required.');
    expect(name).toHaveFocus();

    await user.click(name);
    await user.paste('x'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Must be at most 1000 characters.');
    expect(name).toHaveFocus();
    expect(calledWith(spy, 'POST')).toEqual([]);

    await user.type(name, '{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add lesson' })).not.toBeInTheDocument());
    expect(calledWith(spy, 'POST')).toEqual([
      {
        path: '/api/v1/lessons',
        body: { contentId: CONTENT_ID, name: 'x'.repeat(1000), alternateId: null, urls: [], pages: [] },
      },
    ]);
  });

  it('edits a lesson with its version and pages, and offers Reload on a stale save', async () => {
    const stored = lesson({
      urls: [{ fileId: FILE_IDS.slides, type: 'slides' }],
      pages: [{ id: PAGE_ID, name: 'Day 1', urls: [] }],
      version: 3,
    });
    const { spy } = mockLessonApi({
      lessons: [stored],
      updateLesson: { status: 409, body: { statusCode: 409, message: LESSON_STALE_MESSAGE } },
    });
    signIn(editorToken());
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Edit Lesson one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit lesson' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Lesson one');
    expect(await within(dialog).findByRole('combobox', { name: 'Type of intro-slides.pptx' })).toHaveValue('slides');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Page 2 name/ }), 'Day 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(LESSON_STALE_MESSAGE);
    expect(calledWith(spy, 'PUT')).toEqual([
      {
        path: `/api/v1/lessons/${LESSON_IDS[0]}`,
        body: {
          name: 'Lesson one',
          alternateId: null,
          urls: [{ fileId: FILE_IDS.slides, type: 'slides' }],
          pages: [
            { id: PAGE_ID, name: 'Day 1', urls: [] },
            { name: 'Day 2', urls: [] },
          ],
          index: 0,
          version: 3,
        },
      },
    ]);

    const before = lessonCalls(spy).length;
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit lesson' })).not.toBeInTheDocument());
    await waitFor(() => expect(lessonCalls(spy).length).toBeGreaterThan(before));
  });

  it('deletes a lesson only after confirmation', async () => {
    const { spy } = mockLessonApi({ lessons: [lesson()] });
    signIn(editorToken());
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Delete Lesson one' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete lesson?' });
    expect(confirm).toHaveTextContent('“Lesson one” and its artifact files will be deleted.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calledWith(spy, 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Lesson one' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete lesson?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calledWith(spy, 'DELETE').map((call) => call.path)).toEqual([`/api/v1/lessons/${LESSON_IDS[0]}`]);
    await waitFor(() => expect(lessonCalls(spy).filter((url) => url.includes('contentId'))).toHaveLength(2));
  });
});
