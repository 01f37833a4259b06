// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeatureFlags, type RuntimeConfig } from '#shared/contracts/runtime-config';
import { leaveFor } from '../../../lib/external-navigation.ts';
import { runtimeConfig } from '../../../testing/fixtures.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { PERSONAS, portalToken, signIn } from '../../../testing/session.ts';
import { CONTENT_CATEGORIES } from './course-sizes.ts';

vi.mock('../../../lib/external-navigation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/external-navigation.ts')>()),
  leaveFor: vi.fn(),
}));

afterEach(() => vi.mocked(leaveFor).mockClear());

function mockNothing() {
  return mockApi(() => ({ status: 404, body: { statusCode: 404, message: 'Not found.' } }));
}

const flagsOff = (...off: (keyof FeatureFlags)[]) =>
  FeatureFlags.parse(Object.fromEntries(off.map((flag) => [flag, false])));

function open(path: string, overrides: Partial<RuntimeConfig> = {}) {
  mockNothing();
  return renderApp({ path, config: runtimeConfig(overrides) });
}

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const notFound = () => h1('Page not found');

describe('the public site routes and their flags (spec §2.2)', () => {
  it.each([
    ['/newsletter-signup', 'Sign up for our newsletter'],
    ['/contact', 'Contact us'],
    ['/contact-us', 'Contact us'],
    ['/jobs', 'Work with us'],
    ['/call-for-courseware', 'Call for courseware'],
    ['/callforcourseware', 'Call for courseware'],
    ['/call-for-courseware/content-categories', 'Content categories'],
    ['/knowledge_base', 'Knowledge base'],
    ['/conference-2018', '2018 Virginia Cybersecurity Education Conference'],
  ])('shows %s', async (path, heading) => {
    open(path);
    expect(await h1(heading)).toBeInTheDocument();
  });

  it.each([
    ['/contact', 'contact'],
    ['/contact-us', 'contact'],
    ['/jobs', 'jobs'],
    ['/call-for-courseware', 'callForCourseware'],
    ['/call-for-courseware/content-categories', 'resources'],
  ] as const)('shows not found at %s with the %s flag off', async (path, flag) => {
    open(path, { flags: flagsOff(flag) });
    expect(await notFound()).toBeInTheDocument();
  });

  it('sends /pricing to the pricing page at /rangepricing (issue 21 item 20), and not with the pricing flag off', async () => {
    const { router, unmount } = open('/pricing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rangepricing'));
    expect(leaveFor).not.toHaveBeenCalled();
    unmount();
    const off = open('/pricing', { flags: flagsOff('pricing') });
    expect(await notFound()).toBeInTheDocument();
    expect(off.router.state.location.pathname).toBe('/pricing');
  });

  it('redirects /community/cybered-workshops to /community/cyber-workshops, only with the community flag', async () => {
    const { router, unmount } = open('/community/cybered-workshops');
    await waitFor(() => expect(router.state.location.pathname).toBe('/community/cyber-workshops'));
    unmount();
    const off = open('/community/cybered-workshops', { flags: flagsOff('community') });
    expect(await notFound()).toBeInTheDocument();
    expect(off.router.state.location.pathname).toBe('/community/cybered-workshops');
  });

  it('sends /conference to the configured conference address, and shows not found without one', async () => {
    const { unmount } = open('/conference', { conferenceUrl: 'https://conference.example.org/2026' });
    expect(await h1('Conference')).toBeInTheDocument();
    expect(leaveFor).toHaveBeenCalledWith('https://conference.example.org/2026');
    unmount();
    open('/conference');
    expect(await notFound()).toBeInTheDocument();
  });
});

