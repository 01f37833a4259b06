import { describe, expect, it } from 'vitest';
import { jsonBody, loadEvent, withQuery } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { getWorkRole } from './get-work-role.ts';
import { listWorkRoles } from './list-work-roles.ts';

describe('listWorkRoles and getWorkRole', () => {
  it('answers 400 for a generation the portal does not carry', async () => {
    const result = await listWorkRoles(
      withQuery(loadEvent('content/list-work-roles'), { generation: '2024' }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(400);
    expect(jsonBody<{ errors: { path: string }[] }>(result).errors.map((error) => error.path)).toEqual([
      'query.generation',
    ]);
  });

  it('answers 400 for an id not shaped as a work role id', async () => {
    const event = loadEvent('content/get-work-role');
    const result = await getWorkRole(
      { ...event, pathParameters: { id: 'dd-wrl-1' }, rawPath: '/api/v1/work-roles/dd-wrl-1' },
      lambdaContext(),
    );
    expect(result.statusCode).toBe(400);
    expect(jsonBody<{ errors: { path: string }[] }>(result).errors.map((error) => error.path)).toEqual(['path.id']);
  });
});
