import { FILE_TYPES, type FileMediaType, UPLOAD_KINDS } from '#shared/contracts/file';
import {
  COLLECTIONS_WIDGET_LIMITS,
  HEADING_COLORS,
  HEADING_TYPES,
  IMAGE_POSITIONS,
  type WidgetKind,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { GIANT_BUTTON_ICONS } from './icons.ts';

/**
 * The fields of each widget kind in the section dialog (spec §5 "Widgets", §3
 * "Section widget"; decision record 026 says which §5 field is which common field),
 * in screen order: the order decides which invalid field gets the focus first.
 * Limits are the contract's (`PAGE_LIMITS`), so the dialog and the server agree.
 */

/** The plain common fields of a widget the dialog edits as text. */
export type WidgetTextField = 'name' | 'title' | 'subtitle' | 'content' | 'link';
/** The `customAttributes` the dialog edits (per kind). */
export type WidgetAttribute = 'type' | 'color' | 'maxHeight' | 'position' | 'captions' | 'icon' | 'collectionIds';
/** A file place of a widget: the image of image kinds, a file widget's file, a team member's avatar and logo. */
export type FileSlot = 'image' | 'file' | 'avatar' | 'logo';
/** The upload kinds of widget files (`shared/contracts/file.ts` UPLOAD_KINDS). */
export type WidgetUploadKind = 'widgetImage' | 'widgetFile';

/** A text field: its label, maximum in characters, whether required and how it is edited. */
export interface TextFieldSpec {
  readonly type: 'text';
  readonly field: WidgetTextField;
  readonly label: string;
  readonly max: number;
  readonly required: boolean;
  /** `text` a one-line input, `plain` a textarea, `html` a monospaced textarea of HTML. */
  readonly input: 'text' | 'plain' | 'html';
  readonly help?: string;
}

/** A choice among fixed values of a `customAttributes` key. */
export interface ChoiceFieldSpec {
  readonly type: 'choice';
  readonly attribute: WidgetAttribute;
  readonly label: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly defaultValue: string;
  readonly help?: string;
}

/** A short free-text `customAttributes` value. */
export interface AttributeFieldSpec {
  readonly type: 'attribute';
  readonly attribute: WidgetAttribute;
  readonly label: string;
  readonly max: number;
  readonly defaultValue: string;
  readonly help?: string;
}

/**
 * The curated collections a collections widget shows (issue 26 item 2; decision record
 * 076): a checkbox group of the curated collections, at most `max` ticked, stored in
 * `customAttributes.collectionIds` comma-separated in the order ticked.
 */
export interface CollectionsFieldSpec {
  readonly type: 'collections';
  readonly attribute: 'collectionIds';
  readonly label: string;
  readonly max: number;
  readonly defaultValue: string;
  readonly help?: string;
}

/** A file place: upload kind, maximum size in bytes, whether required, whether it has an alt text field. */
export interface FileFieldSpec {
  readonly type: 'file';
  readonly slot: FileSlot;
  readonly label: string;
  readonly uploadKind: WidgetUploadKind;
  readonly maxBytes: number;
  readonly required: boolean;
  /** Whether the editor writes the alt text; false for the file widget, whose alt describes the file type. */
  readonly alt: boolean;
  /** The size the picture is shown at, in pixels (team avatar and logo). */
  readonly pixels?: { readonly width: number; readonly height: number };
}

/** One field of a widget form. */
export type WidgetFieldSpec =
  | TextFieldSpec
  | ChoiceFieldSpec
  | AttributeFieldSpec
  | CollectionsFieldSpec
  | FileFieldSpec;

const text = (
  field: WidgetTextField,
  label: string,
  max: number,
  required: boolean,
  input: TextFieldSpec['input'] = 'text',
  help?: string,
): TextFieldSpec => ({ type: 'text', field, label, max, required, input, ...(help ? { help } : {}) });

const image = (required: boolean): FileFieldSpec => ({
  type: 'file',
  slot: 'image',
  label: 'Image',
  uploadKind: 'widgetImage',
  maxBytes: PAGE_LIMITS.widgetImageMaxBytes,
  required,
  alt: true,
});

const LINK_HELP = "A path of this site starting with '/', an http:// or https:// address, or a mailto: address.";

/** The fields of each widget kind, in screen order. */
export const WIDGET_FIELDS: Record<WidgetKind, readonly WidgetFieldSpec[]> = {
  heading: [
    text('content', 'Text', PAGE_LIMITS.headingTextMaxChars, true),
    {
      type: 'choice',
      attribute: 'type',
      label: 'Heading level',
      options: HEADING_TYPES.map((value) => ({ value, label: value.toUpperCase() })),
      defaultValue: 'h2',
    },
    {
      type: 'choice',
      attribute: 'color',
      label: 'Colour',
      options: HEADING_COLORS.map((value) => ({
        value,
        label: value === 'tertiary' ? 'Tertiary (green)' : value.charAt(0).toUpperCase() + value.slice(1),
      })),
      defaultValue: 'default',
    },
  ],
  calloutBox: [text('content', 'Text', PAGE_LIMITS.calloutTextMaxChars, true, 'plain')],
  featureItem: [
    text('title', 'Title', PAGE_LIMITS.featureTitleMaxChars, true),
    text('subtitle', 'Subtitle', PAGE_LIMITS.featureSubtitleMaxChars, true, 'plain'),
    image(true),
  ],
  file: [
    text(
      'name',
      'Display name',
      PAGE_LIMITS.fileDisplayNameMaxChars,
      false,
      'text',
      'The file name is shown when empty.',
    ),
    {
      type: 'file',
      slot: 'file',
      label: 'File',
      uploadKind: 'widgetFile',
      maxBytes: PAGE_LIMITS.widgetFileMaxBytes,
      required: true,
      alt: false,
    },
  ],
  contentBox: [text('content', 'Content (HTML)', PAGE_LIMITS.contentBoxHtmlMaxChars, false, 'html'), image(false)],
  callToAction: [
    text('content', 'Button text', PAGE_LIMITS.callToActionTextMaxChars, true),
    text('link', 'Target', PAGE_LIMITS.widgetLinkMaxChars, true, 'text', LINK_HELP),
  ],
  coverImage: [
    text('title', 'Title', PAGE_LIMITS.coverTitleMaxChars, true),
    text('subtitle', 'Subtitle', PAGE_LIMITS.coverSubtitleMaxChars, false),
    image(true),
  ],
  teamMember: [
    text('name', 'Name', PAGE_LIMITS.teamNameMaxChars, true),
    text('title', 'Title', PAGE_LIMITS.teamTitleMaxChars, false),
    text('content', 'Description (HTML)', PAGE_LIMITS.teamDescriptionMaxChars, false, 'html'),
    {
      type: 'file',
      slot: 'avatar',
      label: 'Avatar',
      uploadKind: 'widgetImage',
      maxBytes: PAGE_LIMITS.teamAvatarMaxBytes,
      required: false,
      alt: true,
      pixels: PAGE_LIMITS.teamAvatarPixels,
    },
    {
      type: 'file',
      slot: 'logo',
      label: 'Logo',
      uploadKind: 'widgetImage',
      maxBytes: PAGE_LIMITS.teamLogoMaxBytes,
      required: false,
      alt: true,
      pixels: PAGE_LIMITS.teamLogoPixels,
    },
  ],
  image: [
    text('title', 'Title', PAGE_LIMITS.imageTitleMaxChars, false),
    {
      type: 'attribute',
      attribute: 'maxHeight',
      label: 'Maximum height',
      max: PAGE_LIMITS.imageMaxHeightMaxChars,
      defaultValue: '',
      help: 'Optional. A number of pixels, or with px, em, vh or % (e.g. 300 or 20em); at most 4 characters.',
    },
    {
      type: 'choice',
      attribute: 'position',
      label: 'Position',
      options: IMAGE_POSITIONS.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) })),
      defaultValue: 'center',
    },
    image(true),
  ],
  youTube: [
    text(
      'content',
      'Video id',
      PAGE_LIMITS.youTubeVideoIdMaxChars,
      true,
      'text',
      'The id in the video’s address, e.g. dQw4w9WgXcQ.',
    ),
    {
      type: 'attribute',
      attribute: 'captions',
      label: 'Captions language',
      max: PAGE_LIMITS.youTubeCaptionsMaxChars,
      defaultValue: 'en',
      help: 'A language code; en (English) by default.',
    },
  ],
  giantIconButton: [
    text('name', 'Name', PAGE_LIMITS.giantButtonNameMaxChars, true),
    text('content', 'Description', PAGE_LIMITS.giantButtonDescriptionMaxChars, false, 'plain'),
    text('link', 'Target', PAGE_LIMITS.widgetLinkMaxChars, true, 'text', LINK_HELP),
    {
      type: 'choice',
      attribute: 'icon',
      label: 'Icon',
      options: [
        { value: '', label: 'Default (arrow)' },
        ...Object.keys(GIANT_BUTTON_ICONS).map((value) => ({ value, label: value })),
      ],
      defaultValue: '',
    },
  ],
  collections: [
    text(
      'title',
      'Heading',
      COLLECTIONS_WIDGET_LIMITS.titleMaxChars,
      false,
      'text',
      'Optional, shown above the cards.',
    ),
    {
      type: 'collections',
      attribute: 'collectionIds',
      label: 'Collections',
      max: COLLECTIONS_WIDGET_LIMITS.collectionsMax,
      defaultValue: '',
      help: `Tick 1 to ${COLLECTIONS_WIDGET_LIMITS.collectionsMax} curated collections; they show in the order ticked.`,
    },
  ],
};

