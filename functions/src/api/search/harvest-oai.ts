import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { getContentByIds } from '../../data/content.ts';
import { getContributorsByIds } from '../../data/contributors.ts';
import { BRAND_NAMES } from '../../domain/message-email.ts';
import { answerOai, type OaiArguments, type OaiRepository, oaiArgumentsOf } from '../../domain/oai-pmh.ts';
import { deploymentBrand, messageEmailAddresses, portalOriginOfEnv } from '../../lib/deployment.ts';
import { renderError } from '../../lib/errors.ts';
import type { RouteHandler } from '../../lib/handler.ts';
import { oaiCatalogue, tableRecordLoader } from '../../search/oai-catalogue.ts';
import { currentCatalogIndex } from '../../search/snapshot-search.ts';

/** Where the repository answers, below the site's origin (`<site>/api/v1/oai`). */
export const OAI_PATH = '/api/v1/oai';

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * The repository's description from the deployment: named after the brand, based at
 * `<PORTAL_URL>/api/v1/oai`, its identifiers `oai:<host name>:<id>`, administered by
 * the support inbox (`MESSAGE_EMAIL_*`).
 * @throws Error when neither PORTAL_URL nor PORTAL_ISSUER is set, or BRAND is wrong.
 */
export function oaiRepositoryOfEnv(): OaiRepository {
  const origin = portalOriginOfEnv();
  return {
    repositoryName: `${BRAND_NAMES[deploymentBrand()]} courseware`,
    baseUrl: `${origin}${OAI_PATH}`,
    siteUrl: origin,
    adminEmail: messageEmailAddresses().supportRecipient,
    repositoryIdentifier: new URL(origin).hostname,
  };
}

/**
 * The arguments of the request: the query string of a GET, the form body of a POST
 * (protocol §3.1.1.2). A POST whose body is not a form has no arguments (answered
 * badVerb, as the verb is missing).
 */
function argumentsOf(event: APIGatewayProxyEventV2): OaiArguments {
  if (event.requestContext?.http?.method !== 'POST') return oaiArgumentsOf(event.rawQueryString ?? '');
  if (!FORM.test(event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '')) return {};
  const body = event.body ?? '';
  return oaiArgumentsOf(event.isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body);
}

const readRecords = tableRecordLoader({ getContent: getContentByIds, getContributors: getContributorsByIds });

/**
 * The handler of `harvestOai` (GET) and `harvestOaiForm` (POST) (issue 24 item 7;
 * decision record 054). Not built by `defineRoute`: the answer is an OAI-PMH
 * document (`text/xml; charset=utf-8`, always 200; protocol errors are in the
 * document) and repeated arguments must stay visible (API Gateway joins them in
 * `queryStringParameters`). The Authorization header is never read: harvesters see
 * what a visitor sees, the published catalogue. The headers come from the search's
 * loaded catalog index, a ListRecords page's records from the content items (two
 * BatchGetItem). A failure to read them is a plain 500.
 */
export function oaiRoute<Id extends 'harvestOai' | 'harvestOaiForm'>(operationId: Id): RouteHandler<Id> {
  const handler = async (
    event: APIGatewayProxyEventV2,
    context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? 'unknown';
    try {
      const index = await currentCatalogIndex();
      const answer = await answerOai(argumentsOf(event), oaiCatalogue(index, readRecords), {
        repository: oaiRepositoryOfEnv(),
        now: new Date(),
      });
      return {
        statusCode: 200,
        headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store' },
        body: answer.xml,
      };
    } catch (error) {
      return renderError(error, requestId);
    }
  };
  return Object.assign(handler, { operationId });
}

export const harvestOai = oaiRoute('harvestOai');
export const harvestOaiForm = oaiRoute('harvestOaiForm');
