import { createHash } from 'node:crypto';
import { decodeTime, ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { EntityId } from '#shared/contracts/common';
import { idAt, looksLikeEntityId, newId, seedId } from './ids.ts';

describe('seedId', () => {
  it('is 26 lower-case Crockford characters that the EntityId contract accepts', () => {
    const id = seedId('content', 'SEED Labs – Software Security');
    expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
    expect(EntityId.safeParse(id).success).toBe(true);
  });

  it('is the first 130 bits of SHA-256 over "<kind>:<sourceKey>"', () => {
    const digest = createHash('sha256').update('content:SEED Labs – Software Security').digest('hex');
    const first130 = BigInt(`0x${digest}`) >> 126n;
    const expected = first130.toString(32).padStart(26, '0');
    // toString(32) uses 0-9a-v; map it onto Crockford's alphabet.
    const crockford = [...expected].map((c) => '0123456789abcdefghjkmnpqrstvwxyz'[parseInt(c, 32)]).join('');
    expect(seedId('content', 'SEED Labs – Software Security')).toBe(crockford);
  });

  it('never changes for a given source (seeded ids are stored and linked)', () => {
    expect(seedId('content', 'SEED Labs – Software Security')).toBe('c4yd30z98r8qdnwe3yhqkm2v0j');
  });

  it('differs by kind for the same source key', () => {
    expect(seedId('file', 'x')).not.toBe(seedId('content', 'x'));
  });
});

describe('looksLikeEntityId', () => {
  it('tells ids from aliases', () => {
    expect(looksLikeEntityId('c4yd30z98r8qdnwe3yhqkm2v0j')).toBe(true);
    expect(looksLikeEntityId('seed-labs-software-security')).toBe(false);
    expect(looksLikeEntityId('C4YD30Z98R8QDNWE3YHQKM2V0J')).toBe(false);
  });
});

describe('newId and idAt', () => {
  it('is a lower-case ULID of the given time that the EntityId contract accepts', () => {
    const now = Date.UTC(2026, 10, 27, 17, 30, 0, 123);
    const id = idAt(now);
    expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
    expect(EntityId.safeParse(id).success).toBe(true);
    expect(decodeTime(id.toUpperCase())).toBe(now);
    expect(id.slice(0, 10)).toBe(ulid(now).toLowerCase().slice(0, 10));
  });

  it('sorts by creation time and differs within the same millisecond', () => {
    const ids = [idAt(1_000), idAt(1_001), idAt(2_000_000_000_000), idAt(2_000_000_000_001)];
    expect([...ids].sort()).toEqual(ids);
    const same = new Set(Array.from({ length: 200 }, () => idAt(5_000)));
    expect(newId()).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
    expect(same.size).toBe(200);
  });
});
