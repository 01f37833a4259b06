import type { CrosswalkPairing } from '#shared/contracts/work-role';

/**
 * The crosswalk between the NICE generations (issue 27 item 5; decision record 079):
 * a 2017 KSA statement and a Components v2.1.0 TKS statement are the same statement
 * when they have the same id and the same or near-same text: the token Jaccard
 * similarity of their normalised texts (lower case, punctuation as space, whitespace
 * collapsed) is at least {@link CROSSWALK_MIN_SIMILARITY}.
 */

/** The least token Jaccard similarity of a pairing (decision record 079 gives the measured distribution). */
export const CROSSWALK_MIN_SIMILARITY = 0.8;

/** A statement as the seed reads it: id and text. */
export interface CrosswalkStatement {
  readonly id: string;
  readonly text: string;
}

/** Text lower-cased, every run of characters other than letters and digits one space, trimmed. */
export function normaliseStatementText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The Jaccard similarity of the two texts' sets of normalised tokens (1 for two empty texts). */
export function tokenJaccard(a: string, b: string): number {
  const left = new Set(normaliseStatementText(a).split(' ').filter(Boolean));
  const right = new Set(normaliseStatementText(b).split(' ').filter(Boolean));
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * The pairings of the crosswalk, by KSA id, each with its basis; pure.
 * `nistPairs` are pairings a NIST mapping states (`ksaId|tksId`); none is known today.
 */
export function computeCrosswalk(
  ksa: readonly CrosswalkStatement[],
  tks: readonly CrosswalkStatement[],
  nistPairs: ReadonlySet<string> = new Set(),
): CrosswalkPairing[] {
  const tksById = new Map(tks.map((statement) => [statement.id, statement]));
  const pairings: CrosswalkPairing[] = [];
  for (const statement of ksa) {
    const twin = tksById.get(statement.id);
    const nist = twin !== undefined && nistPairs.has(`${statement.id}|${twin.id}`);
    if (!twin) continue;
    const textSimilarity = Math.round(tokenJaccard(statement.text, twin.text) * 1000) / 1000;
    if (textSimilarity < CROSSWALK_MIN_SIMILARITY && !nist) continue;
    pairings.push({
      ksaId: statement.id,
      tksId: twin.id,
      basis: {
        sameId: true,
        textSimilarity,
        exactText: normaliseStatementText(statement.text) === normaliseStatementText(twin.text),
        ...(nist ? { nistMapping: true } : {}),
      },
    });
  }
  return pairings.sort((a, b) => (a.ksaId < b.ksaId ? -1 : a.ksaId > b.ksaId ? 1 : 0));
}
