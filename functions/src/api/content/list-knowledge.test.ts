import { describe, expect, it } from 'vitest';
import { encodePageToken } from '../../lib/page-token.ts';
import { jsonBody, loadEvent, withQuery } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { listKnowledge } from './list-knowledge.ts';

describe('listKnowledge', () => {
  it('answers 400 for a token that resumes in another type than the one asked for', async () => {
    // Prepare: the sample asks for KU; the token points into the KSA partition.
    const token = encodePageToken({ pk: 'KNOWLEDGE#KSA', sk: 'K0001' });
    const event = withQuery(loadEvent('content/list-knowledge'), { type: 'KU', pageToken: token });
    // Act
    const result = await listKnowledge(event, lambdaContext());
    // Assess
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'query.pageToken', message: 'Invalid page token.' }]);
  });

  it('answers 400 for ids that are not knowledge ids and for more than 200 ids', async () => {
    const bad = await listKnowledge(
      withQuery(loadEvent('content/list-knowledge'), { ids: 'K0018,not an id' }),
      lambdaContext(),
    );
    expect(bad.statusCode).toBe(400);
    expect(jsonBody<{ errors: { path: string }[] }>(bad).errors.map((error) => error.path)).toEqual(['query.ids.1']);
    const many = Array.from({ length: 201 }, (_, index) => `K${String(index).padStart(4, '0')}`).join(',');
    const tooMany = await listKnowledge(withQuery(loadEvent('content/list-knowledge'), { ids: many }), lambdaContext());
    expect(tooMany.statusCode).toBe(400);
    expect(jsonBody(tooMany).errors).toEqual([{ path: 'query.ids', message: 'Give at most 200 ids.' }]);
  });

  it('answers 400 for an unknown type and a limit over 10000', async () => {
    const event = withQuery(loadEvent('content/list-knowledge'), { type: 'XYZ', limit: '10001' });
    const result = await listKnowledge(event, lambdaContext());
    expect(result.statusCode).toBe(400);
    const paths = jsonBody<{ errors: { path: string }[] }>(result).errors.map((error) => error.path);
    expect(paths.sort()).toEqual(['query.limit', 'query.type']);
  });
});
