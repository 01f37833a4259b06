import { Box, Button, Field, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LIMITS } from '#shared/limits';
import { FieldErrorText, fieldIds } from '../../../../components/ui/field-parts.tsx';
import { useObjectUrl } from '../../../../hooks/use-object-url.ts';
import { showError } from '../../../../lib/error-store.ts';
import { publicFileUrl } from '../../../../lib/file-pick.ts';
import type { FileSlotDraft } from '../../utils/section-form.ts';
import { acceptAttribute, acceptedTypesText, type FileFieldSpec, megabytesText } from '../../utils/widget-fields.ts';
import {
  EMPTY_FILE_MESSAGE,
  FILE_NAME_TOO_LONG_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  filePickProblem,
  invalidTypeMessage,
} from '../../utils/widget-files.ts';
import { type Register, TextField } from './form-parts.tsx';

/**
 * The file picker of one widget file place (spec §5 "Widgets", "File picker"): the
 * accepted types and the maximum size in MB, the current file (name, and a preview
 * for images: a stored one from the public files address, a picked one from a
 * local address) with Replace and Remove, and the alt text field when the place
 * has one (required when the file is required or present, at most 1000). A picked
 * file over the place's maximum is not kept: the input is cleared and
 * FILE_TOO_LARGE_ERROR goes to the global ERROR dialog; a file of another type
 * shows the invalid-type message under the field.
 */
export function FileField({
  id,
  spec,
  slot,
  publicFilesBaseUrl,
  onChange,
  onAltChange,
  onProblem,
  registerFile,
  registerAlt,
  fileError,
  altName,
}: {
  id: string;
  spec: FileFieldSpec;
  slot: FileSlotDraft;
  publicFilesBaseUrl: string;
  onChange: (slot: FileSlotDraft) => void;
  /** Sets the alt text alone. */
  onAltChange: (alt: string) => void;
  /** A message for the file field (or null to clear it) after a pick. */
  onProblem: (message: string | null) => void;
  registerFile: Register;
  registerAlt: Register;
  fileError: string | undefined;
  /** The alt text's path in the section form (`widgets.<i>.files.<slot>.alt`): where its message is. */
  altName: string;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  const replaceButton = useRef<HTMLButtonElement | null>(null);
  const pickedUrl = useObjectUrl(slot.picked);
  const current = slot.picked ?? slot.stored;
  const noun = spec.label.toLowerCase();
  const isImage = spec.uploadKind === 'widgetImage';
  const help = [
    `${acceptedTypesText(spec)}; at most ${megabytesText(spec.maxBytes)}.`,
    spec.pixels ? `Shown at ${spec.pixels.width}×${spec.pixels.height} pixels.` : null,
    spec.required ? null : 'Optional.',
  ]
    .filter(Boolean)
    .join(' ');
  const { ids, describedBy } = fieldIds(`${id}-file`, { help: true, error: Boolean(fileError) });

  // The field's focus target: the input, or the Replace button while the input is hidden.
  useEffect(() => {
    registerFile(current ? replaceButton.current : input.current);
    return () => registerFile(null);
  });

  const clearInput = () => {
    if (input.current) input.current.value = '';
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = filePickProblem(file, spec);
    if (problem === null) {
      onProblem(null);
      onChange({ ...slot, picked: file });
      return;
    }
    // Spec §5: a refused file is not kept; the stored one (if any) stays.
    clearInput();
    if (problem === 'size') {
      onProblem(null);
      showError({ message: FILE_TOO_LARGE_MESSAGE, statusCode: null, details: [] });
      return;
    }
    if (problem === 'type') onProblem(invalidTypeMessage(spec));
    else if (problem === 'name') onProblem(FILE_NAME_TOO_LONG_MESSAGE);
    else onProblem(EMPTY_FILE_MESSAGE);
  };

  const remove = () => {
    clearInput();
    onProblem(null);
    onChange({ stored: null, picked: null, alt: spec.alt ? '' : slot.alt });
    // The input shows again; move the focus there rather than losing it.
    requestAnimationFrame(() => input.current?.focus());
  };

  let status = `No ${noun}.`;
  if (slot.picked) {
    status = `New ${noun}: ${slot.picked.name} (uploaded when you save${slot.stored ? `; replaces ${slot.stored.filename}` : ''}).`;
  } else if (slot.stored) status = `Current ${noun}: ${slot.stored.filename}.`;
  let previewUrl: string | null = null;
  if (isImage && slot.picked) previewUrl = pickedUrl;
  else if (isImage && slot.stored) previewUrl = publicFileUrl(publicFilesBaseUrl, slot.stored.fileId);

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="l2" p="3">
      <Field.Root ids={ids} invalid={Boolean(fileError)} required={spec.required}>
        <Field.Label>
          {spec.label}
          {spec.required ? <Field.RequiredIndicator /> : null}
        </Field.Label>
        {current ? (
          <HStack gap="3" align="center" w="full">
            {previewUrl ? (
              <Image src={previewUrl} alt="" boxSize="16" objectFit="contain" borderRadius="md" bg="bg.muted" />
            ) : null}
            <Text flex="1" minW="0" fontSize="sm" wordBreak="break-word">
              {status}
            </Text>
          </HStack>
        ) : null}
        <Input
          ref={input}
          aria-describedby={describedBy}
          type="file"
          accept={acceptAttribute(spec)}
          p="1.5"
          hidden={Boolean(current)}
          onChange={(event) => pick(event.target.files?.[0])}
        />
        <Field.HelperText>
          {help}
          {current ? null : ` ${status}`}
        </Field.HelperText>
        {current ? (
          <HStack gap="2">
            <Button
              ref={replaceButton}
              type="button"
              size="sm"
              variant="outline"
              aria-describedby={describedBy}
              onClick={() => input.current?.click()}
            >
              Replace {noun}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={remove}>
              Remove {noun}
            </Button>
          </HStack>
        ) : null}
        <FieldErrorText message={fileError} />
      </Field.Root>
      {spec.alt ? (
        <Box>
          <TextField
            id={`${id}-alt`}
            label={`${spec.label} alt text`}
            value={slot.alt}
            onChange={onAltChange}
            register={registerAlt}
            name={altName}
            required={spec.required || Boolean(current)}
            help="Describes the picture for people who cannot see it."
            max={LIMITS.altTextMaxChars}
          />
        </Box>
      ) : null}
    </Stack>
  );
}
