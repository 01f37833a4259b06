import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { countFromEnv, median, processTreeCpuSeconds } from '../bench/support.ts';

/** The benchmark's helpers whose mistakes would silently skew its figures (issue 22 "Benchmark"). */

describe('median', () => {
  it('takes the middle value, or the mean of the middle two, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow(/no values/);
  });
});

describe('countFromEnv', () => {
  afterEach(() => {
    delete process.env.BENCH_TEST_COUNT;
  });

  it('reads a whole number above 0, falls back when unset, and refuses anything else', () => {
    expect(countFromEnv('BENCH_TEST_COUNT', 5)).toBe(5);
    process.env.BENCH_TEST_COUNT = '3';
    expect(countFromEnv('BENCH_TEST_COUNT', 5)).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      process.env.BENCH_TEST_COUNT = bad;
      expect(() => countFromEnv('BENCH_TEST_COUNT', 5)).toThrow(/BENCH_TEST_COUNT/);
    }
  });
});

describe.runIf(process.platform === 'linux')('processTreeCpuSeconds', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    // The child leads its own process group: killing the group ends the grandchild too.
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  });

  it('counts the CPU time of a descendant, not only of the process itself', async () => {
    // The child only waits; its own child (the grandchild) spins until killed with it.
    child = spawn(
      process.execPath,
      [
        '-e',
        `require('node:child_process').spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
         setInterval(() => {}, 1000);`,
      ],
      { stdio: 'ignore', detached: true },
    );
    const pid = child.pid ?? 0;
    await expect.poll(() => processTreeCpuSeconds(pid), { interval: 100 }).toBeGreaterThan(0.5);
    expect(processTreeCpuSeconds(999_999_999)).toBe(0);
  });
});
