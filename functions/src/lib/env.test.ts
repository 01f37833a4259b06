import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { EnvironmentError, env, InvalidEnvironmentError, logLevel, readVariable, resetEnvForTests } from './env.ts';

const NAMES = ['TABLE_NAME', 'PRIVATE_BUCKET', 'PUBLIC_BUCKET'] as const;
let saved: Record<string, string | undefined>;

beforeEach(() => {
  saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  resetEnvForTests();
});

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvForTests();
});

describe('env', () => {
  it('names every missing variable in one error', () => {
    for (const name of NAMES) delete process.env[name];
    process.env.PRIVATE_BUCKET = 'private';
    expect(() => env()).toThrow(EnvironmentError);
    expect(() => env()).toThrow('Missing environment variables: TABLE_NAME, PUBLIC_BUCKET.');
  });

  it('treats an empty variable as missing', () => {
    Object.assign(process.env, { TABLE_NAME: '', PRIVATE_BUCKET: 'p', PUBLIC_BUCKET: 'q' });
    expect(() => env()).toThrow('Missing environment variables: TABLE_NAME.');
  });

  it('reads the variables once and keeps them', () => {
    Object.assign(process.env, { TABLE_NAME: 'portal', PRIVATE_BUCKET: 'private', PUBLIC_BUCKET: 'public' });
    expect(env()).toEqual({ tableName: 'portal', privateBucket: 'private', publicBucket: 'public' });
    process.env.TABLE_NAME = 'changed';
    expect(env().tableName).toBe('portal');
  });
});

describe('readVariable and logLevel (issue 23 item 6)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('parses a variable once and again only when its raw value changes', () => {
    let parses = 0;
    const schema = z
      .string()
      .optional()
      .transform((value) => {
        parses += 1;
        return value ?? 'absent';
      });
    vi.stubEnv('PORTAL_TEST_VARIABLE', 'one');
    expect(readVariable('PORTAL_TEST_VARIABLE', schema)).toBe('one');
    expect(readVariable('PORTAL_TEST_VARIABLE', schema)).toBe('one');
    expect(parses).toBe(1);
    vi.stubEnv('PORTAL_TEST_VARIABLE', 'two');
    expect(readVariable('PORTAL_TEST_VARIABLE', schema)).toBe('two');
    expect(parses).toBe(2);
  });

  it('names the variable when its value is refused', () => {
    vi.stubEnv('LOG_LEVEL', 'chatty');
    expect(() => logLevel()).toThrow(InvalidEnvironmentError);
    expect(() => logLevel()).toThrow(/^Environment variable LOG_LEVEL is invalid/);
  });

  it('reads the log level in any case, INFO when absent or empty', () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    expect(logLevel()).toBe('DEBUG');
    vi.stubEnv('LOG_LEVEL', '');
    expect(logLevel()).toBe('INFO');
  });
});
