import { NewsletterSignupRequest, SentMessage } from '../contracts/messages.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The routes of the `newsletter` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const NEWSLETTER_ROUTES = [
  {
    operationId: 'createNewsletterSubscriber',
    method: 'POST',
    path: '/api/v1/newsletter-subscribers',
    idempotent: true,
    group: 'newsletter',
    access: 'public',
    summary:
      'Store a newsletter subscriber (name, e-mail, format, job title, organization, the brand\'s topic), then e-mail the sign-up to the team through SES; a filled trap field answers success and does nothing; rate-limited per client (spec §2.11, §3, §5 "Newsletter"; decision record 025).',
    request: { body: NewsletterSignupRequest },
    response: SentMessage,
    successStatus: 201,
    errorStatuses: [429],
  },
] as const satisfies readonly GroupRouteDefinition<'newsletter'>[];
