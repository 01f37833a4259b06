import { LIMITS } from '#shared/limits';
import { hasAcceptedType } from '../../../lib/file-pick.ts';
import { acceptedTypes, acceptedTypesText, type FileFieldSpec } from './widget-fields.ts';

/**
 * The checks a picked widget file gets before it is kept (spec §5 "Widgets" and
 * "File picker"): a type the place accepts (media type and extension, as the upload
 * route checks them), a name the upload route takes, and the place's maximum size.
 */

export { FILE_TOO_LARGE_MESSAGE } from '../../../lib/file-pick.ts';

/** The message of a picked file of a type the place does not accept (spec §5 "File picker": invalid type). */
export function invalidTypeMessage(spec: Pick<FileFieldSpec, 'uploadKind'>): string {
  return `Invalid file type. Choose a ${acceptedTypesText(spec)} file.`;
}

/** The message of a picked file whose name the upload route would refuse. */
export const FILE_NAME_TOO_LONG_MESSAGE = `The file name must be at most ${LIMITS.fileNameMaxChars} characters.`;

/**
 * Why a picked file cannot be used in a place: `type` (media type or extension not
 * accepted), `name` (name over `LIMITS.fileNameMaxChars`), `size` (over the place's
 * `maxBytes`: 1,000,000 for widget images, 50,000 for a team avatar or logo,
 * 104,857,600 for a file widget; an empty file too, which no upload accepts);
 * null when it can be uploaded.
 */
export function filePickProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  spec: Pick<FileFieldSpec, 'uploadKind' | 'maxBytes'>,
): 'type' | 'name' | 'size' | 'empty' | null {
  if (!hasAcceptedType(file, acceptedTypes(spec))) return 'type';
  if (file.name.trim().length > LIMITS.fileNameMaxChars) return 'name';
  if (file.size > spec.maxBytes) return 'size';
  if (file.size === 0) return 'empty';
  return null;
}

/** The message of an empty picked file. */
export const EMPTY_FILE_MESSAGE = 'The file is empty.';
