import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { callerSubjectOf, targetOf } from './rate-limit.ts';

describe('rate-limit subjects (issue 21 item 4)', () => {
  const event = { requestContext: { http: { sourceIp: '203.0.113.9' } } } as unknown as APIGatewayProxyEventV2;

  it('counts a signed-in caller by user id and a visitor by client address', () => {
    expect(callerSubjectOf('01jd3k2m4n5p6q7r8s9t0v1w2x', event)).toBe('user:01jd3k2m4n5p6q7r8s9t0v1w2x');
    expect(callerSubjectOf(null, event)).toBe('address:203.0.113.9');
    expect(callerSubjectOf(null, {} as APIGatewayProxyEventV2)).toBe('address:unknown');
  });

  it('reads the target from the validated path or body, case-insensitively, or null when absent', () => {
    const parts = { path: { id: '01JD3K' }, body: { email: ' Pat.Lee@Example.EDU ', count: 3, blank: '  ' } };
    expect(targetOf('path.id', parts)).toBe('01jd3k');
    expect(targetOf('body.email', parts)).toBe('pat.lee@example.edu');
    expect(targetOf('body.count', parts)).toBe('3');
    expect(targetOf('body.blank', parts)).toBeNull();
    expect(targetOf('body.impersonateUserId', parts)).toBeNull();
    expect(targetOf('body.email', { path: {}, body: undefined })).toBeNull();
  });
});
