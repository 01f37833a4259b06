/**
 * A deterministic generator of large catalogs for the search benchmark and tests,
 * shaped like the real one: every field of a generated document is drawn from the
 * real catalog's own distribution, with a seeded PRNG (sfc32), so the same seed and
 * sample always give the same documents.
 *
 * Method, per generated document (a "random real document" is one of the sample's
 * documents picked uniformly, drawn afresh for each field group):
 * - name: as many words as a random real name has, each drawn from all real name
 *   words weighted by how often they occur;
 * - summary (the plain-text description): as many sentences as a random real
 *   description has, drawn from all real description sentences; with probability
 *   0.25 one more sentence from `extraSentences` (the NICE statement texts of the
 *   seed data), a long tail of real vocabulary that a larger catalog would have;
 * - tags: as many as a random real document has, drawn from the real tag
 *   frequencies without case-insensitive duplicates; search tags likewise, for the
 *   real share of documents that have them, at least 20% (the seed catalog has none,
 *   and the field must be exercised);
 * - categories (with the `category` comma list), education levels and experience
 *   levels: copied from three independently drawn random real documents, which keeps
 *   each field's distribution (not their correlation);
 * - knowledge ids: per type as many as one random real document has; each id drawn
 *   with probability 0.85 from the real mapping frequencies, else uniformly from all
 *   knowledge ids of that type (the long tail);
 * - contributors: as many as a random real document has; each id with probability
 *   0.5 from the real contributor frequencies, else from `max(12, count / 40)`
 *   synthetic contributors with a skewed (quadratic) popularity; `author` is a real
 *   author name when there is a contributor;
 * - modifiedTimestamp: uniform over the 3 years before `now` (about 8% fall within
 *   the 90 "new or updated" days); createdTimestamp up to a year earlier;
 * - status: 90% published, 4% unpublished, 3% unlisted, 3% archived;
 * - parentId: for the real share of documents that have a parent, a random earlier
 *   generated document;
 * - id: `seedId('generated-content', '<seed>:<n>')`; urlAlias: the name's alias plus
 *   `-<n in base 36>`; image: null.
 */
import { aliasFromName } from '../domain/alias.ts';
import { seedId } from '../domain/ids.ts';
import type { CatalogDocument } from './port.ts';

/** A seeded pseudo-random source (sfc32): the same seed gives the same sequence. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** A uniformly chosen element. @throws Error for an empty list. */
  pick<T>(values: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/** A {@link Random} seeded with `seed` (any 32-bit integer). */
export function createRandom(seed: number): Random {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 16; i += 1) next();
  const random: Random = {
    next,
    int: (n) => Math.floor(next() * n),
    pick: <T>(values: readonly T[]): T => {
      if (values.length === 0) throw new Error('Cannot pick from an empty list.');
      return values[Math.floor(next() * values.length)] as T;
    },
    chance: (p) => next() < p,
  };
  return random;
}

/** The real catalog a generated one imitates. */
export interface CatalogSample {
  /** The real catalog documents (at least one). */
  readonly documents: readonly CatalogDocument[];
  /** Every knowledge id by type, for the long tail (defaults to the mapped ids only). */
  readonly knowledgeIds?: {
    readonly ksaIds: readonly string[];
    readonly kuIds: readonly string[];
    readonly tksIds: readonly string[];
  };
  /** Further real sentences for the vocabulary's long tail (none by default). */
  readonly extraSentences?: readonly string[];
}

/** Options of {@link generateCatalogDocuments}. */
export interface GeneratorOptions {
  /** PRNG seed (default 1). */
  readonly seed?: number;
  /** The instant timestamps count back from (default 2026-11-21T12:00:00Z). */
  readonly now?: Date;
}

const YEAR_MS = 365 * 86_400_000;
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z0-9"“(])/;

/**
 * `count` catalog documents drawn from the distributions of `sample` (method in the
 * module comment). Deterministic for the same sample, count and options.
 * @throws Error when the sample has no documents.
 */
