import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import { encodePageToken } from '../../lib/page-token.ts';
import { jsonBody, loadEvent, withHeaders, withQuery } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { listContent } from './list-content.ts';

// The session-epoch check (issue 21 item 2) reads the table: here every session is current;
// it is tested against the emulators (tests/integration/sessions.int.test.ts).
vi.mock('../../data/sessions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/sessions.ts')>()),
  currentSessionEpoch: async () => 0,
}));

const tokenEnv = portalTokenTestEnv();
beforeAll(() => {
  resetPortalTokenCaches();
});
beforeEach(() => {
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
  for (const [name, value] of Object.entries(tokenEnv)) vi.stubEnv(name, value);
});

const archivedBy = (token: string) =>
  withHeaders(withQuery(loadEvent('content/list-content'), { archived: 'true' }), {
    authorization: `Bearer ${token}`,
  });
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('listContent', () => {
  it('answers 401 when a visitor asks for archived content', async () => {
    // Prepare
    const event = withQuery(loadEvent('content/list-content'), { archived: 'true' });
    // Act
    const result = await listContent(event, lambdaContext());
    // Assess
    expect(result.statusCode).toBe(401);
    expect(jsonBody(result)).toEqual({ statusCode: 401, message: 'Sign in to list archived content.' });
  });

  it('answers 403 "Forbidden" when a signed-in caller without viewArchivedContent asks for archived content', async () => {
    for (const input of [studentTokenInput(), editorTokenInput()]) {
      const result = await listContent(archivedBy(await signPortalToken(input)), lambdaContext());
      expect(result.statusCode).toBe(403);
      expect(jsonBody(result)).toEqual({ statusCode: 403, message: 'Forbidden' });
    }
  });

  it('answers 401 for archived content when the token has no USER role (no valid login)', async () => {
    const token = await signPortalToken(
      studentTokenInput({ roles: [], claims: [{ type: 'can-view-archived-content', value: 'any' }] }),
    );
    const result = await listContent(archivedBy(token), lambdaContext());
    expect(result.statusCode).toBe(401);
  });

  it('answers 400 at query.pageToken for a token of another status partition', async () => {
    const forged = encodePageToken({
      pk: 'CONTENT#x',
      sk: 'CONTENT',
      gsi3pk: 'STATUS#unpublished',
      gsi3sk: '2026-11-21T10:00:00.000Z#x',
    });
    const result = await listContent(
      withQuery(loadEvent('content/list-content'), { pageToken: forged }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'query.pageToken', message: 'Invalid page token.' }]);
  });

  it('answers 400 for a page token that is not a token at all', async () => {
    const result = await listContent(
      withQuery(loadEvent('content/list-content'), { pageToken: 'eyJwayI6' }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(400);
  });
});
