import type { Claim } from '#shared/contracts/identity';
import { type BusinessUnitSnapshot, createUserAccount } from '../../functions/src/data/users.ts';
import { newId } from '../../functions/src/domain/ids.ts';
import type { LocalPortal } from './local-portal.ts';

/** A user of a test's own (no persona changes), signed in through the dev identity provider. */
export interface OwnUser {
  readonly userId: string;
  readonly email: string;
  /** The upstream token of its identity (`dev|signup|<e-mail>`), for `POST /api/v1/authenticate`. */
  readonly upstreamToken: string;
  /** A portal token from `POST /api/v1/authenticate` with that upstream token. */
  readonly token: string;
}

/**
 * Creates a user with `claims` and `subscriptions` (ranges USCR, in `businessUnit` if given),
 * linked to the dev identity provider's sign-up identity of `email`, and signs it in
 * over HTTP: `/dev/signup` for the upstream token, then `POST /api/v1/authenticate`.
 * Runs in the test's process (the portal's handlers share it), so the account is
 * written with the data layer, as the seed writes personas.
 * @throws Error when the sign-up or the authentication does not answer as expected.
 */
export async function createSignedInUser(
  portal: Pick<LocalPortal, 'baseUrl'>,
  options: {
    readonly email: string;
    readonly displayName: string;
    readonly claims: readonly Claim[];
    readonly subscriptions: readonly string[];
    /** The user's business unit (none unless given). */
    readonly businessUnit?: BusinessUnitSnapshot;
  },
): Promise<OwnUser> {
  const userId = newId();
  await createUserAccount({
    user: {
      id: userId,
      displayName: options.displayName,
      email: options.email,
      picture: null,
      businessUnitId: options.businessUnit?.id ?? null,
      businessUnit: options.businessUnit ?? null,
      ranges: ['USCR'],
      createdTimestamp: new Date().toISOString(),
    },
    claims: options.claims,
    subscriptions: options.subscriptions,
    messages: [],
    organizations: [],
    identities: [{ provider: 'vcr', subject: `dev|signup|${options.email.toLowerCase()}` }],
  });
  const query = new URLSearchParams({
    name: options.displayName,
    email: options.email,
    redirect_url: `${portal.baseUrl}/`,
  });
  const signup = await fetch(`${portal.baseUrl}/dev/signup?${query}`, { redirect: 'manual' });
  const location = signup.headers.get('location');
  const upstreamToken = location ? new URL(location, portal.baseUrl).searchParams.get('t') : null;
  if (signup.status !== 302 || !upstreamToken) throw new Error(`Signing up answered ${signup.status}.`);
  const response = await fetch(`${portal.baseUrl}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'vcr', token: upstreamToken }),
  });
  const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
  if (response.status !== 200 || typeof body?.token !== 'string') {
    throw new Error(`Authenticating ${options.email} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { userId, email: options.email, upstreamToken, token: body.token };
}
