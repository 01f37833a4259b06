// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_URL_INVALID, imageHtml, imageUrlProblem } from '../../../../components/ui/rich-text/image-dialog.tsx';
import { pickedImageProblem } from '../../../../components/ui/rich-text/image-upload.tsx';
import { installFakeS3 } from '../../../../testing/fake-s3.ts';
import { calledWith, mockApi } from '../../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { showHtmlSource } from '../../../../testing/rich-text.ts';
import { emptyDraft } from './content-draft.ts';
import { BasicFields } from './content-fields.tsx';
import { useDraftForm } from './use-draft-form.ts';

/** The basic fields in an editor's form, whose submit goes to `onSubmit`. */
function Fields({ description, onSubmit = () => {} }: { description: string; onSubmit?: () => void }) {
  const { form, draft, update, errors } = useDraftForm(() => ({ ...emptyDraft(), description }));
  return (
    <FormProvider {...form}>
      <form
        aria-label="Edit content"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <BasicFields draft={draft} update={update} errors={errors} aliasHelp="" descriptionRows={4} />
      </form>
    </FormProvider>
  );
}

/** The description fields with `description`, the caret at `caret` and then the focus on Insert image. */
async function renderAtCaret(description: string, caret: number) {
  const user = userEvent.setup();
  renderWithProviders(<Fields description={description} />);
  const textarea = await showHtmlSource(user, 'Description', 'Description (HTML)');
  await user.click(textarea);
  textarea.setSelectionRange(caret, caret);
  await user.tab();
  const button = screen.getByRole('button', { name: 'Insert image' });
  expect(button).toHaveFocus();
  return { user, textarea, button };
}

async function openByKeyboard(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
  const url = within(dialog).getByRole('textbox', { name: 'Image URL' });
  const alt = within(dialog).getByRole('textbox', { name: 'Alt text' });
  return { dialog, url, alt, insert: () => user.click(within(dialog).getByRole('button', { name: 'Insert' })) };
}

describe('the Insert image dialog of the HTML source view (spec §5 "Image dialog")', () => {
  beforeEach(() => {
    // jsdom lays nothing out, and the dialog's focus trap skips elements without a size.
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
  });

  it('opens by keyboard with the focus on the upload, then the URL, and asks for the URL first', async () => {
    const { user } = await renderAtCaret('<p>Hi</p>', 0);
    const { dialog, url, alt, insert } = await openByKeyboard(user);
    const file = within(dialog).getByLabelText('Upload an image');
    await waitFor(() => expect(file).toHaveFocus());
    expect(url).toBeRequired();
    expect(alt).toBeRequired();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(file).toHaveFocus();
    await user.tab();
    expect(url).toHaveFocus();

    await insert();
    const alerts = within(dialog).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Is required.', 'Is required.']);
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Is required.'));
    expect(url).toHaveFocus();

    await user.type(url, 'ftp://example.com/a.png');
    await insert();
    expect(within(dialog).getByText(IMAGE_URL_INVALID)).toHaveAttribute('role', 'alert');
    expect(url).toHaveFocus();
  });

  it('asks for the alt text, focusing it, when the URL is given', async () => {
    const { user, textarea } = await renderAtCaret('<p>Hi</p>', 0);
    const { dialog, url, alt, insert } = await openByKeyboard(user);
    await user.type(url, 'https://example.com/a.png');
    await insert();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Is required.');
    expect(alt).toHaveAccessibleDescription(expect.stringContaining('Is required.'));
    expect(alt).toHaveFocus();
    expect(textarea).toHaveValue('<p>Hi</p>');
  });

  it('accepts 1000 characters of alt text and refuses 1001', async () => {
    const { user, textarea } = await renderAtCaret('', 0);
    const { dialog, url, alt, insert } = await openByKeyboard(user);
    await user.type(url, '/files/a.png');
    await user.click(alt);
    await user.paste('a'.repeat(1001));
    await insert();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Must be at most 1000 characters.');
    expect(alt).toHaveFocus();

    await user.keyboard('{Backspace}');
    await insert();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Insert image' })).not.toBeInTheDocument());
    expect(textarea).toHaveValue(`<img src="/files/a.png" alt="${'a'.repeat(1000)}">`);
  });

  it('inserts the escaped image at the caret and gives the focus back to the textarea after it', async () => {
    const { user, textarea } = await renderAtCaret('<p>Hello</p>', 3);
    const { url, alt, insert } = await openByKeyboard(user);
    await user.type(url, 'https://example.com/a.png?x=1&y="2"');
    await user.type(alt, 'a "b" <c>');
    await insert();

    const html = '<img src="https://example.com/a.png?x=1&amp;y=&quot;2&quot;" alt="a &quot;b&quot; &lt;c&gt;">';
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Insert image' })).not.toBeInTheDocument());
    expect(textarea).toHaveValue(`<p>${html}Hello</p>`);
    await waitFor(() => expect(textarea).toHaveFocus());
    expect(textarea.selectionStart).toBe(3 + html.length);
  });

  it('inserts at the end when the textarea never had the focus, without submitting the editor', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<Fields description="<p>Hi</p>" onSubmit={onSubmit} />);
    await showHtmlSource(user, 'Description', 'Description (HTML)');
    await user.click(await screen.findByRole('button', { name: 'Insert image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Image URL' }), '/a.png');
    await user.type(within(dialog).getByRole('textbox', { name: 'Alt text' }), 'A{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Insert image' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Description (HTML)' })).toHaveValue(
      '<p>Hi</p><img src="/a.png" alt="A">',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes with Escape, changing nothing, and gives the focus back to the button', async () => {
    const { user, textarea, button } = await renderAtCaret('<p>Hi</p>', 2);
    const { url } = await openByKeyboard(user);
    await user.type(url, '/a.png');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Insert image' })).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(textarea).toHaveValue('<p>Hi</p>');
  });
});

