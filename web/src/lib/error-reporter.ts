import {
  CLIENT_ERROR_LIMITS,
  type ClientErrorApiCall,
  type ClientErrorKind,
  type ClientErrorReport,
  scrubClientErrorReport,
} from '#shared/contracts/client-error';

/**
 * The SPA's error reporting (spec §8 "All errors also go to an error-reporting
 * service"; issue 21 item 24; decision record 037): uncaught errors (window `error`,
 * `unhandledrejection`, the route error boundary) and failed API calls (5xx, no
 * response) go to `POST /api/v1/client-errors`, scrubbed first
 * (`scrubClientErrorReport`: no query strings, tokens or e-mail addresses), without
 * an Authorization header. The reporter never storms: an identical report within
 * {@link REPORTER_DEFAULTS.dedupeMs} is only counted (its count rides on the next one
 * sent, `repeats`), at most `maxPerMinute` go out a minute and `maxPerPage` per page
 * load, and its own failures are swallowed (never reported again).
 */

/** The reporter's defaults: milliseconds and counts. */
export const REPORTER_DEFAULTS = {
  /** An identical report within this time is counted, not sent. */
  dedupeMs: 60_000,
  /** Reports sent per rolling minute. */
  maxPerMinute: 10,
  /** Reports sent per page load. */
  maxPerPage: 50,
} as const;

/** Sends one scrubbed report; the default POSTs it as JSON with `keepalive`. */
export type ReportSender = (report: ClientErrorReport) => Promise<void>;

export interface ErrorReporterOptions {
  send: ReportSender;
  /** The page's address (read at each report). */
  location?: () => string;
  release?: string;
  now?: () => number;
  dedupeMs?: number;
  maxPerMinute?: number;
  maxPerPage?: number;
}

export interface ErrorReporter {
  /** Reports an uncaught error or rejection, or one caught by the error boundary. */
  reportException(kind: Exclude<ClientErrorKind, 'api'>, error: unknown): void;
  /** Reports a failed API call: `status` 0 when no response arrived. */
  reportApiFailure(call: ClientErrorApiCall, message: string): void;
}

function describe(error: unknown): { name?: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return { name: error.name, message: error.message || error.name, ...(error.stack ? { stack: error.stack } : {}) };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** The report's size as sent (UTF-8 bytes of its JSON). */
function bytesOf(report: ClientErrorReport): number {
  return new TextEncoder().encode(JSON.stringify(report)).byteLength;
}

/** Builds a reporter (see the module's comment); tests pass their own `send` and clock. */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const now = options.now ?? Date.now;
  const dedupeMs = options.dedupeMs ?? REPORTER_DEFAULTS.dedupeMs;
  const maxPerMinute = options.maxPerMinute ?? REPORTER_DEFAULTS.maxPerMinute;
  const maxPerPage = options.maxPerPage ?? REPORTER_DEFAULTS.maxPerPage;
  const location = options.location ?? (() => window.location.href);
  /** Per report key: when it was last sent and how many identical ones were held back since. */
  const seen = new Map<string, { sentAt: number; held: number }>();
  let sentTimes: number[] = [];
  let sentTotal = 0;

  function submit(raw: ClientErrorReport): void {
    const report = scrubClientErrorReport(raw);
    const key = JSON.stringify([report.kind, report.name, report.message, report.api]);
    const at = now();
    const previous = seen.get(key);
    if (previous && at - previous.sentAt < dedupeMs) {
      previous.held += 1;
      return;
    }
    sentTimes = sentTimes.filter((time) => at - time < 60_000);
    if (sentTimes.length >= maxPerMinute || sentTotal >= maxPerPage) {
      if (previous) previous.held += 1;
      return;
    }
    sentTimes.push(at);
    sentTotal += 1;
    seen.set(key, { sentAt: at, held: 0 });
    let outgoing: ClientErrorReport = previous?.held ? { ...report, repeats: previous.held } : report;
    if (bytesOf(outgoing) > CLIENT_ERROR_LIMITS.bodyMaxBytes) {
      const { stack: _stack, ...rest } = outgoing;
      outgoing = rest;
    }
    options.send(outgoing).catch(() => {
      // Reporting must never fail the page, nor report itself.
    });
  }

  return {
    reportException(kind, error) {
      const described = describe(error);
      submit({ kind, ...described, url: location(), ...(options.release ? { release: options.release } : {}) });
    },
    reportApiFailure(call, message) {
      submit({
        kind: 'api',
        message: message || `Request failed with status ${call.status}.`,
        url: location(),
        api: call,
        ...(options.release ? { release: options.release } : {}),
      });
    },
  };
}

/** The default sender: `POST <endpoint>` with the report as JSON, no credentials, `keepalive`. */
export function postReportTo(endpoint: string): ReportSender {
  return async (report) => {
    await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      credentials: 'omit',
      keepalive: true,
    });
  };
}

let active: ErrorReporter | null = null;

/** The reporter installed by {@link installErrorReporting}, or null (tests, before start). */
export function activeErrorReporter(): ErrorReporter | null {
  return active;
}

/**
 * Installs `reporter` as the page's reporter and listens to the window's `error`
 * and `unhandledrejection` events.
 * @returns a function that removes the listeners and the reporter.
 */
export function installErrorReporting(reporter: ErrorReporter, target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reporter.reportException('error', event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reporter.reportException('unhandledrejection', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  active = reporter;
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    if (active === reporter) active = null;
  };
}
