import { describe, expect, it } from 'vitest';
import {
  type AdmissionClock,
  type AdmissionSettings,
  AdmissionSettingsError,
  admissionSettingsFromEnv,
  createAdmissionControl,
  type Refusal,
  type Slot,
} from './admission.ts';

/** A clock moved by hand: `advance(ms)` runs the timers that fall due, in order. */
function manualClock(): AdmissionClock & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let timers: { at: number; callback: () => void }[] = [];
  return {
    now: () => now,
    setTimer(callback, ms) {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return () => {
        timers = timers.filter((candidate) => candidate !== timer);
      };
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.callback();
      }
      now = until;
    },
    pending: () => timers.length,
  };
}

const SETTINGS: AdmissionSettings = {
  rateLimit: 10,
  burstLimit: 3,
  concurrency: 1,
  queueLength: 2,
  maxQueueWaitMs: 1000,
};

/** Settles pending promise callbacks (no clock involved). */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

function track(promise: Promise<Slot | Refusal>): { result: Slot | Refusal | undefined } {
  const box: { result: Slot | Refusal | undefined } = { result: undefined };
  void promise.then((result) => {
    box.result = result;
  });
  return box;
}

describe('the stage token bucket', () => {
  it('lets a burst through, then answers 429 with the seconds until a token is back', () => {
    const clock = manualClock();
    const control = createAdmissionControl({ ...SETTINGS, rateLimit: 0.5 }, clock);
    expect([control.throttle(), control.throttle(), control.throttle()]).toEqual([null, null, null]);
    expect(control.throttle()).toEqual({
      admitted: false,
      statusCode: 429,
      message: 'Too Many Requests',
      retryAfterSeconds: 2, // one token at 0.5 per second
      reason: 'throttled',
    });
    clock.advance(1000); // half a token
    expect(control.throttle()).toMatchObject({ statusCode: 429, retryAfterSeconds: 1 });
    clock.advance(1000);
    expect(control.throttle()).toBeNull();
    expect(control.counts()).toMatchObject({ throttled: 2 });
  });

  it('refills at the rate and never above the burst', () => {
    const clock = manualClock();
    const control = createAdmissionControl(SETTINGS, clock);
    for (let i = 0; i < 3; i++) control.throttle();
    clock.advance(99);
    expect(control.throttle()).toMatchObject({ statusCode: 429, retryAfterSeconds: 1 });
    clock.advance(1);
    expect(control.throttle()).toBeNull();
    clock.advance(60_000); // a long pause fills the bucket to the burst only
    expect([control.throttle(), control.throttle(), control.throttle()]).toEqual([null, null, null]);
    expect(control.throttle()).toMatchObject({ statusCode: 429 });
  });
});

