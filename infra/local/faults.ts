import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Fault injection on the embedded emulators (issue 28 item 2, decision record 083).
 * One {@link FaultInjector} per service sits in front of the service's HTTP request
 * listener ({@link FaultInjector.wrap}), so the handlers' real SDK clients meet real
 * failures on the wire:
 *
 * | kind | what the client sees |
 * |---|---|
 * | `throttle` | DynamoDB 400 `ThrottlingException` / `ProvisionedThroughputExceededException`; S3 503 `SlowDown`; Step Functions 400 `ThrottlingException`; SES 400 `Throttling` (v2: 429 `TooManyRequestsException`) |
 * | `error` | 500 `InternalServerError` (S3 `InternalError`, SES `InternalFailure`) |
 * | `timeout` | no answer: the request is held open until the client gives up or the server closes |
 * | `drop` | the connection is destroyed after part of the request body was read (a dropped connection mid-upload); the service never acts |
 * | `lost` | the service acts, then the connection is destroyed instead of the answer (the answer of an applied write is lost) |
 *
 * The switch is off by default; off, the wrapper costs one property read per request.
 * Choices are deterministic for a seed: each service draws from its own PRNG
 * (mulberry32 seeded from the seed and the service name), one draw per eligible
 * request for "inject?" and one for the kind, so a service's sequence of faults
 * depends only on the order of its own requests.
 */

export const FAULT_KINDS = ['throttle', 'error', 'timeout', 'drop', 'lost'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FAULT_SERVICES = ['dynamodb', 's3', 'sfn', 'ses'] as const;
export type FaultService = (typeof FAULT_SERVICES)[number];

/** The kinds `FAULTS` injects when it names none: the four of issue 28 item 2 (`lost` is opt-in). */
export const DEFAULT_FAULT_KINDS: readonly FaultKind[] = ['throttle', 'error', 'timeout', 'drop'];

/** What to inject, where and how often (the parsed `FAULTS` setting). */
export interface FaultSettings {
  /** Share of eligible requests that fail, 0–1. */
  readonly rate: number;
  /** Kinds to choose from, uniformly. */
  readonly kinds: readonly FaultKind[];
  /** Services that fail; the others are untouched. */
  readonly services: readonly FaultService[];
  /** PRNG seed (a 32-bit unsigned integer). */
  readonly seed: number;
  /** At most this many faults per service, then none (unbounded when absent). */
  readonly limit?: number;
  /** Only requests of these operations are eligible (names of {@link operationOf}); all when absent. */
  readonly operations?: readonly string[];
}

/** Faults injected so far, per service and kind. */
export type FaultCounters = Record<FaultService, Record<FaultKind, number>>;

/** A bad `FAULTS` value; its message is one line naming the problem. */
export class FaultSettingsError extends Error {
  override name = 'FaultSettingsError';
}

/** The environment variable of the switch. */
export const FAULTS_ENV = 'FAULTS';

/**
 * Parses `FAULTS`: comma-separated `key=value` pairs,
 * `rate=<0..1>[,kinds=<k>+<k>…][,services=<s>+<s>…][,seed=<n>][,limit=<n>][,ops=<Op>+<Op>…]`,
 * e.g. `rate=0.05,kinds=throttle+error+timeout+drop,services=dynamodb+s3+sfn+ses,seed=42`.
 * `rate` is required; kinds default to {@link DEFAULT_FAULT_KINDS}, services to all,
 * seed to 1. Empty, `off` or `0`: null (no faults).
 * @throws FaultSettingsError naming the first bad part.
 */
export function parseFaults(text: string | undefined): FaultSettings | null {
  const value = (text ?? '').trim();
  if (value === '' || value === 'off' || value === '0') return null;
  const bad = (why: string) => new FaultSettingsError(`${FAULTS_ENV} ${why} (e.g. rate=0.05,seed=42), not "${value}"`);
  const fields = new Map<string, string>();
  for (const part of value.split(',')) {
    const match = /^\s*([a-z]+)\s*=\s*(\S+)\s*$/.exec(part);
    if (!match) throw bad(`must be key=value pairs separated by commas`);
    const [, key, raw] = match as unknown as [string, string, string];
    if (!['rate', 'kinds', 'services', 'seed', 'limit', 'ops'].includes(key))
      throw bad(`has an unknown key "${key}" (rate, kinds, services, seed, limit, ops)`);
    if (fields.has(key)) throw bad(`names "${key}" twice`);
    fields.set(key, raw);
  }
  const rateText = fields.get('rate');
  if (rateText === undefined) throw bad('needs rate=<share of calls, 0 to 1>');
  const rate = Number(rateText);
  if (!/^\d*\.?\d+$/.test(rateText) || !(rate >= 0 && rate <= 1)) throw bad('rate must be a number from 0 to 1');
  const list = <T extends string>(key: string, allowed: readonly T[], fallback: readonly T[]): T[] => {
    const raw = fields.get(key);
    if (raw === undefined) return [...fallback];
    const items = raw.split('+');
    for (const item of items) {
      if (!allowed.includes(item as T)) throw bad(`${key} must be one or more of ${allowed.join('+')}`);
    }
    return [...new Set(items as T[])];
  };
  const whole = (key: string, max: number): number | undefined => {
    const raw = fields.get(key);
    if (raw === undefined) return undefined;
    if (!/^\d{1,10}$/.test(raw) || Number(raw) > max) throw bad(`${key} must be a whole number up to ${max}`);
    return Number(raw);
  };
  const opsText = fields.get('ops');
  if (opsText !== undefined && !/^[A-Za-z]+(\+[A-Za-z]+)*$/.test(opsText))
    throw bad('ops must be operation names joined by + (e.g. PutObject+TransactWriteItems)');
  const limit = whole('limit', 2 ** 31);
  return {
    rate,
    kinds: list('kinds', FAULT_KINDS, DEFAULT_FAULT_KINDS),
    services: list('services', FAULT_SERVICES, FAULT_SERVICES),
    seed: whole('seed', 2 ** 32 - 1) ?? 1,
    ...(limit === undefined ? {} : { limit }),
    ...(opsText === undefined ? {} : { operations: opsText.split('+') }),
  };
}

/** The one-line description of settings printed at start, e.g. `rate=0.05 kinds=throttle+error …`. */
export function describeFaults(settings: FaultSettings): string {
  return [
    `rate=${settings.rate}`,
    `kinds=${settings.kinds.join('+')}`,
    `services=${settings.services.join('+')}`,
    `seed=${settings.seed}`,
    ...(settings.limit === undefined ? [] : [`limit=${settings.limit}`]),
    ...(settings.operations ? [`ops=${settings.operations.join('+')}`] : []),
  ].join(' ');
}

/** mulberry32: a small, fast 32-bit PRNG; returns a function of [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The seed of one service's PRNG: the settings' seed mixed with the service's name (FNV-1a). */
function serviceSeed(seed: number, service: FaultService): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of service) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/** Zeroed counters for every service and kind. */
export function emptyFaultCounters(): FaultCounters {
  return Object.fromEntries(
    FAULT_SERVICES.map((service) => [service, Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0]))]),
  ) as FaultCounters;
}

