/**
 * Admission control of the local gateway (issue 28 item 4, decision record 085): the
 * two limits that keep an AWS deployment answering under overload, mirrored in front
 * of the in-process handlers.
 *
 * - A stage-wide **token bucket** (`rateLimit` requests/s, `burstLimit` tokens), as an
 *   HTTP API stage's default route throttling: a request that finds the bucket empty
 *   is answered at once with 429 `{"message":"Too Many Requests"}`.
 * - Per client group, a **concurrency limit** (a Lambda's reserved concurrency) with a
 *   short bounded **queue**: a request that finds the queue full, or that waited in it
 *   longer than `maxQueueWaitMs`, is answered with 503 `{"message":"Service
 *   Unavailable"}` rather than run late.
 *
 * Every refusal carries `Retry-After` in whole seconds (≥ 1): for a 429 the time the
 * bucket needs to hold a token again, for a 503 the time the group's queue needs to
 * drain at its measured service time. Nothing is remembered about a refused request,
 * so once the load stops the next request is admitted (recovery needs no action).
 */

/** The limits, as `API_*` variables set them ({@link admissionSettingsFromEnv}). */
export interface AdmissionSettings {
  /** Steady stage-wide rate, requests per second (API Gateway `ThrottlingRateLimit`). */
  readonly rateLimit: number;
  /** Bucket size, requests (API Gateway `ThrottlingBurstLimit`). */
  readonly burstLimit: number;
  /** Requests one client group runs at once (its Lambda's reserved concurrency). */
  readonly concurrency: number;
  /** Requests of one client group that may wait for a slot; one more is a 503. */
  readonly queueLength: number;
  /** The longest a request waits in its group's queue, ms; then it is a 503. */
  readonly maxQueueWaitMs: number;
}

/** Why a request was refused. */
export type RefusalReason = 'throttled' | 'queue-full' | 'queue-wait';

/** A refused request: the status, the body's message and `Retry-After` (whole seconds, ≥ 1). */
export interface Refusal {
  readonly admitted: false;
  readonly statusCode: 429 | 503;
  readonly message: 'Too Many Requests' | 'Service Unavailable';
  readonly retryAfterSeconds: number;
  readonly reason: RefusalReason;
}

/** A request holding a slot of its group; `release()` (idempotent) gives it back when the handler is done. */
export interface Slot {
  readonly admitted: true;
  release(): void;
}

/** Counts since the start, for the bench and the soak. */
export interface AdmissionCounts {
  admitted: number;
  throttled: number;
  queueFull: number;
  queueWait: number;
}

/** Time as the admission control sees it: injected in tests, so nothing sleeps on the clock. */
export interface AdmissionClock {
  /** Milliseconds (any origin, monotonic). */
  now(): number;
  /** Calls `callback` after `ms`; returns a function that cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
}

export interface AdmissionControl {
  readonly settings: AdmissionSettings;
  /** Takes a token from the stage-wide bucket: null when there was one, else the 429. */
  throttle(): Refusal | null;
  /**
   * A slot of `group`'s concurrency: at once when one is free, after a wait in the
   * group's queue otherwise; a 503 {@link Refusal} when the queue is full or the wait
   * passes `maxQueueWaitMs`. Never rejects.
   */
  acquire(group: string): Promise<Slot | Refusal>;
  counts(): AdmissionCounts;
}

/** Service time assumed for a group before one of its requests has finished, ms. */
const INITIAL_SERVICE_MS = 100;
/** Weight of the newest request in a group's service-time average. */
const SERVICE_SMOOTHING = 0.2;

