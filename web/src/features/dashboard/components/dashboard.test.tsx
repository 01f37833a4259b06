// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoursewareMetrics, RawDownloadDataPoint, StatisticBucket } from '#shared/contracts/statistics';
import { CONTENT_CATEGORIES, EDUCATION_LEVELS, EXPERIENCE_LEVELS } from '#shared/enums';
import { getSession } from '../../../lib/auth/session-store.ts';
import { calledUrls, type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { PERSONAS, storeSession } from '../../../testing/session.ts';
import { addDays, defaultRange } from '../utils/dates.ts';

const METRICS: CoursewareMetrics = {
  assignmentCount: 12,
  linkagesCount: 340,
  quizCount: 7,
  totalCourseware: 55,
  categoryCounts: countsOf(CONTENT_CATEGORIES),
  experienceLevelCounts: countsOf(EXPERIENCE_LEVELS),
  educationLevelCounts: countsOf(EDUCATION_LEVELS),
};

function countsOf<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key, index) => [key, (index + 1) * 3])) as Record<K, number>;
}

function bucket(subject: string, value: number, period: string | null, label = subject): StatisticBucket {
  return { id: `contentfiledownload#x#${subject}#day#${period ?? 'range'}`, label, value, period, subject };
}

function event(index: number): RawDownloadDataPoint {
  return {
    id: `event-${index}`,
    timestamp: '2025-03-01T10:00:00.000Z',
    metadata: {
      userName: `User ${index}`,
      userEmail: null,
      fileName: 'slides.pdf',
      fileId: 'file-1',
      downloadedFrom: { contentName: 'Network Defense', tags: [] },
      topMostContent: null,
      businessUnits: {},
    },
  };
}

type Handler = (url: URL) => MockResponse | undefined | Promise<MockResponse | undefined>;

function mockDashboard(statistics: Handler = () => undefined) {
  return mockApi(async (url) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    const answer = await statistics(url);
    if (answer) return answer;
    if (url.pathname === '/api/v1/courseware-metrics') return { body: METRICS };
    if (url.pathname.startsWith('/api/v1/statistics/')) return { body: { items: [], nextPageToken: null } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

beforeEach(() => {
  storeSession(PERSONAS.editor());
});

describe('dashboard views (spec §2.13)', () => {
  it('shows the courseware metrics as view 0, with figures and charts that have a table view', async () => {
    const spy = mockDashboard();
    renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Courseware metrics' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Published items by category' })).toBeInTheDocument();
    expect(screen.getByText('Published items').nextElementSibling).toHaveTextContent('55');
    expect(screen.getByText('KSA, KU and TKS mappings of published items').nextElementSibling).toHaveTextContent('340');
    const section = screen.getByRole('region', { name: 'Published items by experience level' });
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Show as table' }));
    const table = within(section).getByRole('table', { name: 'Published items by experience level' });
    expect(within(table).getByRole('rowheader', { name: 'Intermediate' })).toBeInTheDocument();
    expect(calledUrls(spy)).toContain('/api/v1/courseware-metrics');
  });

  it('says the metrics count published items, and that overlapping counts may add up to more than the total', async () => {
    mockDashboard();
    renderApp({ path: '/dashboard' });
    expect(await screen.findByText(/^Counts of published courseware items\./)).toHaveTextContent(
      'An item with several categories or levels counts once under each, so the bars of a chart can add up to more than the total.',
    );
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual([
      'Published items',
      'Published assignments (tagged homework)',
      'Published quizzes and exams',
      'KSA, KU and TKS mappings of published items',
    ]);
  });

  it('keeps the view index in the query string', async () => {
    mockDashboard();
    const { router } = renderApp({ path: '/dashboard' });
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'File downloads' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=1'));
    expect(await screen.findByRole('heading', { level: 2, name: 'File downloads' })).toBeInTheDocument();
  });
});