/** An HTTP request listener (`http.createServer`'s callback). */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The operation a request asks for, as the SDK names it: DynamoDB and Step Functions
 * by `X-Amz-Target`; S3 by method, path and query (`PutObject`, `PostObject` for a
 * presigned POST, `UploadPart`, `CompleteMultipartUpload`, …); SES by path (v2
 * `SendEmail`) or `SendEmail`/`SendRawEmail` for any v1 POST to `/` (its action is in
 * the body, which is not read here). Null for a request that is not an API call (the
 * SES inbox page and `GET /store`), which never fails.
 */
export function operationOf(service: FaultService, req: IncomingMessage): string | null {
  const method = req.method ?? 'GET';
  if (service === 'dynamodb' || service === 'sfn') {
    const target = String(req.headers['x-amz-target'] ?? '');
    return target.includes('.') ? target.slice(target.indexOf('.') + 1) : null;
  }
  const url = new URL(req.url ?? '/', 'http://local');
  if (service === 'ses') {
    if (method !== 'POST') return null;
    if (url.pathname.startsWith('/v2/email/outbound-emails')) return 'SendEmail';
    return url.pathname === '/' ? 'SendEmail' : null;
  }
  const query = url.searchParams;
  const hasKey = url.pathname.split('/').filter(Boolean).length > 1;
  switch (method) {
    case 'PUT':
      if (query.has('partNumber')) return 'UploadPart';
      if (!hasKey) return query.has('cors') ? 'PutBucketCors' : 'CreateBucket';
      return req.headers['x-amz-copy-source'] ? 'CopyObject' : 'PutObject';
    case 'POST':
      if (query.has('uploads')) return 'CreateMultipartUpload';
      if (query.has('uploadId')) return 'CompleteMultipartUpload';
      if (query.has('delete')) return 'DeleteObjects';
      return 'PostObject';
    case 'DELETE':
      if (query.has('uploadId')) return 'AbortMultipartUpload';
      return hasKey ? 'DeleteObject' : 'DeleteBucket';
    case 'HEAD':
      return hasKey ? 'HeadObject' : 'HeadBucket';
    case 'GET':
      if (hasKey) return 'GetObject';
      if (query.has('uploads')) return 'ListMultipartUploads';
      return query.get('list-type') === '2' ? 'ListObjectsV2' : 'ListObjects';
    default:
      return method;
  }
}

