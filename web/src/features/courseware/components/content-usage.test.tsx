// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bufferOverflowDetail, emptyReviewPage, IDS, searchContentPage } from '../../../testing/fixtures.ts';
import { calledUrls, type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { usageFigureText, usageSentence } from './content-usage.tsx';

const ALIAS_PATH = '/courseware/seed-labs/software-security/buffer-overflow-setuid';
const USAGE_PATH = `/api/v1/content-items/${IDS.bufferOverflow}/usage`;

describe('usageSentence (issue 26 item 4)', () => {
  it('reads the rounded figures as people say them', () => {
    expect(
      usageSentence({ downloads: { value: 1200, qualifier: 'atLeast' }, schools: { value: 40, qualifier: 'atLeast' } }),
    ).toBe('Downloaded 1,200+ times by people at 40+ schools');
    expect(
      usageSentence({
        downloads: { value: 10, qualifier: 'fewerThan' },
        schools: { value: 10, qualifier: 'fewerThan' },
      }),
    ).toBe('Downloaded fewer than 10 times by people at fewer than 10 schools');
    expect(
      usageSentence({ downloads: { value: 23, qualifier: 'atLeast' }, schools: { value: 0, qualifier: 'none' } }),
    ).toBe('Downloaded 23+ times');
    expect(
      usageSentence({ downloads: { value: 0, qualifier: 'none' }, schools: { value: 0, qualifier: 'none' } }),
    ).toBe('Not downloaded yet');
    expect(usageFigureText({ value: 98_000, qualifier: 'atLeast' })).toBe('98,000+');
  });
});

function mockPage(usage: () => MockResponse) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/knowledge') return { body: { items: [], nextPageToken: null } };
    if (url.pathname === USAGE_PATH) return usage();
    if (url.pathname.startsWith('/api/v1/content/')) return { body: bufferOverflowDetail() };
    if (url.pathname === '/api/v1/search/content') return { body: searchContentPage() };
    // Issue 26 item 3: the item's ratings and reviews, none yet.
    if (url.pathname.endsWith('/reviews')) return { body: emptyReviewPage() };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

async function usageSection() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Usage' });
  const section = heading.closest('section');
  if (!section) throw new Error('no usage section');
  return section;
}

describe('the usage line of a content page', () => {
  it('shows the rounded usage as text', async () => {
    const api = mockPage(() => ({
      body: {
        contentId: IDS.bufferOverflow,
        downloads: { value: 1200, qualifier: 'atLeast' },
        schools: { value: 40, qualifier: 'atLeast' },
      },
    }));
    renderApp({ path: ALIAS_PATH });
    const section = await usageSection();
    expect(await within(section).findByText('Downloaded 1,200+ times by people at 40+ schools')).toBeInTheDocument();
    expect(calledUrls(api)).toContain(USAGE_PATH);
  });

  it('says when nothing was downloaded yet', async () => {
    mockPage(() => ({
      body: {
        contentId: IDS.bufferOverflow,
        downloads: { value: 0, qualifier: 'none' },
        schools: { value: 0, qualifier: 'none' },
      },
    }));
    renderApp({ path: ALIAS_PATH });
    expect(await within(await usageSection()).findByText('Not downloaded yet')).toBeInTheDocument();
  });

  it('keeps the page when the usage fails, and offers Retry', async () => {
    let fail = true;
    mockPage(() =>
      fail
        ? { status: 500, body: { statusCode: 500, message: 'Internal error.' } }
        : {
            body: {
              contentId: IDS.bufferOverflow,
              downloads: { value: 10, qualifier: 'fewerThan' },
              schools: { value: 0, qualifier: 'none' },
            },
          },
    );
    renderApp({ path: ALIAS_PATH });
    const section = await usageSection();
    expect(await within(section).findByText('Usage could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Buffer Overflow Attack Lab');
    // The ERROR dialog reports the failure first (spec §8).
    const user = userEvent.setup();
    const error = await screen.findByRole('alertdialog', { name: 'ERROR' });
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'ERROR' })).toBeNull());
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('Downloaded fewer than 10 times')).toBeInTheDocument();
  });
});
