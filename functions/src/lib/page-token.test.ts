import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.ts';
import { decodePageToken, encodePageToken, type PageTokenExpectation, pageKeyOf } from './page-token.ts';

const expectation: PageTokenExpectation = {
  keyAttributes: ['pk', 'sk', 'gsi3pk', 'gsi3sk'],
  partitionKey: 'gsi3pk',
  partitions: ['STATUS#published'],
};
const key = { pk: 'CONTENT#a', sk: 'CONTENT', gsi3pk: 'STATUS#published', gsi3sk: '2026-11-21T10:00:00.000Z#a' };
const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function rejection(token: string): unknown {
  try {
    decodePageToken(token, expectation);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('page tokens', () => {
  it('decodes the key it encoded', () => {
    expect(decodePageToken(encodePageToken(key), expectation)).toEqual(key);
  });

  it('means the first page when there is no token', () => {
    expect(decodePageToken(undefined, expectation)).toBeUndefined();
  });

  it.each([
    ['not base64url', '***'],
    ['not JSON', Buffer.from('{pk:').toString('base64url')],
    ['an array', forge([key])],
    ['a string', forge('CONTENT#a')],
    ['a missing key attribute', forge({ pk: key.pk, sk: key.sk, gsi3pk: key.gsi3pk })],
    ['an extra attribute', forge({ ...key, admin: 'true' })],
    ['a number value', forge({ ...key, sk: 1 })],
    ['an empty value', forge({ ...key, gsi3sk: '' })],
    ['a DynamoDB-typed value', forge({ ...key, pk: { S: 'CONTENT#a' } })],
    ['another partition', forge({ ...key, gsi3pk: 'STATUS#unpublished' })],
  ])('rejects a token that is %s with a 400 at query.pageToken', (_case, token) => {
    const error = rejection(token);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual([{ path: 'query.pageToken', message: 'Invalid page token.' }]);
  });

  it('builds a key from the key attributes of an item, ignoring the rest', () => {
    expect(pageKeyOf({ ...key, name: 'Lab', version: 1 }, expectation.keyAttributes)).toEqual(key);
  });
});