describe('a client group’s concurrency and queue', () => {
  it('runs up to the concurrency at once and queues the next ones in order', async () => {
    const clock = manualClock();
    const control = createAdmissionControl(SETTINGS, clock);
    const first = (await control.acquire('content')) as Slot;
    expect(first.admitted).toBe(true);
    const second = track(control.acquire('content'));
    const third = track(control.acquire('content'));
    await settled();
    expect([second.result, third.result]).toEqual([undefined, undefined]);
    first.release();
    await settled();
    expect(second.result).toMatchObject({ admitted: true });
    expect(third.result).toBeUndefined();
    first.release(); // a second release gives nothing back twice
    await settled();
    expect(third.result).toBeUndefined();
    (second.result as Slot).release();
    await settled();
    expect(third.result).toMatchObject({ admitted: true });
  });

  it('keeps the groups apart, as one Lambda per client group', async () => {
    const control = createAdmissionControl(SETTINGS, manualClock());
    await control.acquire('content');
    expect(await control.acquire('search')).toMatchObject({ admitted: true });
  });

  it('answers 503 at once when the queue is full, Retry-After from the drain estimate', async () => {
    const clock = manualClock();
    const control = createAdmissionControl({ ...SETTINGS, queueLength: 2 }, clock);
    // One request measured at 1.5 s sets the group's service time (0.2 × 1400 + 100 = 380 ms).
    const measured = (await control.acquire('content')) as Slot;
    clock.advance(1500);
    measured.release();
    await control.acquire('content');
    track(control.acquire('content'));
    track(control.acquire('content'));
    const refused = await control.acquire('content');
    expect(refused).toEqual({
      admitted: false,
      statusCode: 503,
      message: 'Service Unavailable',
      retryAfterSeconds: 2, // 3 ahead × 380 ms = 1.14 s → 2
      reason: 'queue-full',
    });
    expect(control.counts()).toMatchObject({ admitted: 2, queueFull: 1 });
  });

  it('sheds a request that waited longer than the bound with 503 rather than run it late', async () => {
    const clock = manualClock();
    const control = createAdmissionControl(SETTINGS, clock);
    const running = (await control.acquire('content')) as Slot;
    const waiting = track(control.acquire('content'));
    clock.advance(999);
    await settled();
    expect(waiting.result).toBeUndefined();
    clock.advance(1);
    await settled();
    expect(waiting.result).toEqual({
      admitted: false,
      statusCode: 503,
      message: 'Service Unavailable',
      retryAfterSeconds: 1,
      reason: 'queue-wait',
    });
    // The shed request is gone from the queue: the slot given back goes to nobody.
    running.release();
    expect(control.counts()).toMatchObject({ admitted: 1, queueWait: 1 });
    expect(clock.pending()).toBe(0);
  });

  it('with no queue, refuses at once whatever is running', async () => {
    const control = createAdmissionControl({ ...SETTINGS, queueLength: 0 }, manualClock());
    await control.acquire('content');
    expect(await control.acquire('content')).toMatchObject({ statusCode: 503, reason: 'queue-full' });
  });

  it('recovers by itself: after the load stops the next request is admitted at once', async () => {
    const clock = manualClock();
    const control = createAdmissionControl(SETTINGS, clock);
    const slots: Slot[] = [];
    const outcomes: (Slot | Refusal)[] = [];
    for (let i = 0; i < 12; i++) {
      const throttled = control.throttle();
      if (throttled) outcomes.push(throttled);
      else void control.acquire('content').then((result) => outcomes.push(result));
    }
    await settled();
    slots.push(...outcomes.filter((outcome): outcome is Slot => outcome.admitted));
    expect(outcomes.map((outcome) => (outcome.admitted ? 200 : outcome.statusCode)).sort()).toEqual([
      200, 429, 429, 429, 429, 429, 429, 429, 429, 429,
    ]);
    clock.advance(1000); // the two queued ones are shed
    await settled();
    expect(outcomes.filter((outcome) => !outcome.admitted && outcome.statusCode === 503)).toHaveLength(2);
    for (const slot of slots) slot.release();
    // The load has stopped: the bucket refills and the group is free.
    clock.advance(1000);
    expect(control.throttle()).toBeNull();
    expect(await control.acquire('content')).toMatchObject({ admitted: true });
  });

  it('refuses settings that cannot work', () => {
    expect(() => createAdmissionControl({ ...SETTINGS, concurrency: 0 })).toThrow(RangeError);
    expect(() => createAdmissionControl({ ...SETTINGS, rateLimit: Number.NaN })).toThrow(RangeError);
  });
});

describe('admissionSettingsFromEnv', () => {
  it('takes the defaults, each variable, and API_ADMISSION=off', () => {
    expect(admissionSettingsFromEnv({})).toEqual({
      rateLimit: 300,
      burstLimit: 600,
      concurrency: 8,
      queueLength: 16,
      maxQueueWaitMs: 1000,
    });
    expect(
      admissionSettingsFromEnv({
        API_THROTTLE_RATE: '5',
        API_THROTTLE_BURST: '6',
        API_GROUP_CONCURRENCY: '1',
        API_GROUP_QUEUE: '0',
        API_QUEUE_WAIT_MS: '250',
      }),
    ).toEqual({ rateLimit: 5, burstLimit: 6, concurrency: 1, queueLength: 0, maxQueueWaitMs: 250 });
    expect(admissionSettingsFromEnv({ API_ADMISSION: 'off' })).toBeNull();
  });

  it('names every bad variable in one error', () => {
    expect(() => admissionSettingsFromEnv({ API_ADMISSION: 'maybe', API_GROUP_CONCURRENCY: '0' })).toThrow(
      new AdmissionSettingsError(
        'API_ADMISSION must be on or off, not "maybe"; API_GROUP_CONCURRENCY must be a whole number ≥ 1, not "0"',
      ),
    );
  });
});
