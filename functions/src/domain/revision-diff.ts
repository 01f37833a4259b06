import { diffWords } from 'diff';
import type { Content } from '#shared/contracts/content';
import type { ListChange, TextChange } from '#shared/contracts/content-draft';
import { summaryText } from './summary.ts';

/** The single-valued fields a revision diff compares as before/after text. */
const SCALAR_FIELDS = ['name', 'urlAlias', 'status', 'licence', 'sourceUrl', 'copyrightNotice'] as const;

/**
 * A readable diff of two published versions of an item (issue 25 item 3; decision
 * record 065), pure: `description` is a word diff (the `diff` package's `diffWords`)
 * of the descriptions' text (HTML tags dropped, the search-tags block left out);
 * `fields` the single fields that differ; `lists` the members added and removed
 * (keywords, education and experience levels, categories, KSA/KU/TKS mappings by id
 * and name, the KU outcomes addressed as "<KU id> outcome <n>" counting from 1 (issue
 * 27 item 4), contributors and children by id, files by id and name, sections by
 * name), only the lists that changed.
 */
export function diffContent(
  from: Content,
  to: Content,
): {
  description: TextChange[];
  fields: { field: string; before: string; after: string }[];
  lists: Record<string, ListChange>;
} {
  const description = diffWords(summaryText(from.description), summaryText(to.description)).map(
    (part): TextChange => ({
      kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
      text: part.value,
    }),
  );
  const fields = SCALAR_FIELDS.flatMap((field) => {
    const before = String(from[field] ?? '');
    const after = String(to[field] ?? '');
    return before === after ? [] : [{ field, before, after }];
  });
  const knowledge = (refs: Content['ksas']) => refs.map((ref) => `${ref.id} ${ref.name}`);
  const outcomes = (content: Content) =>
    (content.kuOutcomes ?? []).flatMap((entry) => entry.outcomes.map((index) => `${entry.kuId} outcome ${index + 1}`));
  const members: Record<string, [readonly string[], readonly string[]]> = {
    keywords: [from.tags, to.tags],
    categories: [from.categories, to.categories],
    educationLevels: [from.educationLevels, to.educationLevels],
    experienceLevels: [from.experienceLevels, to.experienceLevels],
    ksas: [knowledge(from.ksas), knowledge(to.ksas)],
    kus: [knowledge(from.kus), knowledge(to.kus)],
    tkss: [knowledge(from.tkss), knowledge(to.tkss)],
    kuOutcomes: [outcomes(from), outcomes(to)],
    contributors: [from.contributors.map((ref) => ref.id), to.contributors.map((ref) => ref.id)],
    children: [from.children.map((ref) => ref.id), to.children.map((ref) => ref.id)],
    files: [from.files.map((file) => `${file.id} ${file.name}`), to.files.map((file) => `${file.id} ${file.name}`)],
    sections: [from.sections.map((section) => section.name), to.sections.map((section) => section.name)],
  };
  const lists: Record<string, ListChange> = {};
  for (const [name, [before, after]] of Object.entries(members)) {
    const old = new Set(before);
    const next = new Set(after);
    const change = { added: after.filter((m) => !old.has(m)), removed: before.filter((m) => !next.has(m)) };
    if (change.added.length > 0 || change.removed.length > 0) lists[name] = change;
  }
  return { description, fields, lists };
}