/**
 * The fault switch of one service: configure it (or turn it off) at any time, wrap
 * the service's request listener with it once, read its counters.
 */
export class FaultInjector {
  private settings: FaultSettings | null = null;
  private random: () => number = Math.random;
  private injected = 0;
  private counts: Record<FaultKind, number> = emptyFaultCounters().dynamodb;
  /** Requests held by `timeout`: destroyed by {@link close}. */
  private readonly held = new Set<IncomingMessage>();

  constructor(readonly service: FaultService) {}

  /** Turns faults on with `settings` (the PRNG restarts from its seed), or off with null. Counters are kept. */
  configure(settings: FaultSettings | null): void {
    this.settings = settings?.services.includes(this.service) && settings.rate > 0 ? settings : null;
    this.random = seededRandom(serviceSeed(settings?.seed ?? 1, this.service));
    this.injected = 0;
  }

  /** True while faults are on for this service. */
  get active(): boolean {
    return this.settings !== null;
  }

  /** Faults injected so far, by kind. */
  counters(): Record<FaultKind, number> {
    return { ...this.counts };
  }

  /** Zeroes the counters. */
  resetCounters(): void {
    this.counts = emptyFaultCounters()[this.service];
  }

  /** Destroys every request held by `timeout` (a server about to close, faults turned off for good). */
  close(): void {
    for (const req of this.held) req.socket.destroy();
    this.held.clear();
  }

  /**
   * Draws the fault for one request: null to pass it on. Exposed for tests of the
   * sequence; {@link wrap} calls it once per request.
   */
  choose(req: IncomingMessage): FaultKind | null {
    const settings = this.settings;
    if (!settings) return null;
    if (settings.limit !== undefined && this.injected >= settings.limit) return null;
    const operation = operationOf(this.service, req);
    if (operation === null) return null;
    if (settings.operations && !settings.operations.includes(operation)) return null;
    if (this.random() >= settings.rate) return null;
    const kind = settings.kinds[Math.floor(this.random() * settings.kinds.length)] as FaultKind;
    this.injected += 1;
    this.counts[kind] += 1;
    return kind;
  }

  /** `listener` behind the switch: a request either fails as drawn or reaches it unchanged. */
  wrap(listener: RequestListener): RequestListener {
    return (req, res) => {
      if (this.settings === null) {
        listener(req, res);
        return;
      }
      const kind = this.choose(req);
      if (kind === null) listener(req, res);
      else this.inject(kind, req, res, listener);
    };
  }

  private inject(kind: FaultKind, req: IncomingMessage, res: ServerResponse, listener: RequestListener): void {
    switch (kind) {
      case 'throttle':
      case 'error':
        // The body is read first, so a keep-alive connection stays usable, as AWS's is.
        // DynamoDB's two throttles take turns (no extra draw: the sequence stays the same).
        req.resume();
        req.once('end', () => sendFault(this.service, kind, req, res, this.counts.throttle % 2 === 0));
        return;
      case 'timeout':
        this.held.add(req);
        req.socket.once('close', () => this.held.delete(req));
        return;
      case 'drop':
        dropMidRequest(req);
        return;
      case 'lost':
        loseAnswer(res);
        listener(req, res);
        return;
    }
  }
}

/**
 * Reads part of the request body (half of its `Content-Length`, at least the first
 * chunk), then destroys the connection; one without a body is destroyed at once.
 */
function dropMidRequest(req: IncomingMessage): void {
  const length = Number(req.headers['content-length'] ?? 0);
  const chunked = String(req.headers['transfer-encoding'] ?? '').includes('chunked');
  if (length === 0 && !chunked) {
    req.socket.destroy();
    return;
  }
  let read = 0;
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read >= length / 2) req.socket.destroy();
  });
  req.once('end', () => req.socket.destroy());
}

