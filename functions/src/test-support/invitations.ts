import { newAuditEvent } from '../data/audit.ts';
import { createInvitation } from '../data/invitations.ts';
import { invitationToken } from '../domain/invitations.ts';
import { newInvitation } from '../services/invitations.ts';

/**
 * Test setup (integration tests): stores a pending student invitation to
 * `organization` for `email` through the data layer, with an outbox e-mail that is
 * never sent (its lease is now) and its audit event, and answers the link's token
 * (`<invitation id>.<secret>`). Lives under `test-support/` so that the IAM-grants
 * recorder attributes its calls to test setup, not to a client group.
 */
export async function storeTestInvitation(input: {
  readonly email: string;
  readonly organization: { readonly id: string; readonly name: string };
}): Promise<string> {
  const actor = { id: '01jd0000000000000000000000', displayName: 'Test setup', impersonatorId: null };
  const { record, secret } = newInvitation({
    email: input.email,
    displayName: null,
    organization: { ...input.organization, businessUnitId: null },
    role: 'student',
    invitedBy: actor,
    importId: null,
    now: new Date(),
  });
  const now = new Date().toISOString();
  await createInvitation(
    record,
    {
      id: record.outboxMessageId,
      kind: 'invitationEmail',
      brand: 'USCR',
      createdTimestamp: now,
      payload: {
        invitationId: record.id,
        organizationId: record.organization.id,
        email: record.email,
        reason: 'create',
        importId: null,
      },
      email: {
        from: 'portal@example.org',
        fromName: 'Portal',
        to: [record.email],
        replyTo: null,
        subject: 'S',
        text: 'T',
      },
      leaseUntil: now,
    },
    newAuditEvent({
      action: 'invitation.create',
      actor,
      target: { type: 'invitation', id: record.id, name: record.email },
      before: null,
      after: null,
    }),
  );
  return invitationToken(record.id, secret);
}
