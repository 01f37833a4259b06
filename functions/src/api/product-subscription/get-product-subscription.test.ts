import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isSubscribed } from '../../data/users.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { jsonBody, loadEvent, withHeaders, withPathParameters } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { handler } from './index.ts';

// The session-epoch check (issue 21 item 2) reads the table: here every session is current;
// it is tested against the emulators (tests/integration/sessions.int.test.ts).
vi.mock('../../data/sessions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/sessions.ts')>()),
  currentSessionEpoch: async () => 0,
}));

vi.mock('../../data/users.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/users.ts')>()),
  isSubscribed: vi.fn(async (_userId: string, product: string) => product === 'coursewareFeature'),
}));

const USER_ID = '01jd3k2m4n5p6q7r8s9t0v1w2x';
let dir: string;
let authorization: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-subscription-'));
  vi.stubEnv('PORTAL_ISSUER', 'https://portal.test/api/v1/auth');
  vi.stubEnv('PORTAL_SIGNING_KEY_FILE', path.join(dir, 'portal-key.json'));
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
  authorization = `Bearer ${await signPortalToken({
    userId: USER_ID,
    displayName: 'Sam Student',
    email: null,
    picture: null,
    provider: 'vcr',
    roles: ['USER'],
    claims: [],
    // A valid login needs coursewareFeature (spec §4, issue 21 item 3); the table, not
    // the token, answers for labsFeature.
    subscriptions: ['coursewareFeature', 'labsFeature'],
  })}`;
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/v1/product-subscriptions/{product}', () => {
  it('answers whether the caller is subscribed, from the table rather than the token', async () => {
    // Prepare
    const event = withHeaders(loadEvent('product-subscription/get-product-subscription'), { authorization });
    // Act
    const result = await handler(event, lambdaContext());
    // Assess
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual({ product: 'coursewareFeature', subscribed: true });
    expect(isSubscribed).toHaveBeenCalledWith(USER_ID, 'coursewareFeature');
  });

  it('answers subscribed false for another product', async () => {
    const event = withPathParameters(
      withHeaders(loadEvent('product-subscription/get-product-subscription'), { authorization }),
      { product: 'labsFeature' },
    );
    expect(jsonBody(await handler(event, lambdaContext()))).toEqual({ product: 'labsFeature', subscribed: false });
  });

  it('answers 401 without a token', async () => {
    const result = await handler(loadEvent('product-subscription/get-product-subscription'), lambdaContext());
    expect(result.statusCode).toBe(401);
  });
});
