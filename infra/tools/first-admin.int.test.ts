import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES, can, capabilitiesOf, isValidLogin } from '#shared/capabilities';
import { TABLE } from '#shared/table';
import {
  createUserAccount,
  getUserAccount,
  getUserIdByIdentity,
  getUsersByEmail,
  getUsersByIds,
  type NewUserAccount,
} from '../../functions/src/data/users.ts';
import { principalFor } from '../../functions/src/domain/entitlement.ts';
import { seedId } from '../../functions/src/domain/ids.ts';
import { startTestStack } from '../../functions/src/test-support/stack.ts';
import { ADMINISTRATOR_CLAIMS, FirstAdminError, grantAdministrator, parseFirstAdminArguments } from './first-admin.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** A faculty-like user as the seed would write it: file claims per scope, no privileged claim. */
function faculty(name: string, email: string, claims = true): NewUserAccount {
  return {
    user: {
      id: seedId('first-admin-test', name),
      displayName: name,
      email,
      picture: null,
      businessUnitId: null,
      businessUnit: null,
      ranges: ['USCR'],
      createdTimestamp: '2026-11-21T00:00:00.000Z',
    },
    claims: claims
      ? [
          { type: 'role', value: 'USER' },
          { type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] },
          { type: 'api', value: 'list_v1_courses' },
        ]
      : [{ type: 'scoped-file', value: 'any', scopes: ['courseware'] }],
    subscriptions: claims ? ['coursewareFeature'] : [],
    messages: [],
    organizations: [],
    identities: [{ provider: 'vcr', subject: `first-admin-test|${name}` }],
  };
}

async function principalOf(userId: string) {
  const account = await getUserAccount(userId);
  if (!account) throw new Error(`no user ${userId}`);
  return principalFor(account, 'USCR');
}

