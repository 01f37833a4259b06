import { BorrowedFieldsBoundary, ContributorsField, KnowledgeFields } from './borrowed-fields.tsx';
import { ChildrenEditor } from './children-editor.tsx';
import { ClassificationFields, type DraftFieldsProps, KeywordsField, OtherTagsField } from './content-fields.tsx';
import { FilesEditor } from './files-editor.tsx';
import { SectionsEditor } from './sections-editor.tsx';
import type { UploadProgress } from './use-save-content.ts';

/**
 * The parts of a content draft that the create and the edit form share, in screen
 * order (spec §2.6, §3 Content): sections, categories and levels, other tags, search
 * keywords, contributors and knowledge lists (borrowed from their features), children
 * and files. `busy` disables the editors while a save runs; `progress` is each
 * upload's share sent (0 to 1) by draft key.
 */
export function DraftSections({
  draft,
  update,
  errors,
  busy,
  progress,
}: DraftFieldsProps & { busy: boolean; progress: UploadProgress }) {
  const fields = { draft, update, errors };
  return (
    <>
      <SectionsEditor
        sections={draft.sections}
        onChange={(next) => update('sections', next)}
        errors={errors}
        disabled={busy}
      />
      <ClassificationFields {...fields} />
      <OtherTagsField {...fields} />
      <KeywordsField {...fields} />
      <BorrowedFieldsBoundary>
        <ContributorsField {...fields} progress={progress} />
        <KnowledgeFields {...fields} />
      </BorrowedFieldsBoundary>
      <ChildrenEditor
        items={draft.children}
        onChange={(next) => update('children', next)}
        errors={errors}
        disabled={busy}
      />
      <FilesEditor
        files={draft.files}
        onChange={(next) => update('files', next)}
        errors={errors}
        progress={progress}
        disabled={busy}
      />
    </>
  );
}
