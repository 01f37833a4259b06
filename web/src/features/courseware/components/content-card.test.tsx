// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contentSummary } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ContentCard } from './content-card.tsx';

const SUMMARY =
  'Buffer overflow is defined as the condition in which a program attempts to write data beyond the boundary of a buffer.';

describe('ContentCard', () => {
  it('links the title to the content alias', () => {
    renderWithProviders(
      <ContentCard
        content={contentSummary({ name: 'Buffer Overflow Attack Lab', urlAlias: 'seed-labs/buffer-overflow' })}
      />,
    );
    expect(screen.getByRole('link', { name: 'Buffer Overflow Attack Lab' })).toHaveAttribute(
      'href',
      '/courseware/seed-labs/buffer-overflow',
    );
  });

  it('falls back to the id when there is no alias', () => {
    const content = contentSummary({ name: 'No alias', urlAlias: '' });
    renderWithProviders(<ContentCard content={content} />);
    expect(screen.getByRole('link', { name: 'No alias' })).toHaveAttribute('href', `/courseware/${content.id}`);
  });

  it('clamps the description at 80 characters and keeps the whole text as a title', () => {
    renderWithProviders(<ContentCard content={contentSummary({ summary: SUMMARY })} />);
    const description = screen.getByText(/^Buffer overflow is defined/);
    expect(description.textContent?.length).toBeLessThanOrEqual(80);
    expect(description.textContent).toMatch(/…$/);
    expect(description).toHaveAttribute('title', SUMMARY);
  });

  it('shows category chips and the levels with their labels', () => {
    renderWithProviders(
      <ContentCard
        content={contentSummary({
          categories: ['module', 'exercise'],
          educationLevels: ['communitycollege', 'universityundergraduate'],
          experienceLevels: ['beginnerplus'],
        })}
      />,
    );
    const chips = screen.getByRole('list', { name: 'Categories' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Module', 'Exercise']);
    expect(screen.getByText('Community college, University undergraduate')).toBeInTheDocument();
    expect(screen.getByText('Beginner plus')).toBeInTheDocument();
  });
});

describe('ContentCard picture (issue 24 item 2)', () => {
  it('shows the thumbnail with its alt text, lazily, in a sized box', () => {
    renderWithProviders(
      <ContentCard
        content={contentSummary({
          name: 'Clickjacking Lab',
          thumbnail: { url: '/public/thumbnails/c1/f1.png', alt: 'First page of Clickjacking handout' },
        })}
      />,
    );
    const picture = screen.getByRole('img', { name: 'First page of Clickjacking handout' });
    expect(picture).toHaveAttribute('src', '/public/thumbnails/c1/f1.png');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('width', '320');
    expect(picture).toHaveAttribute('height', '160');
  });

  it('prefers the item image, and shows no picture when there is neither', () => {
    const { unmount } = renderWithProviders(
      <ContentCard
        content={contentSummary({
          name: 'Crypto course',
          image: '/public/files/img1',
          thumbnail: { url: '/public/thumbnails/c1/f1.png', alt: 'First page of x' },
        })}
      />,
    );
    expect(screen.getByRole('img', { name: 'Picture for Crypto course' })).toHaveAttribute('src', '/public/files/img1');
    unmount();
    renderWithProviders(<ContentCard content={contentSummary({ name: 'Plain', image: null, thumbnail: null })} />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
