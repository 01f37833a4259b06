import { newId } from '../../domain/ids.ts';
import { composeNewsletterEmail, newsletterSubscriberOf } from '../../domain/message-email.ts';
import { isPlainAddress } from '../../domain/mime-message.ts';
import { deploymentBrand, messageEmailAddresses } from '../../lib/deployment.ts';
import { storeForDelivery } from '../../messages/outbox.ts';
import { trapAnswer, trapFilled } from '../../messages/public-forms.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/newsletter-subscribers` (spec §2.11, §3 "Newsletter subscriber", §5
 * "Newsletter", §7 "Create newsletter subscriber"; decision record 025). Public.
 * The fields are checked by the route's schema (400 with field messages). A filled
 * trap field answers 201 and does nothing. The route's rate limit (per client
 * address and per e-mail address, decision record 033) runs before this code (429
 * with Retry-After beyond it, nothing stored). The subscriber is stored in the outbox (name joined, the brand's one
 * topic) with the team's e-mail, then the e-mail is sent through SES: 201
 * `{ id, emailStatus }`, `pending` when SES failed (the re-sender sends it later).
 */
export const createNewsletterSubscriber = defineRoute('createNewsletterSubscriber', async ({ body }) => {
  if (trapFilled(body.trap)) return trapAnswer();
  const brand = deploymentBrand();
  const id = newId();
  const subscriber = newsletterSubscriberOf(brand, body);
  const addresses = messageEmailAddresses();
  return storeForDelivery({
    id,
    kind: 'newsletterSubscriber',
    brand,
    createdTimestamp: new Date().toISOString(),
    payload: subscriber,
    email: {
      from: addresses.sender,
      fromName: 'Courseware portal',
      to: [addresses.contactRecipient],
      replyTo: isPlainAddress(subscriber.emailAddress) ? subscriber.emailAddress : null,
      ...composeNewsletterEmail(brand, subscriber, id),
    },
  });
});
