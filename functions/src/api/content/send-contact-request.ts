import { contactTopicsOf } from '#shared/contracts/messages';
import type { brandOf } from '../../domain/entitlement.ts';
import { newId } from '../../domain/ids.ts';
import { composeContactEmail, isContactTopicOf } from '../../domain/message-email.ts';
import { isPlainAddress } from '../../domain/mime-message.ts';
import { deploymentBrand, messageEmailAddresses } from '../../lib/deployment.ts';
import { ValidationError } from '../../lib/errors.ts';
import { storeForDelivery } from '../../messages/outbox.ts';
import { trapAnswer, trapFilled } from '../../messages/public-forms.ts';
import { defineRoute } from './define-route.ts';

/** Message of the 400 at `body.topic` for a topic the brand does not offer (`other` on VACR, spec §2.9). */
export function contactTopicMessage(brand: ReturnType<typeof brandOf>): string {
  return `Choose one of: ${contactTopicsOf(brand).join(', ')}.`;
}

/**
 * `POST /api/v1/contact-requests` (spec §2.9, §3 "Contact request", §5 "Contact
 * form", §7 "Send support email"; decision record 025). Public. The fields are
 * checked by the route's schema; a topic the deployment's brand does not offer
 * (`other` on VACR) is a 400 at `body.topic`. A filled honeypot answers 201 and does
 * nothing. The route's rate limit (per client address and per e-mail address,
 * decision record 033) runs before this code (429 with Retry-After beyond it,
 * nothing stored). The request is stored in the outbox
 * with the team's e-mail (Reply-To the sender), then e-mailed through SES: 201
 * `{ id, emailStatus }`, `pending` when SES failed.
 */
export const sendContactRequest = defineRoute('sendContactRequest', async ({ body }) => {
  if (trapFilled(body.trap)) return trapAnswer();
  const brand = deploymentBrand();
  if (!isContactTopicOf(brand, body.topic)) {
    throw new ValidationError([{ path: 'body.topic', message: contactTopicMessage(brand) }]);
  }
  const id = newId();
  const request = {
    name: body.name,
    email: body.email,
    organization: body.organization,
    subject: body.subject,
    message: body.message,
    topic: body.topic,
  };
  const addresses = messageEmailAddresses();
  return storeForDelivery({
    id,
    kind: 'contactRequest',
    brand,
    createdTimestamp: new Date().toISOString(),
    payload: request,
    email: {
      from: addresses.sender,
      fromName: 'Courseware portal',
      to: [addresses.contactRecipient],
      replyTo: isPlainAddress(request.email) ? request.email : null,
      ...composeContactEmail(brand, request, id),
    },
  });
});
