import * as newsEvents from '../../services/news-events.ts';
import { defineRoute } from './define-route.ts';
import { withDataLimit } from './news-event-limit.ts';

/**
 * `POST /api/v1/news` (spec §5 "News and event dialog", §7 "Get news … create";
 * decision record 024), for content editors: the limits of spec §5 (the route's
 * schema; a body over 512,000 characters is a 413), the description sanitised, the
 * link generated from the title when empty and unique among news (a taken link given
 * is a 409), an uploaded image attached to the item (one that cannot be is a 400 at
 * `body.image`). Answers 201 with the stored item.
 */
export const createNews = withDataLimit(
  defineRoute('createNews', ({ body, caller }) => newsEvents.createNewsEvent('news', body, caller)),
);
