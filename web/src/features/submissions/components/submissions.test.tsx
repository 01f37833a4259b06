// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Submission, SubmissionComment, SubmissionDetail } from '#shared/contracts/submission';
import { calledUrls, calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { showHtmlSource } from '../../../testing/rich-text.ts';
import { PERSONAS, signIn } from '../../../testing/session.ts';
import { MySubmissionsScreen } from './my-submissions-screen.tsx';
import { ReviewQueuePanel } from './review-queue-panel.tsx';
import type { SubmissionKnowledgePickerProps } from './submission-form.tsx';

const at = '2026-11-28T10:00:00.000Z';
const submission = (id: string, name: string, overrides: Partial<Submission> = {}): Submission => ({
  id,
  state: 'submitted',
  track: 'informal',
  name,
  description: '<p>A lab on phishing.</p>',
  categories: ['exercise'],
  educationLevels: [],
  experienceLevels: [],
  ksas: [],
  kus: [],
  tkss: [],
  contributor: {
    firstName: 'Una',
    lastName: 'Faculty',
    school: 'UNO',
    email: 'una@example.edu',
    prefix: null,
    middleName: null,
    suffix: null,
    title: null,
  },
  files: [{ id: '01jd7k2m3n4p5q6r7s8t9v0f01', name: 'Lab guide', filename: 'guide.pdf', type: 'application/pdf' }],
  submitterId: '01jd7k2m3n4p5q6r7s8t9v0a01',
  submitterName: 'Una Faculty',
  createdTimestamp: at,
  modifiedTimestamp: at,
  stateTimestamp: at,
  declineReason: null,
  contentId: null,
  commentCount: 1,
  version: 2,
  ...overrides,
});

const FILE_ID = '01jd7k2m3n4p5q6r7s8t9v0f01';

/** A stand-in of the knowledge feature's picker: one button that picks a fixed id of its type. */
function TestKnowledgePicker({ type, value, onValueChange }: SubmissionKnowledgePickerProps) {
  return (
    <button type="button" onClick={() => onValueChange([...value, `${type}-1`])}>
      Pick a {type}
    </button>
  );
}

const PHISHING = submission('01jd7k2m3n4p5q6r7s8t9v0s01', 'Phishing lab', { state: 'changesRequested' });
const FIREWALL = submission('01jd7k2m3n4p5q6r7s8t9v0s02', 'Firewall module');
const QUESTION: SubmissionComment = {
  id: '01jd7k2m3n4p5q6r7s8t9v0c01',
  inReplyTo: null,
  authorName: 'Eve Editor',
  authorRole: 'team',
  text: 'Please add the answer key.',
  decision: 'requestChanges',
  createdTimestamp: at,
};

function api(detail: SubmissionDetail) {
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    if (url.pathname === '/api/v1/submissions' && method === 'GET') return { body: { items: [PHISHING, FIREWALL] } };
    if (url.pathname === '/api/v1/submission-reviews') return { body: { items: [FIREWALL], nextPageToken: null } };
    if (url.pathname === `/api/v1/submissions/${detail.submission.id}` && method === 'GET') return { body: detail };
    if (url.pathname === `/api/v1/submissions/${detail.submission.id}/comments`) {
      return { status: 201, body: detail };
    }
    if (url.pathname === `/api/v1/submissions/${detail.submission.id}/decisions`) {
      return { body: { ...detail, submission: { ...detail.submission, state: 'declined' } } };
    }
    if (url.pathname === '/api/v1/submissions' && method === 'POST') return { status: 201, body: FIREWALL };
    if (url.pathname === `/api/v1/submissions/${detail.submission.id}/files/${FILE_ID}/download-url`) {
      return {
        body: { id: FILE_ID, name: 'Lab guide.pdf', publicUrl: 'http://localhost/guide', expiresAt: at },
      };
    }
    return { status: 404, body: { statusCode: 404, message: 'Submission not found.' } };
  });
}

