import { CLIENT_ERROR_LOG_MESSAGE, scrubClientErrorReport } from '#shared/contracts/client-error';
import { logger } from '../../lib/logger.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/client-errors` (spec §8 "All errors also go to an error-reporting
 * service"; issue 21 item 24; decision record 037). Public; a token is optional
 * (one sent must verify). The body is checked by the route's schema (400 with field
 * messages; 413 beyond `maxBodyBytes`), the caller's rate limit runs before this
 * code (429 with `Retry-After`). The report is scrubbed again
 * (`scrubClientErrorReport`: no query strings, tokens or e-mail addresses) and
 * written as one log line of the portal's logger (`lib/logger.ts`) at level `WARN` with
 * `message: 'clientErrorReport'`, `requestId`, `signedIn` and `report`, which the
 * `ClientErrorReports` metric filter counts (`infra/constructs/observability.ts`);
 * nothing is stored. Answers 202 `{ accepted: true }`.
 */
export const reportClientError = defineRoute('reportClientError', async ({ body, caller, requestId }) => {
  const report = scrubClientErrorReport(body);
  logger.warn(CLIENT_ERROR_LOG_MESSAGE, { requestId, signedIn: caller !== null, report });
  return { accepted: true as const };
});