/** The file places of a kind, in screen order (also the order of `files` in the body). */
export function fileSpecs(kind: WidgetKind): FileFieldSpec[] {
  return WIDGET_FIELDS[kind].filter((spec): spec is FileFieldSpec => spec.type === 'file');
}

/** Whether a text field gets a character counter: multi-line ones and any of 256 characters or more. */
export function hasCounter(spec: TextFieldSpec): boolean {
  return spec.input !== 'text' || spec.max >= 256;
}

/** The media types a file place accepts (its upload kind's). */
export function acceptedTypes(spec: Pick<FileFieldSpec, 'uploadKind'>): readonly FileMediaType[] {
  return UPLOAD_KINDS[spec.uploadKind].types;
}

/** The `accept` attribute of a file input: the media types and their extensions. */
export function acceptAttribute(spec: Pick<FileFieldSpec, 'uploadKind'>): string {
  return acceptedTypes(spec)
    .flatMap((type) => [type, ...FILE_TYPES[type]])
    .join(',');
}

const TYPE_NAMES: Record<FileMediaType, { short: string; description: string }> = {
  'application/pdf': { short: 'PDF', description: 'PDF document' },
  'application/zip': { short: 'ZIP', description: 'ZIP archive' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    short: 'Word (.docx)',
    description: 'Word document',
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    short: 'PowerPoint (.pptx)',
    description: 'PowerPoint presentation',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    short: 'Excel (.xlsx)',
    description: 'Excel spreadsheet',
  },
  'text/plain': { short: 'text (.txt)', description: 'Text file' },
  'text/markdown': { short: 'Markdown (.md)', description: 'Markdown document' },
  'text/csv': { short: 'CSV (.csv)', description: 'CSV file' },
  'text/x-python': { short: 'Python (.py)', description: 'Python source file' },
  'application/json': { short: 'JSON (.json)', description: 'JSON file' },
  'application/x-ipynb+json': { short: 'Jupyter notebook (.ipynb)', description: 'Jupyter notebook' },
  'image/png': { short: 'PNG', description: 'PNG image' },
  'image/jpeg': { short: 'JPEG', description: 'JPEG image' },
  'image/gif': { short: 'GIF', description: 'GIF image' },
  'image/webp': { short: 'WebP', description: 'WebP image' },
};

/** The accepted types as people read them: "PNG, JPEG, GIF or WebP" (spec §5 "File picker"). */
export function acceptedTypesText(spec: Pick<FileFieldSpec, 'uploadKind'>): string {
  const names = acceptedTypes(spec).map((type) => TYPE_NAMES[type].short);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * The alt text of a file widget's file, which has no alt field (spec §5 "Widgets":
 * "the alt becomes a description of the file type"): "PDF document", "Word
 * document"…; "File" for a type outside the accepted list.
 */
export function fileTypeDescription(mimeType: string): string {
  return Object.hasOwn(TYPE_NAMES, mimeType) ? TYPE_NAMES[mimeType as FileMediaType].description : 'File';
}

/**
 * A size in MB as the picker shows it (spec §5 "File picker": "a maximum size in
 * MB"), decimal megabytes with up to two decimals: 1,000,000 → "1 MB", 50,000 →
 * "0.05 MB", 104,857,600 → "104.86 MB".
 */
export function megabytesText(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 2 })} MB`;
}
