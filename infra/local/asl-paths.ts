/**
 * The JSONPath part of the Amazon States Language that the local executor
 * (`asl-executor.ts`, decision record 036) supports: reference paths (`$`, `$.a.b`,
 * `$['a b']`, `$.list[0]`, and `$$.…` into the context object), payload templates
 * (`Parameters`, `ResultSelector`: keys ending in `.$` take a path's value) and
 * `ResultPath` (put a result into a copy of the raw state input). Wildcards, filters,
 * slices and intrinsic functions (`States.Format`, …) are refused when a definition is
 * registered, never silently misread.
 */

/** A JSON value, as states pass them to each other. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One step of a reference path: an object field or an array index. */
export type PathSegment = string | number;

/** A parsed reference path: against the state's data (`$`) or the context object (`$$`). */
export interface ReferencePath {
  root: '$' | '$$';
  segments: PathSegment[];
}

/**
 * An error of the States language, answered with a name and a cause as AWS does
 * (`States.Runtime`, `States.ResultPathMatchFailure`, `States.Timeout`, a task's own
 * error name). `terminal` errors (the `States.Runtime` family) end the execution:
 * no Retry or Catch sees them, as in AWS.
 */
export class StatesError extends Error {
  constructor(
    readonly error: string,
    readonly causeText: string,
    readonly terminal = false,
  ) {
    super(`${error}: ${causeText}`);
    this.name = error;
  }
}

/** A path or template that the local executor cannot run; thrown when a definition is registered. */
export class UnsupportedAslError extends Error {
  override name = 'UnsupportedAslError';
}

