// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Contributor } from '#shared/contracts/contributor';
import { type ContributorDraft, contributorDraftOf } from '../../../lib/contributor-draft.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ContributorsEditor } from './contributors-editor.tsx';

function contributor(id: string, overrides: Partial<Contributor>): Contributor {
  return {
    id,
    prefix: null,
    firstName: 'First',
    middleName: null,
    lastName: 'Last',
    suffix: null,
    title: null,
    school: null,
    email: null,
    portraitFileId: null,
    version: 1,
    ...overrides,
  };
}

const DU = contributor('01jd7k2m3n4p5q6r7s8t9v0w1d', {
  prefix: 'Dr.',
  firstName: 'Wenliang',
  lastName: 'Du',
  title: 'Laura J. and L. Douglas Meredith Professor',
  school: 'Syracuse University',
  portraitFileId: '01jd7k2m3n4p5q6r7s8t9v0p01',
});
const HOPPER = contributor('01jd7k2m3n4p5q6r7s8t9v0w2a', {
  firstName: 'Grace',
  middleName: 'Brewster',
  lastName: 'Hopper',
  suffix: 'PhD',
  school: 'Yale University',
  email: 'grace@example.edu',
});
const TURING = contributor('01jd7k2m3n4p5q6r7s8t9v0w2b', {
  firstName: 'Alan',
  lastName: 'Turing',
  school: 'Princeton',
});
const ALL = [DU, HOPPER, TURING];

function mockContributors(contributors: Contributor[] = ALL) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/contributors') return { body: { contributors, nextPageToken: null } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

