import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../domain/ids.ts';
import { ConflictError } from '../lib/errors.ts';
import { startTestStack } from '../test-support/stack.ts';
import {
  addUserClaims,
  createUserAccount,
  getUserAccount,
  getUserIdByIdentity,
  isSubscribed,
  listUsersByEmail,
  type NewUserAccount,
} from './users.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

function newAccount(name: string, email: string | null, subject = `test|${name}`): NewUserAccount {
  return {
    user: {
      id: seedId('test-user', name),
      displayName: name,
      email,
      picture: null,
      businessUnitId: null,
      businessUnit: null,
      ranges: ['USCR'],
      createdTimestamp: '2026-11-21T00:00:00.000Z',
    },
    claims: [
      { type: 'role', value: 'USER' },
      { type: 'scoped-file', value: 'any', scopes: ['courseware'] },
      { type: 'scoped-file', value: 'any', scopes: ['lesson'] },
    ],
    subscriptions: ['coursewareFeature'],
    messages: [{ id: seedId('test-message', name), message: 'Hello', link: null }],
    organizations: [],
    identities: [{ provider: 'vcr', subject }],
  };
}

describe('user accounts', () => {
  it('stores a claim per scope and reads the collection back as one account', async () => {
    const created = await createUserAccount(newAccount('Bo', 'Bo@Example.org'));
    const read = await getUserAccount(created.user.id);
    expect(read).toEqual(created);
    expect(read?.claims).toContainEqual({ type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] });
    expect(await getUserIdByIdentity('vcr', 'test|Bo')).toBe(created.user.id);
    expect(await getUserIdByIdentity('sso', 'test|Bo')).toBeNull();
    expect(await isSubscribed(created.user.id, 'coursewareFeature')).toBe(true);
    expect(await isSubscribed(created.user.id, 'other')).toBe(false);
  });

  it('refuses a second user with the same id, and an identity linked already, writing nothing', async () => {
    await expect(createUserAccount(newAccount('Bo', 'bo@example.org', 'test|other'))).rejects.toThrow(
      new ConflictError('User already exists.'),
    );
    const thief = newAccount('Cy', 'cy@example.org', 'test|Bo');
    await expect(createUserAccount(thief)).rejects.toThrow(new ConflictError('Identity is already linked.'));
    expect(await getUserAccount(thief.user.id)).toBeNull();
  });

  it('pages users by lower-cased e-mail, those without one last', async () => {
    await createUserAccount(newAccount('Al', 'al@example.org'));
    await createUserAccount(newAccount('Zed', null));
    const first = await listUsersByEmail({ limit: 2 });
    expect(first.items.map((user) => user.email)).toEqual(['al@example.org', 'Bo@Example.org']);
    expect(first.nextPageToken).not.toBeNull();
    const second = await listUsersByEmail({ limit: 2, pageToken: first.nextPageToken ?? undefined });
    expect(second.items.map((user) => user.displayName)).toEqual(['Zed']);
    expect(second.nextPageToken).toBeNull();
  });

  it('adds claims and subscriptions to a user with its new roles, and writes nothing when one exists already', async () => {
    const created = await createUserAccount(newAccount('Di', 'di@example.org'));
    const roles = await addUserClaims(
      created,
      [
        { type: 'role', value: 'ADMIN' },
        { type: 'scoped-file', value: 'any', scopes: ['page'] },
      ],
      ['adminFeature'],
    );
    expect(roles).toEqual(expect.arrayContaining(['USER', 'ADMIN']));
    const read = await getUserAccount(created.user.id);
    expect(new Set(read?.roles)).toEqual(new Set(roles));
    expect(read?.claims).toContainEqual({ type: 'role', value: 'ADMIN' });
    expect(read?.claims).toContainEqual({
      type: 'scoped-file',
      value: 'any',
      scopes: ['courseware', 'lesson', 'page'],
    });
    expect(await isSubscribed(created.user.id, 'adminFeature')).toBe(true);

    // Adding a claim the user already has (its item exists) cancels the whole write.
    const before = await getUserAccount(created.user.id);
    await expect(
      addUserClaims(
        read ?? created,
        [
          { type: 'role', value: 'ADMIN' },
          { type: 'role', value: 'EDITOR' },
        ],
        [],
      ),
    ).rejects.toThrow(new ConflictError('User changed meanwhile.'));
    expect(await getUserAccount(created.user.id)).toEqual(before);
  });
});