const FIELD = /^\.([^.[\]'"\s*@?,:()]+)/;
const QUOTED = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/;
const INDEX = /^\[(\d+)\]/;

/**
 * Parses a reference path (`$`, `$.a.b`, `$['a b']`, `$.list[0]`, `$$.Execution.Id`).
 * @throws UnsupportedAslError for anything else (wildcards, filters, slices, `..`).
 */
export function parseReferencePath(path: string): ReferencePath {
  const root = path.startsWith('$$') ? '$$' : path.startsWith('$') ? '$' : null;
  if (!root) throw new UnsupportedAslError(`'${path}' is not a reference path: it must start with $`);
  const segments: PathSegment[] = [];
  let rest = path.slice(root.length);
  while (rest.length > 0) {
    const field = FIELD.exec(rest) ?? QUOTED.exec(rest);
    const index = field ? null : INDEX.exec(rest);
    if (field) {
      segments.push((field[1] ?? field[2] ?? '').replace(/\\(.)/g, '$1'));
      rest = rest.slice(field[0].length);
    } else if (index) {
      segments.push(Number(index[1]));
      rest = rest.slice(index[0].length);
    } else {
      throw new UnsupportedAslError(
        `'${path}' is not a reference path the local executor supports (no wildcards, filters, slices or '..')`,
      );
    }
  }
  return { root, segments };
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value at `path` in `data` (for `$`) or `context` (for `$$`).
 * @throws StatesError `States.Runtime` (terminal) when the path selects nothing, as AWS
 *   answers "The JSONPath '$.x' … could not be found in the input".
 */
export function readPath(path: string, data: Json, context: Json): Json {
  const { root, segments } = parseReferencePath(path);
  let value: Json | undefined = root === '$' ? data : context;
  for (const segment of segments) {
    if (typeof segment === 'number') value = Array.isArray(value) ? value[segment] : undefined;
    else value = isObject(value) && Object.hasOwn(value, segment) ? value[segment] : undefined;
    if (value === undefined) {
      throw new StatesError('States.Runtime', `The JSONPath '${path}' could not be found in the input`, true);
    }
  }
  return value as Json;
}

/** True when `path` selects a value in `data` (the Choice rule `IsPresent`). */
export function hasPath(path: string, data: Json, context: Json): boolean {
  try {
    readPath(path, data, context);
    return true;
  } catch (error) {
    if (error instanceof StatesError) return false;
    throw error;
  }
}

/**
 * Applies a payload template (`Parameters`, `ResultSelector`): a field whose name
 * ends in `.$` becomes the field without the suffix, valued by the path it holds;
 * nested objects and arrays are applied in turn; other values are copied.
 * @throws StatesError `States.Runtime` when a path selects nothing.
 */
export function applyPayloadTemplate(template: Json, data: Json, context: Json): Json {
  if (Array.isArray(template)) return template.map((item) => applyPayloadTemplate(item, data, context));
  if (!isObject(template)) return template;
  const result: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(template)) {
    if (key.endsWith('.$')) result[key.slice(0, -2)] = readPath(value as string, data, context);
    else result[key] = applyPayloadTemplate(value, data, context);
  }
  return result;
}

/**
 * Checks a payload template when a definition is registered: every `.$` field holds a
 * reference path (intrinsic functions such as `States.Format(…)` are not supported here).
 * @throws UnsupportedAslError naming the field.
 */
export function checkPayloadTemplate(template: Json, where: string): void {
  if (Array.isArray(template)) {
    template.forEach((item, index) => {
      checkPayloadTemplate(item, `${where}[${index}]`);
    });
    return;
  }
  if (!isObject(template)) return;
  for (const [key, value] of Object.entries(template)) {
    if (key.endsWith('.$')) {
      if (typeof value !== 'string') throw new UnsupportedAslError(`${where}.${key} must be a path string`);
      if (/^States\./.test(value)) {
        throw new UnsupportedAslError(`${where}.${key}: intrinsic functions (${value}) are not supported locally`);
      }
      parseReferencePath(value);
    } else {
      checkPayloadTemplate(value, `${where}.${key}`);
    }
  }
}

/**
 * The state output after `ResultPath`: `null` keeps the raw input and drops the
 * result, `$` replaces the input by the result, `$.a.b` puts the result at that place
 * in a copy of the input (creating missing objects on the way).
 * @throws StatesError `States.ResultPathMatchFailure` when the path runs through a
 *   value that is not an object (as AWS, this error can be caught).
 */
export function applyResultPath(resultPath: string | null, input: Json, result: Json): Json {
  if (resultPath === null) return input;
  const segments = resultPathSegments(resultPath);
  if (segments.length === 0) return result;
  if (!isObject(input)) {
    throw new StatesError(
      'States.ResultPathMatchFailure',
      `Unable to apply ResultPath '${resultPath}' to an input that is not an object`,
    );
  }
  const output = structuredClone(input);
  let node: { [key: string]: Json } = output;
  for (const [position, segment] of segments.entries()) {
    if (position === segments.length - 1) {
      node[segment] = result;
      break;
    }
    const next: Json | undefined = node[segment];
    if (next === undefined) {
      const created: { [key: string]: Json } = {};
      node[segment] = created;
      node = created;
    } else if (isObject(next)) {
      node = next;
    } else {
      throw new StatesError(
        'States.ResultPathMatchFailure',
        `Unable to apply ResultPath '${resultPath}': '${segment}' is not an object`,
      );
    }
  }
  return output;
}

/**
 * The fields a `ResultPath` names, checked: it starts with `$` (not `$$`) and names
 * object fields only.
 * @throws UnsupportedAslError otherwise (thrown when a definition is registered).
 */
export function resultPathSegments(resultPath: string): string[] {
  const { root, segments } = parseReferencePath(resultPath);
  if (root !== '$') throw new UnsupportedAslError(`ResultPath '${resultPath}' must start with $, not $$`);
  if (segments.some((segment) => typeof segment === 'number')) {
    throw new UnsupportedAslError(`ResultPath '${resultPath}' may name object fields only`);
  }
  return segments as string[];
}

/** `InputPath` / `OutputPath`: `null` gives `{}`, a path selects part of the data. */
export function selectPath(path: string | null | undefined, data: Json, context: Json): Json {
  if (path === null) return {};
  return readPath(path ?? '$', data, context);
}
