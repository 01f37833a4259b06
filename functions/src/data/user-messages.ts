import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { tableName } from './dynamo.ts';
import { userMessageKey } from './keys.ts';

/**
 * Deletes the message `USER#<userId>` / `MESSAGE#<messageId>` (issue 25 item 5, dismiss):
 * one conditional DeleteItem. Answers true when it existed, false when it did not — another
 * user's id is simply absent from this user's partition, so it can never be deleted here.
 * A later update notice of the same item writes the message again (decision record 066).
 */
export async function deleteUserMessage(userId: string, messageId: string): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: userMessageKey(userId, messageId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
