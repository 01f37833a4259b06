// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Claim } from '#shared/contracts/identity';
import { type Event, LINK_TAKEN_MESSAGE, type News } from '#shared/contracts/news';
import { getSession } from '../../../lib/auth/session-store.ts';
import { getShownErrors } from '../../../lib/error-store.ts';
import { runtimeConfig } from '../../../testing/fixtures.ts';
import { calledUrls, calledWith, type MockResponse, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { showHtmlSource } from '../../../testing/rich-text.ts';
import { PERSONA_CLAIMS, portalToken, storeSession } from '../../../testing/session.ts';
import { FILE_TOO_LARGE_MESSAGE } from '../utils/image.ts';

const STAMP = '2026-11-01T09:00:00.000Z';
const id = (n: number, kind: 'n' | 'e') => `01jd7k2m3n4p5q6r7s8t9v0${kind}${String(n).padStart(2, '0')}`;

function newsItem(n: number, overrides: Partial<News> = {}): News {
  return {
    id: id(n, 'n'),
    name: `Range news ${n}`,
    description: `<p>What happened on the range, part ${n}.</p>`,
    link: `range-news-${n}`,
    image: '',
    status: 'published',
    date: new Date(Date.UTC(2026, 9, 30 - n)).toISOString(),
    createdTimestamp: STAMP,
    modifiedTimestamp: STAMP,
    externalLink: '',
    ...overrides,
  };
}

function eventItem(n: number, overrides: Partial<Event> = {}): Event {
  return {
    id: id(n, 'e'),
    name: `Cyber workshop ${n}`,
    description: `<p>Workshop ${n}: hands-on incident response.</p>`,
    link: `cyber-workshop-${n}`,
    image: '',
    status: 'published',
    date: new Date(Date.UTC(2027, 0, n, 15)).toISOString(),
    createdTimestamp: STAMP,
    modifiedTimestamp: STAMP,
    location: 'Online',
    ...overrides,
  };
}

const page = <T,>(items: T[], nextPageToken: string | null = null) => ({ body: { items, nextPageToken } });
const notFound = (message: string) => ({ status: 404, body: { statusCode: 404, message } });

type Handler = (url: URL, init?: RequestInit) => MockResponse | undefined | Promise<MockResponse | undefined>;

/** The API: claims and messages of the session, then `handler`, else 404. */
function mockNewsApi(handler: Handler) {
  return mockApi(async (url, init) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    const answer = await handler(url, init);
    return answer ?? { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

const api = (value: string): Claim => ({ type: 'api', value });
function signInWith(claims: Claim[]) {
  storeSession(portalToken({ sub: '01jd7k2m3n4p5q6r7s8t9v0s03', displayName: 'Eddie Editor', claims }));
}
const EDITOR = PERSONA_CLAIMS.editor;

describe('the news and events lists (spec §2.10)', () => {
  it('pages a visitor through the news, 10 at a time, by token, without editing buttons', async () => {
    const first = Array.from({ length: 10 }, (_, index) => newsItem(index + 1));
    const second = Array.from({ length: 3 }, (_, index) => newsItem(index + 11));
    const spy = mockNewsApi((url) => {
      if (url.pathname !== '/api/v1/news') return undefined;
      return url.searchParams.get('pageToken') === 'token-2' ? page(second) : page(first, 'token-2');
    });
    const user = userEvent.setup();
    renderApp({ path: '/news' });

    const heading = await screen.findByRole('heading', { level: 1, name: 'News' });
    const list = await screen.findByRole('list', { name: 'News' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByRole('link', { name: 'Range news 1' })).toHaveAttribute('href', '/news/range-news-1');
    expect(calledUrls(spy)).toContain('/api/v1/news?limit=10&status=published');
    expect(screen.queryByRole('button', { name: 'Add news' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();

    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Range news 11' })).toBeInTheDocument();
    expect(calledUrls(spy)).toContain('/api/v1/news?limit=10&pageToken=token-2&status=published');
    expect(within(pagination).getByText('Page 2')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Next' })).toBeDisabled();
    await waitFor(() => expect(heading).toHaveFocus());

    await user.click(within(pagination).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'Range news 1' })).toBeInTheDocument();
    expect(within(pagination).getByText('Page 1')).toBeInTheDocument();
  });

  it('says so when there are no news and no events', async () => {
    mockNewsApi((url) => (url.pathname === '/api/v1/news' || url.pathname === '/api/v1/events' ? page([]) : undefined));
    const { router } = renderApp({ path: '/news' });
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    await router.navigate('/events');
    expect(await screen.findByText('No events yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
  });

  it('links a news item with an external link there, as a normal link marked external', async () => {
    mockNewsApi((url) =>
      url.pathname === '/api/v1/news'
        ? page([newsItem(1, { externalLink: 'https://www.example.org/range-story' }), newsItem(2)])
        : undefined,
    );
    renderApp({ path: '/news' });
    const external = await screen.findByRole('link', { name: 'Range news 1 (external link)' });
    expect(external).toHaveAttribute('href', 'https://www.example.org/range-story');
    expect(external).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Range news 2' })).toHaveAttribute('href', '/news/range-news-2');
  });

  it('shows an error with Retry when the list cannot be loaded', async () => {
    let fail = true;
    mockNewsApi((url) => {
      if (url.pathname !== '/api/v1/events') return undefined;
      return fail ? { status: 500, body: { statusCode: 500, message: 'Internal error.' } } : page([eventItem(1)]);
    });
    renderApp({ path: '/events' });
    expect(await screen.findByText('The events could not be loaded.')).toBeInTheDocument();
    // The ERROR dialog reports the failure first (spec §8).
    const user = userEvent.setup();
    const error = await screen.findByRole('alertdialog', { name: 'ERROR' });
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'ERROR' })).toBeNull());
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Cyber workshop 1' })).toHaveAttribute(
      'href',
      '/events/cyber-workshop-1',
    );
  });

  it('gives editors Add and Edit and every status, but Delete only with delete_v1_news', async () => {
    signInWith(EDITOR);
    const spy = mockNewsApi((url) =>
      url.pathname === '/api/v1/news' ? page([newsItem(1), newsItem(2, { status: 'unpublished' })]) : undefined,
    );
    renderApp({ path: '/news' });
    expect(await screen.findByRole('button', { name: 'Edit “Range news 1”' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add news' })).toBeInTheDocument();
    expect(screen.getByText('Unpublished')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(calledUrls(spy)).toContain('/api/v1/news?limit=10&status=all');
  });

  it('deletes an event after a ticked confirmation, then refreshes the list', async () => {
    signInWith([...EDITOR, api('delete_v1_events')]);
    let events = [eventItem(1), eventItem(2)];
    const spy = mockNewsApi((url, init) => {
      const { method } = requestOf(init);
      if (url.pathname === '/api/v1/events' && method === 'GET') return page(events);
      if (url.pathname === `/api/v1/events/${id(1, 'e')}` && method === 'DELETE') {
        events = events.slice(1);
        return { body: { id: id(1, 'e') } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp({ path: '/events' });
    await user.click(await screen.findByRole('button', { name: 'Delete “Cyber workshop 1”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete event' });
    expect(within(dialog).getByText(/“Cyber workshop 1” will be deleted for good/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The checkbox is required to delete this event.',
    );
    expect(within(dialog).getByRole('checkbox')).toHaveFocus();
    expect(calledWith(spy, 'DELETE')).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Cyber workshop 1' })).toBeNull());
    expect(calledWith(spy, 'DELETE')).toEqual([{ path: `/api/v1/events/${id(1, 'e')}`, body: undefined }]);
    expect(screen.getByRole('link', { name: 'Cyber workshop 2' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('the news and event detail pages (spec §2.10, §8)', () => {
  it('shows the item by its link, with the status Published while it loads', async () => {
    // The answer is held from the start, so releasing it cannot come before the request (a race under load).
    let release: (response: MockResponse) => void = () => {};
    const answer = new Promise<MockResponse>((resolve) => {
      release = resolve;
    });
    mockNewsApi((url) => (url.pathname === '/api/v1/events/cyber-workshop-3' ? answer : undefined));
    renderApp({ path: '/events/cyber-workshop-3' });
    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the event' })).toBeInTheDocument();
    release({
      body: eventItem(3, { location: 'Omaha, Nebraska', description: '<p>Bring a laptop.</p><script>x()</script>' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cyber workshop 3' })).toBeInTheDocument();
    expect(screen.getByText('Omaha, Nebraska')).toBeInTheDocument();
    expect(screen.getByText('Bring a laptop.')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
  });

  it('goes back to the list, silently, when the news item does not exist', async () => {
    mockNewsApi((url) => {
      if (url.pathname === '/api/v1/news/gone-story') return notFound('News does not exist.');
      if (url.pathname === '/api/v1/news') return page([newsItem(1)]);
      return undefined;
    });
    const { router } = renderApp({ path: '/news/gone-story' });
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/news');
    expect(await screen.findByRole('link', { name: 'Range news 1' })).toBeInTheDocument();
    expect(getShownErrors()).toEqual([]);
  });

  it('goes back to the events list when the event does not exist', async () => {
    mockNewsApi((url) => {
      if (url.pathname === '/api/v1/events/nope') return notFound('Event does not exist.');
      if (url.pathname === '/api/v1/events') return page([]);
      return undefined;
    });
    const { router } = renderApp({ path: '/events/nope' });
    expect(await screen.findByText('No events yet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events');
    expect(getShownErrors()).toEqual([]);
  });

  it('shows not found for /news and /events when their flags are off', async () => {
    const config = runtimeConfig();
    const spy = mockNewsApi(() => undefined);
    const { router } = renderApp({
      path: '/news',
      config: { ...config, flags: { ...config.flags, news: false, event: false } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await router.navigate('/events/cyber-workshop-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(calledUrls(spy).filter((url) => url.startsWith('/api/v1/news') || url.startsWith('/api/v1/events'))).toEqual(
      [],
    );
  });
});

/** Opens the Add dialog of `/news` or `/events` as an editor. */
async function openAddDialog(kind: 'news' | 'event', handler: Handler = () => undefined) {
  signInWith(EDITOR);
  const path = kind === 'news' ? '/api/v1/news' : '/api/v1/events';
  const spy = mockNewsApi(async (url, init) => {
    const answer = await handler(url, init);
    if (answer) return answer;
    if (url.pathname === path && requestOf(init).method === 'GET') return page([]);
    return undefined;
  });
  const user = userEvent.setup({ applyAccept: false });
  renderApp({ path: kind === 'news' ? '/news' : '/events' });
  const label = kind === 'news' ? 'Add news' : 'Add event';
  await user.click(await screen.findByRole('button', { name: label }));
  const dialog = await screen.findByRole('dialog', { name: label });
  return { spy, user, dialog };
}

async function chooseDate(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: '2027-03-04' } });
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Hour' }), '2');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Minute' }), '30');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'AM or PM' }), 'PM');
}

describe('the news and event dialog (spec §5 "News and event dialog")', () => {
  it('shows each problem under its field as an alert and focuses the first invalid one', async () => {
    const { user, dialog, spy } = await openAddDialog('event');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveFocus());
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Is required.',
      'Is required.',
      'Is required.',
      'Choose a date and a time.',
      'Is required.',
    ]);
    expect(title).toHaveAccessibleDescription('Is required.');

    fireEvent.change(title, { target: { value: 'T'.repeat(1025) } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Link' }), { target: { value: 'Not A Link' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(within(dialog).getByText('Must be at most 1024 characters.')).toHaveAttribute('role', 'alert');
    expect(
      within(dialog).getByText('Use lower-case letters, digits and single hyphens, e.g. spring-workshop-2027.'),
    ).toBeInTheDocument();
    expect(calledWith(spy, 'POST')).toEqual([]);
    // It stays open until cancelled.
    expect(screen.getByRole('dialog', { name: 'Add event' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('saves a news item with its image alt texts stripped, then closes and refreshes the list', async () => {
    let saved: News | null = null;
    const { user, dialog, spy } = await openAddDialog('news', (url, init) => {
      const { method, body } = requestOf(init);
      if (url.pathname === '/api/v1/news' && method === 'POST') {
        saved = newsItem(1, { ...(body as Partial<News>), id: id(1, 'n') });
        return { status: 201, body: saved };
      }
      if (url.pathname === '/api/v1/news' && saved) return page([saved]);
      return undefined;
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Range opens for spring');
    await chooseDate(user, dialog);
    fireEvent.change(await showHtmlSource(user, 'Description', 'Description (HTML)', dialog), {
      target: { value: '<p>Spring term <img src="/public/files/x" alt="Students at the range"></p>' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add news' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calledWith(spy, 'POST')).toEqual([
      {
        path: '/api/v1/news',
        body: {
          name: 'Range opens for spring',
          description: '<p>Spring term <img src="/public/files/x" alt=""></p>',
          status: 'published',
          date: new Date(2027, 2, 4, 14, 30).toISOString(),
          image: '',
          link: '',
          externalLink: '',
        },
      },
    ]);
    expect(await screen.findByRole('link', { name: 'Range opens for spring' })).toBeInTheDocument();
  });

  it('shows a taken link under the Link field and stays open', async () => {
    const { user, dialog } = await openAddDialog('event', (url, init) =>
      url.pathname === '/api/v1/events' && requestOf(init).method === 'POST'
        ? { status: 409, body: { statusCode: 409, message: LINK_TAKEN_MESSAGE } }
        : undefined,
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Incident response day');
    await user.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'incident-response-day');
    await user.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Richmond, Virginia');
    await chooseDate(user, dialog);
    await user.type(
      await showHtmlSource(user, 'Description', 'Description (HTML)', dialog),
      'A day of tabletop exercises.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    const link = within(dialog).getByRole('textbox', { name: 'Link' });
    await waitFor(() => expect(link).toHaveAccessibleDescription(expect.stringContaining(LINK_TAKEN_MESSAGE)));
    expect(link).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Add event' })).toBeInTheDocument();
    expect(getShownErrors()).toEqual([]);
  });

  it('clears a picked image over 1,000,000 bytes and raises FILE_TOO_LARGE through the ERROR dialog', async () => {
    const { user, dialog } = await openAddDialog('news');
    const input = within(dialog).getByLabelText('Image') as HTMLInputElement;
    const picture = (size: number) => new File([new Uint8Array(size)], 'range.png', { type: 'image/png' });

    await user.upload(input, picture(1_000_001));
    expect(getShownErrors()).toEqual([expect.objectContaining({ message: FILE_TOO_LARGE_MESSAGE })]);
    expect(input.value).toBe('');
    expect(within(dialog).getByText(/No image\./)).toBeInTheDocument();
    const error = await screen.findByRole('alertdialog', { name: 'ERROR' });
    expect(error).toHaveTextContent(FILE_TOO_LARGE_MESSAGE);
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'ERROR' })).toBeNull());

    await user.upload(input, picture(1_000_000));
    expect(within(dialog).getByText(/New image: range\.png/)).toBeInTheDocument();
    expect(getShownErrors()).toEqual([]);

    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid file type.');
  });
});

describe('the home page news and events (spec §2.4)', () => {
  const withHome = (flags: Partial<ReturnType<typeof runtimeConfig>['flags']> = {}) => {
    const config = runtimeConfig({ homepageBaseUrl: 'https://www.uscyberrange.example' });
    return { ...config, flags: { ...config.flags, ...flags } };
  };

  it('shows 2 recent news and 3 upcoming events with descriptions cut to about 120 characters', async () => {
    const long = `<p>${'Students defended a simulated water utility against a live red team for six hours. '.repeat(3)}</p>`;
    const spy = mockNewsApi((url) => {
      if (url.pathname === '/api/v1/news') return page([newsItem(1, { description: long }), newsItem(2)]);
      if (url.pathname === '/api/v1/events') return page([eventItem(1), eventItem(2), eventItem(3)]);
      return undefined;
    });
    renderApp({ path: '/', config: withHome() });
    expect(await screen.findByRole('heading', { level: 1, name: /Teach cybersecurity/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the features' })).toHaveAttribute('href', '/features');
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(6);

    const news = await screen.findByRole('region', { name: 'Recent news' });
    expect(await within(news).findAllByRole('listitem')).toHaveLength(2);
    const quote = within(news).getByText(/^Students defended/);
    expect(quote.textContent?.length).toBeLessThanOrEqual(120);
    expect(quote.textContent).toMatch(/…$/);
    expect(within(news).getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');

    const events = screen.getByRole('region', { name: 'Upcoming events' });
    expect(await within(events).findAllByRole('listitem')).toHaveLength(3);
    expect(within(events).getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
    expect(calledUrls(spy)).toEqual(
      expect.arrayContaining([
        '/api/v1/news?limit=2&status=published',
        '/api/v1/events?limit=3&status=published&upcoming=true',
      ]),
    );
  });

  it('leaves out the news block when the news flag is off, and shows empty states', async () => {
    const spy = mockNewsApi((url) => (url.pathname === '/api/v1/events' ? page([]) : undefined));
    renderApp({ path: '/', config: withHome({ news: false }) });
    const events = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(await within(events).findByText('No upcoming events.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent news' })).toBeNull();
    expect(calledUrls(spy).some((url) => url.startsWith('/api/v1/news'))).toBe(false);
  });

  it('shows the landing video only when it is configured, with a title', async () => {
    mockNewsApi((url) => (url.pathname.startsWith('/api/v1/') ? page([]) : undefined));
    renderApp({
      path: '/',
      config: { ...withHome({ news: false, event: false }), landingVideoUrl: 'https://video.example.org/embed/intro' },
    });
    const frame = await screen.findByTitle('US Cyber Range: introduction video');
    expect(frame.tagName).toBe('IFRAME');
    expect(screen.queryByRole('region', { name: 'Upcoming events' })).toBeNull();
  });
});
