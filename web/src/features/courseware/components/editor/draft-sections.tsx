import { Input, SimpleGrid } from '@chakra-ui/react';
import { todayUtc } from '#shared/contracts/content';
import { CURATED_LABELS, type CuratedLabel } from '#shared/enums';
import { BorrowedFieldsBoundary, ContributorsField, KnowledgeFields } from './borrowed-fields.tsx';
import { ChildrenEditor } from './children-editor.tsx';
import {
  ClassificationFields,
  type DraftFieldsProps,
  EditorField,
  KeywordsField,
  OtherTagsField,
} from './content-fields.tsx';
import type { KnowledgeNames } from './editor-parts.tsx';
import { FilesEditor } from './files-editor.tsx';
import { SectionsEditor } from './sections-editor.tsx';
import type { UploadProgress } from './use-save-content.ts';

/**
 * The parts of a content draft that the create and the edit form share, in screen
 * order (spec §2.6, §3 Content): sections, categories and levels, other tags, search
 * keywords, contributors and knowledge lists (borrowed from their features), children
 * and files, then the last-curated dates (the same in both forms: issue 21 item 17). `busy` disables the editors while a save runs; `progress` is each
 * upload's share sent (0 to 1) by draft key.
 */
export function DraftSections({
  draft,
  update,
  errors,
  busy,
  progress,
  knowledgeNames,
}: DraftFieldsProps & {
  busy: boolean;
  progress: UploadProgress;
  /** The saved item's knowledge names, for its chips (the edit form). */
  knowledgeNames?: KnowledgeNames | undefined;
}) {
  const fields = { draft, update, errors };
  return (
    <>
      <SectionsEditor disabled={busy} />
      <ClassificationFields {...fields} />
      <OtherTagsField {...fields} />
      <KeywordsField {...fields} />
      <BorrowedFieldsBoundary>
        <ContributorsField {...fields} progress={progress} />
        <KnowledgeFields {...fields} knowledgeNames={knowledgeNames} />
      </BorrowedFieldsBoundary>
      <ChildrenEditor disabled={busy} />
      <FilesEditor errors={errors} progress={progress} disabled={busy} />
      <CuratedDateFields {...fields} />
    </>
  );
}

const CURATED_FIELD_LABELS: Record<CuratedLabel, string> = {
  courseware: 'Courseware last curated',
  environment: 'Environment last curated',
};

/**
 * The last-curated dates (spec §3 `lastCuratedTimestamps`, §5: not after today, UTC as
 * the server counts it; decision record 019), with the form's own messages.
 */
function CuratedDateFields({ draft, update }: DraftFieldsProps) {
  const today = todayUtc();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      {CURATED_LABELS.map((label) => {
        const field = `lastCurated.${label}` as const;
        return (
          <EditorField key={label} name={field} label={CURATED_FIELD_LABELS[label]}>
            {(described) => (
              <Input
                {...described}
                type="date"
                max={today}
                value={draft.lastCurated[label]}
                onChange={(event) => update('lastCurated', { ...draft.lastCurated, [label]: event.target.value })}
              />
            )}
          </EditorField>
        );
      })}
    </SimpleGrid>
  );
}
