import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ClientGroup } from '#shared/enums';
import { BUCKETS, TABLE } from '#shared/table';
import {
  BUNDLE_OBJECT_PREFIX,
  CONTENT_FILE_PREFIX,
  FEEDBACK_OBJECT_PREFIX,
  SEARCH_OBJECT_PREFIX,
  THUMBNAIL_PREFIX,
  UPLOADED_FILE_PREFIX,
} from '../../functions/src/data/keys.ts';
import type { ObjectGrant, PortalFunction, TableGrant } from '../constructs/portal-function.ts';

/**
 * Least privilege per client group (issue 10 item 1): what each API Lambda's role may
 * do with the single table and the two data buckets, and nothing more. Every action
 * is exact (no `*`, no `Get*`): CDK's `grantReadData` / `grantReadWriteData` /
 * `grantRead` / `grantReadWrite` would give `dynamodb:BatchGet*`, `s3:GetObject*`,
 * `s3:List*`, `s3:DeleteObject*` and more.
 *
 * How the entries were derived: each group's bundle (`functions/src/api/<group>/index.ts`
 * and everything it reaches, tree-shaken as esbuild bundles it) was searched for the
 * SDK commands it constructs, and each command's table, index, bucket and key prefix
 * read from the code that sends it. `tests/integration/iam-grants.int.test.ts` drives
 * the routes over the embedded emulators, records every DynamoDB and S3 request the
 * group's code sends, and fails when an entry does not allow one.
 *
 * Translation of SDK calls to IAM actions (AWS service authorization reference):
 * Get → `dynamodb:GetItem`; BatchGet → `dynamodb:BatchGetItem`; Query →
 * `dynamodb:Query` on the table or on `<table>/index/<name>`; Put/Update/Delete →
 * `dynamodb:PutItem`/`UpdateItem`/`DeleteItem`; TransactWriteItems → the item
 * actions it contains (a ConditionCheck → `dynamodb:ConditionCheckItem`). S3: GET,
 * HeadObject and a presigned GET → `s3:GetObject`; PUT and a presigned POST →
 * `s3:PutObject`; DeleteObject → `s3:DeleteObject`; `s3:ListBucket` on the bucket
 * turns a HeadObject/GetObject of a missing object into 404 instead of 403.
 */

/** One bucket's grant of a group: object actions per key prefix, and bucket-level actions. */
export interface BucketGroupGrant {
  readonly objects: readonly ObjectGrant[];
  /** Actions on the bucket ARN itself; only `s3:ListBucket` today. */
  readonly bucketActions?: readonly string[];
}

/**
 * A client group's grant. `table: null` sets `TABLE_NAME` only (the environment check
 * of `functions/src/lib/env.ts` needs it) and grants nothing; a bucket `'none'` sets
 * the bucket's name only ({@link PortalFunction.bindBucketName}).
 */
export interface GroupGrant {
  /** Item actions on the table, and index actions on the named indexes (`gsi1`…). */
  readonly table: TableGrant | null;
  readonly privateBucket: BucketGroupGrant | 'none';
  readonly publicBucket: BucketGroupGrant | 'none';
}

const GET = 'dynamodb:GetItem';
const BATCH_GET = 'dynamodb:BatchGetItem';
const QUERY = 'dynamodb:Query';
const PUT = 'dynamodb:PutItem';
const UPDATE = 'dynamodb:UpdateItem';
const DELETE = 'dynamodb:DeleteItem';
const CONDITION_CHECK = 'dynamodb:ConditionCheckItem';

/** The physical index names (`TABLE.indexes`). */
const { gsi1, gsi2, gsi3 } = TABLE.indexes;

/**
 * Deleting the objects of discarded files (`discardFiles`, `functions/src/data/files.ts`):
 * uploads live under `files/` in the bucket of their visibility; seeded content files
 * under `content/` in the private bucket.
 */
const DELETE_OBJECT = 's3:DeleteObject';

