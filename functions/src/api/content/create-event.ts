import * as newsEvents from '../../services/news-events.ts';
import { defineRoute } from './define-route.ts';
import { withDataLimit } from './news-event-limit.ts';

/**
 * `POST /api/v1/events` (spec §5 "News and event dialog", §7 "Get events … create";
 * decision record 024), for content editors: the limits of spec §5 (the route's
 * schema; a body over 512,000 characters is a 413), the description sanitised, the
 * required link unique among events (else 409), an uploaded image attached to the
 * event (one that cannot be is a 400 at `body.image`). Answers 201 with the stored
 * event.
 */
export const createEvent = withDataLimit(
  defineRoute('createEvent', ({ body, caller }) => newsEvents.createNewsEvent('event', body, caller)),
);
