import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { tableName } from '../data/dynamo.ts';
import type { ContentRecord } from '../data/items.ts';
import { contentKey } from '../data/keys.ts';
import { aliasFromName } from '../domain/alias.ts';
import { seedId } from '../domain/ids.ts';

/**
 * A stored content record for tests: a published top-level lesson named `name`, with
 * an id derived from the name, a short description and no relations. Override any field.
 */
export function contentRecord(name: string, overrides: Partial<ContentRecord> = {}): ContentRecord {
  const now = new Date().toISOString();
  return {
    id: seedId('test-content', name),
    name,
    description: `<p>${name}</p>`,
    urlAlias: aliasFromName(name),
    status: 'published',
    category: 'lesson',
    categories: ['lesson'],
    educationLevels: [],
    experienceLevels: [],
    tags: [],
    contributors: [],
    children: [],
    sections: [],
    files: [],
    ksas: [],
    kus: [],
    tkss: [],
    parentId: null,
    lastCuratedTimestamps: {},
    createdTimestamp: now,
    modifiedTimestamp: now,
    image: null,
    includes: [],
    licence: 'CC BY-NC-SA 4.0',
    sourceUrl: null,
    copyrightNotice: null,
    version: 1,
    index: 0,
    summary: name,
    author: null,
    ancestorIds: [],
    ...overrides,
  };
}

/**
 * Sets a stored content item's `status` straight in the table (an item archived or
 * unpublished since it was saved or collected), for tests of what readers see then.
 */
export async function setContentStatus(id: string, status: ContentRecord['status']): Promise<void> {
  await dynamoDocumentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: contentKey(id),
      UpdateExpression: 'SET #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status },
    }),
  );
}
