// The recorder first: it installs itself on import, before the suites below send anything.
import { handlerGroup, type RecordedUse, recorded, recordPresignedPost } from './iam-grants-recorder.ts';
// Every route of the route table, with its writes, uploads, downloads and bundle request,
// driven over HTTP against the embedded emulators (the suite's cases run here too).
import './api-over-http.int.test.ts';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_GROUPS, type ClientGroup } from '#shared/enums';
import { ROUTES } from '#shared/routes';
import type * as FileObjects from '../../functions/src/adapters/file-objects.ts';
import type * as Group from '../../functions/src/lib/group.ts';
import {
  allowedActions,
  GROUP_GRANTS,
  type GroupGrant,
  HOUSEKEEPING_GRANTS,
  type HousekeepingFunction,
} from '../../infra/stacks/group-grants.ts';

/**
 * Proof that `infra/stacks/group-grants.ts` covers what the code does (issue 10 item
 * 1): while the route suite of `api-over-http.int.test.ts` drives every route of the
 * route table over HTTP, the recorder (`iam-grants-recorder.ts`) notes every
 * DynamoDB and S3 request the handlers send through the shared SDK clients, names the
 * client group whose route sent it from its async stack, and translates it to the IAM
 * action and resource it needs. Each must be allowed by that group's `GROUP_GRANTS`
 * entry; the catalog indexer's and the housekeeping jobs' calls, when the local stack
 * runs them meanwhile, by `HOUSEKEEPING_GRANTS`.
 *
 * Presigned POSTs run no middleware: `presignUpload` is wrapped to record them. Each
 * group's handler is wrapped to run in its group's async context, for the route code
 * groups share (`functions/src/messages/`).
 * Presigned GETs run the client's middleware stack and are recorded like requests.
 */

vi.mock('../../functions/src/adapters/file-objects.ts', async (importOriginal) => {
  const original = await importOriginal<typeof FileObjects>();
  return {
    ...original,
    presignUpload: async (input: FileObjects.PresignUploadInput) => {
      recordPresignedPost(input.bucket, input.key);
      return original.presignUpload(input);
    },
  } satisfies typeof FileObjects;
});

// Each group's handler runs in its group's async context (see `handlerGroup`).
vi.mock('../../functions/src/lib/group.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Group>();
  return {
    ...original,
    createGroupHandler: ((routes, implementations) => {
      const handler = original.createGroupHandler(routes, implementations);
      const group = routes[0]?.group ?? 'unknown';
      return (event, context) => handlerGroup.run(group, () => handler(event, context));
    }) as typeof original.createGroupHandler,
  } satisfies typeof Group;
});

const isGroup = (origin: string): origin is ClientGroup => (CLIENT_GROUPS as readonly string[]).includes(origin);
const isHousekeeping = (origin: string): origin is HousekeepingFunction => origin in HOUSEKEEPING_GRANTS;

/** The uses a grant does not allow, as readable lines. */
function refused(uses: readonly RecordedUse[], grantOf: (origin: string) => GroupGrant): string[] {
  const lines = uses
    .filter((use) => !allowedActions(grantOf(use.origin), use.resource).has(use.action))
    .map((use) => `${use.origin}: ${use.command} needs ${use.action} on ${use.resource}`);
  return [...new Set(lines)].sort();
}

// IAM_GRANTS_DUMP=<file>: writes what was recorded, e.g. to list the granted actions no route exercised.
afterAll(() => {
  const file = process.env.IAM_GRANTS_DUMP;
  if (file) writeFileSync(file, JSON.stringify(recorded, null, 1));
});

describe('the IAM grants of group-grants.ts, against the calls the routes made', () => {
  it('attributes calls to every client group that reaches the table or a bucket', () => {
    const seen = new Set(recorded.map((use) => use.origin));
    const groups = [...new Set(ROUTES.map((route) => route.group))].filter(
      (group) => group !== 'meta' && (GROUP_GRANTS[group].table?.actions.length ?? 0) > 0,
    );
    expect(groups.filter((group) => !seen.has(group))).toEqual([]);
  });

  it('records the presigned uploads and downloads of the file group', () => {
    const file = recorded.filter((use) => use.origin === 'file');
    expect(file.some((use) => use.command === 'PresignedPost' && use.action === 's3:PutObject')).toBe(true);
    expect(
      file.some((use) => use.command === 'GetObjectCommand' && /^private:(content|files|bundles)\//.test(use.resource)),
    ).toBe(true);
  });

  it("allows every call of a group's route by that group's GROUP_GRANTS entry", () => {
    const uses = recorded.filter((use) => isGroup(use.origin));
    expect(uses.length).toBeGreaterThan(100);
    expect(refused(uses, (origin) => GROUP_GRANTS[origin as ClientGroup])).toEqual([]);
  });

  it('allows every call of the catalog indexer and the housekeeping jobs by HOUSEKEEPING_GRANTS', () => {
    const uses = recorded.filter((use) => isHousekeeping(use.origin));
    expect(refused(uses, (origin) => HOUSEKEEPING_GRANTS[origin as HousekeepingFunction])).toEqual([]);
  });

  it('leaves no call of the portal’s code unattributed', () => {
    const unattributed = recorded.filter((use) => use.origin === 'unattributed');
    expect([
      ...new Set(unattributed.map((use) => `${use.command} ${use.action} ${use.resource} from ${use.frames}`)),
    ]).toEqual([]);
  });
});
