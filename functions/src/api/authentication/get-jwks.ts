import { portalJwks } from '../../lib/auth/signing-key.ts';
import { defineRoute } from './define-route.ts';

/** `GET /api/v1/auth/jwks.json`: the portal's public signing keys. */
export const getJwks = defineRoute('getJwks', async () => ({
  keys: (await portalJwks()).keys.map((key) => ({ ...key })),
}));
