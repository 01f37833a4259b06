import { describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/routes';
import { ADMIN_API_PATHS } from '../features/admin/api/paths.ts';
import { AUDIT_LOG_API_PATHS } from '../features/audit-log/api/paths.ts';
import { BUSINESS_UNITS_API_PATHS } from '../features/business-units/api/paths.ts';
import { CAE_COVERAGE_API_PATHS } from '../features/cae-coverage/api/paths.ts';
import { COLLECTIONS_API_PATHS } from '../features/collections/api/paths.ts';
import { CONTRIBUTORS_API_PATHS } from '../features/contributors/api/paths.ts';
import { COURSEWARE_API_PATHS } from '../features/courseware/api/paths.ts';
import { DASHBOARD_API_PATHS } from '../features/dashboard/api/paths.ts';
import { DOWNLOADS_API_PATHS } from '../features/downloads/api/paths.ts';
import { INVITATIONS_API_PATHS } from '../features/invitations/api/paths.ts';
import { KNOWLEDGE_API_PATHS } from '../features/knowledge/api/paths.ts';
import { LESSONS_API_PATHS } from '../features/lessons/api/paths.ts';
import { LIBRARY_API_PATHS } from '../features/library/api/paths.ts';
import { MESSAGES_API_PATHS } from '../features/messages/api/paths.ts';
import { NEWS_EVENTS_API_PATHS } from '../features/news-events/api/paths.ts';
import { PAGES_API_PATHS } from '../features/pages/api/paths.ts';
import { PREVIEWS_API_PATHS } from '../features/previews/api/paths.ts';
import { PRIVACY_API_PATHS } from '../features/privacy/api/paths.ts';
import { REVIEWS_API_PATHS } from '../features/reviews/api/paths.ts';
import { SAVED_SEARCHES_API_PATHS } from '../features/saved-searches/api/paths.ts';
import { SUBMISSIONS_API_PATHS } from '../features/submissions/api/paths.ts';
import { UPDATE_NOTICES_API_PATHS } from '../features/update-notices/api/paths.ts';
import { USER_IMPORTS_API_PATHS } from '../features/user-imports/api/paths.ts';
import { USERS_API_PATHS } from '../features/users/api/paths.ts';
import { WORK_ROLES_API_PATHS } from '../features/work-roles/api/paths.ts';
import {
  type ApiPathTable,
  FIRST_RENDER_API_PATHS,
  type ServerOnlyOperationId,
  type SpaOperationId,
} from './api-paths.ts';
import { DISMISS_MESSAGE_API_PATHS } from './auth/api/dismiss-message.ts';
import { COVERED_ORGANIZATIONS_API_PATHS } from './covered-organizations.ts';
import { FILE_UPLOADS_API_PATHS } from './file-uploads.ts';

/** The operations no path table names (the type `ServerOnlyOperationId`, as values). */
const SERVER_ONLY = [
  'getKnowledge',
  'createContent',
  'replaceContent',
  'deleteContent',
  'createContributor',
  'updateContributor',
  'getLesson',
  'getOpenIdConfiguration',
  'getJwks',
  'getProductSubscription',
  'listPageSections',
  'getOpenApiDocument',
  'getHomeHtml',
  'getPageHtml',
  'getSitemap',
  'harvestOai',
  'harvestOaiForm',
  'getContentRevision',
  'previewContentDraft',
] as const satisfies readonly ServerOnlyOperationId[];

/**
 * Every path table of the SPA (decision record 040), by the module that declares it: the
 * first render's, each feature's, and those of the lazily loaded modules of `web/src/lib`.
 */
const PATH_TABLES = {
  'lib/api-paths.ts': FIRST_RENDER_API_PATHS,
  'features/admin/api/paths.ts': ADMIN_API_PATHS,
  'features/audit-log/api/paths.ts': AUDIT_LOG_API_PATHS,
  'features/business-units/api/paths.ts': BUSINESS_UNITS_API_PATHS,
  'features/cae-coverage/api/paths.ts': CAE_COVERAGE_API_PATHS,
  'features/collections/api/paths.ts': COLLECTIONS_API_PATHS,
  'features/contributors/api/paths.ts': CONTRIBUTORS_API_PATHS,
  'features/courseware/api/paths.ts': COURSEWARE_API_PATHS,
  'features/dashboard/api/paths.ts': DASHBOARD_API_PATHS,
  'features/downloads/api/paths.ts': DOWNLOADS_API_PATHS,
  'features/invitations/api/paths.ts': INVITATIONS_API_PATHS,
  'features/knowledge/api/paths.ts': KNOWLEDGE_API_PATHS,
  'features/lessons/api/paths.ts': LESSONS_API_PATHS,
  'features/library/api/paths.ts': LIBRARY_API_PATHS,
  'features/messages/api/paths.ts': MESSAGES_API_PATHS,
  'features/news-events/api/paths.ts': NEWS_EVENTS_API_PATHS,
  'features/pages/api/paths.ts': PAGES_API_PATHS,
  'features/previews/api/paths.ts': PREVIEWS_API_PATHS,
  'features/privacy/api/paths.ts': PRIVACY_API_PATHS,
  'features/reviews/api/paths.ts': REVIEWS_API_PATHS,
  'features/saved-searches/api/paths.ts': SAVED_SEARCHES_API_PATHS,
  'features/submissions/api/paths.ts': SUBMISSIONS_API_PATHS,
  'features/update-notices/api/paths.ts': UPDATE_NOTICES_API_PATHS,
  'features/user-imports/api/paths.ts': USER_IMPORTS_API_PATHS,
  'features/users/api/paths.ts': USERS_API_PATHS,
  'features/work-roles/api/paths.ts': WORK_ROLES_API_PATHS,
  'lib/auth/api/dismiss-message.ts': DISMISS_MESSAGE_API_PATHS,
  'lib/covered-organizations.ts': COVERED_ORGANIZATIONS_API_PATHS,
  'lib/file-uploads.ts': FILE_UPLOADS_API_PATHS,
} as const satisfies Record<string, ApiPathTable>;

type Tables = typeof PATH_TABLES;
/** The operations some table names. */
type Named = { [M in keyof Tables]: keyof Tables[M] }[keyof Tables];
/** An operation the SPA calls that no table names fails to compile here (and `SERVER_ONLY` has to list every server-only one). */
type Unnamed = Exclude<SpaOperationId, Named> | Exclude<ServerOnlyOperationId, (typeof SERVER_ONLY)[number]>;
const EVERY_OPERATION_IS_IN_A_TABLE: [Unnamed] extends [never] ? true : Unnamed = true;

describe('the path tables', () => {
  it('name together exactly the operations of the route table the SPA calls, each with its path below /api/v1', () => {
    const fromRoutes = Object.fromEntries(
      ROUTES.filter((route) => !(SERVER_ONLY as readonly string[]).includes(route.operationId)).map((route) => [
        route.operationId,
        route.path.replace(/^\/api\/v1/, ''),
      ]),
    );
    const union: Record<string, string> = {};
    for (const table of Object.values(PATH_TABLES)) Object.assign(union, table);
    expect(EVERY_OPERATION_IS_IN_A_TABLE).toBe(true);
    expect(union).toEqual(fromRoutes);
    for (const [module, table] of Object.entries(PATH_TABLES)) {
      for (const [operation, path] of Object.entries(table))
        expect(path, `${operation} in ${module}`).toBe(fromRoutes[operation]);
    }
  });

  it('leave out only operations of the route table', () => {
    const operations = new Set(ROUTES.map((route) => route.operationId));
    expect(SERVER_ONLY.filter((operation) => !operations.has(operation))).toEqual([]);
  });

  it('name each operation of the first render in the first render’s table only', () => {
    const firstRender = new Set(Object.keys(FIRST_RENDER_API_PATHS));
    const elsewhere = Object.entries(PATH_TABLES)
      .filter(([module]) => module !== 'lib/api-paths.ts')
      .flatMap(([module, table]) =>
        Object.keys(table)
          .filter((operation) => firstRender.has(operation))
          .map((operation) => `${operation} in ${module}`),
      );
    expect(elsewhere).toEqual([]);
  });
});
