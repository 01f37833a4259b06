import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { tableName } from '../data/dynamo.ts';
import { ENTITY_TYPES, updateNoticeSettingsKey } from '../data/keys.ts';
import { newUnsubscribeSecret, unsubscribeToken } from '../domain/unsubscribe-tokens.ts';

/**
 * Gives `userId` the unsubscribe secret a first update-notice digest would store
 * (issue 25 item 5), with the digest on.
 * @returns the token of the digest's unsubscribe links.
 */
export async function storeUpdateNoticeTokenFixture(userId: string): Promise<string> {
  const secret = newUnsubscribeSecret();
  await dynamoDocumentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: updateNoticeSettingsKey(userId),
      UpdateExpression: 'SET unsubscribeSecret = :secret, emailOptOut = :off, userId = :userId, entityType = :type',
      ExpressionAttributeValues: {
        ':secret': secret,
        ':off': false,
        ':userId': userId,
        ':type': ENTITY_TYPES.updateNoticeSettings,
      },
    }),
  );
  return unsubscribeToken(userId, secret);
}