describe('My submissions (issue 25 item 6)', () => {
  it('lists the submissions with their states and answers a comment of the open one', async () => {
    signIn(PERSONAS.faculty());
    const spy = api({ submission: PHISHING, comments: [QUESTION] });
    const user = userEvent.setup();
    renderWithProviders(<MySubmissionsScreen email="una@example.edu" />, {
      path: `/callforcourseware?submission=${PHISHING.id}`,
    });
    const list = await screen.findByRole('list', { name: 'My submissions' });
    expect(within(list).getByRole('button', { name: 'Phishing lab' })).toHaveAttribute('aria-current', 'true');
    expect(within(list).getByText('Waiting for review')).toBeInTheDocument();
    const thread = await screen.findByRole('article', { name: 'Comment by Eve Editor' });
    expect(within(thread).getByText('Please add the answer key.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit and resubmit' })).toBeInTheDocument();
    await user.click(within(thread).getByRole('button', { name: 'Reply to Eve Editor' }));
    await user.type(screen.getByRole('textbox', { name: /Your comment/ }), 'Added in the new version.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(calledWith(spy, 'POST')).toContainEqual({
        path: `/api/v1/submissions/${PHISHING.id}/comments`,
        body: { text: 'Added in the new version.', inReplyTo: QUESTION.id },
      }),
    );
  });

  it('submits courseware with the grant track chosen, the description as rich text and a NICE mapping', async () => {
    signIn(PERSONAS.faculty());
    const spy = api({ submission: FIREWALL, comments: [] });
    const user = userEvent.setup();
    renderWithProviders(<MySubmissionsScreen email="una@example.edu" KnowledgePicker={TestKnowledgePicker} />, {
      path: '/callforcourseware?new=1',
    });
    await user.type(await screen.findByRole('textbox', { name: /Name of the courseware/ }), 'Firewall module');
    fireEvent.change(await showHtmlSource(user, 'Description', 'Description'), {
      target: { value: '<p>Rules and <strong>chains</strong>.</p>' },
    });
    const mappings = screen.getByRole('group', { name: 'KSA statements' });
    await user.click(within(mappings).getByRole('button', { name: 'Pick a KSA' }));
    await user.click(screen.getByRole('radio', { name: /Formal process, paid/ }));
    await user.type(screen.getByRole('textbox', { name: /Your first name/ }), 'Una');
    await user.type(screen.getByRole('textbox', { name: /Your last name/ }), 'Faculty');
    await user.type(screen.getByRole('textbox', { name: /Your school/ }), 'UNO');
    await user.click(screen.getByRole('button', { name: 'Submit courseware' }));
    await waitFor(() => expect(calledWith(spy, 'POST').map((call) => call.path)).toContain('/api/v1/submissions'));
    const body = calledWith(spy, 'POST').find((call) => call.path === '/api/v1/submissions')?.body;
    expect(body).toMatchObject({
      name: 'Firewall module',
      description: '<p>Rules and <strong>chains</strong>.</p>',
      ksas: [{ id: 'KSA-1', index: 0 }],
      kus: [],
      track: 'formal',
      contributor: { firstName: 'Una', lastName: 'Faculty', school: 'UNO', email: 'una@example.edu' },
      files: [],
    });
  });

  it('says so when there are no submissions', async () => {
    signIn(PERSONAS.faculty());
    mockApi((url) => {
      if (url.pathname === '/api/v1/submissions') return { body: { items: [] } };
      return { body: { items: [] } };
    });
    renderWithProviders(<MySubmissionsScreen email="" />, { path: '/callforcourseware' });
    expect(await screen.findByText(/You have no submissions yet/)).toBeInTheDocument();
  });
});

describe('the review queue (issue 25 item 6)', () => {
  it('declines a submission only with a reason, after confirming', async () => {
    signIn(PERSONAS.editor());
    const spy = api({ submission: FIREWALL, comments: [] });
    const user = userEvent.setup();
    renderWithProviders(<ReviewQueuePanel />, { path: '/admin?tab=submissions' });
    const queue = await screen.findByRole('list', { name: 'Submissions to review' });
    await user.click(within(queue).getByRole('button', { name: 'Firewall module' }));
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Decline' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Out of scope.');
    await user.click(confirm);
    await waitFor(() =>
      expect(calledWith(spy, 'POST')).toContainEqual({
        path: `/api/v1/submissions/${FIREWALL.id}/decisions`,
        body: { decision: 'decline', reason: 'Out of scope.', version: 2 },
      }),
    );
  });

  it('shows the description as sanitised HTML and the mappings, and downloads a file before any decision', async () => {
    signIn(PERSONAS.editor());
    const mapped = {
      ...FIREWALL,
      description: '<p>Rules and <strong>chains</strong>.</p><img src="x" onerror="alert(1)">',
      ksas: [{ id: 'K0001', index: 0 }],
    };
    const spy = api({ submission: mapped, comments: [] });
    const user = userEvent.setup();
    renderWithProviders(<ReviewQueuePanel />, { path: `/admin?tab=submissions&submission=${FIREWALL.id}` });
    const strong = await screen.findByText('chains');
    expect(strong.tagName).toBe('STRONG');
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText(/KSA statements:/).parentElement).toHaveTextContent('K0001');
    const files = screen.getByRole('list', { name: 'Files of Firewall module' });
    await user.click(within(files).getByRole('button', { name: 'Download Lab guide' }));
    await waitFor(() =>
      expect(calledUrls(spy)).toContain(`/api/v1/submissions/${FIREWALL.id}/files/${FILE_ID}/download-url`),
    );
  });
});
