import { createHash, randomBytes } from 'node:crypto';
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

/**
 * A new entity id: a ULID, lower-cased (decision record 005), so ids sort by creation
 * time — 10 Crockford characters of the time in epoch ms (48 bits), then 16 of 80
 * random bits from `node:crypto`. Written here rather than taken from the `ulid`
 * package, which the Lambda bundles would carry with its monotonic factory and
 * decoders (decision record 041).
 */
export function newId(): string {
  return idAt(Date.now());
}

/** {@link newId} for the time `now` (epoch ms). */
export function idAt(now: number): string {
  let time = '';
  for (let rest = now, i = 0; i < 10; i += 1, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32] + time;
  let bits = 0n;
  for (const byte of randomBytes(10)) bits = (bits << 8n) | BigInt(byte);
  let random = '';
  for (let i = 0; i < 16; i += 1, bits >>= 5n) random = CROCKFORD[Number(bits & 31n)] + random;
  return time + random;
}
