// @vitest-environment jsdom
import '../../testing/setup.ts';
import { Dialog } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { FormDialog, FormDialogFooter } from './form-dialog.tsx';

function Example({
  pending = false,
  withDelete = false,
  log,
}: {
  pending?: boolean;
  withDelete?: boolean;
  log: string[];
}) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  const busy = useRef(pending);
  return (
    <FormDialog open onClose={() => log.push('close')} initialFocus={heading} busy={busy}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          log.push('submit');
        }}
      >
        <Dialog.Header>
          <Dialog.Title ref={heading}>Edit page</Dialog.Title>
        </Dialog.Header>
        <FormDialogFooter
          submitLabel="Save changes"
          onCancel={() => log.push('cancel')}
          pending={pending}
          loadingText="Saving…"
          onDelete={withDelete ? () => log.push('delete') : undefined}
          deleteLabel="Delete page"
        />
      </form>
    </FormDialog>
  );
}

describe('FormDialogFooter', () => {
  it('submits the form by its primary button and cancels by Cancel, with no Delete unless asked', async () => {
    const user = userEvent.setup();
    const log: string[] = [];
    renderWithProviders(<Example log={log} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit page' });
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(log).toEqual(['submit', 'cancel']);
  });

  it('offers Delete when asked', async () => {
    const user = userEvent.setup();
    const log: string[] = [];
    renderWithProviders(<Example log={log} withDelete />);
    await user.click(await screen.findByRole('button', { name: 'Delete page' }));
    expect(log).toEqual(['delete']);
  });

  it('while pending, shows the loading text on the submit and disables Cancel and Delete', async () => {
    renderWithProviders(<Example log={[]} pending withDelete />);
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete page' })).toBeDisabled();
    const submit = screen.getByRole('button', { name: /Saving…/ });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('type', 'submit');
  });
});
