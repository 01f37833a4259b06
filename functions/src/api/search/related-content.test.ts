import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { editorTokenInput, portalTokenTestEnv, resetPortalTokenCaches } from '../../lib/auth/test-support.ts';
import { buildCatalogIndex } from '../../search/in-memory-index.ts';
import type { CatalogDocument, CatalogIndex } from '../../search/port.ts';
import { catalogDocuments } from '../../test-support/catalog-document.ts';
import { atPath, jsonBody, loadEvent, withHeaders, withQuery } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { handler } from './index.ts';

// The session-epoch check (issue 21 item 2) reads the table: here every session is current.
vi.mock('../../data/sessions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/sessions.ts')>()),
  currentSessionEpoch: async () => 0,
}));

// The handler answers from the loaded catalog index; here a real index built in memory
// (the snapshot's loading is tested over the emulators).
const current = vi.hoisted(() => ({ index: undefined as CatalogIndex | undefined }));
vi.mock('../../search/snapshot-search.ts', () => ({
  currentCatalogIndex: async () => current.index,
  snapshotSearch: { search: vi.fn() },
}));

const ITEM = '01jd3k4m5n6p7q8r9s0t1v2w3x';
// Each document one minute newer than the one before, from 2026-10-01.
const made = catalogDocuments({ start: '2026-10-01T00:00:00.000Z', stepMs: 60_000 });
const doc = (id: string, name: string, overrides: Partial<CatalogDocument> = {}) =>
  made(name, { id, urlAlias: name.toLowerCase(), ...overrides });

function event(id: string, query: Record<string, string> = { limit: '6' }): APIGatewayProxyEventV2 {
  return atPath(withQuery(loadEvent('search/related-content'), query), `/api/v1/search/related/${id}`, { id });
}

const tokenEnv = portalTokenTestEnv();
beforeAll(() => {
  resetPortalTokenCaches();
});
beforeEach(() => {
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
  for (const [name, value] of Object.entries(tokenEnv)) vi.stubEnv(name, value);
  current.index = buildCatalogIndex(
    [
      doc(ITEM, 'Item', { ksaIds: ['K1', 'K2'], tags: ['lab'] }),
      doc('01jd3k4m5n6p7q8r9s0t1v2w3a', 'Parent', { ksaIds: ['K1', 'K2'] }),
      doc('01jd3k4m5n6p7q8r9s0t1v2w3b', 'Both', { ksaIds: ['K1', 'K2'] }),
      doc('01jd3k4m5n6p7q8r9s0t1v2w3c', 'One', { ksaIds: ['K1'] }),
      doc('01jd3k4m5n6p7q8r9s0t1v2w3d', 'Hidden', { ksaIds: ['K1', 'K2'], tags: ['lab'], status: 'unpublished' }),
      doc('01jd3k4m5n6p7q8r9s0t1v2w3e', 'Draft', { ksaIds: ['K1'], status: 'unpublished' }),
    ].map((d) => (d.id === ITEM ? { ...d, parentId: '01jd3k4m5n6p7q8r9s0t1v2w3a' } : d)),
    { revision: 1, builtAt: '2026-11-21T12:00:00.000Z' },
  );
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('relatedContent', () => {
  it("answers a visitor with the published items most related, without the item's parent", async () => {
    // Act
    const result = await handler(event(ITEM), lambdaContext());
    // Assess
    expect(result.statusCode).toBe(200);
    expect(jsonBody<{ items: { name: string }[] }>(result).items.map((item) => item.name)).toEqual(['Both', 'One']);
  });

  it('shows an editor unpublished related items too, and honours the limit', async () => {
    // Prepare
    const token = await signPortalToken(editorTokenInput());
    // Act
    const result = await handler(
      withHeaders(event(ITEM, { limit: '2' }), { authorization: `Bearer ${token}` }),
      lambdaContext(),
    );
    // Assess
    expect(result.statusCode).toBe(200);
    expect(jsonBody<{ items: { name: string }[] }>(result).items.map((item) => item.name)).toEqual(['Hidden', 'Both']);
  });

  it('answers 404 for an item a visitor may not open, exactly as for a missing one', async () => {
    // Act
    const hidden = await handler(event('01jd3k4m5n6p7q8r9s0t1v2w3d'), lambdaContext());
    const missing = await handler(event('01jd3k4m5n6p7q8r9s0t1v2w3z'), lambdaContext());
    // Assess
    for (const result of [hidden, missing]) {
      expect(result.statusCode).toBe(404);
      expect(jsonBody<{ message: string }>(result).message).toBe(CONTENT_NOT_FOUND_MESSAGE);
    }
  });

  it('rejects a limit above 24 with 400', async () => {
    // Act
    const result = await handler(event(ITEM, { limit: '25' }), lambdaContext());
    // Assess
    expect(result.statusCode).toBe(400);
  });
});
