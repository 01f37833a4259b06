import { type Claim, IDENTITY_PROVIDERS, type IdentityProvider } from '#shared/contracts/identity';
import { BUCKETS, TABLE } from '#shared/table';
import {
  addUserClaims,
  createUserAccount,
  getUserAccount,
  getUserIdByIdentity,
  getUsersByEmail,
  type UserAccount,
  type UserRecord,
} from '../../functions/src/data/users.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import { ConflictError, NotFoundError } from '../../functions/src/lib/errors.ts';
import { PERSONA_DEFINITIONS } from '../../functions/src/seed/personas.ts';

/**
 * `npm run admin:first -- --table <TableName> --email <address> [--region <r>]`: makes
 * a portal user an administrator in a deployment where nobody can yet grant rights
 * through the API (issue 10 item 5, docs/deploy.md "First admin user").
 *
 * "Administrator" is what decision record 012 and the seeded `admin` persona
 * (functions/src/seed/personas.ts) define — spec §6 leaves the privileged role open:
 * the USER role, every editor API claim, `can-view-archived-content`, organization
 * and abstract claims, `get_v1_users` and `post_v1_impersonation`, and the
 * `coursewareFeature` subscription (spec §4: without it a login is not valid). The
 * claims are read from that persona, so the tool and the seed cannot drift.
 *
 * Signing in does NOT create a portal account (`POST /api/v1/authenticate` answers
 * "Your account could not be found." for an upstream identity linked to no user), so
 * for a fresh table the tool can also create the account: `--subject <sub>` (the
 * upstream `sub`, e.g. the Cognito user's) with `--provider vcr|sso` (default `vcr`)
 * and `--name <display name>`. Without `--subject` an unknown e-mail is refused.
 *
 * Idempotent: a second run finds nothing missing and writes nothing.
 */

/** The seeded administrator persona whose claims and subscriptions the tool grants. */
const ADMIN_PERSONA = PERSONA_DEFINITIONS.find((definition) => definition.persona === 'admin');
if (!ADMIN_PERSONA) throw new Error('functions/src/seed/personas.ts has no admin persona.');

/** The claims of an administrator (decision record 012; the seeded `admin` persona). */
export const ADMINISTRATOR_CLAIMS: readonly Claim[] = ADMIN_PERSONA.claims;

/** The product subscriptions of an administrator (`coursewareFeature`, spec §4). */
export const ADMINISTRATOR_SUBSCRIPTIONS: readonly string[] = ADMIN_PERSONA.subscriptions;

/** Ranges (brands) of an account the tool creates: both, like the seeded administrator. */
const ADMINISTRATOR_RANGES = ADMIN_PERSONA.ranges;

/** A refusal of the tool: its message says what is wrong and what to do. */
export class FirstAdminError extends Error {
  override readonly name = 'FirstAdminError';
}

/** Who to make an administrator, and how to create the account when none exists. */
export interface FirstAdminRequest {
  /** The user's e-mail address (compared lower-case, as the users-by-e-mail index stores it). */
  readonly email: string;
  /** Picks one user when several share the e-mail address. */
  readonly userId?: string | undefined;
  /** Upstream subject (`sub`) to create and link a new account with, when no user has the address. */
  readonly subject?: string | undefined;
  /** Upstream provider of `subject`; default `vcr` (the range's Cognito user pool). */
  readonly provider?: IdentityProvider | undefined;
  /** Display name of a created account; default the e-mail address. */
  readonly displayName?: string | undefined;
  /** Creation time of a created account; default now. */
  readonly now?: Date | undefined;
}

/**
 * What the tool did: `created` (a new account with every administrator claim),
 * `granted` (the missing claims and subscriptions added to an existing user), or
 * `unchanged` (the user had them all). `claimsAdded` lists one entry per stored claim
 * scope (`type value [scope]`).
 */
export interface FirstAdminResult {
  readonly outcome: 'created' | 'granted' | 'unchanged';
  readonly user: UserRecord;
  readonly claimsAdded: readonly string[];
  readonly subscriptionsAdded: readonly string[];
  /** The user's roles once the write is done (values of the `role` claims). */
  readonly roles: readonly string[];
}

/** One stored claim item's identity: a claim has one item per scope (`*` when unscoped). */
interface ClaimScope {
  readonly type: string;
  readonly value: string;
  readonly scope: string | undefined;
}

function claimScopes(claims: readonly Claim[]): ClaimScope[] {
  return claims.flatMap((claim) =>
    (claim.scopes && claim.scopes.length > 0 ? claim.scopes : [undefined]).map((scope) => ({
      type: claim.type,
      value: claim.value,
      scope,
    })),
  );
}

function describeScope(claim: ClaimScope): string {
  return `${claim.type} ${claim.value}${claim.scope ? ` [${claim.scope}]` : ''}`;
}