/** Makes the first byte of the answer destroy the connection instead. */
function loseAnswer(res: ServerResponse): void {
  const destroy = () => {
    res.socket?.destroy();
    return res;
  };
  res.writeHead = destroy as unknown as ServerResponse['writeHead'];
  res.flushHeaders = destroy as unknown as ServerResponse['flushHeaders'];
  res.write = (() => {
    destroy();
    return false;
  }) as unknown as ServerResponse['write'];
  res.end = destroy as unknown as ServerResponse['end'];
}

/** Answers a `throttle` or `error` in the service's own wire shape. `alternate` picks DynamoDB's second throttle. */
function sendFault(
  service: FaultService,
  kind: 'throttle' | 'error',
  req: IncomingMessage,
  res: ServerResponse,
  alternate: boolean,
): void {
  const requestId = randomUUID();
  const answer = faultAnswer(service, kind, req, alternate);
  res.writeHead(answer.status, {
    'content-type': answer.contentType,
    'content-length': Buffer.byteLength(answer.body),
    'x-amzn-requestid': requestId,
    'x-amz-request-id': requestId,
    ...(answer.errorType ? { 'x-amzn-errortype': answer.errorType } : {}),
  });
  res.end(answer.body);
}

/** The wire answer of a `throttle` or `error` fault: status, content type, body and (JSON protocols) error type. */
export function faultAnswer(
  service: FaultService,
  kind: 'throttle' | 'error',
  req: IncomingMessage,
  alternate = false,
): { status: number; contentType: string; body: string; errorType?: string } {
  const json = (status: number, type: string, message: string, contentType = 'application/x-amz-json-1.0') => ({
    status,
    contentType,
    body: JSON.stringify({ __type: type, message }),
    errorType: type,
  });
  switch (service) {
    case 'dynamodb': {
      const ns = 'com.amazonaws.dynamodb.v20120810#';
      if (kind === 'error') return json(500, `${ns}InternalServerError`, 'Internal server error (injected fault)');
      return alternate
        ? json(
            400,
            `${ns}ProvisionedThroughputExceededException`,
            'The level of configured provisioned throughput for the table was exceeded (injected fault)',
          )
        : json(400, `${ns}ThrottlingException`, 'Rate of requests exceeds the allowed throughput (injected fault)');
    }
    case 'sfn':
      return kind === 'throttle'
        ? json(400, 'ThrottlingException', 'Rate exceeded (injected fault)')
        : json(500, 'InternalServerError', 'Internal server error (injected fault)');
    case 's3': {
      const [status, code, message] =
        kind === 'throttle'
          ? [503, 'SlowDown', 'Please reduce your request rate. (injected fault)']
          : [500, 'InternalError', 'We encountered an internal error. Please try again. (injected fault)'];
      return {
        status,
        contentType: 'application/xml',
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>injected</RequestId></Error>`,
      };
    }
    case 'ses': {
      if ((req.url ?? '').startsWith('/v2/')) {
        return kind === 'throttle'
          ? json(429, 'TooManyRequestsException', 'Too many requests (injected fault)', 'application/json')
          : json(500, 'InternalServerError', 'Internal server error (injected fault)', 'application/json');
      }
      const [status, type, code, message] =
        kind === 'throttle'
          ? [400, 'Sender', 'Throttling', 'Maximum sending rate exceeded. (injected fault)']
          : [500, 'Receiver', 'InternalFailure', 'Internal failure (injected fault)'];
      return {
        status,
        contentType: 'text/xml',
        body: `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>${type}</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>injected</RequestId></ErrorResponse>`,
      };
    }
  }
}

/**
 * The switch of a whole local stack: one call turns faults on or off for every
 * embedded service, one reads every counter. What the soak (issue 28 item 3) and the
 * fault tests hold. DynamoDB's injector lives in its child process, so both calls are
 * asynchronous.
 */
export interface FaultSwitch {
  /** Faults on with `settings`, or off with null; resolves once every service applies it. */
  set(settings: FaultSettings | null): Promise<void>;
  /** Faults injected so far, per service and kind (services not embedded stay 0). */
  counters(): Promise<FaultCounters>;
  /** Zeroes every counter. */
  resetCounters(): Promise<void>;
}