describe('downloads view (spec §2.13, §9)', () => {
  it('defaults to 182 days before today to tomorrow and asks for the parts of that range', async () => {
    const { from, to } = defaultRange();
    const spy = mockDashboard((url) => {
      const metric = url.pathname.split('/').at(-1);
      if (metric === 'total') {
        return {
          body: { items: [bucket('total', 3, from), bucket('total', 4, addDays(from, 2))], nextPageToken: null },
        };
      }
      if (metric === 'businessUnit' && url.searchParams.get('group') === 'K12') {
        return {
          body: {
            items: [bucket('u1', 9, null, 'Lincoln High'), bucket('u2', 2, null, 'Adams High')],
            nextPageToken: null,
          },
        };
      }
      return undefined;
    });
    renderApp({ path: '/dashboard?view=1' });
    expect(await screen.findByLabelText('From')).toHaveValue(from);
    expect(screen.getByLabelText('To')).toHaveValue(to);
    const totalSection = (await screen.findByRole('heading', { name: 'Total downloaded' }))
      .parentElement as HTMLElement;
    await waitFor(() => expect(totalSection).toHaveTextContent('Total downloaded7'));
    const k12 = await screen.findByRole('table', { name: 'Top K12 schools' });
    expect(
      within(k12)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['NameDownloads', 'Lincoln High9', 'Adams High2']);
    const urls = calledUrls(spy);
    const range = `from=${from}&to=${to}`;
    expect(urls).toContain(`/api/v1/statistics/contentfiledownload/buckets/total?${range}&resolution=day&view=chart`);
    expect(urls).toContain(`/api/v1/statistics/contentfiledownload/buckets/users?${range}&resolution=month&view=chart`);
    for (const group of ['K12', 'college', 'university', 'government']) {
      expect(urls).toContain(
        `/api/v1/statistics/contentfiledownload/buckets/businessUnit?${range}&resolution=day&view=table&group=${group}&limit=10`,
      );
    }
    expect(urls).toContain(
      `/api/v1/statistics/contentfiledownload/buckets/content?${range}&resolution=day&view=table&limit=5`,
    );
  });

  it('shows the previews beside the downloads: their own total and daily chart (issue 24 item 1)', async () => {
    const { from, to } = defaultRange();
    const spy = mockDashboard((url) => {
      if (url.pathname === '/api/v1/statistics/contentfilepreview/buckets/total') {
        return {
          body: {
            items: [bucket('all', 5, from, 'Total'), bucket('all', 6, addDays(from, 1), 'Total')],
            nextPageToken: null,
          },
        };
      }
      if (url.pathname === '/api/v1/statistics/contentfiledownload/buckets/total') {
        return { body: { items: [bucket('all', 2, from, 'Total')], nextPageToken: null } };
      }
      if (url.pathname === '/api/v1/statistics/contentfilepreview/buckets/content') {
        return { body: { items: [bucket('c1', 8, null, 'Buffer Overflow Lab')], nextPageToken: null } };
      }
      return undefined;
    });
    renderApp({ path: '/dashboard?view=1' });
    const downloaded = (await screen.findByRole('heading', { name: 'Total downloaded' })).parentElement as HTMLElement;
    const previewed = screen.getByRole('heading', { name: 'Total previewed' }).parentElement as HTMLElement;
    await waitFor(() => expect(previewed).toHaveTextContent('Total previewed11'));
    expect(downloaded).toHaveTextContent('Total downloaded2');
    const daily = await screen.findByRole('region', { name: 'Daily previews' });
    await waitFor(() => expect(within(daily).queryByText(/^Loading/)).not.toBeInTheDocument());
    expect(within(daily).queryByText('No Data Available')).not.toBeInTheDocument();
    expect(calledUrls(spy)).toContain(
      `/api/v1/statistics/contentfilepreview/buckets/total?from=${from}&to=${to}&resolution=day&view=chart`,
    );
    const top = await screen.findByRole('table', { name: 'Top previewed content' });
    expect(
      within(top)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['NamePreviews', 'Buffer Overflow Lab8']);
    expect(calledUrls(spy)).toContain(
      `/api/v1/statistics/contentfilepreview/buckets/content?from=${from}&to=${to}&resolution=day&view=table&limit=5`,
    );
  });

  it('shows the three date messages under their fields and refreshes only a valid range', async () => {
    const spy = mockDashboard();
    renderApp({ path: '/dashboard?view=1' });
    const from = await screen.findByLabelText('From');
    const to = screen.getByLabelText('To');
    const refresh = screen.getByRole('button', { name: 'Refresh' });

    fireEvent.change(from, { target: { value: '2025-05-02' } });
    fireEvent.change(to, { target: { value: '2025-05-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: To date may not be before from date.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(refresh).toBeDisabled();

    fireEvent.change(to, { target: { value: '2025-05-03' } });
    fireEvent.change(from, { target: { value: '2025-05-04' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: From date may not be after to date.');
    expect(from).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(from, { target: { value: '2024-05-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Filter range may not exceed 12 months.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(refresh).toBeDisabled();

    fireEvent.change(from, { target: { value: '2025-01-01' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.setup().click(refresh);
    await waitFor(() =>
      expect(calledUrls(spy)).toContain(
        '/api/v1/statistics/contentfiledownload/buckets/total?from=2025-01-01&to=2025-05-03&resolution=day&view=chart',
      ),
    );
  });

  it('shows loading messages with the titles, then No Data Available for empty parts', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockDashboard(async (url) => {
      if (url.pathname.startsWith('/api/v1/statistics/')) await gate;
      return undefined;
    });
    renderApp({ path: '/dashboard?view=1' });
    expect(await screen.findByText('Loading Daily downloads…')).toBeInTheDocument();
    expect(screen.getByText('Loading Top content…')).toBeInTheDocument();
    await act(async () => release());
    const daily = await screen.findByRole('region', { name: 'Daily downloads' });
    await waitFor(() => expect(within(daily).getByText('No Data Available')).toBeInTheDocument());
    expect(
      within(screen.getByRole('region', { name: 'Top universities' })).getByText('No Data Available'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Export/ })).toBeEnabled();
  });

  it('says a chart with fewer than two data rows has no data to chart, with its title', async () => {
    mockDashboard((url) =>
      url.pathname.endsWith('/buckets/region')
        ? { body: { items: [bucket('west', 5, null, 'West')], nextPageToken: null } }
        : undefined,
    );
    renderApp({ path: '/dashboard?view=1' });
    const region = await screen.findByRole('region', { name: 'Downloads per region' });
    expect(await within(region).findByText('Downloads per region: not enough data for a chart.')).toBeInTheDocument();
    expect(within(region).getByRole('table', { name: 'Downloads per region' })).toHaveTextContent('West5');
  });
});

describe('CSV export (spec §2.13, §9 "Export page size")', () => {
  const saved: Blob[] = [];
  let downloads: string[] = [];

  beforeEach(() => {
    saved.length = 0;
    downloads = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        saved.push(blob);
        return 'blob:export';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });

  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('pages the raw events 1,000 at a time with "Downloaded X of Y datapoints", then saves the file', async () => {
    const { from, to } = defaultRange();
    let releaseSecond: () => void = () => {};
    const second = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const spy = mockDashboard(async (url) => {
      if (url.pathname.endsWith('/buckets/total')) {
        return { body: { items: [bucket('total', 1000, from), bucket('total', 500, to)], nextPageToken: null } };
      }
      if (url.pathname.endsWith('/events')) {
        if (url.searchParams.get('pageToken') === 'page-2') {
          await second;
          return {
            body: { items: Array.from({ length: 500 }, (_, index) => event(1000 + index)), nextPageToken: null },
          };
        }
        return { body: { items: Array.from({ length: 1000 }, (_, index) => event(index)), nextPageToken: 'page-2' } };
      }
      return undefined;
    });
    renderApp({ path: '/dashboard?view=1' });
    const button = await screen.findByRole('button', { name: `Export downloads_${from}_${to}.csv` });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    expect(await screen.findByText('Downloaded 1,000 of 1,500 datapoints')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
    await act(async () => releaseSecond());
    expect(await screen.findByText('Downloaded 1,500 of 1,500 datapoints')).toBeInTheDocument();
    await waitFor(() => expect(downloads).toEqual([`downloads_${from}_${to}.csv`]));
    const rows = (await (saved[0] as Blob).text()).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(1501);
    expect(rows[1]?.startsWith('event-0,')).toBe(true);
    expect(rows[1500]?.startsWith('event-1499,')).toBe(true);
    const eventUrls = calledUrls(spy).filter((url) => url.includes('/events'));
    expect(eventUrls).toEqual([
      `/api/v1/statistics/contentfiledownload/events?from=${from}&to=${to}&limit=1000`,
      `/api/v1/statistics/contentfiledownload/events?from=${from}&to=${to}&limit=1000&pageToken=page-2`,
    ]);
  });
});
