// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { ChipList } from './chip.tsx';

describe('ChipList', () => {
  it('trims chip text to 30 characters and keeps the whole text as a title', () => {
    renderWithProviders(
      <ChipList
        label="Tags"
        items={[
          { key: 'a', label: 'Buffer overflow vulnerability and attack' },
          { key: 'b', label: 'Shellcode' },
        ]}
      />,
    );
    const [long, short] = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(long?.textContent?.length).toBeLessThanOrEqual(30);
    expect(long?.textContent).toBe('Buffer overflow vulnerability…');
    expect(long?.querySelector('[title]')).toHaveAttribute('title', 'Buffer overflow vulnerability and attack');
    expect(short?.textContent).toBe('Shellcode');
    expect(short?.querySelector('[title]')).toBeNull();
  });

  it('renders nothing without items', () => {
    renderWithProviders(<ChipList label="Tags" items={[]} />);
    expect(screen.queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
  });
});
