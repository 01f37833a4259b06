// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_SEARCH_FACETS } from '#shared/contracts/search';
import { getShownErrors } from '../../../lib/error-store.ts';
import { bufferOverflowDetail, contentSummary, emptyReviewPage, IDS, wenliangDu } from '../../../testing/fixtures.ts';
import { type MockResponse, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const DU = wenliangDu({ portraitFileId: '01jd7k2m3n4p5q6r7s8t9v0w2a' });

const LABS = Array.from({ length: 14 }, (_, i) =>
  contentSummary({ name: `SEED lab ${String(i + 1).padStart(2, '0')}` }),
);

/** The API of a contributor's page: the profile, and their courseware 12 at a time by page token. */
function mockContributorApi(profile: () => MockResponse = () => ({ body: DU })) {
  const searches: unknown[] = [];
  const api = mockApi((url, init) => {
    if (url.pathname === `/api/v1/contributors/${IDS.wenliangDu}`) return profile();
    if (url.pathname === '/api/v1/search/content') {
      const body = requestOf(init).body as { filter: { nextPageToken?: string }; limit: number };
      searches.push(body);
      const from = body.filter.nextPageToken === 'p2' ? 12 : 0;
      const items = LABS.slice(from, from + body.limit);
      return {
        body: { items, nextPageToken: from === 0 ? 'p2' : null, total: LABS.length, facets: NO_SEARCH_FACETS },
      };
    }
    if (url.pathname.startsWith('/api/v1/content/')) return { body: bufferOverflowDetail() };
    if (url.pathname.startsWith('/api/v1/search/related/')) return { body: { items: [] } };
    if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
    // Issue 26 item 3: the item's ratings and reviews, none yet.
    if (url.pathname.endsWith('/reviews')) return { body: emptyReviewPage() };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
  return { api, searches };
}

describe('/contributors/{id} (issue 24 item 6)', () => {
  it("shows the contributor's portrait, name, title and school, and their courseware, 12 at a time", async () => {
    // Prepare
    const { searches } = mockContributorApi();
    const user = userEvent.setup();
    // Act
    renderApp({ path: `/contributors/${IDS.wenliangDu}` });
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Wenliang Du' })).toBeInTheDocument();
    expect(screen.getByText('Laura J. and L. Douglas Meredith Professor')).toBeInTheDocument();
    expect(screen.getByText('Syracuse University')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portrait of Dr. Wenliang Du' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dr. Wenliang Du | US Cyber Range'));
    const section = screen
      .getByRole('heading', { level: 2, name: 'Courseware by Dr. Wenliang Du' })
      .closest('section') as HTMLElement;
    expect(await within(section).findAllByRole('article')).toHaveLength(12);
    expect(within(section).getByText('Showing 12 of 14')).toBeInTheDocument();
    expect(searches[0]).toMatchObject({ text: '', filter: { contributorIds: [IDS.wenliangDu] }, limit: 12 });

    // Act: the next page.
    await user.click(within(section).getByRole('button', { name: 'Show more courseware' }));
    // Assess
    expect(await within(section).findByRole('link', { name: 'SEED lab 14' })).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(14);
    expect(within(section).queryByRole('button', { name: 'Show more courseware' })).toBeNull();
    expect(searches[1]).toMatchObject({ filter: { contributorIds: [IDS.wenliangDu], nextPageToken: 'p2' } });
  });

  it('says when the contributor does not exist, without an error dialog', async () => {
    // Prepare
    mockContributorApi(() => ({ status: 404, body: { statusCode: 404, message: 'Contributor does not exist.' } }));
    // Act
    renderApp({ path: `/contributors/${IDS.wenliangDu}` });
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Contributor not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the courseware' })).toHaveAttribute('href', '/courseware');
    expect(getShownErrors()).toEqual([]);
  });

  it("is reached from a content page's contributor list", async () => {
    // Prepare
    mockContributorApi();
    const user = userEvent.setup();
    renderApp({ path: '/courseware/seed-labs/software-security/buffer-overflow-setuid' });
    const contributors = (await screen.findByRole('heading', { level: 2, name: 'Contributors' })).closest(
      'section',
    ) as HTMLElement;
    const link = within(contributors).getByRole('link', { name: 'Dr. Wenliang Du' });
    expect(link).toHaveAttribute('href', `/contributors/${IDS.wenliangDu}`);
    // Act
    await user.click(link);
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Wenliang Du' })).toBeInTheDocument();
  });
});
