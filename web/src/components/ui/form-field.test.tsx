// @vitest-environment jsdom
import '../../testing/setup.ts';
import { Input } from '@chakra-ui/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, FormProvider } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors, useZodForm } from '../../lib/forms/zod-form.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { CharacterCount } from './character-count.tsx';
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

/** A one-field form whose save never ends (react-hook-form's `isSubmitting` stays true), showing whether a check runs. */
function PendingSaveExample() {
  const form = useZodForm(Contract.pick({ name: true }), { name: '' });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(() => new Promise<void>(() => undefined))}>
        <FormField<Values> name="name" label="Name" errorPrefix="Name: ">
          {(control) => <Input {...control} {...form.register('name')} />}
        </FormField>
        <output aria-label="Checking">{form.formState.isValidating ? 'yes' : 'no'}</output>
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

  it('revalidates a field that shows a message as it changes and leaves the other messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example onValid={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.click(name);
    await user.paste('Ada Lovelace');
    expect(await screen.findByText('Name: At most 5 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter an email.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Ada');
    await waitFor(() => expect(screen.queryByText(/^Name: /)).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an email.');
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

  it("checks a change made while a valid save is pending as a change, not as the submit's check", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PendingSaveExample />);
    const name = screen.getByRole('textbox', { name: /Name/ });
    const checking = screen.getByRole('status', { name: 'Checking' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name: Enter a name.');
    await user.type(name, 'Ada');
    await waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The name had no message when the save began: making it too long while the save is pending adds none.
    await user.type(name, 'Lovelace');
    await waitFor(() => expect(checking).toHaveTextContent('no'));
    expect(name).toHaveValue('AdaLovelace');
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('checks again every field edited after a submit with revalidate "changed"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example onValid={() => undefined} revalidate="changed" />);
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

describe('fieldMessage', () => {
  it('finds the first message beneath an array field', () => {
    expect(fieldMessage(undefined)).toBeUndefined();
    expect(fieldMessage({ message: 'Own.', type: 'x' })).toBe('Own.');
    expect(fieldMessage([undefined, { name: { message: 'Item name.' } }])).toBe('Item name.');
  });
});

const Choice = z.object({
  format: z.enum(['HTML', 'TEXT'], { error: 'Choose HTML or TEXT.' }),
  note: z.string().trim().max(10, 'At most 10 characters.'),
});
type ChoiceValues = z.input<typeof Choice>;

function GroupExample({ format, serverError }: { format: string; serverError?: ApiError }) {
  const form = useZodForm(Choice, { format: format as 'HTML', note: '' });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(() => {
          if (serverError) applyServerErrors(serverError, form.setError, ['format']);
        })}
      >
        <FormField<ChoiceValues> name="format" label="Email format" hint="How the newsletter comes" required group>
          {(control) => (
            <Controller
              control={form.control}
              name="format"
              render={({ field }) => (
                <>
                  {(['HTML', 'TEXT'] as const).map((value) => (
                    <label key={value}>
                      <input
                        type="radio"
                        name={field.name}
                        value={value}
                        checked={field.value === value}
                        onChange={() => field.onChange(value)}
                        aria-invalid={control['aria-invalid']}
                        ref={field.value === value ? field.ref : undefined}
                      />
                      {value}
                    </label>
                  ))}
                </>
              )}
            />
          )}
        </FormField>
        <FormField<ChoiceValues> name="note" label="Note" hint={<CharacterCount<ChoiceValues> name="note" max={10} />}>
          {(control) => <Input {...control} {...form.register('note')} />}
        </FormField>
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('FormField as a group', () => {
  it('is a fieldset named by its legend, with the required mark hidden and the hint as its description', () => {
    renderWithProviders(<GroupExample format="HTML" />);
    const group = screen.getByRole('group', { name: 'Email format' });
    expect(group).toHaveAccessibleDescription('How the newsletter comes');
    expect(within(group).getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(within(group).getByRole('radio', { name: 'HTML' })).toBeChecked();
  });

  it('announces the contract message, describes the group by it and focuses the chosen radio', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GroupExample format="PDF" />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose HTML or TEXT.');
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Email format' })).toHaveAccessibleDescription(
        'How the newsletter comes Choose HTML or TEXT.',
      ),
    );
    await user.click(screen.getByRole('radio', { name: 'TEXT' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("puts a server's message on the group and focuses the checked radio", async () => {
    const user = userEvent.setup();
    const error = new ApiError(400, 'Invalid request', [{ path: 'body.format', message: 'Not on this site.' }]);
    renderWithProviders(<GroupExample format="HTML" serverError={error} />);
    await user.click(screen.getByRole('radio', { name: 'TEXT' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not on this site.');
    expect(screen.getByRole('radio', { name: 'TEXT' })).toHaveFocus();
  });
});

describe('CharacterCount', () => {
  it('counts the trimmed value as it is typed, past the limit too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GroupExample format="HTML" />);
    const note = screen.getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAccessibleDescription('0 of 10 characters');
    await user.type(note, '  Hello  ');
    expect(note).toHaveAccessibleDescription('5 of 10 characters');
    await user.type(note, ' wide world');
    expect(screen.getByText('18 of 10 characters')).toBeInTheDocument();
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

const Checkboxes = z.object({ ranges: z.array(z.string()).min(1, 'Choose at least one range.') });
type CheckboxValues = z.input<typeof Checkboxes>;

function CheckboxGroupExample() {
  const form = useZodForm(Checkboxes, { ranges: [] });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
        <Controller
          control={form.control}
          name="ranges"
          render={({ field }) => (
            <FormField<CheckboxValues> name="ranges" label="Ranges" hint="Where the user may download" group>
              {(control) => (
                <div {...control} ref={field.ref} tabIndex={-1}>
                  {['USCR', 'VACR'].map((range) => (
                    <label key={range}>
                      <input
                        type="checkbox"
                        checked={field.value.includes(range)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, range]
                              : field.value.filter((one: string) => one !== range),
                          )
                        }
                      />
                      {range}
                    </label>
                  ))}
                </div>
              )}
            </FormField>
          )}
        />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('FormField as a group of checkboxes', () => {
  it('puts a group of checkboxes under a legend, announces its message and focuses the group', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CheckboxGroupExample />);
    const group = screen.getByRole('group', { name: 'Ranges' });
    expect(within(group).getByText('Where the user may download')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent('Choose at least one range.');
    const control = group.querySelector('#field-ranges');
    expect(control).toHaveFocus();
    expect(control).toHaveAccessibleDescription('Where the user may download Choose at least one range.');
    await user.click(screen.getByRole('checkbox', { name: 'VACR' }));
    await waitFor(() => expect(within(group).queryByRole('alert')).not.toBeInTheDocument());
  });
});