/**
 * True when `held` already covers the stored item of `wanted`: the same type and
 * value, and either held unscoped (an unscoped claim admits every scope, spec §6) or
 * held with exactly that scope.
 */
function covered(held: readonly Claim[], wanted: ClaimScope): boolean {
  return held.some(
    (claim) =>
      claim.type === wanted.type &&
      claim.value === wanted.value &&
      (claim.scopes === undefined ||
        claim.scopes.length === 0 ||
        (wanted.scope !== undefined && claim.scopes.includes(wanted.scope))),
  );
}

/**
 * Makes the user with `request.email` an administrator (see the module comment):
 * adds every missing administrator claim item and subscription item and refreshes
 * the user item's `roles`, in ONE TransactWriteItems whose user-item update is
 * conditional on the version read (optimistic locking) and whose new items are
 * conditional on being absent; creates the account with `createUserAccount` when no
 * user has the address and `request.subject` is given. Reads the user with
 * `getUserAccount`, the function sign-in uses.
 * @throws FirstAdminError when no user has the address (and no subject is given),
 *   several do (and no matching `userId` picks one), a given subject is not linked to
 *   the user who has the address, or the user changed meanwhile.
 * @throws ConflictError from createUserAccount when the subject is linked to another user.
 */
export async function grantAdministrator(request: FirstAdminRequest): Promise<FirstAdminResult> {
  const email = request.email.trim();
  if (!email.includes('@')) throw new FirstAdminError(`"${request.email}" is not an e-mail address.`);
  const matches = await getUsersByEmail(email);
  const candidates = request.userId ? matches.filter((user) => user.id === request.userId) : matches;

  if (candidates.length === 0) {
    if (request.userId && matches.length > 0) {
      throw new FirstAdminError(
        `No user ${request.userId} has the address ${email}; users with it: ${matches.map((u) => u.id).join(', ')}.`,
      );
    }
    if (!request.subject) {
      throw new FirstAdminError(
        `No portal user has the e-mail address ${email}. Signing in does not create portal accounts; ` +
          'pass --subject <upstream sub> (and --provider, --name) to create this administrator.',
      );
    }
    return createAdministrator(email, request.subject, request);
  }
  if (candidates.length > 1) {
    throw new FirstAdminError(
      `${candidates.length} users have the address ${email} (${candidates.map((u) => u.id).join(', ')}); ` +
        'pick one with --user-id.',
    );
  }
  const userId = (candidates[0] as UserRecord).id;
  if (request.subject) {
    const provider = request.provider ?? 'vcr';
    const linked = await getUserIdByIdentity(provider, request.subject);
    if (linked !== userId) {
      throw new FirstAdminError(
        `User ${userId} has the address ${email}, but the ${provider} subject ${request.subject} is linked to ` +
          `${linked === null ? 'no user' : `user ${linked}`}; the tool links subjects only to accounts it creates. ` +
          'Run it without --subject to grant the rights to that user.',
      );
    }
  }
  const account = await getUserAccount(userId);
  if (!account) throw new FirstAdminError(`User ${userId} disappeared while the tool ran; run it again.`);

  const claimsMissing = claimScopes(ADMINISTRATOR_CLAIMS).filter((wanted) => !covered(account.claims, wanted));
  const subscriptionsMissing = ADMINISTRATOR_SUBSCRIPTIONS.filter(
    (product) => !account.subscriptions.includes(product),
  );
  if (claimsMissing.length === 0 && subscriptionsMissing.length === 0) {
    return {
      outcome: 'unchanged',
      user: account.user,
      claimsAdded: [],
      subscriptionsAdded: [],
      roles: account.roles,
    };
  }
  const roles = await addGrants(account, claimsMissing, subscriptionsMissing);
  return {
    outcome: 'granted',
    user: { ...account.user, roles },
    claimsAdded: claimsMissing.map(describeScope),
    subscriptionsAdded: subscriptionsMissing,
    roles,
  };
}

async function createAdministrator(email: string, subject: string, request: FirstAdminRequest) {
  const account = await createUserAccount({
    user: {
      id: newId(),
      displayName: request.displayName?.trim() || email,
      email,
      picture: null,
      businessUnitId: null,
      businessUnit: null,
      ranges: [...ADMINISTRATOR_RANGES],
      createdTimestamp: (request.now ?? new Date()).toISOString(),
    },
    claims: ADMINISTRATOR_CLAIMS,
    subscriptions: ADMINISTRATOR_SUBSCRIPTIONS,
    messages: [],
    organizations: [],
    identities: [{ provider: request.provider ?? 'vcr', subject }],
  });
  return {
    outcome: 'created' as const,
    user: account.user,
    claimsAdded: claimScopes(ADMINISTRATOR_CLAIMS).map(describeScope),
    subscriptionsAdded: [...ADMINISTRATOR_SUBSCRIPTIONS],
    roles: account.roles,
  };
}