/** The functions besides the client groups' whose grants are declared here too. */
export type HousekeepingFunction =
  | 'catalogIndexer'
  | 'uploadSweeper'
  | 'feedbackResender'
  | 'outboxSender'
  | 'thumbnailRenderer'
  | 'savedSearchDigest'
  | 'scheduledPublisher'
  | 'updateNotices';

/** The grants of the catalog indexer, the upload sweeper and the e-mail re-sender (api-stack.ts `create*`). */
export const HOUSEKEEPING_GRANTS: Readonly<Record<HousekeepingFunction, GroupGrant>> = {
  // Decision record 014: the catalog revision (GetItem), content by status (gsi3),
  // the snapshot under `search/` (HeadObject → GetObject with ListBucket for a 404, PutObject);
  // decision record 052: the per-item download counters (Query on the table) for "most downloaded";
  // decision record 070: every item's rating aggregate (gsi1 `RATINGS`) for cards and the "rating" sort.
  catalogIndexer: {
    table: { actions: [GET, QUERY], indexActions: [QUERY], indexNames: [gsi1.indexName, gsi3.indexName] },
    privateBucket: {
      objects: [{ actions: ['s3:GetObject', 's3:PutObject'], keyPrefixes: [SEARCH_OBJECT_PREFIX] }],
      bucketActions: ['s3:ListBucket'],
    },
    publicBucket: 'none',
  },
  // Decision records 016, 020: works from the stream records alone (the stream grant
  // comes with its event source); deletes `files/<id>` in both buckets.
  uploadSweeper: {
    table: null,
    privateBucket: { objects: [{ actions: [DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }] },
    publicBucket: { objects: [{ actions: [DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }] },
  },
  // Decision records 018, 025: pending feedback and messages (gsi1), the feedback and
  // its content (GetItem), the e-mail state (UpdateItem); the screenshot (GetObject `feedback/`).
  feedbackResender: {
    table: { actions: [GET, UPDATE], indexActions: [QUERY], indexNames: [gsi1.indexName] },
    privateBucket: { objects: [{ actions: ['s3:GetObject'], keyPrefixes: [FEEDBACK_OBJECT_PREFIX] }] },
    publicBucket: 'none',
  },
  // Decision record 033: the outbox consumer reads pending messages (gsi1 `OUTBOX_PENDING`,
  // which projects the whole item), claims each and records its e-mail state (UpdateItem).
  outboxSender: {
    table: { actions: [UPDATE], indexActions: [QUERY], indexNames: [gsi1.indexName] },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // Issue 24 item 2, decision record 060: the content item and its first PDF's file
  // record (GetItem), the thumbnail recorded on the item with the catalog revision
  // (UpdateItem, in a transaction); the PDF read from either bucket (GetObject), the
  // thumbnail put, and the item's other thumbnails listed and deleted under `thumbnails/`.
  thumbnailRenderer: {
    table: { actions: [GET, UPDATE] },
    privateBucket: {
      objects: [{ actions: ['s3:GetObject'], keyPrefixes: [CONTENT_FILE_PREFIX, UPLOADED_FILE_PREFIX] }],
    },
    publicBucket: {
      objects: [
        { actions: ['s3:GetObject'], keyPrefixes: [UPLOADED_FILE_PREFIX] },
        { actions: ['s3:PutObject', DELETE_OBJECT], keyPrefixes: [THUMBNAIL_PREFIX] },
      ],
      bucketActions: ['s3:ListBucket'],
    },
  },
  // Issue 24 item 8, decision record 061: the saved searches with alerts on (gsi1
  // `SAVED_SEARCH_ALERTS`), each user's settings item (GetItem) and user item
  // (BatchGetItem), the digest as one transaction of Update (settings, searches) and Put
  // (the outbox message); the catalog index read like the search group's (the catalog
  // revision, the snapshot under `search/`, and, building a missing one, content by status on gsi3
  // and the download counters on the table); issue 27 (decision record 079): the work roles and
  // the crosswalk (Query on the table) and the knowledge revision (GetItem) of a saved role filter.
  savedSearchDigest: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName, gsi3.indexName],
    },
    privateBucket: {
      objects: [{ actions: ['s3:GetObject', 's3:PutObject'], keyPrefixes: [SEARCH_OBJECT_PREFIX] }],
      bucketActions: ['s3:ListBucket'],
    },
    publicBucket: 'none',
  },
  // Issue 25 item 7, decision record 068: the due schedules (gsi1 `PUBLISH_DUE`), each
  // content item (GetItem), the status PATCH's transaction (Put of the item and the audit
  // event, Update of the catalog revision, Delete of the schedule) and an orphan schedule's Delete.
  // Issue 25 item 3: the purges of deleted content left over (gsi1 `CONTENT_PURGE`; Query of
  // the item's partitions, DeleteItem each; the draft's uploads: BatchGet of the file records,
  // Update claim, Delete, and DeleteObject `files/` in both buckets).
  scheduledPublisher: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName],
    },
    privateBucket: { objects: [{ actions: [DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }] },
    publicBucket: { objects: [{ actions: [DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }] },
  },
  // Issue 25 item 5, decision record 066: the queued notices and the digest entries (gsi1
  // Query), each item's downloaders (Query on the table), the content item (GetItem), the
  // notice marked delivered (UpdateItem); per downloader one transaction of ConditionCheck
  // (the user), Put (the message) and Update (the digest entry); the digest's settings
  // (GetItem), users (BatchGetItem) and one transaction of Update (settings), Delete
  // (entries) and Put (the outbox message); an opted-out user's entries (DeleteItem).
  updateNotices: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE, CONDITION_CHECK],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName],
    },
    privateBucket: 'none',
    publicBucket: 'none',
  },
};

