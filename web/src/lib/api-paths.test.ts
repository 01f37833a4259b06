import { describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/routes';
import { API_PATHS } from './api-paths.ts';

describe('API_PATHS', () => {
  it('holds exactly the path of every operation of the route table, below /api/v1', () => {
    const fromRoutes = Object.fromEntries(
      ROUTES.map((route) => [route.operationId, route.path.replace(/^\/api\/v1/, '')]),
    );
    expect(API_PATHS).toEqual(fromRoutes);
  });
});
