import { describe, expect, it } from 'vitest';
import { jsonBody, loadEvent, withPathParameters, withQuery } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { listContentChildren } from './list-content-children.ts';

describe('listContentChildren', () => {
  it('answers 400 when the parent is given by alias rather than id', async () => {
    const event = withPathParameters(loadEvent('content/list-content-children'), { id: 'seed-labs' });
    const result = await listContentChildren(event, lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'path.id', message: 'Must be a 26-character id.' }]);
  });

  it('answers 400 for a limit over 300 (spec §9 "Children loaded 300 per page")', async () => {
    const event = withQuery(loadEvent('content/list-content-children'), { limit: '301' });
    const result = await listContentChildren(event, lambdaContext());
    expect(jsonBody(result).errors).toEqual([{ path: 'query.limit', message: 'Must be at most 300.' }]);
  });
});
