// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserImport, UserImportPreview, UserImportRow } from '#shared/contracts/administration';
import { SELECT_IMPORT_FILE_MESSAGE } from '#shared/contracts/administration';
import { ADMIN_LIMITS } from '#shared/limits';
import { getShownErrors } from '../../../lib/error-store.ts';
import { calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { portalToken, signIn, USER_IDS } from '../../../testing/session.ts';
import { FILE_TOO_LARGE_MESSAGE, IMPORT_TYPE_MESSAGE } from '../utils/import-file.ts';
import { UserImportsPanel } from './user-imports-panel.tsx';

const ORGANIZATION = { id: '01jd7k2m3n4p5q6r7s8t9v0g01', name: 'Omaha cyber range courses', businessUnitId: null };
const IMPORT_ID = '01jd7k2m3n4p5q6r7s8t9v0h01';
const CSV = 'name,email,role\nAda,ada@example.edu,student\n=HYPERLINK("x"),bad,wizard\n';

const rows: UserImportRow[] = [
  { line: 2, name: 'Ada', email: 'ada@example.edu', role: 'student', status: 'valid', reasons: [] },
  {
    line: 3,
    name: '=HYPERLINK("x")',
    email: 'bad',
    role: 'wizard',
    status: 'invalid',
    reasons: ['Enter a valid e-mail address.', 'Unknown role.'],
  },
];
const PREVIEW: UserImportPreview = {
  fileName: 'class.csv',
  organization: { id: ORGANIZATION.id, name: ORGANIZATION.name },
  rowCount: 2,
  validCount: 1,
  invalidCount: 1,
  rows,
};
const RESULT: UserImport = {
  id: IMPORT_ID,
  fileName: 'class.csv',
  organization: PREVIEW.organization,
  mode: 'validRowsOnly',
  status: 'partial',
  importedBy: { id: USER_IDS.admin, displayName: 'Ada Admin' },
  createdTimestamp: '2026-11-21T19:00:00.000Z',
  rowCount: 2,
  createdCount: 1,
  skippedCount: 1,
  failedCount: 0,
  rows: [{ ...rows[0], status: 'created' } as UserImportRow, { ...rows[1], status: 'skipped' } as UserImportRow],
};

function signInAsImporter() {
  signIn(
    portalToken({
      sub: USER_IDS.admin,
      displayName: 'Ada Admin',
      claims: [
        { type: 'api', value: 'get_v1_users' },
        { type: 'api', value: 'post_v1_user_imports' },
      ],
    }),
  );
}

let history: UserImport[];
function mockImports() {
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/claims') {
      return {
        body: {
          items: [
            { type: 'api', value: 'get_v1_users' },
            { type: 'api', value: 'post_v1_user_imports' },
          ],
        },
      };
    }
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    if (url.pathname === '/api/v1/organizations/all') return { body: { items: [ORGANIZATION], nextPageToken: null } };
    if (url.pathname === '/api/v1/user-imports/preview') return { body: PREVIEW };
    if (url.pathname === '/api/v1/user-imports' && method === 'POST') {
      history = [RESULT];
      return { status: 201, body: RESULT };
    }
    if (url.pathname === '/api/v1/user-imports') {
      return { body: { items: history.map(({ rows: _rows, ...summary }) => summary), nextPageToken: null } };
    }
    if (url.pathname === `/api/v1/user-imports/${IMPORT_ID}`) return { body: RESULT };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

let blobs: Blob[];
beforeEach(() => {
  history = [];
  blobs = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return `blob:report-${blobs.length}`;
    },
    revokeObjectURL: () => {},
  });
  // jsdom does not navigate; the download link's click is enough.
  HTMLAnchorElement.prototype.click = () => {};
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

async function openPanel() {
  signInAsImporter();
  const spy = mockImports();
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<UserImportsPanel />);
  const organization = await screen.findByRole('combobox', { name: /Organization/ });
  await screen.findByRole('option', { name: ORGANIZATION.name });
  const fileInput = screen.getByLabelText(/CSV file/) as HTMLInputElement;
  return { user, spy, organization, fileInput };
}

