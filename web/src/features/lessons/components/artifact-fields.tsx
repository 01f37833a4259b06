import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LESSON_ARTIFACT_TYPE_LABELS, LESSON_ARTIFACT_TYPES, LESSON_LIMITS } from '#shared/contracts/lesson';
import {
  ACCEPTED_EXTENSIONS,
  type ArtifactDraft,
  MAX_MEGABYTES,
  mediaTypeOf,
  newKey,
  pickedFileProblem,
} from '../utils/lesson-draft.ts';
import { ArtifactName, useArtifactName } from './artifact-name.tsx';

/**
 * The artifacts of a lesson or of one of its pages in the form: each file with its
 * type select and a Remove button, then the file picker (spec §5 "File picker":
 * accepted types and the maximum in MB; a refused file is dropped with its message).
 * Chosen files are uploaded on save.
 */
export function ArtifactFields({
  contentId,
  artifacts,
  onChange,
  pickerLabel,
  disabled,
}: {
  contentId: string;
  artifacts: readonly ArtifactDraft[];
  onChange: (next: ArtifactDraft[]) => void;
  pickerLabel: string;
  disabled: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const full = artifacts.length >= LESSON_LIMITS.urls;

  const choose = (files: FileList | null) => {
    const picked = Array.from(files ?? []);
    if (fileRef.current) fileRef.current.value = '';
    if (picked.length === 0) return;
    const added: ArtifactDraft[] = [];
    let refusal: string | null = null;
    for (const file of picked) {
      const found = pickedFileProblem(file, contentId);
      if (found) {
        refusal ??= found;
        continue;
      }
      added.push({ key: newKey(), type: 'other', fileId: null, file, mediaType: mediaTypeOf(file) });
    }
    setProblem(refusal);
    if (added.length > 0) onChange([...artifacts, ...added].slice(0, LESSON_LIMITS.urls));
  };

  return (
    <Stack gap="3">
      {artifacts.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {artifacts.map((artifact, index) => (
            <ArtifactRow
              key={artifact.key}
              artifact={artifact}
              disabled={disabled}
              onType={(type) => onChange(artifacts.map((item, at) => (at === index ? { ...item, type } : item)))}
              onRemove={() => {
                onChange(artifacts.filter((_, at) => at !== index));
                fileRef.current?.focus();
              }}
            />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">No artifacts.</Text>
      )}
      <Field.Root invalid={Boolean(problem)} disabled={disabled || full}>
        <Field.Label>{pickerLabel}</Field.Label>
        <Input
          ref={fileRef}
          type="file"
          multiple
          accept={ACCEPTED_EXTENSIONS.join(',')}
          p="1.5"
          onChange={(event) => choose(event.target.files)}
        />
        <Field.HelperText>
          Accepted types: {ACCEPTED_EXTENSIONS.join(', ')}. At most {MAX_MEGABYTES} MB per file
          {full ? `; this list holds its maximum of ${LESSON_LIMITS.urls}` : ''}.
        </Field.HelperText>
        {problem ? <Field.ErrorText role="alert">{problem}</Field.ErrorText> : null}
      </Field.Root>
    </Stack>
  );
}

function ArtifactRow({
  artifact,
  disabled,
  onType,
  onRemove,
}: {
  artifact: ArtifactDraft;
  disabled: boolean;
  onType: (type: ArtifactDraft['type']) => void;
  onRemove: () => void;
}) {
  const name = useArtifactName(artifact);
  return (
    <HStack as="li" gap="3" wrap="wrap">
      <Text flex="1" minW="12rem">
        <ArtifactName artifact={artifact} />
        {artifact.file ? (
          <Text as="span" color="fg.muted">
            {' '}
            (new, {(artifact.file.size / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB)
          </Text>
        ) : null}
      </Text>
      <NativeSelect.Root size="sm" width="12rem" disabled={disabled}>
        <NativeSelect.Field
          aria-label={`Type of ${name}`}
          value={artifact.type}
          onChange={(event) => onType(event.target.value as ArtifactDraft['type'])}
        >
          {LESSON_ARTIFACT_TYPES.map((type) => (
            <option key={type} value={type}>
              {LESSON_ARTIFACT_TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove} disabled={disabled}>
        Remove
      </Button>
    </HStack>
  );
}
