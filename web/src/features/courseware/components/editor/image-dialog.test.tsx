// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_URL_INVALID, imageHtml, imageUrlProblem } from '../../../../components/ui/rich-text/image-dialog.tsx';
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

  it('opens by keyboard with the focus on the URL, and asks for the URL first', async () => {
    const { user } = await renderAtCaret('<p>Hi</p>', 0);
    const { dialog, url, alt, insert } = await openByKeyboard(user);
    await waitFor(() => expect(url).toHaveFocus());
    expect(url).toBeRequired();
    expect(alt).toBeRequired();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
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
