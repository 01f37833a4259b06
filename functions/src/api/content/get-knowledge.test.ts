import { describe, expect, it } from 'vitest';
import { jsonBody, loadEvent, withPathParameters } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { getKnowledge } from './get-knowledge.ts';

describe('getKnowledge', () => {
  it('answers 400 for a knowledge type that does not exist', async () => {
    const event = withPathParameters(loadEvent('content/get-knowledge'), { type: 'NICE', id: 'K0001' });
    const result = await getKnowledge(event, lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'path.type', message: expect.any(String) }]);
  });

  it('answers 400 for an id that no framework could have', async () => {
    const event = withPathParameters(loadEvent('content/get-knowledge'), { type: 'KSA', id: '../K0001' });
    const result = await getKnowledge(event, lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([
      { path: 'path.id', message: 'Must be a knowledge id such as K0018 or CO-M.4.' },
    ]);
  });
});
