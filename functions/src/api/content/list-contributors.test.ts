import { describe, expect, it } from 'vitest';
import { jsonBody, loadEvent, withQuery } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { listContributors } from './list-contributors.ts';

describe('listContributors', () => {
  it('answers 400 for a limit over the picker maximum of 1000 (spec §9)', async () => {
    const event = withQuery(loadEvent('content/list-contributors'), { limit: '1001' });
    const result = await listContributors(event, lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'query.limit', message: 'Must be at most 1000.' }]);
  });
});
