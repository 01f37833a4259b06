import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../domain/ids.ts';
import { startTestStack } from '../test-support/stack.ts';
import { deleteUserMessage } from './user-messages.ts';
import { createUserAccount, getUserAccount, type NewUserAccount } from './users.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

function account(name: string): NewUserAccount {
  return {
    user: {
      id: seedId('test-user', name),
      displayName: name,
      email: null,
      picture: null,
      businessUnitId: null,
      businessUnit: null,
      ranges: ['USCR'],
      createdTimestamp: '2026-11-28T00:00:00.000Z',
    },
    claims: [{ type: 'role', value: 'USER' }],
    subscriptions: ['coursewareFeature'],
    messages: [
      { id: seedId('test-message', `${name}|1`), message: `${name} one`, link: null },
      { id: seedId('test-message', `${name}|2`), message: `${name} two`, link: '/courseware' },
    ],
    organizations: [],
    identities: [{ provider: 'vcr', subject: `test|dismiss|${name}` }],
  };
}

describe('deleteUserMessage (issue 25 item 5)', () => {
  it("deletes the caller's own message once, never another user's", async () => {
    const ada = await createUserAccount(account('DismissAda'));
    const ben = await createUserAccount(account('DismissBen'));
    const adaFirst = seedId('test-message', 'DismissAda|1');
    const benFirst = seedId('test-message', 'DismissBen|1');

    expect(await deleteUserMessage(ada.user.id, benFirst)).toBe(false);
    expect(await deleteUserMessage(ada.user.id, seedId('test-message', 'absent'))).toBe(false);
    expect(await deleteUserMessage(ada.user.id, adaFirst)).toBe(true);
    expect(await deleteUserMessage(ada.user.id, adaFirst)).toBe(false);

    expect((await getUserAccount(ada.user.id))?.messages.map((message) => message.message)).toEqual(['DismissAda two']);
    expect((await getUserAccount(ben.user.id))?.messages.map((message) => message.message).sort()).toEqual([
      'DismissBen one',
      'DismissBen two',
    ]);
  });
});
