import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { vi } from 'vitest';
import type { ChildContent, Content, ContentDetail } from '#shared/contracts/content';
import type { RevisionSummary, ContentDraft as StoredDraft } from '#shared/contracts/content-draft';
import type { Knowledge } from '#shared/contracts/knowledge';
import { AppProvider } from '../../../app/provider.tsx';
import { LiveAnnouncer } from '../../../lib/announcer.tsx';
import { getSession, tryLogin } from '../../../lib/auth/session-store.ts';
import { type ContributorDraft, newDraftKey } from '../../../lib/contributor-draft.ts';
import { createQueryClient } from '../../../lib/react-query.ts';
import { emptyReviewPage, runtimeConfig } from '../../../testing/fixtures.ts';
import { type MockResponse, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { ContentDetailScreen } from '../components/content-detail.tsx';
import { CoursewareLanding } from '../components/courseware-landing.tsx';
import {
  type ContributorsEditorProps,
  type EditorParts,
  EditorPartsProvider,
  type KnowledgeEditorProps,
} from '../components/editor/editor-parts.tsx';
import { type FilterPickers, FilterPickersProvider } from '../components/filter-pickers.tsx';

/** A stand-in contributors editor: the names, and a button adding a new contributor with a portrait. */
function TestContributorsEditor({ value, onValueChange, error }: ContributorsEditorProps) {
  const addNew = () => {
    const contributor: ContributorDraft = {
      key: newDraftKey(),
      stored: null,
      fields: {
        prefix: '',
        firstName: 'Nina',
        middleName: '',
        lastName: 'New',
        suffix: '',
        title: '',
        school: 'Test University',
        email: 'nina@example.edu',
      },
      portrait: { kind: 'new', file: new File(['png'], 'nina.png', { type: 'image/png' }) },
      changed: true,
    };
    onValueChange([...value, contributor]);
  };
  return (
    <div>
      <ul aria-label="Contributors">
        {value.map((contributor) => (
          <li key={contributor.key}>
            {contributor.fields.firstName} {contributor.fields.lastName}
          </li>
        ))}
      </ul>
      <button type="button" onClick={addNew}>
        Add test contributor
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}

/** A stand-in knowledge picker: the ids as a comma list in a text box named `<type> ids`. */
function TestKnowledgeEditor({ type, value, onValueChange }: KnowledgeEditorProps) {
  return (
    <label>
      {type} ids
      <input
        value={value.join(',')}
        onChange={(event) =>
          onValueChange(
            event.target.value
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean),
          )
        }
      />
    </label>
  );
}

/** Simple test doubles of the parts the route provides to the editor. */
export const TEST_EDITOR_PARTS: EditorParts = {
  ContributorsEditor: TestContributorsEditor,
  KnowledgeEditor: TestKnowledgeEditor,
};

const TEST_PICKERS: FilterPickers = {
  ContributorPicker: () => null,
  KnowledgePicker: () => null,
};

function DetailRoute() {
  const idOrAlias = useParams()['*'] ?? '';
  return <ContentDetailScreen key={idOrAlias.toLowerCase()} idOrAlias={idOrAlias} />;
}

/**
 * Renders the courseware routes as the app composes them (list with creating mode,
 * detail), each with the test doubles of the editor parts, and the live region, at
 * `path`, signed in with the session the test stored.
 */
export function renderEditorRoutes(path: string) {
  tryLogin();
  const queryClient = createQueryClient({ retry: false });
  const withParts = (element: React.ReactNode) => (
    <EditorPartsProvider parts={TEST_EDITOR_PARTS}>
      <FilterPickersProvider pickers={TEST_PICKERS}>{element}</FilterPickersProvider>
    </EditorPartsProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/courseware', element: withParts(<CoursewareLanding />) },
      { path: '/courseware/*', element: withParts(<DetailRoute />) },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProvider config={runtimeConfig()} queryClient={queryClient}>
      <LiveAnnouncer />
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** An id of the test world (26 Crockford base32 characters) ending in `n`. */
export function testId(prefix: string, n: number): string {
  return `01jd7k2m3n4p5q6r7s8t9${prefix}${n.toString().padStart(5 - prefix.length, '0')}`;
}

/** A child summary of a parent, at `index`. */
export function childOf(parentId: string, index: number, overrides: Partial<ChildContent> = {}): ChildContent {
  return {
    id: testId('c', index + 1),
    name: `Child ${String.fromCharCode(65 + index)}`,
    urlAlias: `child-${index}`,
    status: 'published',
    category: 'lesson',
    categories: ['lesson'],
    educationLevels: [],
    experienceLevels: [],
    tags: [],
    summary: '',
    author: null,
    parentId,
    image: null,
    createdTimestamp: '2026-01-10T09:00:00.000Z',
    modifiedTimestamp: '2026-03-04T15:30:00.000Z',
    index,
    version: 1,
    ...overrides,
  };
}

/** What one fake S3 POST received: the form's field names in order, and the posted file. */
export interface S3Post {
  readonly url: string;
  readonly names: string[];
  readonly file: File | null;
}

/**
 * Replaces XMLHttpRequest with a fake S3 that reports 50 % then, `delayMs` later,
 * answers `status` (default 204). `log` gets "S3 POST" per post, in the order of the calls.
 */
export function fakeS3(
  log: string[],
  { status = () => 204, delayMs = 20 }: { status?: () => number; delayMs?: number } = {},
) {
  const posts: S3Post[] = [];
  class FakeXhr {
    status = 0;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const names = [...form.keys()];
      const file = form.get('file');
      posts.push({ url: this.url, names, file: file instanceof File ? file : null });
      log.push('S3 POST');
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.status = status();
          this.onload?.();
        }, delayMs);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return posts;
}

/** Answers of the fake API for the editor's calls; each may be left to the default. */
export interface EditorApiAnswers {
  readonly children?: readonly ChildContent[];
  readonly save?: (body: Record<string, unknown>) => MockResponse | undefined;
  readonly complete?: (id: string) => MockResponse | undefined;
  readonly getChild?: (id: string) => MockResponse | undefined;
  readonly del?: () => MockResponse;
  /** Answers `PATCH /api/v1/content-items/{id}` instead of the default (e.g. a 400). */
  readonly patch?: (body: Record<string, unknown>) => MockResponse | undefined;
  /** The answer of `GET /api/v1/content-subtrees/{id}` (default: no descendants). */
  readonly subtree?: () => MockResponse | Promise<MockResponse>;
  /** The item's stored draft at the start (issue 25 item 2; default none). */
  readonly draft?: StoredDraft | null;
  /** Answers `GET …/draft` instead of the fake draft store (e.g. a 503 on the first read). */
  readonly getDraft?: () => MockResponse | undefined;
  /** Answers `PUT …/draft` instead of the fake draft store (e.g. a 409). */
  readonly putDraft?: (body: Record<string, unknown>) => MockResponse | undefined;
  /** Answers `POST …/draft/publish` instead of the default (e.g. a 409). */
  readonly publish?: (body: Record<string, unknown>) => MockResponse | undefined;
  /** The item's revisions, newest first (issue 25 item 3; default none). */
  readonly revisions?: readonly RevisionSummary[];
  /** The answer of `GET …/revision-diff`. */
  readonly diff?: () => MockResponse;
  /** The knowledge items `GET /api/v1/knowledge?ids=…` finds among (issue 27 item 4; default none). */
  readonly knowledge?: readonly Knowledge[];
}

/**
 * A fake API for the content editor: the detail, every child page, uploads (ids
 * numbered from 1), completion, file deletion, the save (which by default stores the
 * fields and answers the new version) and the PATCH of archive and restore. `log`
 * gets `METHOD /path` of each call, in order.
 */
export function mockEditorApi(start: ContentDetail, answers: EditorApiAnswers = {}) {
  let detail = start;
  let draft: StoredDraft | null = answers.draft ?? null;
  let uploads = 0;
  const log: string[] = [];
  const spy = mockApi((url, init) => {
    const { method, body } = requestOf(init);
    const path = url.pathname;
    if (path !== '/api/v1/claims' && path !== '/api/v1/messages') log.push(`${method} ${path}`);
    if (path === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (path === '/api/v1/messages') return { body: { items: [] } };
    if (path === '/api/v1/files/uploads') {
      uploads += 1;
      const request = body as { type: string };
      return {
        status: 201,
        body: {
          fileId: testId('f', uploads),
          upload: { url: 'https://s3.test/uploads', fields: { key: `files/${uploads}`, 'Content-Type': request.type } },
          expiresAt: '2026-11-21T10:15:00.000Z',
        },
      };
    }
    const complete = /^\/api\/v1\/files\/([^/]+)\/complete$/.exec(path);
    if (complete?.[1]) {
      const id = complete[1];
      return (
        answers.complete?.(id) ?? {
          body: {
            id,
            name: 'x',
            type: 'application/pdf',
            filename: 'x',
            size: 3,
            status: 'Ready',
            visibility: 'private',
            publicUrl: null,
            metadata: { id, type: 'Content' },
          },
        }
      );
    }
    const file = /^\/api\/v1\/files\/([^/]+)$/.exec(path);
    if (file?.[1] && method === 'DELETE') return { body: { id: file[1] } };
    if (path === '/api/v1/content-saves') {
      const request = body as Record<string, unknown>;
      const answer = answers.save?.(request);
      if (answer) return answer;
      const fields = request.fields as Record<string, unknown>;
      const content: Content = {
        ...detail.content,
        name: String(fields.name),
        status: fields.status as Content['status'],
        urlAlias: String(fields.urlAlias || detail.content.urlAlias),
        version: detail.content.version + 1,
        ...(request.id ? {} : { id: testId('n', 1) }),
      };
      detail = { ...detail, content };
      return { body: { content, created: { contributors: {}, children: {} } } };
    }
    if (path.startsWith('/api/v1/content-children/')) {
      return { body: { items: answers.children ?? [], nextPageToken: null } };
    }
    if (path.startsWith('/api/v1/content-subtrees/') && method === 'GET') {
      const { content } = detail;
      return (
        answers.subtree?.() ?? {
          body: {
            id: content.id,
            name: content.name,
            status: content.status,
            categories: content.categories,
            version: content.version,
            descendants: 0,
            archived: 0,
            files: content.files.length,
            byCategory: [],
          },
        }
      );
    }
    if (path.startsWith('/api/v1/content-subtrees/') && method === 'DELETE') {
      return answers.del?.() ?? { body: { id: detail.content.id, parentId: detail.content.parentId, deleted: 1 } };
    }
    if (path.startsWith('/api/v1/content-subtrees/') && method === 'PATCH') {
      const { status } = body as { status: Content['status'] };
      detail = { ...detail, content: { ...detail.content, status, version: detail.content.version + 1 } };
      return { body: { content: detail.content, changed: 1 } };
    }
    const drafts =
      /^\/api\/v1\/content-items\/([^/]+)\/(draft|draft\/publish|revisions|revision-diff|revisions\/([^/]+)\/restore)$/.exec(
        path,
      );
    if (drafts) {
      const [, id = '', what] = drafts;
      const missing = { status: 404, body: { statusCode: 404, message: 'This item has no draft.' } };
      if (what === 'draft' && method === 'GET') return answers.getDraft?.() ?? (draft ? { body: draft } : missing);
      if (what === 'draft' && method === 'PUT') {
        const request = body as { draftVersion?: number; save: StoredDraft['save'] };
        const answer = answers.putDraft?.(request);
        if (answer) return answer;
        if ((draft?.draftVersion ?? undefined) !== request.draftVersion) {
          return { status: 409, body: { statusCode: 409, message: 'Draft was changed by someone else.' } };
        }
        draft = {
          contentId: id,
          draftVersion: (draft?.draftVersion ?? 0) + 1,
          save: request.save,
          updatedBy: { id: testId('e', 1), name: 'Ed Itor' },
          updatedTimestamp: '2026-11-28T12:00:00.000Z',
        };
        return { body: draft };
      }
      if (what === 'draft' && method === 'DELETE') {
        draft = null;
        return { body: { contentId: id } };
      }
      if (what === 'draft/publish') {
        const answer = answers.publish?.(body as Record<string, unknown>);
        if (answer) return answer;
        if (!draft) return missing;
        const fields = draft.save.fields;
        const content: Content = { ...detail.content, name: fields.name, version: detail.content.version + 1 };
        detail = { ...detail, content };
        draft = null;
        const note = (body as { note?: string }).note ?? null;
        const revision: RevisionSummary = {
          id: testId('r', 1),
          contentId: id,
          publishedTimestamp: '2026-11-28T12:01:00.000Z',
          publishedBy: { id: testId('e', 1), name: 'Ed Itor' },
          note,
          rawBytes: 100,
          storedBytes: 60,
        };
        return { body: { content, created: { contributors: {}, children: {} }, revision } };
      }
      if (what === 'revisions') return { body: { items: answers.revisions ?? [], nextPageToken: null } };
      if (what === 'revision-diff')
        return answers.diff?.() ?? { status: 404, body: { statusCode: 404, message: 'Revision does not exist.' } };
      if (method === 'POST') {
        draft = {
          contentId: id,
          draftVersion: (draft?.draftVersion ?? 0) + 1,
          save: {
            id,
            version: detail.content.version,
            fields: { name: `${detail.content.name} (restored)`, description: detail.content.description },
          },
          updatedBy: { id: testId('e', 1), name: 'Ed Itor' },
          updatedTimestamp: '2026-11-28T12:02:00.000Z',
        };
        return { body: draft };
      }
    }
    if (path.startsWith('/api/v1/content-items/') && method === 'DELETE') {
      return answers.del?.() ?? { body: { id: detail.content.id, parentId: detail.content.parentId } };
    }
    if (path.startsWith('/api/v1/content-items/') && method === 'PATCH') {
      const answer = answers.patch?.(body as Record<string, unknown>);
      if (answer) return answer;
      const patch = body as Partial<Content>;
      detail = {
        ...detail,
        content: { ...detail.content, ...patch, version: detail.content.version + 1 } as Content,
      };
      return { body: detail.content };
    }
    if (path.startsWith('/api/v1/content/')) {
      const id = decodeURIComponent(path.slice('/api/v1/content/'.length));
      const child = answers.getChild?.(id);
      if (child) return child;
      return { body: detail };
    }
    if (path === '/api/v1/knowledge') {
      const ids = new Set((url.searchParams.get('ids') ?? '').split(','));
      const type = url.searchParams.get('type');
      const items = (answers.knowledge ?? []).filter((item) => ids.has(item.id) && (!type || item.type === type));
      return { body: { items, nextPageToken: null } };
    }
    // Issue 26 item 3: the item's ratings and reviews, none yet.
    if (path.endsWith('/reviews')) return { body: emptyReviewPage() };
    if (path.endsWith('/reviews/mine')) return { body: { review: null, summary: emptyReviewPage().summary } };
    // Issue 26 item 4: no usage figures (the line then shows nothing).
    if (path.endsWith('/usage')) return { status: 404, body: { statusCode: 404, message: 'Content does not exist.' } };
    return { body: { items: [], nextPageToken: null } };
  });
  return {
    spy,
    log,
    /** The fake's stored draft now (issue 25 item 2). */
    storedDraft: () => draft,
    /** Another editor stores a draft meanwhile. */
    putStoredDraft(next: StoredDraft | null) {
      draft = next;
    },
    /** Someone else saves meanwhile. */
    changeOnServer(content: Partial<Content>) {
      detail = { ...detail, content: { ...detail.content, ...content } };
    },
  };
}
