import { beforeAll, describe, expect, it } from 'vitest';
import { createRandom, generateCatalogDocuments } from './catalog-generator.ts';
import type { CatalogDocument } from './port.ts';
import { loadSeedCatalog, type SeedCatalog } from './seed-catalog.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
let seed: SeedCatalog;
let generated: CatalogDocument[];

beforeAll(async () => {
  seed = await loadSeedCatalog();
  generated = generateCatalogDocuments(
    { documents: seed.documents, knowledgeIds: seed.knowledgeIds, extraSentences: seed.statementTexts },
    2000,
    { seed: 3, now: NOW },
  );
});

describe('createRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (s: number) => Array.from({ length: 5 }, createRandom(s).next);
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
    const random = createRandom(9);
    for (let i = 0; i < 1000; i += 1) {
      const value = random.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('generateCatalogDocuments', () => {
  it('is deterministic for the same sample, count and seed', () => {
    const again = generateCatalogDocuments(
      { documents: seed.documents, knowledgeIds: seed.knowledgeIds, extraSentences: seed.statementTexts },
      2000,
      { seed: 3, now: NOW },
    );
    expect(again).toEqual(generated);
  });

  it('gives unique ids and aliases', () => {
    expect(new Set(generated.map((d) => d.id)).size).toBe(2000);
    expect(new Set(generated.map((d) => d.urlAlias)).size).toBe(2000);
  });

  it('draws names, tags, levels and knowledge ids from the real catalog', () => {
    const realNameWords = new Set(seed.documents.flatMap((d) => d.name.split(/\s+/)));
    const realTags = new Set(seed.documents.flatMap((d) => d.tags.map((tag) => tag.toLowerCase())));
    const allKnowledge = new Set([
      ...seed.knowledgeIds.ksaIds,
      ...seed.knowledgeIds.kuIds,
      ...seed.knowledgeIds.tksIds,
    ]);
    for (const d of generated) {
      expect(d.name.split(' ').every((word) => realNameWords.has(word))).toBe(true);
      expect(d.tags.every((tag) => realTags.has(tag.toLowerCase()))).toBe(true);
      expect([...d.ksaIds, ...d.kuIds, ...d.tksIds].every((id) => allKnowledge.has(id))).toBe(true);
    }
    const levels = new Set(generated.flatMap((d) => d.educationLevels));
    expect(levels).toEqual(new Set(seed.documents.flatMap((d) => d.educationLevels)));
  });

  it('keeps about 90% published, some modified within 90 days, and a long tail of knowledge ids', () => {
    const published = generated.filter((d) => d.status === 'published').length / generated.length;
    expect(published).toBeGreaterThan(0.86);
    expect(published).toBeLessThan(0.94);
    const recent = generated.filter((d) => Date.parse(d.modifiedTimestamp) >= NOW.getTime() - 90 * 86_400_000);
    expect(recent.length / generated.length).toBeGreaterThan(0.05);
    expect(recent.length / generated.length).toBeLessThan(0.12);
    const mapped = new Set(seed.documents.flatMap((d) => d.ksaIds));
    expect(generated.some((d) => d.ksaIds.some((id) => !mapped.has(id)))).toBe(true);
    expect(generated.filter((d) => d.searchTags.length > 0).length).toBeGreaterThan(300);
  });
});