function Harness({
  initial,
  onChange,
  error,
}: {
  initial: ContributorDraft[];
  onChange?: (value: ContributorDraft[]) => void;
  error?: string;
}) {
  const [value, setValue] = useState<readonly ContributorDraft[]>(initial);
  return (
    <ContributorsEditor
      value={value}
      error={error}
      onValueChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function listedNames(): string[] {
  const list = screen.queryByRole('list', { name: 'Contributors of this item' });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('paragraph')[0]?.textContent ?? '');
}

describe('ContributorsEditor', () => {
  it("lists the item's contributors in order with picker name, title, school and portrait", () => {
    mockContributors();
    renderWithProviders(<Harness initial={[contributorDraftOf(DU), contributorDraftOf(HOPPER)]} />);

    const list = screen.getByRole('list', { name: 'Contributors of this item' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Dr. Wenliang Du');
    expect(items[0]).toHaveTextContent('Laura J. and L. Douglas Meredith Professor');
    expect(items[0]).toHaveTextContent('Syracuse University');
    expect(items[1]).toHaveTextContent('Grace Brewster Hopper PhD');
    // The portrait is decorative (the name is beside it) and served from the public files address.
    const portrait = items[0]?.querySelector('img');
    expect(portrait).toHaveAttribute('src', `/public/files/${DU.portraitFileId}`);
    expect(portrait).toHaveAttribute('alt', '');
  });

  it('adds an existing contributor with the keyboard and no longer offers those listed', async () => {
    mockContributors();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[contributorDraftOf(DU)]} onChange={onChange} />);

    const input = screen.getByRole('combobox', { name: 'Add existing contributor' });
    await user.click(input);
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2));
    expect(screen.queryByRole('option', { name: /Wenliang Du/ })).not.toBeInTheDocument();

    await user.keyboard('hopper');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    const hopper = screen.getByRole('option', { name: /Grace Brewster Hopper PhD/ });
    expect(hopper).toHaveTextContent('Yale University');
    // Enter adds the highlighted option; the highlight follows the filtered list a render later.
    await waitFor(() => expect(hopper).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');

    expect(onChange).toHaveBeenLastCalledWith([contributorDraftOf(DU), contributorDraftOf(HOPPER)]);
    expect(listedNames()).toEqual(['Dr. Wenliang Du', 'Grace Brewster Hopper PhD']);
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    expect(screen.getByRole('option', { name: /Alan Turing/ })).toBeInTheDocument();
  });

  it('reorders with the keyboard and keeps the focus on the moved contributor', async () => {
    mockContributors();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[DU, HOPPER, TURING].map(contributorDraftOf)} onChange={onChange} />);

    const down = screen.getByRole('button', { name: 'Move Dr. Wenliang Du down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(listedNames()).toEqual(['Grace Brewster Hopper PhD', 'Dr. Wenliang Du', 'Alan Turing']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Dr. Wenliang Du down' })).toHaveFocus());

    await user.keyboard(' ');
    expect(listedNames()).toEqual(['Grace Brewster Hopper PhD', 'Alan Turing', 'Dr. Wenliang Du']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Dr. Wenliang Du down' })).toHaveFocus());
    // At the end: still focusable, marked unavailable, and pressing it changes nothing.
    expect(screen.getByRole('button', { name: 'Move Dr. Wenliang Du down' })).toHaveAttribute('aria-disabled', 'true');
    const calls = onChange.mock.calls.length;
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledTimes(calls);

    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Move Dr. Wenliang Du up' })).toHaveFocus();
    await user.keyboard('{Enter}{Enter}');
    expect(listedNames()).toEqual(['Dr. Wenliang Du', 'Grace Brewster Hopper PhD', 'Alan Turing']);
    expect(screen.getByRole('button', { name: 'Move Dr. Wenliang Du up' })).toHaveAttribute('aria-disabled', 'true');
    expect(onChange.mock.calls.at(-1)?.[0].map((draft: ContributorDraft) => draft.key)).toEqual([
      DU.id,
      HOPPER.id,
      TURING.id,
    ]);
  });

  it('removes a contributor from this item only, says that Cancel undoes it, and moves the focus on', async () => {
    mockContributors();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[DU, HOPPER].map(contributorDraftOf)} onChange={onChange} />);

    const remove = screen.getByRole('button', { name: 'Remove Dr. Wenliang Du' });
    expect(remove).toHaveAccessibleDescription(
      'Removes the contributor from this item only, without asking. Cancel undoes it.',
    );
    await user.click(remove);
    expect(onChange).toHaveBeenLastCalledWith([contributorDraftOf(HOPPER)]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Grace Brewster Hopper PhD' })).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByText('No contributors yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Add existing contributor' })).toHaveFocus());
  });

  it('edits a contributor in the dialog and marks it changed only when something differs', async () => {
    mockContributors();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[contributorDraftOf(HOPPER)]} onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: 'Edit Grace Brewster Hopper PhD' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit contributor' });
    expect(within(dialog).getByRole('textbox', { name: /First name/ })).toHaveValue('Grace');
    await user.click(within(dialog).getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ key: HOPPER.id, changed: false })]);

    await user.click(screen.getByRole('button', { name: 'Edit Grace Brewster Hopper PhD' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit contributor' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.type(title, 'Rear Admiral');
    await user.click(within(dialog).getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const edited = (onChange.mock.lastCall?.[0] as ContributorDraft[] | undefined)?.[0];
    expect(edited).toMatchObject({
      key: HOPPER.id,
      stored: HOPPER,
      changed: true,
      fields: expect.objectContaining({ title: 'Rear Admiral', firstName: 'Grace' }),
    });
    expect(screen.getByRole('listitem')).toHaveTextContent('Rear Admiral');
    expect(screen.getByRole('listitem')).toHaveTextContent('Edited; updated when the content is saved.');
  });

  it('creates a new contributor with the form and lists it last', async () => {
    mockContributors();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[contributorDraftOf(DU)]} onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: 'New contributor' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contributor' });
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Lovelace');
    await user.type(within(dialog).getByRole('textbox', { name: /School/ }), 'University of London');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'ada@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add contributor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const next = onChange.mock.lastCall?.[0] as ContributorDraft[];
    expect(next).toHaveLength(2);
    expect(next[1]).toMatchObject({ stored: null, changed: true, portrait: { kind: 'stored', fileId: null } });
    expect(next[1]?.key).toMatch(/^new-/);
    expect(listedNames()).toEqual(['Dr. Wenliang Du', 'Ada Lovelace']);
    expect(screen.getAllByRole('listitem')[1]).toHaveTextContent('New; created when the content is saved.');
  });

  it("never submits the content form around it: not with Enter in the combo box, nor with the dialog's form", async () => {
    mockContributors();
    const onOuterSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const user = userEvent.setup();
    renderWithProviders(
      <form aria-label="Edit content" onSubmit={onOuterSubmit}>
        <Harness initial={[]} />
      </form>,
    );

    await user.click(screen.getByRole('combobox', { name: 'Add existing contributor' }));
    await user.keyboard('turing');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Alan Turing/ })).toHaveAttribute('data-highlighted'),
    );
    await user.keyboard('{Enter}');
    expect(listedNames()).toEqual(['Alan Turing']);
    await user.keyboard('{Enter}');

    await user.click(screen.getByRole('button', { name: 'New contributor' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contributor' });
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Ada{Enter}');
    expect(within(dialog).getAllByRole('alert')).toHaveLength(3);

    expect(onOuterSubmit).not.toHaveBeenCalled();
  });

  it("shows the save's error for the field as an alert", () => {
    mockContributors();
    renderWithProviders(<Harness initial={[]} error="Contributor was changed by someone else." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Contributor was changed by someone else.');
    expect(screen.getByRole('group', { name: 'Contributors' })).toBeInTheDocument();
  });
});