describe('UserImportsPanel: the file picker (spec §5 "File picker and user import")', () => {
  it('shows the accepted type, the maximum in MB, the template link and the required marks', async () => {
    const { fileInput } = await openPanel();
    expect(fileInput).toHaveAttribute('accept', '.csv,text/csv');
    expect(screen.getByText(/CSV file \(\.csv\); at most 1 MB\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the template' })).toHaveAttribute('href', '/template.csv');
    expect(fileInput).toBeRequired();
    expect(screen.getByText('No imports yet.')).toBeInTheDocument();
  });

  it('says "Please select a file to import." under the field, as an alert, when Preview has no file', async () => {
    const { user, spy, organization, fileInput } = await openPanel();
    await user.selectOptions(organization, ORGANIZATION.id);

    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SELECT_IMPORT_FILE_MESSAGE);
    expect(fileInput).toHaveAttribute('aria-describedby', expect.stringContaining(alert.id));
    expect(fileInput).toHaveFocus();
    expect(calledWith(spy, 'POST')).toEqual([]);
  });

  it('refuses a file of another type under the field and clears the input', async () => {
    const { user, fileInput } = await openPanel();

    await user.upload(fileInput, new File(['x'], 'class.xlsx', { type: 'application/vnd.ms-excel' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_TYPE_MESSAGE);
    expect(fileInput.value).toBe('');
    expect(fileInput.files?.length ?? 0).toBe(0);
  });

  it('refuses a file over 1 MB through the ERROR dialog and clears the input', async () => {
    const { user, organization, fileInput } = await openPanel();
    await user.selectOptions(organization, ORGANIZATION.id);

    await user.upload(
      fileInput,
      new File([new Uint8Array(ADMIN_LIMITS.importFileMaxBytes + 1)], 'class.csv', { type: 'text/csv' }),
    );

    expect(getShownErrors().map((error) => error.message)).toEqual([FILE_TOO_LARGE_MESSAGE]);
    expect(fileInput.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SELECT_IMPORT_FILE_MESSAGE);
  });
});

describe('UserImportsPanel: preview, import and error report (issue 11)', () => {
  it('previews the file with the bad rows first, then imports the valid rows and offers the error report', async () => {
    const { user, spy, organization, fileInput } = await openPanel();
    await user.selectOptions(organization, ORGANIZATION.id);
    await user.upload(fileInput, new File([CSV], 'class.csv', { type: 'text/csv' }));

    await user.click(screen.getByRole('button', { name: 'Preview' }));

    // The file went as its bytes, base64, with the organization; nothing else was written.
    const [previewCall] = calledWith(spy, 'POST');
    expect(previewCall?.path).toBe('/api/v1/user-imports/preview');
    const sent = previewCall?.body as { content: string; fileName: string; organizationId: string };
    expect(Buffer.from(sent.content, 'base64').toString('utf8')).toBe(CSV);
    expect(sent).toMatchObject({ fileName: 'class.csv', organizationId: ORGANIZATION.id });

    const heading = await screen.findByRole('heading', { name: 'Preview of class.csv' });
    expect(screen.getByText(/2 rows: 1 valid, 1 invalid\./)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Rows of class\.csv, invalid rows first/ });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(
      within(bodyRows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '=HYPERLINK("x")', 'bad', 'wizard', 'Invalid', 'Enter a valid e-mail address. Unknown role.']);
    expect(within(bodyRows[1] as HTMLElement).getByText('Valid')).toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus());

    // With a bad row, the valid-rows mode is preselected; all-or-nothing is refused before any call.
    const strict = screen.getByRole('radio', { name: 'Import only if every row is valid' });
    const lenient = screen.getByRole('radio', { name: 'Import the valid rows and skip the others' });
    expect(lenient).toBeChecked();
    await user.click(strict);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/1 row is invalid, so nothing would be imported/);
    expect(calledWith(spy, 'POST')).toHaveLength(1);

    await user.click(lenient);
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const runCall = calledWith(spy, 'POST')[1];
    expect(runCall?.path).toBe('/api/v1/user-imports');
    expect(runCall?.body).toMatchObject({
      mode: 'validRowsOnly',
      organizationId: ORGANIZATION.id,
      fileName: 'class.csv',
    });
    expect(await screen.findByText('Import partly done: 1 invited, 1 skipped, 0 failed.')).toBeInTheDocument();
    expect(fileInput.value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Download error report' }));
    expect(blobs).toHaveLength(1);
    const report = await (blobs[0] as Blob).text();
    expect(report).toContain(`"'=HYPERLINK(""x"")"`);
    expect(report).not.toContain('"Ada"');

    // The history lists the import, with its own report.
    const historyButton = await screen.findByRole('button', { name: /Download the error report of class\.csv/ });
    await user.click(historyButton);
    await waitFor(() => expect(blobs).toHaveLength(2));
    expect(await (blobs[1] as Blob).text()).toBe(report);
  });
});
