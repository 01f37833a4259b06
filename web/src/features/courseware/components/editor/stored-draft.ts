import type { ChildContent, ContentDetail } from '#shared/contracts/content';
import type { ParsedSaveContentRequest } from '#shared/contracts/content-save';
import type { Contributor } from '#shared/contracts/contributor';
import { type ContributorDraft, contributorDraftOf } from '../../../../lib/contributor-draft.ts';
import {
  type ChildDraft,
  type ContentDraft,
  childDraftOf,
  EDITABLE_STATUSES,
  type EditableStatus,
  type FileDraft,
  kuOutcomesDraftOf,
  kuOutcomesOf,
  type SectionDraft,
  type UploadedIds,
} from './content-draft.ts';

/**
 * The editor's side of a stored draft (issue 25 item 2; decision record 064): the
 * server keeps an item's draft as the body of the one-transaction save
 * (`SaveContentRequest`), the form holds a {@link ContentDraft}. These functions turn
 * one into the other, so an editor who comes back (or a colleague) continues the
 * stored draft in the same form.
 */

/**
 * The ids of the existing contributors a stored draft names that the item itself does
 * not list (added in the draft): the editor fetches their profiles before it can show
 * them ({@link formDraftOfStored}'s `known`).
 */
export function contributorsToFetch(save: ParsedSaveContentRequest, detail: Pick<ContentDetail, 'contributors'>) {
  const listed = new Set(detail.contributors.map((contributor) => contributor.id));
  return save.contributors.flatMap((slot) => ('id' in slot && !listed.has(slot.id) ? [slot.id] : []));
}

function sortedIds(refs: readonly { id: string; index: number }[] | undefined): string[] {
  return [...(refs ?? [])].sort((a, b) => a.index - b.index).map((ref) => ref.id);
}

/** A file type guessed from a file name's extension, for a file the draft attached that the item does not list yet. */
function typeOfName(name: string): string {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  const known: Record<string, string> = {
    pdf: 'application/pdf',
    zip: 'application/zip',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    txt: 'text/plain',
    md: 'text/markdown',
  };
  return known[extension] ?? '';
}

/**
 * The form draft of a stored draft body (issue 25 item 2). `detail` is the item as
 * stored now, `children` every stored child, `known` the profiles of contributors
 * the item does not list ({@link contributorsToFetch}). What the body names and the
 * stored item no longer has (a child deleted meanwhile, a contributor removed) is left
 * out; the rest keeps the draft's order, names and values. Files the draft attached
 * that the item does not list yet are shown by the draft's name.
 */
export function formDraftOfStored(
  save: ParsedSaveContentRequest,
  detail: Pick<ContentDetail, 'content' | 'contributors'>,
  children: readonly ChildContent[],
  known: readonly Contributor[] = [],
): ContentDraft {
  const { fields } = save;
  const profiles = new Map([...detail.contributors, ...known].map((contributor) => [contributor.id, contributor]));
  const changed = new Map(save.changedContributors.map((contributor) => [contributor.id, contributor]));
  const created = new Map(save.newContributors.map((contributor) => [contributor.key, contributor]));
  const text = (value: string | null | undefined) => value ?? '';

  const contributors = save.contributors.flatMap((slot): ContributorDraft[] => {
    if ('key' in slot) {
      const fresh = created.get(slot.key);
      if (!fresh) return [];
      return [
        {
          key: slot.key,
          stored: null,
          fields: {
            prefix: text(fresh.prefix),
            firstName: fresh.firstName,
            middleName: text(fresh.middleName),
            lastName: fresh.lastName,
            suffix: text(fresh.suffix),
            title: text(fresh.title),
            school: fresh.school,
            email: fresh.email,
          },
          portrait: { kind: 'stored', fileId: fresh.portraitFileId ?? null },
          changed: true,
        },
      ];
    }
    const profile = profiles.get(slot.id);
    if (!profile) return [];
    const edit = changed.get(slot.id);
    if (!edit) return [contributorDraftOf(profile)];
    return [
      {
        ...contributorDraftOf(profile),
        fields: {
          prefix: text(edit.prefix),
          firstName: edit.firstName,
          middleName: text(edit.middleName),
          lastName: edit.lastName,
          suffix: text(edit.suffix),
          title: text(edit.title),
          school: edit.school,
          email: edit.email,
        },
        portrait: { kind: 'stored', fileId: edit.portraitFileId ?? null },
        changed: true,
      },
    ];
  });

  const storedChildren = new Map(children.map((child) => [child.id, child]));
  const childDrafts = save.children.flatMap((slot): ChildDraft[] => {
    if ('key' in slot) {
      const status = (EDITABLE_STATUSES as readonly string[]).includes(slot.status ?? '')
        ? (slot.status as EditableStatus)
        : 'unpublished';
      return [{ kind: 'new', key: slot.key, name: slot.name, status, categories: slot.categories ?? [] }];
    }
    const child = storedChildren.get(slot.id);
    if (!child) return [];
    const draft = childDraftOf(child);
    return [slot.name === undefined ? draft : { ...draft, name: slot.name }];
  });
  // A child added meanwhile by someone else is kept: the save must list every stored child.
  const listed = new Set(childDrafts.flatMap((child) => (child.kind === 'stored' ? [child.id] : [])));
  for (const child of [...children].sort((a, b) => a.index - b.index)) {
    if (!listed.has(child.id)) childDrafts.push(childDraftOf(child));
  }

  const storedFiles = new Map(detail.content.files.map((file) => [file.id, file]));
  const files = save.files.map((slot): FileDraft => {
    const file = storedFiles.get(slot.id);
    return file
      ? { kind: 'stored', ...file, name: slot.name }
      : { kind: 'stored', id: slot.id, name: slot.name, type: typeOfName(slot.name), filename: slot.name };
  });

  const sections = (fields.sections ?? []).map(
    (section, position): SectionDraft => ({
      draftKey: section.id ? `section-${section.id}` : `section-draft-${position}`,
      id: section.id,
      key: section.key ?? null,
      name: section.name,
      description: section.description,
    }),
  );
  const status = (EDITABLE_STATUSES as readonly string[]).includes(fields.status ?? '')
    ? (fields.status as EditableStatus)
    : 'unpublished';

  return {
    name: fields.name,
    urlAlias: fields.urlAlias ?? detail.content.urlAlias,
    status,
    description: fields.description,
    searchKeywords: fields.searchKeywords ?? [],
    categories: fields.categories ?? [],
    educationLevels: fields.educationLevels ?? [],
    experienceLevels: fields.experienceLevels ?? [],
    tags: fields.tags ?? [],
    contributors,
    ksas: sortedIds(fields.ksas),
    kus: sortedIds(fields.kus),
    kuOutcomes: kuOutcomesDraftOf(fields.kuOutcomes),
    tkss: sortedIds(fields.tkss),
    children: childDrafts,
    sections,
    files,
    includes: fields.includes ?? [],
    lastCurated: {
      courseware: fields.lastCuratedTimestamps?.courseware ?? '',
      environment: fields.lastCuratedTimestamps?.environment ?? '',
    },
  };
}

