// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contributor } from '#shared/contracts/contributor';
import { type ContributorDraft, contributorDraftOf } from '../../../lib/contributor-draft.ts';
import { getShownErrors } from '../../../lib/error-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { FILE_TOO_LARGE_MESSAGE, PORTRAIT_TYPE_MESSAGE } from '../utils/portrait.ts';
import { ContributorFormDialog } from './contributor-form-dialog.tsx';

const STORED: Contributor = {
  id: '01jd7k2m3n4p5q6r7s8t9v0w2a',
  prefix: null,
  firstName: 'Grace',
  middleName: null,
  lastName: 'Hopper',
  suffix: null,
  title: null,
  school: 'Yale University',
  email: 'grace@example.edu',
  portraitFileId: '01jd7k2m3n4p5q6r7s8t9v0p01',
  version: 3,
};

const image = (size: number, name = 'me.png', type = 'image/png') => new File([new Uint8Array(size)], name, { type });

let created: string[];
let revoked: string[];
beforeEach(() => {
  created = [];
  revoked = [];
  // jsdom has no object URLs.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:preview-${created.length}-${(blob as File).name}`;
      created.push(url);
      return url;
    },
    revokeObjectURL: (url: string) => {
      revoked.push(url);
    },
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

async function openForm(contributor: ContributorDraft | null = null) {
  const onSubmit = vi.fn<(draft: ContributorDraft) => void>();
  const onClose = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  const view = renderWithProviders(
    <ContributorFormDialog open contributor={contributor} onSubmit={onSubmit} onClose={onClose} />,
  );
  const dialog = await screen.findByRole('dialog', { name: contributor ? 'Edit contributor' : 'New contributor' });
  const field = (name: RegExp | string) => within(dialog).getByRole('textbox', { name });
  const submit = () =>
    user.click(within(dialog).getByRole('button', { name: contributor ? 'Apply changes' : 'Add contributor' }));
  const portraitInput = () => within(dialog).getByLabelText<HTMLInputElement>('Portrait');
  return { user, dialog, field, submit, portraitInput, onSubmit, onClose, ...view };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, field: (name: RegExp) => HTMLElement) {
  await user.type(field(/First name/), 'Ada');
  await user.type(field(/Last name/), 'Lovelace');
  await user.type(field(/School/), 'University of London');
  await user.type(field(/E-mail/), 'ada@example.org');
}

describe('ContributorFormDialog (spec §5 "Contributor")', () => {
  it('marks first name, last name, school and e-mail as required with an asterisk', async () => {
    const { dialog, field } = await openForm();
    for (const name of ['First name', 'Last name', 'School', 'E-mail']) {
      expect(field(name)).toBeRequired();
      expect(within(dialog).getByText(name).closest('label')).toHaveTextContent(`${name}*`);
    }
    for (const name of ['Prefix', 'Middle name', 'Suffix', 'Title']) expect(field(name)).not.toBeRequired();
  });

  it.each([
    ['First name', /First name/],
    ['Last name', /Last name/],
    ['School', /School/],
    ['E-mail', /E-mail/],
  ])('refuses a missing %s: the error is an alert under it and it takes the focus', async (_label, name) => {
    const { user, field, submit, onSubmit } = await openForm();
    await fillRequired(user, field);
    await user.clear(field(name));
    await user.type(field(name), '   ');

    await submit();

    expect(screen.getByRole('alert')).toHaveTextContent('Is required.');
    await waitFor(() => expect(field(name)).toHaveAccessibleDescription(expect.stringContaining('Is required.')));
    expect(field(name)).toBeInvalid();
    expect(field(name)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows every error of an empty form and focuses the first invalid field', async () => {
    const { field, submit, onSubmit } = await openForm();
    await submit();
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    expect(field(/First name/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes 1000 characters in a field and refuses 1001', async () => {
    const { user, field, submit, onSubmit } = await openForm();
    await fillRequired(user, field);
    await user.click(field('Title'));
    await user.paste('t'.repeat(1001));

    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Must be at most 1000 characters.');
    expect(field('Title')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.keyboard('{Backspace}');
    await submit();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.lastCall?.[0].fields.title).toHaveLength(1000);
  });

  it('refuses an invalid e-mail address', async () => {
    const { user, field, submit, onSubmit } = await openForm();
    await fillRequired(user, field);
    await user.clear(field(/E-mail/));
    await user.type(field(/E-mail/), 'ada@');

    await submit();

    expect(screen.getByRole('alert')).toHaveTextContent('Must be a valid e-mail address.');
    expect(field(/E-mail/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes the e-mail message away as soon as the address is fixed, before any submit (issue 21 item 14)', async () => {
    const { user, field, submit, onSubmit } = await openForm();
    await fillRequired(user, field);
    await user.clear(field(/E-mail/));
    await user.type(field(/E-mail/), 'ada');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Must be a valid e-mail address.');
    // Still wrong while typing: the message stays (and follows the field's state).
    await user.type(field(/E-mail/), '@');
    expect(screen.getByRole('alert')).toHaveTextContent('Must be a valid e-mail address.');

    await user.type(field(/E-mail/), 'example.org');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field(/E-mail/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('gives a new contributor as a draft: fresh key, nothing stored, changed, fields trimmed', async () => {
    const { user, field, submit, onSubmit, onClose } = await openForm();
    await user.type(field('Prefix'), ' Lady ');
    await fillRequired(user, field);
    await submit();

    expect(onSubmit).toHaveBeenCalledWith({
      key: expect.stringMatching(/^new-/),
      stored: null,
      fields: {
        prefix: 'Lady',
        firstName: 'Ada',
        middleName: '',
        lastName: 'Lovelace',
        suffix: '',
        title: '',
        school: 'University of London',
        email: 'ada@example.org',
      },
      portrait: { kind: 'stored', fileId: null },
      changed: true,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the accepted portrait types and the maximum size in MB', async () => {
    const { dialog, portraitInput } = await openForm();
    expect(portraitInput()).toHaveAttribute('accept', expect.stringContaining('image/png'));
    expect(within(dialog).getByText(/PNG, JPEG, GIF or WebP; at most 1 MB\./)).toBeInTheDocument();
  });

  it('clears a too-large portrait and raises FILE_TOO_LARGE_ERROR through the global error dialog', async () => {
    const { user, submit, portraitInput, onSubmit } = await openForm(contributorDraftOf(STORED));

    await user.upload(portraitInput(), image(1_000_001));

    expect(portraitInput().files).toHaveLength(0);
    expect(getShownErrors()).toEqual([expect.objectContaining({ message: FILE_TOO_LARGE_MESSAGE, statusCode: null })]);
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ portrait: { kind: 'stored', fileId: STORED.portraitFileId }, changed: false }),
    );
  });

  it('refuses a portrait of another type with a message under the field', async () => {
    const { user, portraitInput } = await openForm();

    await user.upload(portraitInput(), image(10, 'me.bmp', 'image/bmp'));

    expect(screen.getByRole('alert')).toHaveTextContent(PORTRAIT_TYPE_MESSAGE);
    await waitFor(() =>
      expect(portraitInput()).toHaveAccessibleDescription(expect.stringContaining(PORTRAIT_TYPE_MESSAGE)),
    );
    expect(portraitInput().files).toHaveLength(0);
    expect(getShownErrors()).toEqual([]);
  });

  it('previews a new portrait, revokes the preview when it changes, and gives the file', async () => {
    const { user, dialog, submit, portraitInput, onSubmit, unmount } = await openForm(contributorDraftOf(STORED));
    const portrait = image(1_000_000);

    await user.upload(portraitInput(), image(10, 'first.png'));
    await waitFor(() => expect(created).toHaveLength(1));
    await user.upload(portraitInput(), portrait);
    await waitFor(() => expect(created).toHaveLength(2));
    expect(revoked).toEqual([created[0]]);
    expect(within(dialog).getByText(/New portrait: me\.png/)).toBeInTheDocument();

    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ portrait: { kind: 'new', file: portrait }, changed: true }),
    );
    unmount();
    expect(revoked).toEqual(created);
  });

  it('removes the portrait', async () => {
    const { user, dialog, submit, onSubmit, portraitInput } = await openForm(contributorDraftOf(STORED));
    await user.click(within(dialog).getByRole('button', { name: 'Remove portrait' }));
    expect(within(dialog).queryByRole('button', { name: 'Remove portrait' })).not.toBeInTheDocument();
    expect(portraitInput()).toHaveFocus();
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ key: STORED.id, portrait: { kind: 'stored', fileId: null }, changed: true }),
    );
  });

  it('closes with Escape without giving anything', async () => {
    const { user, onSubmit, onClose } = await openForm();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
