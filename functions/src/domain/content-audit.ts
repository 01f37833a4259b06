import type { AuditAction } from '#shared/contracts/administration';
import type { Content } from '#shared/contracts/content';

/**
 * What the audit log records of a content change (issue 21 item 19: who, what,
 * before, after): the action, and the fields that changed, before and after. Pure.
 *
 * Recorded fields: name, URL alias, status, parent, description, categories, levels,
 * tags, contributors, sections (id, name, description), files (id, name), knowledge
 * items and the KU outcomes addressed (issue 27 item 4), image, attribution and last-curated dates. HTML text is kept up to
 * {@link AUDIT_TEXT_MAX_CHARS} characters (longer text ends with a note of its full
 * length), so that an audit event stays far below DynamoDB's 400 KB item limit.
 * Children and timestamps are not recorded: they change as a side effect of other
 * writes, which record themselves.
 */

/** Characters of an HTML field an audit event keeps. */
export const AUDIT_TEXT_MAX_CHARS = 500;

/** The parts of a content item an audit event reads. */
export type AuditedContent = Pick<
  Content,
  | 'name'
  | 'urlAlias'
  | 'status'
  | 'parentId'
  | 'description'
  | 'categories'
  | 'educationLevels'
  | 'experienceLevels'
  | 'tags'
  | 'contributors'
  | 'sections'
  | 'files'
  | 'ksas'
  | 'kus'
  | 'kuOutcomes'
  | 'tkss'
  | 'image'
  | 'licence'
  | 'sourceUrl'
  | 'copyrightNotice'
  | 'lastCuratedTimestamps'
>;

function clip(text: string): string {
  if (text.length <= AUDIT_TEXT_MAX_CHARS) return text;
  return `${text.slice(0, AUDIT_TEXT_MAX_CHARS)}… (${text.length} characters)`;
}

/** The recorded fields of a content item (pure), each as it would be compared. */
export function contentAuditFields(content: AuditedContent): Record<string, unknown> {
  const ids = (refs: readonly { readonly id: string }[]) => refs.map((ref) => ref.id);
  return {
    name: content.name,
    urlAlias: content.urlAlias,
    status: content.status,
    parentId: content.parentId,
    description: clip(content.description),
    categories: [...content.categories],
    educationLevels: [...content.educationLevels],
    experienceLevels: [...content.experienceLevels],
    tags: [...content.tags],
    contributors: ids(content.contributors),
    sections: content.sections.map((section) => ({
      id: section.id,
      name: section.name,
      description: clip(section.description),
    })),
    files: content.files.map((file) => ({ id: file.id, name: file.name })),
    ksas: ids(content.ksas),
    kus: ids(content.kus),
    kuOutcomes: (content.kuOutcomes ?? []).map((entry) => ({ kuId: entry.kuId, outcomes: [...entry.outcomes] })),
    tkss: ids(content.tkss),
    image: content.image,
    licence: content.licence,
    sourceUrl: content.sourceUrl,
    copyrightNotice: content.copyrightNotice,
    lastCuratedTimestamps: { ...content.lastCuratedTimestamps },
  };
}

/**
 * The audit action and the before/after of a change from `before` to `after` (null:
 * created, or deleted). An update records only the fields that differ; a status
 * change to archived is `content.archive`, from archived `content.restore`.
 */
export function contentAuditChange(
  before: AuditedContent | null,
  after: AuditedContent | null,
): { action: AuditAction; before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (before === null) return { action: 'content.create', before: null, after: after && contentAuditFields(after) };
  if (after === null) return { action: 'content.delete', before: contentAuditFields(before), after: null };
  const old = contentAuditFields(before);
  const next = contentAuditFields(after);
  const changed = Object.keys(next).filter((field) => JSON.stringify(old[field]) !== JSON.stringify(next[field]));
  const pick = (fields: Record<string, unknown>) => Object.fromEntries(changed.map((field) => [field, fields[field]]));
  const action: AuditAction =
    after.status === 'archived' && before.status !== 'archived'
      ? 'content.archive'
      : before.status === 'archived' && after.status !== 'archived'
        ? 'content.restore'
        : 'content.update';
  return { action, before: pick(old), after: pick(next) };
}
