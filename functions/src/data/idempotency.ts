import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDbClient } from '../adapters/aws-clients.ts';
import { tableName } from './dynamo.ts';
import { ENTITY_TYPES, idempotencyRecordKey } from './keys.ts';

/**
 * Idempotency records on the single table (issue 28 item 2; decision record 084):
 * the Powertools DynamoDB persistence layer, with the key layout of keys.ts instead
 * of the library's. The library keys a record either by the hashed idempotency key
 * alone (a table with a partition key only) or by a static partition value with the
 * hash as sort key (every record in one partition: a hot partition on AWS); here
 * each record gets a partition of its own, pk `IDEMPOTENCY#<operationId>#<hash>` and
 * sk `IDEMPOTENCY`. The record's expiry is the table's TTL attribute (`expiresAt`,
 * epoch seconds), so DynamoDB deletes it after its expiry on AWS and the local
 * housekeeping loop does locally; until then the library compares the expiry itself
 * (its conditional put overwrites an expired record), so TTL's delay never matters.
 */

/** Attribute names of a record besides the key and the TTL (camelCase, as every item of the table). */
export const IDEMPOTENCY_ATTRIBUTES = {
  status: 'idempotencyStatus',
  response: 'response',
  requestHash: 'requestHash',
  inProgressExpiresAtMs: 'inProgressExpiresAtMs',
} as const;

/**
 * The Powertools persistence layer of one route's idempotency records. Uses the
 * shared DynamoDB client (so its retries and the grant recorder of the IAM test apply).
 */
export class SingleTablePersistenceLayer extends DynamoDBPersistenceLayer {
  /** True only while `_putRecord` builds its item (synchronously, before its first await). */
  #buildingItem = false;

  constructor() {
    super({
      tableName: tableName(),
      awsSdkV3Client: dynamoDbClient,
      keyAttr: TABLE.partitionKey,
      expiryAttr: TABLE.ttlAttribute,
      statusAttr: IDEMPOTENCY_ATTRIBUTES.status,
      dataAttr: IDEMPOTENCY_ATTRIBUTES.response,
      validationKeyAttr: IDEMPOTENCY_ATTRIBUTES.requestHash,
      inProgressExpiryAttr: IDEMPOTENCY_ATTRIBUTES.inProgressExpiresAtMs,
    });
  }

  /**
   * The record's table key (keys.ts `idempotencyRecordKey`). While the put builds its
   * item, the key also carries the entity type, which every item of the table has:
   * the library spreads this key into the item it puts, and uses it as `Key` elsewhere.
   */
  protected override getKey(idempotencyKey: string): Record<string, AttributeValue> {
    const key = idempotencyRecordKey(idempotencyKey);
    const attributes: Record<string, AttributeValue> = {
      [TABLE.partitionKey]: { S: key.pk },
      [TABLE.sortKey]: { S: key.sk },
    };
    if (this.#buildingItem) attributes[TABLE.entityTypeAttribute] = { S: ENTITY_TYPES.idempotencyRecord };
    return attributes;
  }

  /** The library's conditional put, whose item gets the entity type (see {@link getKey}). */
  protected override _putRecord(record: IdempotencyRecord): Promise<void> {
    this.#buildingItem = true;
    try {
      // The library builds the item before its first await, so the flag is read in time.
      return super._putRecord(record);
    } finally {
      this.#buildingItem = false;
    }
  }
}
