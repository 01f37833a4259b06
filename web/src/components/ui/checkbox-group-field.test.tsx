// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { useZodForm } from '../../lib/forms/zod-form.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { CheckboxGroupField } from './checkbox-group-field.tsx';

const ROLES = ['student', 'faculty', 'admin'] as const;
type Role = (typeof ROLES)[number];
const Contract = z.object({ roles: z.array(z.enum(ROLES)).min(1, 'Choose at least one role.') });
type Values = z.input<typeof Contract>;

function Example({ onValid, disabled }: { onValid: (values: Values) => void; disabled?: boolean }) {
  const form = useZodForm(Contract, { roles: ['student'] });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <CheckboxGroupField<Values, Role>
          name="roles"
          label="Roles"
          hint="What the person may do."
          options={ROLES}
          optionLabel={(role) => `Role ${role}`}
          required
          disabled={disabled}
        />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('CheckboxGroupField', () => {
  it('shows one labelled checkbox per option in a named group, ticked from the value, and saves what is ticked', async () => {
    const user = userEvent.setup();
    const saved: Values[] = [];
    renderWithProviders(<Example onValid={(values) => saved.push(values)} />);
    const group = screen.getByRole('group', { name: /Roles/ });
    expect(group).toHaveAccessibleDescription('What the person may do.');
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    expect(within(group).getByRole('checkbox', { name: 'Role student' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Role faculty' })).not.toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Role admin' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Role student' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ roles: ['admin'] }]));
  });

  it("announces the contract's message, describes the group with it and focuses the group when nothing is ticked", async () => {
    const user = userEvent.setup();
    const saved: Values[] = [];
    renderWithProviders(<Example onValid={(values) => saved.push(values)} />);
    await user.click(screen.getByRole('checkbox', { name: 'Role student' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one role.');
    const group = screen.getByRole('group', { name: /Roles/ });
    expect(group).toHaveAccessibleDescription('What the person may do. Choose at least one role.');
    expect(group.contains(document.activeElement)).toBe(true);
    expect(saved).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Role faculty' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('disables every checkbox while disabled', () => {
    renderWithProviders(<Example onValid={() => {}} disabled />);
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
  });
});