describe('the smaller pages', () => {
  it('tells that the knowledge base moved, with the support site link and a request to update bookmarks (spec §2.15)', async () => {
    open('/knowledge_base');
    await h1('Knowledge base');
    expect(screen.getByText('The knowledge base has moved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'our support site' })).toHaveAttribute(
      'href',
      'https://support.uscyberrange.example',
    );
    expect(screen.getByText(/Please update your bookmarks\./)).toBeInTheDocument();
  });

  it('names the support link for where it goes, not by its raw path, when it is a page of the site (issue 21 item 29)', async () => {
    const { router } = open('/knowledge_base', { supportUrl: '/contact-us' });
    await h1('Knowledge base');
    expect(screen.queryByRole('link', { name: '/contact-us' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'our support page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact-us'));
  });

  it('lists the six perks, the careers site button and the student job board footnote (spec §2.12)', async () => {
    open('/jobs');
    await h1('Work with us');
    const perks = screen.getByRole('region', { name: 'Perks' });
    expect(
      within(perks)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Health', 'Leave', 'Tuition', 'Collaboration', 'Fast', 'Fun']);
    expect(screen.getByRole('link', { name: /See open positions/ })).toHaveAttribute(
      'href',
      'https://jobs.example.edu',
    );
    expect(screen.getByRole('link', { name: /student job board/ })).toHaveAttribute(
      'href',
      'https://students.example.edu/jobs',
    );
  });

  it('leaves out the careers button and the job board footnote when their addresses are not configured', async () => {
    open('/jobs', { careersUrl: null, studentJobBoardUrl: null });
    await h1('Work with us');
    expect(screen.queryByRole('link', { name: /See open positions/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /student job board/ })).toBeNull();
  });

  it('describes the six kinds of content with their sizes (spec §2.8, §9)', async () => {
    open('/call-for-courseware/content-categories');
    await h1('Content categories');
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Full course with labs',
      'Full course without labs',
      'Module',
      'One-day course',
      'Two-day course',
      'Single lab',
    ]);
    expect(
      screen.getByText(
        'A semester course of 3.0 credit hours or more, with 5 to 15 hands-on labs of 1 to 6 hours each.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(CONTENT_CATEGORIES.module.size)).toHaveTextContent(/^3 to 6 lessons/);
    expect(screen.getByText('8 hours of instruction.')).toBeInTheDocument();
    expect(screen.getByText('16 hours of instruction over two days.')).toBeInTheDocument();
    expect(screen.getByText('One hands-on lab of 1 to 6 hours.')).toBeInTheDocument();
  });

  const withAbstract = () =>
    portalToken({ claims: [{ type: 'can-submit-abstract', value: 'any' }], displayName: 'Fay Faculty' });
  const FORM = 'https://forms.example.org/abstract';

  it('links the abstract form button to the configured address for an account that may submit abstracts (spec §1, §6)', async () => {
    signIn(withAbstract());
    open('/call-for-courseware', { callForCoursewareUrl: FORM });
    await h1('Call for courseware');
    expect(screen.getByRole('link', { name: /Get the abstract form/ })).toHaveAttribute('href', FORM);
    expect(screen.getByRole('heading', { level: 2, name: 'Two ways to contribute' })).toBeInTheDocument();
  });

  it('hides the abstract form button from a visitor, asking to log in (issue 21 item 22)', async () => {
    open('/call-for-courseware', { callForCoursewareUrl: FORM });
    await h1('Call for courseware');
    expect(screen.queryByRole('link', { name: /Get the abstract form/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to get the abstract form' })).toHaveAttribute('href', '/login');
  });

  it('hides the abstract form button from a signed-in user without can-submit-abstract (issue 21 item 22)', async () => {
    signIn(PERSONAS.faculty());
    open('/callforcourseware', { callForCoursewareUrl: FORM });
    await h1('Call for courseware');
    expect(screen.queryByRole('link', { name: /Get the abstract form/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Your account may not submit abstracts yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact-us');
  });

  it('points an account that may submit abstracts to the contact page when no address is configured', async () => {
    signIn(withAbstract());
    open('/callforcourseware');
    await h1('Call for courseware');
    expect(screen.queryByRole('link', { name: /Get the abstract form/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Ask for the abstract form through the/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact-us');
  });

  it('lists the 2018 conference’s tracks and its external links, opening in a new tab', async () => {
    open('/conference-2018');
    await h1('2018 Virginia Cybersecurity Education Conference');
    expect(screen.getByText('Cyber for K-12')).toBeInTheDocument();
    const report = screen.getByRole('link', {
      name: /Report on the first Virginia Cybersecurity Education Conference/,
    });
    expect(report).toHaveAttribute('target', '_blank');
    expect(report).toHaveAttribute('href', 'https://vtx.vt.edu/articles/2018/08/it-vcr-vacybereducon2018.html');
  });

  it('offers a user-import template with a header and two example.edu rows (spec §2.15)', async () => {
    const { readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const here = path.dirname(fileURLToPath(import.meta.url));
    const csv = await readFile(path.join(here, '../../../../public/template.csv'), 'utf8');
    const [header, ...rows] = csv.trim().split('\n');
    expect(header).toBe('name,email,role');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatch(/^[^,]+,[^,@]+@example\.edu,[a-z ]+$/);
  });
});
