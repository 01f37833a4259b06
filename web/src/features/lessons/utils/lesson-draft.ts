import * as z from 'zod';
import { CreateUploadRequest, extensionOf, FILE_TYPES, type FileMediaType, UPLOAD_KINDS } from '#shared/contracts/file';
import {
  type Lesson,
  type LessonArtifactType,
  LessonFields,
  LessonPageInput,
  type LessonUrl,
} from '#shared/contracts/lesson';
import { formValue } from '../../../lib/forms/zod-form.ts';

/** The picker's refusal of a file past the maximum (spec §5 "File picker"). */
export const FILE_TOO_LARGE_TO_UPLOAD = 'The selected file is too large to upload.';

const RULE = UPLOAD_KINDS.content;

/** Extensions the artifact picker accepts, for its `accept` attribute and its hint. */
export const ACCEPTED_EXTENSIONS: readonly string[] = RULE.types.flatMap((type) => FILE_TYPES[type]);
/** The maximum size of an artifact in MB (spec §5: the picker shows it in MB). */
export const MAX_MEGABYTES = Math.round(RULE.maxBytes / 1_000_000);

/**
 * One artifact in the form: a stored one (`fileId`), or a file chosen here that is
 * uploaded on save (`file`). `key` is the row's React key and stays put on reorders.
 */
export interface ArtifactDraft {
  readonly key: string;
  readonly type: LessonArtifactType;
  readonly fileId: string | null;
  readonly file: File | null;
  /** The media type to upload `file` as (its own, or the one its extension implies). */
  readonly mediaType: string;
}

export interface PageDraft {
  readonly key: string;
  readonly id: string | null;
  readonly name: string;
  readonly urls: readonly ArtifactDraft[];
}

export interface LessonDraft {
  readonly name: string;
  readonly alternateId: string;
  readonly urls: readonly ArtifactDraft[];
  readonly pages: readonly PageDraft[];
}

let keySeed = 0;
/** A key for a new row. */
export function newKey(): string {
  keySeed += 1;
  return `row-${keySeed}`;
}

function artifactFrom(url: LessonUrl): ArtifactDraft {
  return { key: newKey(), type: url.type, fileId: url.fileId, file: null, mediaType: '' };
}

/** The form's starting values: empty for a new lesson, else the lesson as read. */
export function draftOf(lesson: Lesson | null): LessonDraft {
  if (!lesson) return { name: '', alternateId: '', urls: [], pages: [] };
  return {
    name: lesson.name,
    alternateId: lesson.alternateId ?? '',
    urls: lesson.urls.map(artifactFrom),
    pages: lesson.pages.map((page) => ({
      key: newKey(),
      id: page.id,
      name: page.name,
      urls: page.urls.map(artifactFrom),
    })),
  };
}

/** The media type to upload a chosen file as: its own, or (browsers leave some blank) the one its extension names. */
export function mediaTypeOf(file: File): string {
  if (file.type) return file.type;
  const extension = extensionOf(file.name);
  const match = (Object.keys(FILE_TYPES) as FileMediaType[]).find((type) =>
    (FILE_TYPES[type] as readonly string[]).includes(extension),
  );
  return match ?? '';
}

/**
 * Why the picker refuses `file`, or null (spec §5 "File picker"): the contract's
 * type and extension messages, and "The selected file is too large to upload.".
 */
export function pickedFileProblem(file: File, contentId: string): string | null {
  const type = mediaTypeOf(file);
  if (!type) return `The file type of ${file.name} is not accepted.`;
  const checked = CreateUploadRequest.safeParse({
    kind: 'content',
    name: file.name,
    type,
    size: file.size,
    ownerId: contentId,
  });
  if (checked.success) return null;
  const issue =
    checked.error.issues.find((candidate) => candidate.path[0] !== 'size') ?? checked.error.issues[0] ?? null;
  if (!issue) return null;
  if (issue.path[0] === 'size' && file.size > RULE.maxBytes) return FILE_TOO_LARGE_TO_UPLOAD;
  return issue.message;
}

/**
 * The lesson form's schema (issue 23 item 4), for `useZodForm`: the contract's own
 * fields (`LessonFields.name`, `.alternateId`, `LessonPageInput.name`: required, at
 * most 1000; at most 200) with their messages; artifacts pass as drafted (a chosen
 * file gets its id when it is uploaded on save). Parses to the trimmed values.
 */
export const LessonFormSchema = z.object({
  name: LessonFields.shape.name,
  alternateId: LessonFields.shape.alternateId.unwrap().unwrap(),
  urls: z.array(formValue<ArtifactDraft>()),
  pages: z.array(
    z.object({
      key: z.string(),
      id: z.string().nullable(),
      name: LessonPageInput.shape.name,
      urls: z.array(formValue<ArtifactDraft>()),
    }),
  ),
});

/** What the lesson form holds (a {@link LessonDraft} with mutable lists, as react-hook-form keeps them). */
export type LessonFormValues = z.input<typeof LessonFormSchema>;