export function generateCatalogDocuments(
  sample: CatalogSample,
  count: number,
  options: GeneratorOptions = {},
): CatalogDocument[] {
  const real = sample.documents;
  if (real.length === 0) throw new Error('The catalog sample has no documents.');
  const seed = options.seed ?? 1;
  const now = (options.now ?? new Date('2026-11-21T12:00:00.000Z')).getTime();
  const random = createRandom(seed);

  const nameWords = real.flatMap((document) => document.name.split(/\s+/).filter(Boolean));
  const sentencesOf = (text: string) =>
    text
      .split(SENTENCE_END)
      .map((s) => s.trim())
      .filter(Boolean);
  const sentences = real.flatMap((document) => sentencesOf(document.summary));
  const tagPool = real.flatMap((document) => [...document.tags, ...document.searchTags]);
  const searchTagShare = Math.max(0.2, real.filter((document) => document.searchTags.length > 0).length / real.length);
  const parentShare = real.filter((document) => document.parentId !== null).length / real.length;
  const authors = real.flatMap((document) => (document.author === null ? [] : [document.author]));
  const contributorPool = real.flatMap((document) => document.contributorIds);
  const syntheticContributors = Array.from({ length: Math.max(12, Math.ceil(count / 40)) }, (_, n) =>
    seedId('generated-contributor', `${seed}:${n}`),
  );
  const mapped = {
    ksaIds: real.flatMap((document) => document.ksaIds),
    kuIds: real.flatMap((document) => document.kuIds),
    tksIds: real.flatMap((document) => document.tksIds),
  };
  const allKnowledge = sample.knowledgeIds ?? mapped;
  const extra = sample.extraSentences ?? [];

  const distinct = (pool: readonly string[], howMany: number, folded = false): string[] => {
    const chosen = new Map<string, string>();
    for (let attempt = 0; chosen.size < howMany && attempt < howMany * 4 && pool.length > 0; attempt += 1) {
      const value = random.pick(pool);
      const key = folded ? value.toLowerCase() : value;
      if (!chosen.has(key)) chosen.set(key, value);
    }
    return [...chosen.values()];
  };
  const knowledge = (type: keyof typeof mapped, howMany: number): string[] => {
    const chosen = new Set<string>();
    const tail = allKnowledge[type];
    for (let attempt = 0; chosen.size < howMany && attempt < howMany * 4; attempt += 1) {
      const pool = random.chance(0.85) || tail.length === 0 ? mapped[type] : tail;
      if (pool.length > 0) chosen.add(random.pick(pool));
    }
    return [...chosen];
  };

  const documents: CatalogDocument[] = [];
  for (let n = 0; n < count; n += 1) {
    const nameLength = random.pick(real).name.split(/\s+/).filter(Boolean).length;
    const name = Array.from({ length: Math.max(1, nameLength) }, () => random.pick(nameWords)).join(' ');
    const sentenceCount = sentencesOf(random.pick(real).summary).length;
    const parts = sentences.length === 0 ? [] : Array.from({ length: sentenceCount }, () => random.pick(sentences));
    if (extra.length > 0 && random.chance(0.25)) parts.push(random.pick(extra));
    const tags = distinct(tagPool, random.pick(real).tags.length, true);
    const searchTags = random.chance(searchTagShare) ? distinct(tagPool, 1 + random.int(3), true) : [];
    const categorySource = random.pick(real);
    const knowledgeSource = random.pick(real);
    const contributorCount = random.pick(real).contributorIds.length;
    const contributorIds = [
      ...new Set(
        Array.from({ length: contributorCount }, () =>
          random.chance(0.5) && contributorPool.length > 0
            ? random.pick(contributorPool)
            : (syntheticContributors[Math.floor(random.next() ** 2 * syntheticContributors.length)] as string),
        ),
      ),
    ];
    const modified = now - random.next() * 3 * YEAR_MS;
    const created = modified - random.next() * YEAR_MS;
    const roll = random.next();
    const status = roll < 0.9 ? 'published' : roll < 0.94 ? 'unpublished' : roll < 0.97 ? 'unlisted' : 'archived';
    const parent = n > 0 && random.chance(parentShare) ? (documents[random.int(n)] as CatalogDocument) : null;

    documents.push({
      id: seedId('generated-content', `${seed}:${n}`),
      name,
      urlAlias: `${aliasFromName(name)}-${n.toString(36)}`,
      status,
      category: categorySource.category,
      categories: [...categorySource.categories],
      educationLevels: [...random.pick(real).educationLevels],
      experienceLevels: [...random.pick(real).experienceLevels],
      tags,
      parentId: parent?.id ?? null,
      image: null,
      createdTimestamp: new Date(Math.round(created)).toISOString(),
      modifiedTimestamp: new Date(Math.round(modified)).toISOString(),
      summary: parts.join(' '),
      author: contributorIds.length > 0 && authors.length > 0 ? random.pick(authors) : null,
      searchTags,
      ksaIds: knowledge('ksaIds', knowledgeSource.ksaIds.length),
      kuIds: knowledge('kuIds', knowledgeSource.kuIds.length),
      tksIds: knowledge('tksIds', knowledgeSource.tksIds.length),
      contributorIds,
    });
  }
  return documents;
}
