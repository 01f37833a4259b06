import { describe, expect, it } from 'vitest';
import {
  applyPayloadTemplate,
  applyResultPath,
  checkPayloadTemplate,
  hasPath,
  type Json,
  parseReferencePath,
  readPath,
  resultPathSegments,
  StatesError,
  selectPath,
  UnsupportedAslError,
} from './asl-paths.ts';

/** What `run` throws (undefined when it returns). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const context: Json = { Execution: { Id: 'arn:execution:x', Name: 'x' }, State: { Name: 'S', RetryCount: 0 } };

describe('reference paths', () => {
  it('parses dot, bracket and index steps against $ and $$', () => {
    expect(parseReferencePath('$')).toEqual({ root: '$', segments: [] });
    expect(parseReferencePath('$.resolved.objectKey')).toEqual({ root: '$', segments: ['resolved', 'objectKey'] });
    expect(parseReferencePath("$['a b'].list[2]")).toEqual({ root: '$', segments: ['a b', 'list', 2] });
    expect(parseReferencePath('$["quoted"]')).toEqual({ root: '$', segments: ['quoted'] });
    expect(parseReferencePath('$$.Execution.Id')).toEqual({ root: '$$', segments: ['Execution', 'Id'] });
  });

  it.each(['bundleId', '$..deep', '$.list[*]', '$.list[0:2]', '$.list[?(@.size > 1)]', '$.a.', '$.a b'])(
    'refuses %s, which is not a reference path',
    (path) => {
      expect(() => parseReferencePath(path)).toThrow(UnsupportedAslError);
    },
  );

  it('reads a value, an array element and the context object', () => {
    const data: Json = { resolved: { objectKey: 'k', entries: ['a', 'b'] }, zero: 0, nothing: null };

    expect(readPath('$', data, context)).toBe(data);
    expect(readPath('$.resolved.objectKey', data, context)).toBe('k');
    expect(readPath('$.resolved.entries[1]', data, context)).toBe('b');
    expect(readPath('$.zero', data, context)).toBe(0);
    expect(readPath('$.nothing', data, context)).toBeNull();
    expect(readPath('$$.Execution.Name', data, context)).toBe('x');
  });

  it('answers a terminal States.Runtime error when a path selects nothing', () => {
    const data: Json = { list: [1], text: 'abc', inherited: {} };

    for (const path of ['$.missing', '$.list[1]', '$.text.length', '$.inherited.toString']) {
      const error = thrownBy(() => readPath(path, data, context));
      expect(error, path).toBeInstanceOf(StatesError);
      expect(error).toMatchObject({ error: 'States.Runtime', terminal: true });
    }
    expect(hasPath('$.missing', data, context)).toBe(false);
    expect(hasPath('$.list[0]', data, context)).toBe(true);
  });

  it('selects the whole input by default and {} for a null InputPath or OutputPath', () => {
    const data: Json = { a: 1 };
    expect(selectPath(undefined, data, context)).toBe(data);
    expect(selectPath(null, data, context)).toEqual({});
    expect(selectPath('$.a', data, context)).toBe(1);
  });
});

describe('payload templates (Parameters, ResultSelector)', () => {
  it('takes .$ fields from the data or the context, recursing into objects and arrays', () => {
    const template: Json = {
      outcome: 'Ready',
      'run.$': '$',
      'bundleId.$': '$.bundleId',
      nested: { 'key.$': '$.resolved.objectKey', fixed: [1, { 'name.$': '$$.Execution.Name' }] },
    };
    const data: Json = { bundleId: 'b1', resolved: { objectKey: 'bundles/f.zip' } };

    expect(applyPayloadTemplate(template, data, context)).toEqual({
      outcome: 'Ready',
      run: data,
      bundleId: 'b1',
      nested: { key: 'bundles/f.zip', fixed: [1, { name: 'x' }] },
    });
  });

  it('fails with States.Runtime when a template path selects nothing', () => {
    expect(() => applyPayloadTemplate({ 'id.$': '$.nope' }, {}, context)).toThrow(/States.Runtime/);
  });

  it('refuses intrinsic functions, bad paths and non-string paths when checked', () => {
    expect(() => checkPayloadTemplate({ 'text.$': "States.Format('{}', $.a)" }, 'Parameters')).toThrow(
      'Parameters.text.$: intrinsic functions',
    );
    expect(() => checkPayloadTemplate({ deep: [{ 'all.$': '$.list[*]' }] }, 'Parameters')).toThrow(UnsupportedAslError);
    expect(() => checkPayloadTemplate({ 'n.$': 3 }, 'Parameters')).toThrow('Parameters.n.$ must be a path string');
    expect(() => checkPayloadTemplate({ 'ok.$': '$.a', plain: 'States.Format' }, 'Parameters')).not.toThrow();
  });
});

describe('ResultPath', () => {
  const input: Json = { bundleId: 'b1', resolved: { action: 'zip' } };

  it('replaces the input with $, keeps it with null, and puts the result at a field path', () => {
    expect(applyResultPath('$', input, { size: 1 })).toEqual({ size: 1 });
    expect(applyResultPath(null, input, { size: 1 })).toBe(input);
    expect(applyResultPath('$.zipped', input, { size: 1 })).toEqual({ ...input, zipped: { size: 1 } });
    expect(applyResultPath('$.resolved.note', input, 'n')).toEqual({
      bundleId: 'b1',
      resolved: { action: 'zip', note: 'n' },
    });
    expect(applyResultPath('$.a.b.c', input, true)).toMatchObject({ a: { b: { c: true } } });
  });

  it('never changes the input it was given', () => {
    const before = structuredClone(input);
    applyResultPath('$.resolved.action', input, 'reuse');
    expect(input).toEqual(before);
  });

  it('answers States.ResultPathMatchFailure (catchable) through a value that is not an object', () => {
    expect(() => applyResultPath('$.bundleId.x', input, 1)).toThrow(/States.ResultPathMatchFailure/);
    expect(() => applyResultPath('$.x', 'text', 1)).toThrow(/States.ResultPathMatchFailure/);
    expect(thrownBy(() => applyResultPath('$.x', [1], 1))).toMatchObject({
      error: 'States.ResultPathMatchFailure',
      terminal: false,
    });
  });

  it('allows only $-rooted field paths', () => {
    expect(resultPathSegments('$.a.b')).toEqual(['a', 'b']);
    expect(() => resultPathSegments('$$.Execution')).toThrow('must start with $, not $$');
    expect(() => resultPathSegments('$.list[0]')).toThrow('may name object fields only');
  });
});