const realClock: AdmissionClock = {
  now: () => performance.now(),
  setTimer: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

interface Waiter {
  readonly resolve: (result: Slot | Refusal) => void;
  readonly cancel: () => void;
}

interface GroupState {
  running: number;
  readonly queue: Waiter[];
  /** Moving average of the time a request holds a slot, ms. */
  serviceMs: number;
}

/** Whole seconds, at least 1. */
function retryAfter(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * The admission control of {@link AdmissionSettings} (see the module comment).
 * @throws RangeError when a setting is not a positive number (`queueLength` and
 *   `maxQueueWaitMs` may be 0: no queue).
 */
export function createAdmissionControl(
  settings: AdmissionSettings,
  clock: AdmissionClock = realClock,
): AdmissionControl {
  for (const [name, value] of Object.entries(settings)) {
    const min = name === 'queueLength' || name === 'maxQueueWaitMs' ? 0 : Number.MIN_VALUE;
    if (!Number.isFinite(value) || value < min) throw new RangeError(`${name} must be a number ≥ ${min}, not ${value}`);
  }
  const counts: AdmissionCounts = { admitted: 0, throttled: 0, queueFull: 0, queueWait: 0 };
  let tokens = settings.burstLimit;
  let refilledAt = clock.now();
  const groups = new Map<string, GroupState>();

  const groupOf = (group: string): GroupState => {
    let state = groups.get(group);
    if (!state) {
      state = { running: 0, queue: [], serviceMs: INITIAL_SERVICE_MS };
      groups.set(group, state);
    }
    return state;
  };

  /** Time until `position` requests ahead have left the group's slots, at its service time. */
  const drainMs = (state: GroupState, position: number) => (position * state.serviceMs) / settings.concurrency;

  const shed = (reason: RefusalReason, ms: number): Refusal => {
    if (reason === 'queue-full') counts.queueFull++;
    else counts.queueWait++;
    return {
      admitted: false,
      statusCode: 503,
      message: 'Service Unavailable',
      retryAfterSeconds: retryAfter(ms),
      reason,
    };
  };

  const slotOf = (state: GroupState): Slot => {
    state.running++;
    counts.admitted++;
    const startedAt = clock.now();
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        state.running--;
        const took = clock.now() - startedAt;
        state.serviceMs += SERVICE_SMOOTHING * (took - state.serviceMs);
        const next = state.queue.shift();
        if (next) {
          next.cancel();
          next.resolve(slotOf(state));
        }
      },
    };
  };

  return {
    settings,
    throttle() {
      const now = clock.now();
      tokens = Math.min(settings.burstLimit, tokens + ((now - refilledAt) * settings.rateLimit) / 1000);
      refilledAt = now;
      if (tokens >= 1) {
        tokens -= 1;
        return null;
      }
      counts.throttled++;
      return {
        admitted: false,
        statusCode: 429,
        message: 'Too Many Requests',
        retryAfterSeconds: retryAfter(((1 - tokens) * 1000) / settings.rateLimit),
        reason: 'throttled',
      };
    },
    acquire(group) {
      const state = groupOf(group);
      if (state.running < settings.concurrency) return Promise.resolve(slotOf(state));
      if (state.queue.length >= settings.queueLength) {
        return Promise.resolve(shed('queue-full', drainMs(state, state.queue.length + 1)));
      }
      return new Promise((resolve) => {
        const waiter: Waiter = {
          resolve,
          cancel: clock.setTimer(() => {
            const index = state.queue.indexOf(waiter);
            if (index !== -1) state.queue.splice(index, 1);
            resolve(shed('queue-wait', drainMs(state, state.queue.length + 1)));
          }, settings.maxQueueWaitMs),
        };
        state.queue.push(waiter);
      });
    },
    counts: () => ({ ...counts }),
  };
}

/** The variables of {@link admissionSettingsFromEnv}, with their defaults (docs/local-stack.md "Settings"). */
export const ADMISSION_ENV = {
  /** `on` (default) or `off`: no admission control at all. */
  switch: { name: 'API_ADMISSION', default: 'on' },
  rateLimit: { name: 'API_THROTTLE_RATE', default: 300 },
  burstLimit: { name: 'API_THROTTLE_BURST', default: 600 },
  concurrency: { name: 'API_GROUP_CONCURRENCY', default: 8 },
  queueLength: { name: 'API_GROUP_QUEUE', default: 16 },
  maxQueueWaitMs: { name: 'API_QUEUE_WAIT_MS', default: 1000 },
} as const;

/** A variable of {@link ADMISSION_ENV} that is not a valid value; the message names it and what it must be. */
export class AdmissionSettingsError extends Error {
  override name = 'AdmissionSettingsError';
}

/**
 * The admission settings of `npm start` from its environment ({@link ADMISSION_ENV}):
 * null when `API_ADMISSION=off`, else each limit from its variable or its default.
 * @throws AdmissionSettingsError naming every variable that is not a whole number
 *   (≥ 1; the queue and its wait may be 0), or an `API_ADMISSION` other than on/off.
 */
export function admissionSettingsFromEnv(env: Record<string, string | undefined>): AdmissionSettings | null {
  const problems: string[] = [];
  const switchValue = (env[ADMISSION_ENV.switch.name] ?? '').trim() || ADMISSION_ENV.switch.default;
  if (switchValue !== 'on' && switchValue !== 'off') {
    problems.push(`${ADMISSION_ENV.switch.name} must be on or off, not "${switchValue}"`);
  }
  const read = (key: Exclude<keyof typeof ADMISSION_ENV, 'switch'>): number => {
    const { name, default: fallback } = ADMISSION_ENV[key];
    const text = (env[name] ?? '').trim();
    if (text === '') return fallback;
    const min = key === 'queueLength' || key === 'maxQueueWaitMs' ? 0 : 1;
    if (!/^\d{1,7}$/.test(text) || Number(text) < min) {
      problems.push(`${name} must be a whole number ≥ ${min}, not "${text}"`);
      return fallback;
    }
    return Number(text);
  };
  const settings: AdmissionSettings = {
    rateLimit: read('rateLimit'),
    burstLimit: read('burstLimit'),
    concurrency: read('concurrency'),
    queueLength: read('queueLength'),
    maxQueueWaitMs: read('maxQueueWaitMs'),
  };
  if (problems.length > 0) throw new AdmissionSettingsError(problems.join('; '));
  return switchValue === 'off' ? null : settings;
}
