// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { FormProblem } from './form-problem.tsx';

describe('FormProblem', () => {
  it('renders nothing without a message', () => {
    renderWithProviders(<FormProblem message={null} onReload={() => {}} />);
    renderWithProviders(<FormProblem message="" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('announces the message with its details as an alert that can take the focus, and no Reload without onReload', () => {
    const ref = createRef<HTMLDivElement>();
    renderWithProviders(
      <FormProblem ref={ref} message="The lesson was not saved." details={['Name: too long.', 'Page 2: no file.']} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The lesson was not saved.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Name: too long.', 'Page 2: no file.']);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    ref.current?.focus();
    expect(alert).toHaveFocus();
  });

  it('offers Reload for a stale version and calls onReload when it is pressed', async () => {
    const user = userEvent.setup();
    let reloads = 0;
    renderWithProviders(<FormProblem message="Changed by someone else meanwhile." onReload={() => reloads++} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).queryByRole('list')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(reloads).toBe(1);
  });
});
