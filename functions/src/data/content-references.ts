import { contributorDisplayName } from '#shared/contracts/contributor';
import type { ContentChanges, ContentReferences } from '../domain/content-edit.ts';
import { KNOWLEDGE_LISTS, knowledgeRefKey } from '../domain/content-edit.ts';
import { getContributorsByIds } from './contributors.ts';
import { getKnowledgeByKeys } from './knowledge.ts';

/**
 * Reads what an edit of content references (spec §3 Content `contributors`, `ksas`,
 * `kus`, `tkss`): the contributors' display names and the knowledge items' names, by
 * id, and the outcomes of the KUs its `kuOutcomes` name (issue 27 item 4). At most two
 * BatchGetItem rounds; none for lists the edit does not carry.
 */
export async function getContentReferences(changes: ContentChanges): Promise<ContentReferences> {
  const contributorIds = (changes.contributors ?? []).map((ref) => ref.id);
  const knowledgeKeys = (Object.entries(KNOWLEDGE_LISTS) as [keyof typeof KNOWLEDGE_LISTS, 'KSA' | 'KU' | 'TKS'][])
    .flatMap(([list, type]) => (changes[list] ?? []).map((ref) => ({ type, id: ref.id })))
    .concat((changes.kuOutcomes ?? []).map((entry) => ({ type: 'KU' as const, id: entry.kuId })));
  const [contributors, knowledge] = await Promise.all([
    contributorIds.length > 0 ? getContributorsByIds(contributorIds) : [],
    knowledgeKeys.length > 0 ? getKnowledgeByKeys(knowledgeKeys) : [],
  ]);
  return {
    contributorNames: new Map(contributors.map((c) => [c.id, contributorDisplayName(c)])),
    knowledgeNames: new Map(knowledge.map((k) => [knowledgeRefKey(k.type, k.id), k.name])),
    kuOutcomes: new Map(knowledge.filter((k) => k.type === 'KU').map((k) => [k.id, k.outcomes ?? []])),
  };
}
