// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getShownErrors } from '../../../lib/error-store.ts';
import { bufferOverflowDetail, contentSummary, emptyReviewPage, IDS } from '../../../testing/fixtures.ts';
import { calledUrls, type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const ALIAS_PATH = '/courseware/seed-labs/software-security/buffer-overflow-setuid';

/** The content page's API with `related` as the answer of the related-courseware route. */
function mockPage(related: () => MockResponse | Promise<MockResponse>) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
    if (url.pathname.startsWith('/api/v1/search/related/')) return related();
    if (url.pathname.startsWith('/api/v1/content/')) return { body: bufferOverflowDetail() };
    // Issue 26 item 3: the item's ratings and reviews, none yet.
    if (url.pathname.endsWith('/reviews')) return { body: emptyReviewPage() };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

async function relatedSection() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Related courseware' });
  const section = heading.closest('section');
  if (!section) throw new Error('no related section');
  return section;
}

describe('Related courseware on a content page (issue 24 item 5)', () => {
  it('shows the related items as cards linking to their pages, asked for by the item id', async () => {
    // Prepare
    const api = mockPage(() => ({
      body: {
        items: [
          contentSummary({ name: 'Return-to-libc Attack Lab', urlAlias: 'seed-labs/return-to-libc' }),
          contentSummary({ name: 'Format String Attack Lab', urlAlias: '' }),
        ],
      },
    }));
    // Act
    renderApp({ path: ALIAS_PATH });
    const section = await relatedSection();
    // Assess
    const link = await within(section).findByRole('link', { name: 'Return-to-libc Attack Lab' });
    expect(link).toHaveAttribute('href', '/courseware/seed-labs/return-to-libc');
    expect(within(section).getAllByRole('article')).toHaveLength(2);
    expect(calledUrls(api)).toContain(`/api/v1/search/related/${IDS.bufferOverflow}?limit=6`);
  });

  it('shows the item at once while related courseware is still loading', async () => {
    // Prepare: the related answer never comes.
    mockPage(() => new Promise<MockResponse>(() => undefined));
    // Act
    renderApp({ path: ALIAS_PATH });
    // Assess
    await screen.findByRole('heading', { level: 1, name: 'Buffer Overflow Attack Lab (Set-UID Version)' });
    const section = await relatedSection();
    expect(within(section).getByRole('status', { name: 'Loading related courseware' })).toBeInTheDocument();
  });

  it('says so when nothing is related', async () => {
    // Prepare
    mockPage(() => ({ body: { items: [] } }));
    // Act
    renderApp({ path: ALIAS_PATH });
    // Assess
    expect(await within(await relatedSection()).findByText('No related courseware yet.')).toBeInTheDocument();
  });

  it('shows a 404 as nothing related, without an error dialog', async () => {
    // Prepare
    mockPage(() => ({ status: 404, body: { statusCode: 404, message: 'Content does not exist.' } }));
    // Act
    renderApp({ path: ALIAS_PATH });
    // Assess
    expect(await within(await relatedSection()).findByText('No related courseware yet.')).toBeInTheDocument();
    expect(getShownErrors()).toEqual([]);
  });

  it('offers Retry when loading fails, and shows the items after it', async () => {
    // Prepare
    let fail = true;
    mockPage(() =>
      fail
        ? { status: 400, body: { statusCode: 400, message: 'Bad request.' } }
        : { body: { items: [contentSummary({ name: 'Format String Attack Lab' })] } },
    );
    renderApp({ path: ALIAS_PATH });
    const section = await relatedSection();
    const retry = await within(section).findByRole('button', { name: 'Retry' });
    expect(within(section).getByText('Related courseware could not be loaded.')).toBeInTheDocument();
    // The ERROR dialog reports the failure first (spec §8).
    const user = userEvent.setup();
    const error = await screen.findByRole('alertdialog', { name: 'ERROR' });
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'ERROR' })).toBeNull());
    // Act
    fail = false;
    await user.click(retry);
    // Assess
    expect(await within(section).findByRole('link', { name: 'Format String Attack Lab' })).toBeInTheDocument();
  });
});
