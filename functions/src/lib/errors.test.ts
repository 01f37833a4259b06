import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  renderError,
  TokenError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from './errors.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('renderError', () => {
  it.each([
    [new NotFoundError('Content does not exist.'), 404],
    [new UnauthorizedError('Sign in.'), 401],
    [new ForbiddenError('Forbidden'), 403],
    [new ConflictError('URL alias is already in use.'), 409],
  ])('answers %s with its status and message', (error, status) => {
    const result = renderError(error, 'r1');
    expect(result.statusCode).toBe(status);
    expect(JSON.parse(String(result.body))).toEqual({ statusCode: status, message: error.message });
    expect(result.headers?.['content-type']).toBe('application/json; charset=utf-8');
  });

  it('asks for a bearer token on every 401 (RFC 6750), and names an invalid one', () => {
    expect(renderError(new UnauthorizedError('Sign in to continue.'), 'r1').headers?.['www-authenticate']).toBe(
      'Bearer',
    );
    const invalid = renderError(new TokenError(false, { cause: new Error('signature mismatch for kid abc') }), 'r1');
    expect(invalid.headers?.['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(JSON.parse(String(invalid.body))).toEqual({ statusCode: 401, message: 'Invalid token.' });
    expect(invalid.body).not.toContain('kid');
    expect(JSON.parse(String(renderError(new TokenError(true), 'r1').body)).message).toBe('jwt expired');
    expect(renderError(new ForbiddenError('Forbidden'), 'r1').headers).not.toHaveProperty('www-authenticate');
  });

  it('lists field errors on a 400', () => {
    const result = renderError(new ValidationError([{ path: 'query.limit', message: 'Must be at most 300.' }]), 'r1');
    expect(JSON.parse(String(result.body))).toEqual({
      statusCode: 400,
      message: 'Invalid request.',
      errors: [{ path: 'query.limit', message: 'Must be at most 300.' }],
    });
  });

  it('answers a 429 with Retry-After in whole seconds, at least 1', () => {
    const result = renderError(new TooManyRequestsError('Too many requests.', 41.2), 'r1');
    expect(result.statusCode).toBe(429);
    expect(result.headers?.['retry-after']).toBe('42');
    expect(JSON.parse(String(result.body))).toEqual({ statusCode: 429, message: 'Too many requests.' });
    expect(renderError(new TooManyRequestsError('Again.', 0), 'r1').headers?.['retry-after']).toBe('1');
  });

  it('answers any other error with a bare 500 and logs it as one JSON line with the request id', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = renderError(new Error('connect ECONNREFUSED 10.0.0.1:8000'), 'req-42');
    expect(result.statusCode).toBe(500);
    expect(result.body).toBe('{"statusCode":500,"message":"Internal server error."}');
    expect(log).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(log.mock.calls[0]?.[0]));
    expect(line).toMatchObject({
      requestId: 'req-42',
      error: { name: 'Error', message: 'connect ECONNREFUSED 10.0.0.1:8000' },
    });
  });

  it('keeps domain errors named and their cause', () => {
    const cause = new Error('ConditionalCheckFailed');
    const error = new ConflictError('Content already exists.', { cause });
    expect(error.name).toBe('ConflictError');
    expect(error.cause).toBe(cause);
    expect(error.expose).toBe(true);
  });
});
