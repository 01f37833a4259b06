import { describe, expect, it } from 'vitest';
import { jsonBody, loadEvent, withPathParameters } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { getContent } from './get-content.ts';

describe('getContent', () => {
  it('answers 400 for an id or alias longer than 1024 characters', async () => {
    const event = withPathParameters(loadEvent('content/get-content'), { idOrAlias: 'a'.repeat(1025) });
    const result = await getContent(event, lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'path.idOrAlias', message: 'Must be at most 1024 characters.' }]);
  });

  it('answers 400 for a malformed percent-escape', async () => {
    const event = withPathParameters(loadEvent('content/get-content'), { idOrAlias: 'seed-labs%2' });
    const result = await getContent(event, lambdaContext());
    expect(result.statusCode).toBe(400);
  });
});
