import { Box, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, Suspense } from 'react';
import { contributorDisplayName } from '#shared/contracts/contributor';
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from '#shared/enums';
import { draftFieldId } from './content-draft.ts';
import type { DraftFieldsProps } from './content-fields.tsx';
import { type KnowledgeNames, useEditorParts } from './editor-parts.tsx';
import { UploadProgressBar } from './files-editor.tsx';
import { KuOutcomesField } from './ku-outcomes-field.tsx';
import type { UploadProgress } from './use-save-content.ts';

/**
 * The item's contributors (spec §2.6, §3 Contributor) through the contributors
 * editor the route provides ({@link useEditorParts}), which shows the save's messages
 * about a contributor (its `error`); and each new portrait shows its upload progress while a
 * save runs.
 */
export function ContributorsField({
  draft,
  update,
  errors,
  progress,
}: DraftFieldsProps & { progress: UploadProgress }) {
  const { ContributorsEditor } = useEditorParts();
  return (
    <Box as="section" aria-labelledby="content-edit-contributors-heading" id={draftFieldId('contributors')}>
      <Heading as="h2" id="content-edit-contributors-heading" size="lg" mb="3">
        Contributors
      </Heading>
      <Stack gap="3">
        <ContributorsEditor
          value={draft.contributors}
          onValueChange={(next) => update('contributors', next)}
          error={errors.contributors}
        />
        {draft.contributors.map((contributor) => {
          const share = progress[contributor.key];
          if (share === undefined) return null;
          const who = contributorDisplayName(contributor.fields) || 'the new contributor';
          return <UploadProgressBar key={contributor.key} label={`Uploading the portrait of ${who}`} share={share} />;
        })}
      </Stack>
    </Box>
  );
}

const KNOWLEDGE_FIELDS = [
  ['TKS', 'tkss'],
  ['KSA', 'ksas'],
  ['KU', 'kus'],
] as const satisfies readonly (readonly [KnowledgeType, 'tkss' | 'ksas' | 'kus'])[];

/**
 * The item's TKS, KSA and KU lists (spec §2.6), each through the knowledge picker the
 * route provides; the saved item's own names (`knowledgeNames`) name its chips. Under
 * them, the outcomes of each chosen KU the item addresses (issue 27 item 4).
 */
export function KnowledgeFields({
  draft,
  update,
  errors,
  knowledgeNames,
}: DraftFieldsProps & { knowledgeNames?: KnowledgeNames | undefined }) {
  const { KnowledgeEditor } = useEditorParts();
  return (
    <Box as="section" aria-labelledby="content-edit-knowledge-heading">
      <Heading as="h2" id="content-edit-knowledge-heading" size="lg" mb="3">
        Knowledge
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        {KNOWLEDGE_FIELDS.map(([type, field]) => (
          <Stack key={type} id={draftFieldId(field)} gap="2" aria-label={KNOWLEDGE_TYPE_LABELS[type]} role="group">
            <KnowledgeEditor
              type={type}
              value={draft[field]}
              onValueChange={(next) => update(field, next)}
              names={knowledgeNames?.[type]}
            />
            {errors[field] ? (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errors[field]}
              </Text>
            ) : null}
          </Stack>
        ))}
      </SimpleGrid>
      <Box mt="6">
        <KuOutcomesField
          kuIds={draft.kus}
          value={draft.kuOutcomes}
          onValueChange={(next) => update('kuOutcomes', next)}
          names={knowledgeNames?.KU}
          error={errors.kuOutcomes}
        />
      </Box>
    </Box>
  );
}

/** Waits, with a placeholder, for the parts the route may load on demand (lazy components). */
export function BorrowedFieldsBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Stack gap="3" role="status" aria-label="Loading the contributors and knowledge editors">
          <Skeleton height="24" />
        </Stack>
      }
    >
      {children}
    </Suspense>
  );
}
