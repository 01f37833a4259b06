// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { PublishScheduleField } from './publish-schedule-field.tsx';

/** The field as a form holds it: its value in state, every change also reported to `seen`. */
function Harness({ initial, seen, error }: { initial: string; seen: (value: string) => void; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <PublishScheduleField
      value={value}
      onChange={(next) => {
        seen(next);
        setValue(next);
      }}
      error={error}
    />
  );
}

describe('PublishScheduleField (issue 25 item 7)', () => {
  it('opens the date-time picker from "Schedule publishing…" and emits a time only when complete', async () => {
    const user = userEvent.setup();
    const seen = vi.fn();
    renderWithProviders(<Harness initial="" seen={seen} />);
    expect(screen.queryByRole('group', { name: /Publish at/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule publishing…' }));
    const day = screen.getByLabelText('Day');
    await user.type(day, '2031-05-04');
    expect(seen).toHaveBeenLastCalledWith('');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hour' }), '9');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minute' }), '30');
    await user.selectOptions(screen.getByRole('combobox', { name: 'AM or PM' }), 'AM');
    const last = seen.mock.lastCall?.[0] as string;
    expect(new Date(last).getHours()).toBe(9);
    expect(new Date(last).getMinutes()).toBe(30);
    expect(screen.getByText(/^Scheduled for May 4, 2031/)).toBeInTheDocument();
  });

  it('shows a stored time, cancels it to empty, and shows the error as an alert', async () => {
    const user = userEvent.setup();
    const seen = vi.fn();
    const at = new Date(2031, 4, 4, 14, 15).toISOString();
    renderWithProviders(<Harness initial={at} seen={seen} error="Must be a date and time in the future." />);
    expect(screen.getByText(/^Scheduled for May 4, 2031/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Must be a date and time in the future.');
    await user.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    expect(seen).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: 'Schedule publishing…' })).toBeInTheDocument();
    expect(screen.queryByText(/^Scheduled for/)).not.toBeInTheDocument();
  });
});
