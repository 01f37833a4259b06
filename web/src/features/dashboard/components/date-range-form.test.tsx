// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { DateRangeForm } from './date-range-form.tsx';

describe('DateRangeForm (spec §2.13, §5 "Dashboard dates")', () => {
  it('names each message in its date’s description and refreshes only a valid range', async () => {
    const onRefresh = vi.fn();
    renderWithProviders(
      <DateRangeForm defaultValues={{ from: '2025-01-01', to: '2025-05-03' }} onRefresh={onRefresh} />,
    );
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    fireEvent.change(to, { target: { value: '' } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Enter a date.');
    expect(to.getAttribute('aria-describedby')).toContain(alert.id);
    expect(from).not.toHaveAttribute('aria-invalid');
    fireEvent.submit(to);
    expect(onRefresh).not.toHaveBeenCalled();

    fireEvent.change(to, { target: { value: '2025-05-03' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledWith({ from: '2025-01-01', to: '2025-05-03' });
  });
});
