// @vitest-environment jsdom
import '../../testing/setup.ts';
import { Input } from '@chakra-ui/react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors, useZodForm } from '../../lib/forms/zod-form.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { FormField, fieldMessage } from './form-field.tsx';

const Contract = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(5, 'At most 5 characters.'),
  email: z.string().trim().min(1, 'Enter an email.'),
});
type Values = z.input<typeof Contract>;

function Example({
  onValid,
  serverError,
  revalidate,
}: {
  onValid: (values: z.output<typeof Contract>) => void;
  serverError?: ApiError;
  revalidate?: 'changed' | 'shown';
}) {
  const form = useZodForm(Contract, { name: '', email: '' }, revalidate ? { revalidate } : {});
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (serverError) applyServerErrors(serverError, form.setError, ['name', 'email']);
          else onValid(values);
        })}
      >
        <FormField<Values> name="name" label="Name" hint="As on your badge" required errorPrefix="Name: ">
          {(control) => <Input {...control} {...form.register('name')} />}
        </FormField>
        <FormField<Values> name="email" label="Email" required>
          {(control) => <Input {...control} {...form.register('email')} />}
        </FormField>
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('FormField with useZodForm', () => {
  it('shows the contract messages as alerts described by their controls and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    const valid: unknown[] = [];
    renderWithProviders(<Example onValid={(values) => valid.push(values)} />);
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveAccessibleDescription('As on your badge');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Name: Enter a name.', 'Enter an email.']);
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('As on your badge Name: Enter a name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(valid).toEqual([]);
  });

  it('revalidates a field as it changes and leaves the other messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example onValid={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada');
    expect(screen.queryByText('Name: Enter a name.')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an email.');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), ' Lovelace');
    expect(await screen.findByText('Name: At most 5 characters.')).toBeInTheDocument();
  });

  it('checks again only a field that shows a message with revalidate "shown"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example onValid={() => undefined} revalidate="shown" />);
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.type(name, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an email.');
    // The name had no message: emptying it adds none until the next submit.
    await user.clear(name);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Enter an email.']);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'a');
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name: Enter a name.');
    // A message changes as its field is edited, and goes once the field is fixed.
    await user.click(name);
    await user.paste('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent('Name: At most 5 characters.');
    await user.clear(name);
    await user.type(name, 'Ada');
    await waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]));
  });

  it('checks again every field edited after a submit by default', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example onValid={() => undefined} />);
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.type(name, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.clear(name);
    expect(await screen.findByText('Name: Enter a name.')).toBeInTheDocument();
  });

  it('hands on the parsed value when valid', async () => {
    const user = userEvent.setup();
    const valid: unknown[] = [];
    renderWithProviders(<Example onValid={(values) => valid.push(values)} />);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), ' Ada ');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Save' });
    expect(valid).toEqual([{ name: 'Ada', email: 'ada@example.edu' }]);
  });

  it("puts a 400's field messages under their fields and focuses the first", async () => {
    const user = userEvent.setup();
    const error = new ApiError(400, 'Invalid request', [
      { path: 'body.email', message: 'This email is taken.' },
      { path: 'body.other', message: 'Not a field of the form.' },
    ]);
    renderWithProviders(<Example onValid={() => undefined} serverError={error} />);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is taken.');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveFocus();
  });
});

function Disabled({ disabled }: { disabled: boolean }) {
  const form = useZodForm(Contract, { name: 'Ada', email: '' });
  return (
    <FormProvider {...form}>
      <FormField<Values> name="name" label="Name" disabled={disabled}>
        {(control) => <Input {...control} {...form.register('name')} />}
      </FormField>
    </FormProvider>
  );
}

describe('FormField disabled (issue 23 item 4)', () => {
  it('disables its control while asked to and keeps the value', () => {
    renderWithProviders(<Disabled disabled />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
  });

  it('leaves its control enabled by default', () => {
    renderWithProviders(<Disabled disabled={false} />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
  });
});

describe('fieldMessage', () => {
  it('finds the first message beneath an array field', () => {
    expect(fieldMessage(undefined)).toBeUndefined();
    expect(fieldMessage({ message: 'Own.', type: 'x' })).toBe('Own.');
    expect(fieldMessage([undefined, { name: { message: 'Item name.' } }])).toBe('Item name.');
  });
});