/**
 * The grant of each client group's Lambda. Every group reads user items (GetItem): the
 * handler chain checks the session epoch of any bearer token sent, public routes
 * included (`functions/src/data/sessions.ts`; issue 21 item 2, decision record 032).
 */
export const GROUP_GRANTS: Readonly<Record<ClientGroup, GroupGrant>> = {
  // POST /authenticate, token, JWKS, discovery: reads the identity item (GetItem) and
  // the user's item collection (Query on the table, `getUserAccount`); an
  // impersonation stores its audit event first (PutItem, issue 11). Accepting an
  // invitation (issue 11, decision record 030): the invitation (GetItem), the
  // organization (BatchGetItem), and one transaction of Update (invitation, user
  // item), Delete (pending guard) and Put (account items, identity link, membership,
  // roster entry, audit event).
  authentication: {
    table: { actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE] },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // GET /claims, /messages: the caller's item collection (Query on the table); for
  // /claims also the caller's business unit (GetItem; decision record 030);
  // DELETE /messages/{id}: one of the caller's messages (DeleteItem; issue 25 item 5).
  entitlement: {
    table: { actions: [GET, QUERY, DELETE] },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // GET /organizations, POST organization support: users and members (Get, BatchGet,
  // Query on the table), the support request and its outbox item (PutItem), e-mail
  // state and rate-limit counter (UpdateItem); GET /organizations/all: every
  // organization by name (gsi1 `ORGANIZATIONS`, issue 11). Issue 28 item 2 (decision record
  // 084): the idempotency record of a support request (Get, Put, Update; DeleteItem when the
  // request fails, so a retry runs again).
  organization: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName],
    },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // GET /users (gsi1 `USERS` by e-mail), user courses, course support requests:
  // Get, BatchGet, Query (table: item collection, course members), Put (request),
  // Update (e-mail state, rate limits).
  // Issue 11 (user administration): the user (consistent Query), units (Get, BatchGet),
  // teams (BatchGet); rights edits and moves are transactions of Update (user item),
  // Put/Delete (claims, subscriptions, memberships, rosters, the audit event) and
  // ConditionCheck (the unit or team moved to); the audit log by target (gsi1) and
  // whole (gsi3 `AUDIT_LOG`). Invitations and imports: their lists (gsi1 per
  // organization, gsi2 all of them).
  user: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE, CONDITION_CHECK],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName, gsi2.indexName, gsi3.indexName],
    },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // Content, contributors, knowledge, news and events, feedback, contact form:
  // reads by id (Get, BatchGet), knowledge (Query on the table), alias (gsi1),
  // children and lessons count (gsi2), lists by status (gsi3); writes in
  // transactions of Put/Update/Delete (content, alias guards, children, files) and
  // single Put/Update/Delete (contributors, feedback, rate limits, file records); a
  // draft's Put with the ConditionCheck of its item (issue 25 item 3).
  // Objects: feedback screenshots (PutObject `feedback/`), discarded files
  // (DeleteObject `content/`, `files/` private, `files/` public), a submission's
  // files presigned for the team (GetObject `files/` private; decision record 067).
  // Ratings and reviews (decision record 070): reviews (Get; gsi1 list, gsi2 queue, gsi3
  // by id), transactions of Put/Delete with the aggregate's Update, the catalog revision's
  // UpdateItem after a change of the counted ratings.
  content: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE, CONDITION_CHECK],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName, gsi2.indexName, gsi3.indexName],
    },
    privateBucket: {
      objects: [
        { actions: ['s3:PutObject'], keyPrefixes: [FEEDBACK_OBJECT_PREFIX] },
        { actions: [DELETE_OBJECT], keyPrefixes: [CONTENT_FILE_PREFIX, UPLOADED_FILE_PREFIX] },
        { actions: ['s3:GetObject'], keyPrefixes: [UPLOADED_FILE_PREFIX] },
      ],
    },
    publicBucket: { objects: [{ actions: [DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }] },
  },
  // Pages and sections: Get, BatchGet, Query (the page's item collection on the
  // table, hrefs on gsi1), transactions of Put/Update/Delete, file records
  // (Update claim, Delete); discarded uploads (DeleteObject `files/`, both buckets).
  page: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName],
    },
    privateBucket: { objects: [{ actions: [DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }] },
    publicBucket: { objects: [{ actions: [DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }] },
  },
  // POST /search/content: the catalog revision (GetItem) and, building a snapshot,
  // the content by status (gsi3); the snapshot under `search/` (Get, Head → GetObject,
  // Put; ListBucket so a missing snapshot is a 404). Public bucket: name only.
  // The Atom feed and the OAI-PMH records read their items and contributors (BatchGet);
  // the sitemap lists published news and events (gsi3) and the pages (gsi1) (decision
  // records 054, 055). Saved searches (issue 24 item 8; decision record 061): the caller's
  // partition (Get, Query on the table), a create and a delete as transactions of
  // Put/Delete with the settings item's Update, renames, seen points and the unsubscribe
  // (UpdateItem), the rate-limit counters of the writes (UpdateItem).
  search: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName, gsi3.indexName],
    },
    privateBucket: {
      objects: [{ actions: ['s3:GetObject', 's3:PutObject'], keyPrefixes: [SEARCH_OBJECT_PREFIX] }],
      bucketActions: ['s3:ListBucket'],
    },
    publicBucket: 'none',
  },
  // Raw statistics and buckets (counters on the table), courseware metrics (gsi3); the
  // business-unit merge map (Query) and the units kept by merges (BatchGet).
  statistics: {
    table: { actions: [GET, QUERY, BATCH_GET], indexActions: [QUERY], indexNames: [gsi3.indexName] },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // Business units (issue 11; decision record 030): Get/BatchGet units, the name list
  // (gsi1) and a unit's users (gsi2), the merge map (Query on the table), transactions
  // of Put/Update with the audit event, conditional user updates of a merge. Issue 28 item 2
  // (decision record 084): idempotency records of a create or merge (DeleteItem of a failed one).
  'business-unit': {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName, gsi2.indexName],
    },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // Uploads, downloads, bundles. Table: file records (Get, Put, Update claim,
  // Delete), content and lessons (Get, BatchGet, gsi2), the user (Query on the
  // table), download events and counters (transaction of Put/Update/ConditionCheck).
  // Private bucket: presigned POST, HeadObject, ranged/streamed GET and DeleteObject of
  // uploads (`files/`); presigned GETs of seeded files (`content/`) and bundles
  // (`bundles/`). Public bucket: the same for public uploads. ListBucket on both so a
  // missing upload is a 404 at completion. Starting the workflow is granted apart
  // (`BundleWorkflow.grantStart`).
  file: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE, CONDITION_CHECK],
      indexActions: [QUERY],
      indexNames: [gsi2.indexName],
    },
    privateBucket: {
      objects: [
        { actions: ['s3:GetObject', 's3:PutObject', DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] },
        { actions: ['s3:GetObject'], keyPrefixes: [CONTENT_FILE_PREFIX, BUNDLE_OBJECT_PREFIX] },
      ],
      bucketActions: ['s3:ListBucket'],
    },
    publicBucket: {
      objects: [{ actions: ['s3:GetObject', 's3:PutObject', DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }],
      bucketActions: ['s3:ListBucket'],
    },
  },
  // POST /newsletter: the subscriber and its outbox item (PutItem), e-mail state and
  // the rate-limit counter (UpdateItem). Issue 28 item 2 (decision record 084): the
  // idempotency record of a sign-up (GetItem, PutItem, UpdateItem; DeleteItem of a failed one).
  newsletter: {
    table: { actions: [GET, PUT, UPDATE, DELETE] },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // GET a product subscription: one item of the user's collection (GetItem).
  'product-subscription': {
    table: { actions: [GET] },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // Lessons: Get, BatchGet, the lessons of a content item (gsi2), transactions of
  // Put/Update/Delete, file records (Update claim, Delete); discarded uploads.
  lesson: {
    table: {
      actions: [GET, BATCH_GET, PUT, UPDATE, DELETE],
      indexActions: [QUERY],
      indexNames: [gsi2.indexName],
    },
    privateBucket: { objects: [{ actions: [DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }] },
    publicBucket: { objects: [{ actions: [DELETE_OBJECT], keyPrefixes: [UPLOADED_FILE_PREFIX] }] },
  },
  // The OpenAPI document and client error reports: no bucket (names only, for the environment
  // check); the table for the session check (GetItem) and the reports' rate-limit counter (UpdateItem).
  meta: {
    table: { actions: [GET, UPDATE] },
    privateBucket: 'none',
    publicBucket: 'none',
  },
  // The first HTML of public pages (issue 22 item 2; decision record 038): it calls the
  // read routes of content, news and events, pages and search in-process, as a visitor,
  // so it reads what they read (Get, BatchGet, Query on gsi1–3; the search snapshot under
  // `search/`) and writes nothing: when the snapshot must be rebuilt the search fails
  // here and the page is served as the plain SPA shell, whose search rebuilds it. The
  // SPA shell travels in its bundle: no web bucket access.
  html: {
    table: {
      actions: [GET, BATCH_GET, QUERY],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName, gsi2.indexName, gsi3.indexName],
    },
    privateBucket: {
      objects: [{ actions: ['s3:GetObject'], keyPrefixes: [SEARCH_OBJECT_PREFIX] }],
      bucketActions: ['s3:ListBucket'],
    },
    publicBucket: 'none',
  },
  // My library (issue 26 item 1; decision record 072): the caller's saved items (Query on
  // the table and gsi1, one transaction of Put/Delete and the count's Update, GetItem of
  // an item already saved), the content items they name (GetItem, BatchGetItem) and the
  // caller's download history (Query on the table). Personal data (item 5; decision record
  // 075): the user's item collection, review pointers and saved searches (Query), the
  // update-notice settings (GetItem), the reviews (BatchGetItem), the submissions (Query on
  // gsi1); deleting reviews is the review transaction (Put/Delete/Update) and the catalog
  // revision's UpdateItem. Collections (item 2; decision record 073): GetItem of a
  // collection, its create and delete transactions (Put/Delete and the count's Update), its
  // conditional Put, the owner's list on gsi1 and the curated list on gsi2. Coverage and the
  // CAE worksheet (issue 27 items 2 and 3; decision record 080): the collection (GetItem), its
  // items (BatchGetItem), the knowledge and work-role snapshots (GetItem of the revision, Query
  // on the table).
  library: {
    table: {
      actions: [GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE],
      indexActions: [QUERY],
      indexNames: [gsi1.indexName, gsi2.indexName],
    },
    privateBucket: 'none',
    publicBucket: 'none',
  },
};

/** The resources a group's grant is applied to. */
export interface GroupResources {
  readonly table: ITableV2;
  readonly privateBucket: IBucket;
  readonly publicBucket: IBucket;
}

/**
 * Applies `grants[group]` to `fn` through the binding methods, which set each
 * resource's environment variable and its IAM grant together: `bindTableActions`
 * (exact table and index actions; `TABLE_NAME` alone when the group needs none),
 * `bindBucketObjects` (exact object actions per key prefix, bucket actions) or
 * `bindBucketName` (the name only).
 * @returns `fn`, for chaining.
 */
export function bindGroupResources(
  fn: PortalFunction,
  group: ClientGroup,
  resources: GroupResources,
  grants: Readonly<Record<ClientGroup, GroupGrant>> = GROUP_GRANTS,
): PortalFunction {
  return bindGrant(fn, grants[group], resources);
}

/**
 * Applies one {@link GroupGrant} to `fn` through the binding methods (see
 * {@link bindGroupResources}); also for the housekeeping functions.
 * @returns `fn`, for chaining.
 */
export function bindGrant(fn: PortalFunction, grant: GroupGrant, resources: GroupResources): PortalFunction {
  fn.bindTableActions(resources.table, grant.table ?? { actions: [] });
  bindBucketGrant(fn, BUCKETS.private.nameEnv, resources.privateBucket, grant.privateBucket);
  bindBucketGrant(fn, BUCKETS.public.nameEnv, resources.publicBucket, grant.publicBucket);
  return fn;
}

/** Binds one bucket: its name only for `'none'`, exact object and bucket actions otherwise. */
function bindBucketGrant(fn: PortalFunction, envName: string, bucket: IBucket, grant: BucketGroupGrant | 'none'): void {
  if (grant === 'none') fn.bindBucketName(envName, bucket);
  else fn.bindBucketObjects(envName, bucket, grant.objects, grant.bucketActions ?? []);
}

/**
 * The IAM actions one group's grant allows on a resource, for tests and reports:
 * `'table'`, `'index:<name>'`, `'private:<object key>'` / `'public:<object key>'`
 * (object actions of the prefixes the key starts with), `'private'` / `'public'`
 * (bucket actions).
 */
export function allowedActions(grant: GroupGrant, resource: string): Set<string> {
  const allowed = new Set<string>();
  if (resource === 'table') for (const action of grant.table?.actions ?? []) allowed.add(action);
  else if (resource.startsWith('index:')) {
    const name = resource.slice('index:'.length);
    const indexes = grant.table?.indexNames;
    if (!indexes || indexes.includes(name)) for (const action of grant.table?.indexActions ?? []) allowed.add(action);
  } else {
    const [which, ...rest] = resource.split(':');
    const bucket = which === 'private' ? grant.privateBucket : which === 'public' ? grant.publicBucket : 'none';
    if (bucket === 'none') return allowed;
    if (rest.length === 0) for (const action of bucket.bucketActions ?? []) allowed.add(action);
    else {
      const key = rest.join(':');
      for (const objects of bucket.objects) {
        if (objects.keyPrefixes.some((prefix) => key.startsWith(prefix))) {
          for (const action of objects.actions) allowed.add(action);
        }
      }
    }
  }
  return allowed;
}
