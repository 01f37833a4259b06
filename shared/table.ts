/**
 * The single DynamoDB table: physical key and index names, read by the CDK data
 * stack (which creates it) and by the data layer (which queries it), so the cloud
 * and the local stack cannot drift. Domain names live only in
 * `functions/src/data/keys.ts`; here everything is generic (electrodb style).
 */
export const TABLE = {
  /** Environment variable that carries the physical table name. */
  nameEnv: 'TABLE_NAME',
  /** Name used by the embedded local stack and tests when the variable is absent. */
  localName: 'portal',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Attribute holding the entity type on every item. */
  entityTypeAttribute: 'entityType',
  /** Optimistic-locking counter on every mutable item. */
  versionAttribute: 'version',
  /** Epoch seconds after which DynamoDB may delete the item (TTL; never enforced locally). */
  ttlAttribute: 'expiresAt',
  indexes: {
    gsi1: { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    gsi2: { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    gsi3: { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  },
} as const;

export type IndexName = keyof typeof TABLE.indexes;

/** The two buckets (ARCHITECTURE.md "The shape"): environment variables and local names. */
export const BUCKETS = {
  /** Courseware files and bundles: never public, read through presigned URLs. */
  private: { nameEnv: 'PRIVATE_BUCKET', localName: 'portal-private' },
  /** Portraits, page and news images: served under /public/*. */
  public: { nameEnv: 'PUBLIC_BUCKET', localName: 'portal-public' },
} as const;
