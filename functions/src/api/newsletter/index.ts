import { NEWSLETTER_ROUTES } from '#shared/routes/newsletter';
import { createGroupHandler } from '../../lib/group.ts';
import { createNewsletterSubscriber } from './create-newsletter-subscriber.ts';

/** Lambda entry of the `newsletter` group (spec §7 "Create newsletter subscriber"; decision record 025). */
export const handler = createGroupHandler(NEWSLETTER_ROUTES, { createNewsletterSubscriber });
