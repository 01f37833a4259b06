import { describe, expect, it } from 'vitest';
import {
  BundleError,
  describeCaughtError,
  GENERIC_BUNDLE_FAILURE,
  isTransient,
  reasonForPeople,
  TransientError,
  toTaskError,
} from './errors.ts';

describe('bundle task errors', () => {
  it('recognises throttling, server faults and network errors as transient', () => {
    expect(isTransient({ name: 'SlowDown', $fault: 'client' })).toBe(true);
    expect(isTransient({ name: 'Whatever', $fault: 'server' })).toBe(true);
    expect(isTransient({ name: 'Whatever', $retryable: { throttling: true } })).toBe(true);
    expect(isTransient({ name: 'X', $metadata: { httpStatusCode: 503 } })).toBe(true);
    expect(isTransient(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransient({ name: 'NoSuchKey', $fault: 'client', $metadata: { httpStatusCode: 404 } })).toBe(false);
    expect(isTransient(new BundleError('BundleEmpty', 'x'))).toBe(false);
    expect(isTransient(new Error('boom'))).toBe(false);
  });

  it('turns a transient fault into an error named TransientError and leaves others alone', () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $fault: 'client' });
    const task = toTaskError(throttled);
    expect(task).toBeInstanceOf(TransientError);
    expect(task.name).toBe('TransientError');
    expect(task.message).toBe('Rate exceeded');
    expect(task.cause).toBe(throttled);
    const empty = new BundleError('BundleEmpty', 'Lab has no files to download.');
    expect(toTaskError(empty)).toBe(empty);
    expect(toTaskError('text').message).toBe('text');
  });

  it('reads a Cause that is a Lambda error JSON (AWS) or a plain message (local)', () => {
    const aws = {
      Error: 'BundleFileMissing',
      Cause: JSON.stringify({
        errorType: 'BundleFileMissing',
        errorMessage: 'The file “Lab.pdf” of X could not be read.',
        trace: [],
      }),
    };
    expect(describeCaughtError(aws)).toEqual({
      name: 'BundleFileMissing',
      message: 'The file “Lab.pdf” of X could not be read.',
    });
    expect(describeCaughtError({ Error: 'BundleEmpty', Cause: 'X has no files to download.' })).toEqual({
      name: 'BundleEmpty',
      message: 'X has no files to download.',
    });
    expect(describeCaughtError({ Error: 'States.Timeout', Cause: '{not json' }).message).toBe('{not json');
  });

  it('gives people the message of their errors and a generic reason for everything else', () => {
    expect(reasonForPeople({ Error: 'BundleEmpty', Cause: 'X has no files to download.' })).toBe(
      'X has no files to download.',
    );
    expect(reasonForPeople({ Error: 'TransientError', Cause: 'Rate exceeded' })).toBe(GENERIC_BUNDLE_FAILURE);
    expect(reasonForPeople({ Error: 'Error', Cause: 'TypeError: x is undefined' })).toBe(GENERIC_BUNDLE_FAILURE);
    expect(reasonForPeople(undefined)).toBe(GENERIC_BUNDLE_FAILURE);
  });
});