/**
 * Adds the missing claims (one per stored scope) and subscriptions through the data
 * layer (`addUserClaims`, one transaction with the user item's new roles and version).
 * @returns the user's roles after the write.
 * @throws FirstAdminError when the user changed or vanished while the tool ran.
 */
async function addGrants(
  account: UserAccount,
  claims: readonly ClaimScope[],
  subscriptions: readonly string[],
): Promise<string[]> {
  try {
    return await addUserClaims(
      account,
      claims.map(({ type, value, scope }) => ({ type, value, ...(scope ? { scopes: [scope] } : {}) })),
      subscriptions,
    );
  } catch (error) {
    if (error instanceof ConflictError || error instanceof NotFoundError) {
      throw new FirstAdminError(
        `User ${account.user.id} changed while the tool ran (${error.message}); nothing was written. Run it again.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** The command line of `npm run admin:first`. */
export interface FirstAdminArguments extends FirstAdminRequest {
  readonly table: string;
  readonly region: string | undefined;
}

const USAGE =
  'Usage: npm run admin:first -- --table <TableName> --email <address> [--region <region>] ' +
  '[--user-id <id>] [--subject <upstream sub> [--provider vcr|sso] [--name <display name>]]';

/**
 * Parses `--flag value` and `--flag=value` pairs.
 * @throws FirstAdminError with the usage for an unknown flag, a missing value, or
 *   a missing `--table` / `--email`.
 */
export function parseFirstAdminArguments(argv: readonly string[]): FirstAdminArguments {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = '', inline] = (argv[i] as string).split(/=(.*)/s, 2);
    const value = inline ?? argv[++i];
    if (!['--table', '--email', '--region', '--user-id', '--subject', '--provider', '--name'].includes(flag)) {
      throw new FirstAdminError(`Unknown argument "${flag}". ${USAGE}`);
    }
    if (value === undefined || value === '') throw new FirstAdminError(`${flag} needs a value. ${USAGE}`);
    values.set(flag, value);
  }
  const table = values.get('--table');
  const email = values.get('--email');
  if (!table || !email) throw new FirstAdminError(`--table and --email are required. ${USAGE}`);
  const provider = values.get('--provider');
  if (provider !== undefined && !(IDENTITY_PROVIDERS as readonly string[]).includes(provider)) {
    throw new FirstAdminError(`--provider must be one of ${IDENTITY_PROVIDERS.join(', ')}, not "${provider}".`);
  }
  if (values.has('--provider') && !values.has('--subject')) {
    throw new FirstAdminError(`--provider only goes with --subject. ${USAGE}`);
  }
  return {
    table,
    email,
    region: values.get('--region'),
    userId: values.get('--user-id'),
    subject: values.get('--subject'),
    provider: provider as IdentityProvider | undefined,
    displayName: values.get('--name'),
  };
}

/** The report the command prints for a result. */
export function describeResult(result: FirstAdminResult, table: string): string {
  const who = `${result.user.displayName} <${result.user.email ?? 'no e-mail'}> (user ${result.user.id})`;
  const lines = {
    created: `first-admin: created ${who} in ${table} as an administrator.`,
    granted: `first-admin: made ${who} in ${table} an administrator.`,
    unchanged: `first-admin: ${who} in ${table} is already an administrator; nothing written.`,
  };
  const report = [lines[result.outcome]];
  if (result.claimsAdded.length > 0) report.push(`  claims added: ${result.claimsAdded.join('; ')}`);
  if (result.subscriptionsAdded.length > 0)
    report.push(`  subscriptions added: ${result.subscriptionsAdded.join(', ')}`);
  report.push(`  roles: ${result.roles.join(', ')}; ranges: ${result.user.ranges.join(', ') || 'none'}`);
  if (result.outcome !== 'unchanged') {
    report.push('  The rights apply from the next sign-in (portal tokens carry the claims; decision record 012).');
  }
  return report.join('\n');
}

async function main(): Promise<void> {
  const args = parseFirstAdminArguments(process.argv.slice(2));
  process.env[TABLE.nameEnv] = args.table;
  if (args.region) process.env.AWS_REGION = args.region;
  // The data layer's environment check asks for both bucket names too; this tool
  // reads and writes only the table, so any non-empty name satisfies it.
  process.env[BUCKETS.private.nameEnv] ??= 'first-admin-touches-no-bucket';
  process.env[BUCKETS.public.nameEnv] ??= 'first-admin-touches-no-bucket';
  console.log(describeResult(await grantAdministrator(args), args.table));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`first-admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