describe('first-admin', () => {
  it('grants an existing user every administrator claim, keeping the claims it had', async () => {
    const user = (await createUserAccount(faculty('Fay', 'Fay.Faculty@Example.edu'))).user;
    expect(can(await principalOf(user.id), 'listUsers')).toBe(false);

    const result = await grantAdministrator({ email: 'fay.faculty@example.edu' });

    expect(result.outcome).toBe('granted');
    expect(result.user.id).toBe(user.id);
    expect(result.claimsAdded).toContain('api get_v1_users');
    expect(result.claimsAdded).toContain('api post_v1_impersonation');
    expect(result.claimsAdded).not.toContain('role USER');
    expect(result.subscriptionsAdded).toEqual([]);
    const principal = await principalOf(user.id);
    expect(isValidLogin(principal)).toBe(true);
    expect([...capabilitiesOf(principal)].sort()).toEqual([...CAPABILITIES].sort());
    const account = await getUserAccount(user.id);
    expect(account?.claims).toContainEqual({ type: 'api', value: 'list_v1_courses' });
    // The administrator's file claim is unscoped: its `*` item widens the scoped one (spec §6).
    expect(account?.claims).toContainEqual({ type: 'scoped-file', value: 'any' });
    for (const claim of ADMINISTRATOR_CLAIMS) expect(account?.claims).toContainEqual(claim);
  });

  it('writes nothing on a second run', async () => {
    const { user } = await createUserAccount(faculty('Gil', 'gil@example.edu'));
    expect((await grantAdministrator({ email: 'gil@example.edu' })).outcome).toBe('granted');
    const first = await getUserAccount(user.id);

    const second = await grantAdministrator({ email: 'GIL@example.edu' });

    expect(second.outcome).toBe('unchanged');
    expect(second.claimsAdded).toEqual([]);
    expect(second.subscriptionsAdded).toEqual([]);
    expect(await getUserAccount(user.id)).toEqual(first);
  });

  it('adds the USER role, its roles attribute and the subscription to a user without them', async () => {
    const { user } = await createUserAccount(faculty('Hal', 'hal@example.edu', false));
    expect(isValidLogin(await principalOf(user.id))).toBe(false);

    const result = await grantAdministrator({ email: 'hal@example.edu' });

    expect(result.claimsAdded).toContain('role USER');
    expect(result.subscriptionsAdded).toEqual(['coursewareFeature']);
    expect(result.roles).toEqual(['USER']);
    const [stored] = await getUsersByIds([user.id]);
    expect(stored?.roles).toEqual(['USER']);
    const principal = await principalOf(user.id);
    expect(isValidLogin(principal)).toBe(true);
    expect(can(principal, 'impersonateUsers')).toBe(true);
  });

  it('refuses an unknown e-mail address and writes nothing', async () => {
    await expect(grantAdministrator({ email: 'nobody@example.edu' })).rejects.toThrow(FirstAdminError);
    await expect(grantAdministrator({ email: 'nobody@example.edu' })).rejects.toThrow(
      /No portal user has the e-mail address nobody@example.edu/,
    );
    expect(await getUsersByEmail('nobody@example.edu')).toEqual([]);
    await expect(grantAdministrator({ email: 'not-an-address' })).rejects.toThrow(/not an e-mail address/);
  });

  it('creates and links a new administrator when given an upstream subject, once', async () => {
    const result = await grantAdministrator({
      email: 'ops@example.org',
      subject: 'cognito-sub-1',
      displayName: 'Olga Ops',
    });

    expect(result.outcome).toBe('created');
    expect(result.user.displayName).toBe('Olga Ops');
    expect(await getUserIdByIdentity('vcr', 'cognito-sub-1')).toBe(result.user.id);
    expect([...capabilitiesOf(await principalOf(result.user.id))].sort()).toEqual([...CAPABILITIES].sort());

    const again = await grantAdministrator({ email: 'ops@example.org', subject: 'cognito-sub-1' });
    expect(again.outcome).toBe('unchanged');
    expect(again.user.id).toBe(result.user.id);
    expect(await getUsersByEmail('ops@example.org')).toHaveLength(1);
  });

  it('refuses a subject that is not linked to the user who has the address', async () => {
    await createUserAccount(faculty('Lea', 'lea@example.edu'));
    await expect(grantAdministrator({ email: 'lea@example.edu', subject: 'cognito-sub-other' })).rejects.toThrow(
      /subject cognito-sub-other is linked to no user/,
    );
    const linked = await grantAdministrator({ email: 'lea@example.edu', subject: 'first-admin-test|Lea' });
    expect(linked.outcome).toBe('granted');
  });

  it('refuses an address two users share unless --user-id picks one', async () => {
    const a = (await createUserAccount(faculty('Ivo', 'shared@example.edu'))).user;
    await createUserAccount(faculty('Jan', 'shared@example.edu'));
    await expect(grantAdministrator({ email: 'shared@example.edu' })).rejects.toThrow(/2 users have the address/);
    await expect(grantAdministrator({ email: 'shared@example.edu', userId: 'nope' })).rejects.toThrow(
      /No user nope has the address/,
    );

    const result = await grantAdministrator({ email: 'shared@example.edu', userId: a.id });
    expect(result.outcome).toBe('granted');
    expect(result.user.id).toBe(a.id);
  });

  it('runs as a command: prints what it did, exits 1 with the reason on refusal', async () => {
    await createUserAccount(faculty('Kim', 'kim@example.edu'));
    const run = promisify(execFile);
    const tsx = path.resolve('node_modules/.bin/tsx');
    const script = path.resolve('infra/tools/first-admin.ts');
    const table = process.env[TABLE.nameEnv] ?? TABLE.localName;

    const granted = await run(tsx, [script, '--table', table, '--email', 'kim@example.edu']);
    expect(granted.stdout).toMatch(/made Kim <kim@example.edu> .* an administrator/);
    expect(granted.stdout).toMatch(/claims added: .*api get_v1_users/);

    const again = await run(tsx, [script, '--table', table, '--email=kim@example.edu']);
    expect(again.stdout).toMatch(/is already an administrator; nothing written/);

    const refused = await run(tsx, [script, '--table', table, '--email', 'ghost@example.edu']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/No portal user has the e-mail address/) });
  }, 60_000);
});

describe('parseFirstAdminArguments', () => {
  it('reads flags in both forms', () => {
    expect(
      parseFirstAdminArguments(['--table', 'T', '--email=a@b.org', '--region', 'eu-west-1', '--subject', 's']),
    ).toMatchObject({ table: 'T', email: 'a@b.org', region: 'eu-west-1', subject: 's', provider: undefined });
  });

  it('refuses unknown flags, missing values and a missing table or e-mail', () => {
    expect(() => parseFirstAdminArguments(['--table', 'T', '--mail', 'a@b.org'])).toThrow(/Unknown argument "--mail"/);
    expect(() => parseFirstAdminArguments(['--table', 'T', '--email'])).toThrow(/--email needs a value/);
    expect(() => parseFirstAdminArguments(['--email', 'a@b.org'])).toThrow(/--table and --email are required/);
    expect(() => parseFirstAdminArguments(['--table', 'T', '--email', 'a@b.org', '--provider', 'ldap'])).toThrow(
      /--provider must be one of vcr, sso/,
    );
  });
});
