import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { EntityId } from '#shared/contracts/common';

/** Crockford's base32 alphabet, lower case (no i, l, o, u). */
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * The deterministic id of a seeded item (decision record 005): the first 130 bits of
 * SHA-256 over `<kind>:<sourceKey>`, as 26 lower-case Crockford base32 characters.
 * The same source always yields the same id, so the import is idempotent.
 */
export function seedId(kind: string, sourceKey: string): string {
  const digest = createHash('sha256').update(`${kind}:${sourceKey}`, 'utf8').digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 17)) bits = (bits << 8n) | BigInt(byte);
  // 17 bytes are 136 bits; keep the first 130.
  bits >>= 6n;
  let id = '';
  for (let i = 0; i < 26; i += 1) {
    id = CROCKFORD[Number(bits & 31n)] + id;
    bits >>= 5n;
  }
  return id;
}

/** True when `value` has the shape of an entity id (26 lower-case Crockford characters). */
export function looksLikeEntityId(value: string): boolean {
  return EntityId.safeParse(value).success;
}

/** A new entity id: a ULID, lower-cased (decision record 005), so ids sort by creation time. */
export function newId(): string {
  return ulid().toLowerCase();
}
