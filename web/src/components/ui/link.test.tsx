// @vitest-environment jsdom
import '../../testing/setup.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LicenceNotice } from '../../features/courseware/components/licence-notice.tsx';
import { renderWithProviders } from '../../testing/render.tsx';
import { ExternalLink } from './link.tsx';

describe('links to stored addresses (issue 21 item 6)', () => {
  it.each([
    'javascript:alert(document.cookie)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
  ])('renders %j as text, never as a link', async (href) => {
    renderWithProviders(<ExternalLink href={href}>Original source</ExternalLink>);
    expect(await screen.findByText('Original source')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('links http(s) addresses and in-site paths', async () => {
    renderWithProviders(
      <>
        <ExternalLink href="https://seedsecuritylabs.org/">SEED</ExternalLink>
        <ExternalLink href="/contact-us">Contact</ExternalLink>
      </>,
    );
    expect(await screen.findByRole('link', { name: 'SEED' })).toHaveAttribute('href', 'https://seedsecuritylabs.org/');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact-us');
  });

  it('shows a stored javascript: source of a content item without a link', async () => {
    renderWithProviders(<LicenceNotice licence="Proprietary" sourceUrl="javascript:alert(1)" copyrightNotice={null} />);
    expect(await screen.findByText('Original source')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Original source/ })).not.toBeInTheDocument();
  });
});
