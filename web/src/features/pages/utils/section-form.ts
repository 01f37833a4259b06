import type { FieldError } from '#shared/contracts/common';
import { isStoredHtml, plainTextToHtml } from '#shared/contracts/html-images';
import {
  type PageSection,
  SECTION_TOO_LARGE_MESSAGE,
  SectionInput,
  type SectionWidget,
  type SectionWidgetInput,
  type WidgetFile,
  type WidgetKind,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { formValue } from '../../../lib/forms/zod-form.ts';
import {
  type FileSlot,
  fileSpecs,
  fileTypeDescription,
  WIDGET_FIELDS,
  type WidgetAttribute,
  type WidgetTextField,
} from './widget-fields.ts';

/**
 * The section dialog's form (spec §3 "Section", "Section widget", §4 "Section
 * dialog", §5 "Widgets"): its draft, how a draft becomes a `SectionInput` body, and
 * the checks made before saving with the contract's own zod schemas, so the dialog
 * and the server say the same. Errors are keyed by {@link FieldKey}.
 */

/** One file place of a widget being edited: the stored file, a newly picked one (uploaded on save), the alt text. */
export interface FileSlotDraft {
  /** The file the saved widget holds in this place; null when none (or removed). */
  readonly stored: WidgetFile | null;
  /** A file picked in this dialog, uploaded when saving; it replaces `stored`. */
  readonly picked: File | null;
  readonly alt: string;
}

/** A widget being edited. Unused common fields stay ''. */
export interface WidgetDraft {
  /** A key for React lists, stable while the dialog is open (not sent). */
  readonly draftId: string;
  readonly kind: WidgetKind;
  /** Whether this widget is stored (its kind is then fixed, spec §4). */
  readonly saved: boolean;
  readonly name: string;
  readonly title: string;
  readonly subtitle: string;
  readonly content: string;
  readonly link: string;
  /** Every `customAttributes` value, stored ones kept for kinds of free attributes. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly files: Readonly<Partial<Record<FileSlot, FileSlotDraft>>>;
}

/** What the section dialog edits. `kind` is the widgets' kind ('' while none is chosen). */
export interface SectionDraft {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly kind: WidgetKind | '';
  readonly widgets: readonly WidgetDraft[];
}

/**
 * A widget field as the dialog names it, the path of its value in a {@link WidgetDraft}:
 * a text field, an attribute (`attributes.<attribute>`), a file place
 * (`files.<slot>`) or its alt text (`files.<slot>.alt`).
 */
export type WidgetFieldName =
  | WidgetTextField
  | `attributes.${WidgetAttribute}`
  | `files.${FileSlot}`
  | `files.${FileSlot}.alt`;

/**
 * The key of a message, equal to the path of its value in a {@link SectionDraft} (so a
 * form library can hold it at that field, issue 23 item 4): a section field (`name`,
 * `key`, `description`, `kind`), `widgets.root` (the list as a whole, react-hook-form's
 * place for a field array's own message), `form` (the whole section), or
 * `widgets.<index>.<WidgetFieldName>`.
 */
export type FieldKey =
  | 'name'
  | 'key'
  | 'description'
  | 'kind'
  | 'widgets.root'
  | 'form'
  | `widgets.${number}.${string}`;

/** The first message per field. */
export type FormErrors = Partial<Record<FieldKey, string>>;

/** The key of a widget field's message. */
export function widgetKey(index: number, field: WidgetFieldName): FieldKey {
  return `widgets.${index}.${field}`;
}

let draftCounter = 0;
const nextDraftId = () => `widget-${++draftCounter}`;

/** A new, empty widget of `kind` (attribute defaults set, no files). */
export function emptyWidget(kind: WidgetKind): WidgetDraft {
  const attributes: Record<string, string> = {};
  for (const spec of WIDGET_FIELDS[kind]) {
    if (spec.type !== 'text' && spec.type !== 'file') attributes[spec.attribute] = spec.defaultValue;
  }
  const files: Partial<Record<FileSlot, FileSlotDraft>> = {};
  for (const spec of fileSpecs(kind)) files[spec.slot] = { stored: null, picked: null, alt: '' };
  return {
    draftId: nextDraftId(),
    kind,
    saved: false,
    name: '',
    title: '',
    subtitle: '',
    content: '',
    link: '',
    attributes,
    files,
  };
}

/** Which stored file sits in which place: a team member's by `avatarFileId`/`logoFileId`, others the first file. */
function storedFileOf(widget: SectionWidget, slot: FileSlot): WidgetFile | null {
  if (widget.kind === 'teamMember') {
    const id = slot === 'avatar' ? widget.customAttributes.avatarFileId : widget.customAttributes.logoFileId;
    return widget.files.find((file) => file.fileId === id) ?? null;
  }
  return widget.files[0] ?? null;
}

/** The draft of a stored widget. */
export function widgetDraftOf(widget: SectionWidget): WidgetDraft {
  const empty = emptyWidget(widget.kind);
  const attributes: Record<string, string> = { ...empty.attributes };
  for (const [name, value] of Object.entries(widget.customAttributes)) {
    if (typeof value === 'string') attributes[name] = value;
  }
  const files: Partial<Record<FileSlot, FileSlotDraft>> = {};
  for (const spec of fileSpecs(widget.kind)) {
    const stored = storedFileOf(widget, spec.slot);
    files[spec.slot] = { stored, picked: null, alt: stored?.alt ?? '' };
  }
  return {
    ...empty,
    saved: true,
    name: widget.name,
    title: widget.title,
    subtitle: widget.subtitle,
    // A team member's description stored as plain text opens as the HTML the editor writes (decision record 063).
    content:
      widget.kind === 'teamMember' && !isStoredHtml(widget.content) ? plainTextToHtml(widget.content) : widget.content,
    link: widget.link,
    attributes,
    files,
  };
}

/**
 * The draft of a stored section, or of a new one (`defaultKey` its group, the group
 * tab open on a grouped list; no widget kind chosen yet).
 */
export function sectionDraftOf(section: PageSection | null, defaultKey = ''): SectionDraft {
  if (!section) return { key: defaultKey, name: '', description: '', kind: '', widgets: [] };
  return {
    key: section.key,
    name: section.name,
    description: section.description,
    kind: section.widgets[0]?.kind ?? '',
    widgets: section.widgets.map(widgetDraftOf),
  };
}

/** Whether the widget kind is fixed: the section holds a stored widget (spec §4 "cannot change once editing"). */
export function kindFixed(draft: SectionDraft): boolean {
  return draft.widgets.some((widget) => widget.saved);
}

/**
 * The draft after choosing the widget kind of a section being created (spec §4:
 * "changing it when creating clears the values"): one empty widget of `kind`, or
 * none for ''. A fixed kind is kept as it is.
 */
export function withKind(draft: SectionDraft, kind: WidgetKind | ''): SectionDraft {
  if (kindFixed(draft) || kind === draft.kind) return draft;
  return { ...draft, kind, widgets: kind === '' ? [] : [emptyWidget(kind)] };
}

/** Whether another widget may be added: giant icon buttons only, under `PAGE_LIMITS.sectionWidgetsMax` (spec §4). */
export function canAddWidget(draft: SectionDraft): boolean {
  return draft.kind === 'giantIconButton' && draft.widgets.length < PAGE_LIMITS.sectionWidgetsMax;
}

/** Whether a widget may be deleted: any, while more than one remains (spec §4). */
export function canDeleteWidget(draft: SectionDraft): boolean {
  return draft.widgets.length > 1;
}

/** A valid id standing for a file not uploaded yet, so a draft can be checked with the contract before uploading. */
export const PENDING_FILE_ID = '0'.repeat(26);

/** The file of a place as the body names it: the picked file (id from `uploadedIds`, else pending) or the stored one. */
function bodyFile(slot: FileSlotDraft, uploadedId: string | undefined, hasAltField: boolean): WidgetFile | null {
  const source = slot.picked
    ? { fileId: uploadedId ?? PENDING_FILE_ID, filename: slot.picked.name, mimeType: slot.picked.type }
    : slot.stored
      ? { fileId: slot.stored.fileId, filename: slot.stored.filename, mimeType: slot.stored.mimeType }
      : null;
  if (!source) return null;
  // Spec §5: a file widget has no alt field; its alt describes the file type.
  const alt = hasAltField ? slot.alt.trim() : fileTypeDescription(source.mimeType);
  return { ...source, alt };
}

/** Picked files by widget index and place: the id each got when uploaded. */
export type UploadedIds = ReadonlyMap<`${number}.${FileSlot}`, string>;

/**
 * The files of a widget in body order (its places in screen order), each with its
 * place, so a message at `widgets.<i>.files.<j>` can be put under the right field.
 */
export function widgetBodyFiles(
  widget: WidgetDraft,
  index: number,
  uploadedIds: UploadedIds = new Map(),
): { slot: FileSlot; file: WidgetFile }[] {
  const files: { slot: FileSlot; file: WidgetFile }[] = [];
  for (const spec of fileSpecs(widget.kind)) {
    const slot = widget.files[spec.slot];
    if (!slot) continue;
    const file = bodyFile(slot, uploadedIds.get(`${index}.${spec.slot}`), spec.alt);
    if (file) files.push({ slot: spec.slot, file });
  }
  return files;
}

/** The body of one widget: the kind's fields, '' for the unused ones, its files and attributes. */
export function widgetBody(
  widget: WidgetDraft,
  index: number,
  uploadedIds: UploadedIds = new Map(),
): SectionWidgetInput {
  const used = new Set<string>();
  for (const spec of WIDGET_FIELDS[widget.kind]) if (spec.type === 'text') used.add(spec.field);
  const value = (field: WidgetTextField) => (used.has(field) ? widget[field] : '');
  const files = widgetBodyFiles(widget, index, uploadedIds);
  let customAttributes: Record<string, string> = { ...widget.attributes };
  if (widget.kind === 'teamMember') {
    customAttributes = {};
    for (const { slot, file } of files)
      customAttributes[slot === 'avatar' ? 'avatarFileId' : 'logoFileId'] = file.fileId;
  }
  return {
    kind: widget.kind,
    name: value('name'),
    title: value('title'),
    subtitle: value('subtitle'),
    content: value('content'),
    link: value('link'),
    files: files.map(({ file }) => file),
    customAttributes,
  } as SectionWidgetInput;
}

/** The request body of a draft (before checks); picked files carry `uploadedIds`' ids, else {@link PENDING_FILE_ID}. */
export function sectionBody(draft: SectionDraft, uploadedIds: UploadedIds = new Map()): SectionInput {
  return {
    key: draft.key,
    name: draft.name,
    description: draft.description,
    widgets: draft.widgets.map((widget, index) => widgetBody(widget, index, uploadedIds)),
    layout: { name: 'oneColumn' },
  };
}

/**
 * The key of a message at `path` of a section body (a zod issue's path, or a 400
 * detail's path without `body.`), given the draft the body was made of. A path
 * inside a widget's `files` lands on its place (`files.<slot>`, or `files.<slot>.alt` for
 * an alt text the editor writes); a team member's `avatarFileId`/`logoFileId` on
 * that place. Anything unknown is `form`.
 */
export function fieldKeyOfPath(path: readonly PropertyKey[], draft: SectionDraft): FieldKey {
  const [head, index, field, sub, leaf] = path;
  if (head === undefined) return 'form';
  if (head === 'key' || head === 'name' || head === 'description') return head;
  if (head !== 'widgets') return 'form';
  const i = Number(index);
  const widget = Number.isInteger(i) ? draft.widgets[i] : undefined;
  if (index === undefined || !widget) return 'widgets.root';
  if (field === 'kind') return 'kind';
  if (field === 'name' || field === 'title' || field === 'subtitle' || field === 'content' || field === 'link') {
    return widgetKey(i, field);
  }
  const specs = fileSpecs(widget.kind);
  if (field === 'files') {
    const placed = widgetBodyFiles(widget, i);
    const j = Number(sub);
    const slot = Number.isInteger(j) ? placed[j]?.slot : undefined;
    const first = specs[0]?.slot;
    if (!slot) return first ? widgetKey(i, `files.${first}`) : 'widgets.root';
    const hasAlt = specs.find((spec) => spec.slot === slot)?.alt ?? false;
    return leaf === 'alt' && hasAlt ? widgetKey(i, `files.${slot}.alt`) : widgetKey(i, `files.${slot}`);
  }
  if (field === 'customAttributes') {
    if (sub === 'avatarFileId') return widgetKey(i, 'files.avatar');
    if (sub === 'logoFileId') return widgetKey(i, 'files.logo');
    const attribute = WIDGET_FIELDS[widget.kind].find(
      (spec) => spec.type !== 'text' && spec.type !== 'file' && spec.attribute === sub,
    );
    if (attribute && attribute.type !== 'text' && attribute.type !== 'file') {
      return widgetKey(i, `attributes.${attribute.attribute}`);
    }
  }
  return 'widgets.root';
}

/** The fields of a widget in screen order, as message keys (alt text right after its file). */
export function widgetFieldOrder(widget: WidgetDraft, index: number): FieldKey[] {
  return WIDGET_FIELDS[widget.kind].flatMap((spec): FieldKey[] => {
    if (spec.type === 'text') return [widgetKey(index, spec.field)];
    if (spec.type === 'file') {
      return spec.alt
        ? [widgetKey(index, `files.${spec.slot}`), widgetKey(index, `files.${spec.slot}.alt`)]
        : [widgetKey(index, `files.${spec.slot}`)];
    }
    return [widgetKey(index, `attributes.${spec.attribute}`)];
  });
}

/** Every message key in screen order: the section's fields, then each widget's. */
export function fieldOrder(draft: SectionDraft): FieldKey[] {
  return [
    'form',
    'name',
    'key',
    'description',
    'kind',
    'widgets.root',
    ...draft.widgets.flatMap((widget, index) => widgetFieldOrder(widget, index)),
  ];
}

/** The first field with a message, in screen order, and the widget it is in (null for a section field). */
export function firstInvalid(
  draft: SectionDraft,
  errors: FormErrors,
): { key: FieldKey; widgetIndex: number | null } | null {
  const key = fieldOrder(draft).find((candidate) => errors[candidate] !== undefined);
  if (!key) return null;
  const match = /^widgets\.(\d+)\./.exec(key);
  return { key, widgetIndex: match ? Number(match[1]) : null };
}

/** The message when an alt text is missing for a file that has one or needs one (spec §5 "Widgets"). */
export const ALT_REQUIRED_MESSAGE = 'Alt text is required for this image.';
/** The message when a required file is missing (spec §5 "Widgets": "A required file must exist"). */
export const FILE_REQUIRED_MESSAGE = 'A file is required.';
/** The message when no widget kind is chosen. */
export const KIND_REQUIRED_MESSAGE = 'Choose a widget kind.';

/** The outcome of {@link checkSection}: the body to send (picked files still pending) or the messages. */
export type SectionCheck = { ok: true; body: SectionInput } | { ok: false; errors: FormErrors };

/**
 * Checks a whole draft before anything is uploaded (spec §4: "validate all
 * widgets"): the contract's `SectionInput` (every widget's limits, the one-widget
 * rule), the size of a stored section (`PAGE_LIMITS.sectionItemMaxBytes`, measured
 * on the body; the server measures the item), with the dialog's own messages for a missing kind, a missing required file
 * and a missing alt text (required whenever a file is required or present, spec §5).
 */
export function checkSection(draft: SectionDraft): SectionCheck {
  const errors: FormErrors = {};
  const add = (key: FieldKey, message: string) => {
    if (errors[key] === undefined) errors[key] = message;
  };
  if (draft.kind === '') add('kind', KIND_REQUIRED_MESSAGE);
  draft.widgets.forEach((widget, index) => {
    for (const spec of fileSpecs(widget.kind)) {
      const slot = widget.files[spec.slot];
      const present = Boolean(slot?.picked ?? slot?.stored);
      if (spec.required && !present) add(widgetKey(index, `files.${spec.slot}`), FILE_REQUIRED_MESSAGE);
      if (spec.alt && (spec.required || present) && (slot?.alt ?? '').trim() === '') {
        add(widgetKey(index, `files.${spec.slot}.alt`), ALT_REQUIRED_MESSAGE);
      }
    }
  });
  const body = sectionBody(draft);
  const parsed = SectionInput.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(fieldKeyOfPath(issue.path, draft), issue.message);
  } else if (new TextEncoder().encode(JSON.stringify(parsed.data)).length > PAGE_LIMITS.sectionItemMaxBytes) {
    // The server measures the stored item (a little more than the body); refusing here saves uploading in vain.
    add('form', SECTION_TOO_LARGE_MESSAGE);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body };
}

/**
 * The section dialog's form schema (issue 23 item 4): the draft as it is, checked by
 * {@link checkSection} so the messages stay spec §5's, each at the path of its value
 * ({@link FieldKey}). Issues come in screen order ({@link fieldOrder}), a file's before
 * its alt text's, so react-hook-form nests the alt text's message inside the file's.
 */
export const SECTION_FORM_SCHEMA = formValue<SectionDraft>().superRefine((draft, context) => {
  const check = checkSection(draft);
  if (check.ok) return;
  const order = fieldOrder(draft);
  const rank = (key: string) => {
    const index = order.indexOf(key as FieldKey);
    return index === -1 ? order.length : index;
  };
  const keys = Object.keys(check.errors).sort((a, b) => rank(a) - rank(b)) as FieldKey[];
  for (const key of keys) {
    const message = check.errors[key];
    if (message !== undefined) context.addIssue({ code: 'custom', message, path: key.split('.') });
  }
});

/** The messages of a 400 answer to a section write (details at `body.…`), under their fields. */
export function errorsFromDetails(draft: SectionDraft, details: readonly FieldError[], message: string): FormErrors {
  const errors: FormErrors = {};
  for (const detail of details) {
    const path = detail.path.replace(/^body\.?/, '');
    const key = fieldKeyOfPath(path === '' ? [] : path.split('.'), draft);
    if (errors[key] === undefined) errors[key] = detail.message;
  }
  if (Object.keys(errors).length === 0) errors.form = message;
  return errors;
}

/**
 * The stored files a save stops naming (removed or replaced; spec §4: "replacing
 * files are queued for deletion"): the ids of `section`'s files absent from `body`.
 * The server detaches and deletes them in the same save (decision record 026).
 */
export function replacedFileIds(section: PageSection | null, body: SectionInput): string[] {
  if (!section) return [];
  const kept = new Set(body.widgets.flatMap((widget) => (widget.files ?? []).map((file) => file.fileId)));
  return section.widgets.flatMap((widget) => widget.files.map((file) => file.fileId)).filter((id) => !kept.has(id));
}