describe('image addresses and HTML', () => {
  it('takes http(s) addresses and site paths, and nothing else', () => {
    expect(imageUrlProblem('https://example.com/a.png')).toBeNull();
    expect(imageUrlProblem('http://example.com/a.png')).toBeNull();
    expect(imageUrlProblem('/public/files/01abc')).toBeNull();
    expect(imageUrlProblem('  ')).toBe('Is required.');
    expect(imageUrlProblem('//evil.example/a.png')).toBe(IMAGE_URL_INVALID);
    expect(imageUrlProblem('javascript:alert(1)')).toBe(IMAGE_URL_INVALID);
    expect(imageUrlProblem('images/a.png')).toBe(IMAGE_URL_INVALID);
  });

  it('escapes both attribute values', () => {
    expect(imageHtml({ url: ' /a.png?b=1&c=2 ', alt: ' x & "y" ' })).toBe(
      '<img src="/a.png?b=1&amp;c=2" alt="x &amp; &quot;y&quot;">',
    );
  });
});

const UPLOAD_ID = '01jd7k2m3n4p5q6r7s8t9vwxa0';

/** The upload routes: created, completed (or refused with `refusal`), deleted. */
function mockUploads(refusal?: string) {
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/files/uploads') {
      return {
        status: 201,
        body: {
          fileId: UPLOAD_ID,
          upload: { url: 'https://s3.test/uploads', fields: { key: `files/${UPLOAD_ID}` } },
          expiresAt: '2026-11-28T10:15:00.000Z',
        },
      };
    }
    if (url.pathname === `/api/v1/files/${UPLOAD_ID}/complete`) {
      if (refusal) {
        return {
          status: 400,
          body: { statusCode: 400, message: refusal, details: [{ path: 'file', message: refusal }] },
        };
      }
      return {
        body: {
          id: UPLOAD_ID,
          name: 'range.png',
          type: 'image/png',
          filename: 'range.png',
          size: 5,
          status: 'Ready',
          visibility: 'public',
          publicUrl: `/public/files/${UPLOAD_ID}`,
          metadata: { id: UPLOAD_ID, type: 'Content' },
        },
      };
    }
    if (url.pathname === `/api/v1/files/${UPLOAD_ID}` && method === 'DELETE') return { body: { id: UPLOAD_ID } };
    if (url.pathname === '/api/v1/claims' || url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d])], 'range.png', { type: 'image/png' });

describe('uploading an image from the dialog (issue 25 item 1)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    installFakeS3();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uploads a picked image, fills the URL with its public address and inserts it with its alt text', async () => {
    const api = mockUploads();
    const { user, textarea } = await renderAtCaret('<p>Hi</p>', 0);
    const { dialog, url, alt, insert } = await openByKeyboard(user);
    await user.upload(within(dialog).getByLabelText('Upload an image'), png());
    expect(await within(dialog).findByText('range.png is uploaded.')).toBeInTheDocument();
    expect(url).toHaveValue(`/public/files/${UPLOAD_ID}`);
    expect(calledWith(api, 'POST').map((call) => call.body)).toContainEqual(
      expect.objectContaining({ kind: 'htmlImage', name: 'range.png', type: 'image/png', size: 5 }),
    );
    await user.type(alt, 'The range at night');
    await insert();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Insert image' })).not.toBeInTheDocument());
    expect(textarea).toHaveValue(`<img src="/public/files/${UPLOAD_ID}" alt="The range at night"><p>Hi</p>`);
    expect(calledWith(api, 'DELETE')).toEqual([]);
  });

  it('refuses a too large image before any upload, and deletes an upload the dialog is cancelled after', async () => {
    const api = mockUploads();
    const { user } = await renderAtCaret('<p>Hi</p>', 0);
    const { dialog } = await openByKeyboard(user);
    const input = within(dialog).getByLabelText('Upload an image');
    await user.upload(input, new File([new Uint8Array(5_000_001)], 'huge.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The image is larger than 5 MB.');
    expect(calledWith(api, 'POST')).toEqual([]);
    await user.upload(input, png());
    await within(dialog).findByText('range.png is uploaded.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(calledWith(api, 'DELETE').map((call) => call.path)).toEqual([`/api/v1/files/${UPLOAD_ID}`]),
    );
  });

  it('checks the type and size of a picked file (past the input’s accept filter too)', () => {
    expect(pickedImageProblem({ type: 'text/plain', size: 10 })).toBe('Choose a PNG, JPEG, GIF or WebP image.');
    expect(pickedImageProblem({ type: 'image/svg+xml', size: 10 })).toBe('Choose a PNG, JPEG, GIF or WebP image.');
    expect(pickedImageProblem({ type: 'image/webp', size: 0 })).toBe('The file is empty.');
    expect(pickedImageProblem({ type: 'image/jpeg', size: 5_000_000 })).toBeNull();
  });

  it('says why the server refused the image', async () => {
    mockUploads('The file is not a PNG image.');
    const { user } = await renderAtCaret('<p>Hi</p>', 0);
    const { dialog, url } = await openByKeyboard(user);
    await user.upload(within(dialog).getByLabelText('Upload an image'), png());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is not a PNG image.');
    expect(url).toHaveValue('');
  });
});
