import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvironmentError, env, resetEnvForTests } from './env.ts';

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
