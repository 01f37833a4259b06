import { CONTENT_ROUTES } from '#shared/routes/content';
import { routeDefiner } from '../../lib/handler.ts';
import { runIdempotently } from '../../lib/idempotency.ts';

/**
 * `defineRoute` for the routes of the `content` client group only (`shared/routes/content.ts`):
 * its handlers take it from here, so this group's Lambda bundles its own routes'
 * contracts and not the whole route table (issue 22 item 7; decision record 041).
 */
export const defineRoute = routeDefiner(CONTENT_ROUTES, { idempotency: runIdempotently });
