import type { Contributor } from '#shared/contracts/contributor';

/**
 * A contributor as the content editor holds it until Save (spec §3 Contributor: "The
 * local editing form also carries the portrait file, file name, file type and a
 * changed flag"; §4 "Saving content" step 1). Shared by the contributors feature
 * (picker, form) and the courseware editor (the save), which do not import each other.
 */

/** The text fields of the contributor form, as typed (blank optional fields are ''). */
export interface ContributorFieldsDraft {
  readonly prefix: string;
  readonly firstName: string;
  readonly middleName: string;
  readonly lastName: string;
  readonly suffix: string;
  readonly title: string;
  readonly school: string;
  readonly email: string;
}

/** The portrait: the stored one (a public file id, or none), or a new image chosen in the form. */
export type PortraitDraft =
  | { readonly kind: 'stored'; readonly fileId: string | null }
  | { readonly kind: 'new'; readonly file: File };

/** One contributor of the item being edited, in order. */
export interface ContributorDraft {
  /** The contributor's id, or a draft key for a new one (`new-…`). */
  readonly key: string;
  /** The stored contributor, or null for one created in this edit. */
  readonly stored: Contributor | null;
  readonly fields: ContributorFieldsDraft;
  readonly portrait: PortraitDraft;
  /** True when the fields or the portrait differ from `stored` (always true for a new one). */
  readonly changed: boolean;
}

/** The form fields of a stored contributor (null parts become ''). */
export function contributorFieldsOf(contributor: Contributor): ContributorFieldsDraft {
  return {
    prefix: contributor.prefix ?? '',
    firstName: contributor.firstName,
    middleName: contributor.middleName ?? '',
    lastName: contributor.lastName,
    suffix: contributor.suffix ?? '',
    title: contributor.title ?? '',
    school: contributor.school ?? '',
    email: contributor.email ?? '',
  };
}

/** The draft of a stored contributor, unchanged. */
export function contributorDraftOf(contributor: Contributor): ContributorDraft {
  return {
    key: contributor.id,
    stored: contributor,
    fields: contributorFieldsOf(contributor),
    portrait: { kind: 'stored', fileId: contributor.portraitFileId },
    changed: false,
  };
}

let counter = 0;
/** A fresh draft key for something created in this edit (`new-<time>-<n>`), valid as a save's DraftKey. */
export function newDraftKey(): string {
  counter += 1;
  return `new-${Date.now().toString(36)}-${counter}`;
}
