// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientErrorReport } from '#shared/contracts/client-error';
import { mockApi, requestOf } from './../testing/mock-api.ts';
import { apiGet, apiUrl, configureApiClient } from './api-client.ts';
import { createErrorReporter, installErrorReporting, postReportTo } from './error-reporter.ts';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

/** The SPA's error reporter (spec §8; issue 21 item 24; decision record 037). */
describe('the error reporter', () => {
  let uninstall: (() => void) | null = null;
  afterEach(() => {
    uninstall?.();
    uninstall = null;
    vi.unstubAllGlobals();
  });

  /** Installs a reporter whose reports POST to the mocked API; returns the reports it sent. */
  function installWithMockedApi(answer: (url: URL) => { status: number; body: unknown }) {
    configureApiClient({ baseUrl: '/api/v1' });
    const sent: { body: unknown; headers: HeadersInit | undefined }[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/v1/client-errors') {
        sent.push({ body: requestOf(init).body, headers: init?.headers });
        return { status: 202, body: { accepted: true } };
      }
      return answer(url);
    });
    uninstall = installErrorReporting(
      createErrorReporter({
        send: postReportTo(apiUrl('reportClientError')),
        location: () => `https://portal.example/auth?t=${JWT}#s=x`,
      }),
    );
    return sent;
  }

  it('sends a window error, scrubbed, without an Authorization header', async () => {
    const sent = installWithMockedApi(() => ({ status: 200, body: {} }));
    window.dispatchEvent(
      new ErrorEvent('error', { error: new TypeError(`No user pat.lee@example.edu for ${JWT}`), message: 'x' }),
    );
    await expect.poll(() => sent).toHaveLength(1);
    const report = ClientErrorReport.parse(sent[0]?.body);
    expect(report).toMatchObject({
      kind: 'error',
      name: 'TypeError',
      message: 'No user [email] for [jwt]',
      url: 'https://portal.example/auth',
    });
    expect(JSON.stringify(sent[0])).not.toMatch(/eyJ|pat\.lee|authorization/i);
  });

  it('sends an unhandled rejection', async () => {
    const sent = installWithMockedApi(() => ({ status: 200, body: {} }));
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(event, { reason: new Error('lost promise') });
    window.dispatchEvent(event);
    await expect.poll(() => sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ kind: 'unhandledrejection', name: 'Error', message: 'lost promise' });
  });

  it('sends an API 500 with the method, the path without its query, and the status; not a 404', async () => {
    const sent = installWithMockedApi((url) =>
      url.pathname === '/api/v1/content/broken'
        ? { status: 500, body: { statusCode: 500, message: 'Internal server error.' } }
        : { status: 404, body: { statusCode: 404, message: 'Content does not exist.' } },
    );
    await expect(
      apiGet(apiUrl('getContent', { idOrAlias: 'broken' }, { q: 'pat@example.edu', limit: 7 }), ClientErrorReport),
    ).rejects.toThrow('Internal server error.');
    await expect(apiGet('/api/v1/content/missing', ClientErrorReport)).rejects.toThrow('Content does not exist.');
    await expect.poll(() => sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      kind: 'api',
      message: 'Internal server error.',
      api: { method: 'GET', path: '/api/v1/content/broken', status: 500 },
    });
  });

  it('sends identical errors once within the de-duplication time, then with their count', async () => {
    let now = 0;
    const sent: ClientErrorReport[] = [];
    const reporter = createErrorReporter({
      send: async (report) => {
        sent.push(report);
      },
      location: () => 'https://portal.example/',
      now: () => now,
    });
    for (let i = 0; i < 100; i += 1) reporter.reportException('error', new Error('same'));
    expect(sent).toHaveLength(1);
    now = 61_000;
    reporter.reportException('error', new Error('same'));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.repeats).toBe(99);
  });

  it('sends at most ten reports a minute and fifty a page, whatever the errors (no storm)', () => {
    let now = 0;
    const sent: ClientErrorReport[] = [];
    const reporter = createErrorReporter({
      send: async (report) => {
        sent.push(report);
      },
      location: () => 'https://portal.example/',
      now: () => now,
    });
    for (let i = 0; i < 1000; i += 1) reporter.reportException('error', new Error(`different ${i}`));
    expect(sent).toHaveLength(10);
    for (let minute = 1; minute <= 20; minute += 1) {
      now = minute * 60_000;
      for (let i = 0; i < 100; i += 1) reporter.reportException('error', new Error(`minute ${minute} error ${i}`));
    }
    expect(sent).toHaveLength(50);
  });

  it('swallows its own failures and never reports them', async () => {
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const reporter = createErrorReporter({ send, location: () => '/' });
    reporter.reportException('error', new Error('first'));
    await expect.poll(() => send.mock.calls.length).toBe(1);
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