/**
 * The public view of a form draft (issue 25 item 2 "Preview as a visitor"): the stored
 * detail with the draft's fields in place of the item's, as `ContentDetailView` shows
 * a published item — name, description, categories, tags, levels, includes, sections,
 * files (new ones by their chosen name), knowledge (named from `names`, else by id),
 * last-curated dates and the contributors in the draft's order with their edited fields.
 */
export function previewDetailOf(
  draft: ContentDraft,
  detail: ContentDetail,
  names: Readonly<Record<'TKS' | 'KSA' | 'KU', ReadonlyMap<string, string>>>,
): ContentDetail {
  const { content } = detail;
  const refs = (ids: readonly string[], known: ReadonlyMap<string, string>) =>
    ids.map((id, index) => ({ id, index, name: known.get(id) ?? id }));
  const lastCurated = Object.fromEntries(
    Object.entries(draft.lastCurated).filter(([, date]) => date !== ''),
  ) as ContentDetail['content']['lastCuratedTimestamps'];
  return {
    ...detail,
    content: {
      ...content,
      name: draft.name.trim() || content.name,
      description: draft.description,
      categories: [...draft.categories],
      tags: [...draft.tags],
      educationLevels: [...draft.educationLevels],
      experienceLevels: [...draft.experienceLevels],
      includes: [...draft.includes],
      sections: draft.sections.map((section, index) => ({
        id: section.id ?? section.draftKey,
        index,
        key: section.key,
        name: section.name,
        description: section.description,
      })),
      files: draft.files.map((file) =>
        file.kind === 'stored'
          ? { id: file.id, name: file.name, type: file.type, filename: file.filename }
          : { id: file.key, name: file.name, type: file.file.type, filename: file.file.name },
      ),
      ksas: refs(draft.ksas, names.KSA),
      kus: refs(draft.kus, names.KU),
      kuOutcomes: kuOutcomesOf(draft),
      tkss: refs(draft.tkss, names.TKS),
      lastCuratedTimestamps: lastCurated,
    },
    contributors: draft.contributors.map((contributor) => ({
      id: contributor.stored?.id ?? contributor.key,
      version: contributor.stored?.version ?? 1,
      portraitFileId: contributor.portrait.kind === 'stored' ? contributor.portrait.fileId : null,
      prefix: contributor.fields.prefix || null,
      firstName: contributor.fields.firstName,
      middleName: contributor.fields.middleName || null,
      lastName: contributor.fields.lastName,
      suffix: contributor.fields.suffix || null,
      title: contributor.fields.title || null,
      school: contributor.fields.school || null,
      email: contributor.fields.email || null,
    })),
  };
}

/**
 * The form draft after a draft save uploaded its new files and portraits: each new
 * file and portrait whose key `uploads` names becomes a stored one with that id, so the
 * next autosave does not upload it again. Everything else — typed meanwhile — is kept.
 */
export function settleUploads(draft: ContentDraft, uploads: UploadedIds): ContentDraft {
  return {
    ...draft,
    files: draft.files.map((file) => {
      const id = file.kind === 'new' ? uploads.files[file.key] : undefined;
      return file.kind === 'new' && id
        ? { kind: 'stored', id, name: file.name, type: file.file.type, filename: file.file.name }
        : file;
    }),
    contributors: draft.contributors.map((contributor) => {
      const id = contributor.portrait.kind === 'new' ? uploads.portraits[contributor.key] : undefined;
      return id ? { ...contributor, portrait: { kind: 'stored', fileId: id } } : contributor;
    }),
  };
}

/** True while the draft holds a file or portrait chosen but not uploaded yet. */
export function hasNewUploads(draft: ContentDraft): boolean {
  return (
    draft.files.some((file) => file.kind === 'new') ||
    draft.contributors.some((contributor) => contributor.portrait.kind === 'new')
  );
}
