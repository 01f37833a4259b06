// @vitest-environment jsdom
import '../../testing/setup.ts';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { ImageAvatar } from './image-avatar.tsx';

describe('ImageAvatar', () => {
  it('shows the initials, hidden from assistive technology, when there is no picture', () => {
    const { container } = renderWithProviders(<ImageAvatar initials="PD" src={null} />);
    const root = container.querySelector('[aria-hidden="true"]');
    expect(root).toHaveTextContent('PD');
    expect(root?.querySelector('img')).toBeNull();
    expect(root?.querySelector('span')).toBeVisible();
  });

  it('shows the picture only once it has loaded, and the initials until then', () => {
    const { container } = renderWithProviders(<ImageAvatar initials="PD" src="/pictures/pd.png" />);
    const image = container.querySelector('img') as HTMLImageElement;
    const initials = container.querySelector('[aria-hidden="true"] > span') as HTMLElement;
    expect(image.alt).toBe('');
    expect(image).not.toBeVisible();
    expect(initials).toBeVisible();
    fireEvent.load(image);
    expect(image).toBeVisible();
    expect(initials).not.toBeVisible();
  });

  it('falls back to the initials when the picture fails to load', () => {
    const { container } = renderWithProviders(<ImageAvatar initials="PD" src="/pictures/missing.png" />);
    const image = container.querySelector('img') as HTMLImageElement;
    fireEvent.error(image);
    expect(image).not.toBeVisible();
    expect(container.querySelector('[aria-hidden="true"] > span')).toBeVisible();
  });
});
