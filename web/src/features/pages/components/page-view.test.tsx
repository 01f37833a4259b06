// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { getShownErrors } from '../../../lib/error-store.ts';
import { calledUrls, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { testPage } from './page-fixtures.ts';
import { PageView } from './page-view.tsx';

const view = (href = '/Team/') =>
  renderWithProviders(<PageView href={href} notFound={<h1>Page not found</h1>} fallbackTitle="Team" />);

describe('PageView (spec §2.14, §7 "Pages")', () => {
  it('asks for the page by its lower-case path and shows it', async () => {
    const page = testPage({
      title: 'Our team',
      href: '/team',
      sections: [{ name: 'What we do', description: '<p>We run the range.</p>' }],
    });
    const spy = mockApi(() => ({ body: page }));
    view();
    expect(await screen.findByRole('heading', { level: 1, name: 'Our team' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What we do' })).toBeInTheDocument();
    expect(calledUrls(spy)).toEqual(['/api/v1/pages/by-href?href=%2Fteam']);
  });

  it('shows a loading status while the page loads', async () => {
    mockApi(() => new Promise(() => {}));
    view();
    expect(await screen.findByRole('status', { name: 'Loading the page' })).toBeInTheDocument();
  });

  it('shows the not-found content for a page that does not exist, without an error dialog', async () => {
    mockApi(() => ({ status: 404, body: { statusCode: 404, message: PAGE_NOT_FOUND_MESSAGE } }));
    view();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(getShownErrors()).toEqual([]);
  });

  it('offers Retry when the page could not be loaded, and shows it once it loads', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? { status: 500, body: { statusCode: 500, message: 'Internal server error.' } }
        : { body: testPage({ title: 'Our team', href: '/team' }) },
    );
    view();
    expect(await screen.findByText('This page could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our team' })).toBeInTheDocument();
  });
});
