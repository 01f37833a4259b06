import { Checkbox, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  CONTENT_STATUS_LABELS,
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  OTHER_TAGS,
  type OtherTag,
} from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { FieldErrorText } from '../../../../components/ui/field-parts.tsx';
import { FormField, type FormFieldControl } from '../../../../components/ui/form-field.tsx';
import { RichTextEditor } from '../../../../components/ui/rich-text/rich-text-field.tsx';
import {
  type ContentDraft,
  type DraftErrors,
  type DraftField,
  draftFieldId,
  EDITABLE_STATUSES,
  type EditableStatus,
} from './content-draft.ts';
import { KeywordInput } from './keyword-input.tsx';

/** Sets one field of a content draft (the forms' `update`). */
export type UpdateDraft = <K extends keyof ContentDraft>(key: K, value: ContentDraft[K]) => void;

/** The draft, its setter and its field errors, as the shared field blocks take them. */
export interface DraftFieldsProps {
  readonly draft: ContentDraft;
  readonly update: UpdateDraft;
  readonly errors: DraftErrors;
}

/** A field's error message, announced as an alert; nothing when there is none (the shared `FieldErrorText`). */
export const ErrorText = FieldErrorText;

/**
 * One field of the content form (issue 23 item 4): the shared {@link FormField} —
 * label, required mark, hint and its message from the form (the enclosing
 * `FormProvider` of `useDraftForm`), wired by `aria-describedby` — with the editor's
 * id for the field ({@link draftFieldId}), which the focus of the first invalid field finds.
 */
export function EditorField({
  name,
  label,
  hint,
  required,
  disabled,
  children,
}: {
  name: DraftField;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: (control: FormFieldControl) => ReactNode;
}) {
  return (
    <FormField<FieldValues>
      name={name}
      id={draftFieldId(name)}
      label={label}
      hint={hint}
      required={required}
      disabled={disabled}
    >
      {children}
    </FormField>
  );
}

/**
 * A fieldset of checkboxes for a multi-choice draft field (issue 23 item 4): the shared
 * {@link FormField} `group` — legend, and the field's message from the form under it —
 * with the editor's id ({@link draftFieldId}) on the group; the choices keep the order of `options`.
 */
export function CheckboxGroup<T extends string>({
  field,
  legend,
  options,
  labels,
  value,
  onChange,
}: {
  field: DraftField;
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: readonly T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <FormField<FieldValues> name={field} id={draftFieldId(field)} label={legend} group>
      {(described) => (
        <Stack gap="2" {...described}>
          {options.map((option) => (
            <Checkbox.Root
              key={option}
              checked={value.includes(option)}
              onCheckedChange={(details) =>
                onChange(
                  details.checked === true
                    ? options.filter((kept) => kept === option || value.includes(kept))
                    : value.filter((kept) => kept !== option),
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{labels[option]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
    </FormField>
  );
}

/**
 * The Name (required), URL alias, Status and Description (required, the rich text
 * editor of issue 25 item 1 with its HTML source view and image dialog; its character
 * count, of the stored HTML, as its hint) fields.
 * `onNameChange` and `onAliasChange` get the typed text (default: set `name` and
 * `urlAlias`); `aliasHelp` is the alias's helper text; `descriptionRows` the
 * description's height.
 */
export function BasicFields({
  draft,
  update,
  aliasHelp,
  descriptionRows,
  onNameChange = (name) => update('name', name),
  onAliasChange = (alias) => update('urlAlias', alias),
}: DraftFieldsProps & {
  aliasHelp: string;
  descriptionRows: number;
  onNameChange?: (name: string) => void;
  onAliasChange?: (alias: string) => void;
}) {
  return (
    <>
      <EditorField name="name" label="Name" required>
        {(described) => (
          <Input {...described} value={draft.name} onChange={(event) => onNameChange(event.target.value)} />
        )}
      </EditorField>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <EditorField name="urlAlias" label="URL alias" hint={aliasHelp}>
          {(described) => (
            <Input {...described} value={draft.urlAlias} onChange={(event) => onAliasChange(event.target.value)} />
          )}
        </EditorField>
        <EditorField name="status" label="Status">
          {(described) => (
            <NativeSelect.Root>
              <NativeSelect.Field
                {...described}
                value={draft.status}
                onChange={(event) => update('status', event.target.value as EditableStatus)}
              >
                {EDITABLE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {CONTENT_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </EditorField>
      </SimpleGrid>

      <EditorField
        name="description"
        label="Description (HTML)"
        hint={`${draft.description.length} of ${LIMITS.contentHtmlMaxChars} characters`}
        required
      >
        {(described) => (
          <RichTextEditor
            control={described}
            label="Description"
            value={draft.description}
            onChange={(next) => update('description', next)}
            rows={descriptionRows}
          />
        )}
      </EditorField>
    </>
  );
}

/** The Categories, Education levels and Experience levels checkbox groups, side by side. */
export function ClassificationFields({ draft, update }: Pick<DraftFieldsProps, 'draft' | 'update'>) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
      <CheckboxGroup
        field="categories"
        legend="Categories"
        options={CONTENT_CATEGORIES}
        labels={CONTENT_CATEGORY_LABELS}
        value={draft.categories}
        onChange={(next) => update('categories', next)}
      />
      <CheckboxGroup
        field="educationLevels"
        legend="Education levels"
        options={EDUCATION_LEVELS}
        labels={EDUCATION_LEVEL_LABELS}
        value={draft.educationLevels}
        onChange={(next) => update('educationLevels', next)}
      />
      <CheckboxGroup
        field="experienceLevels"
        legend="Experience levels"
        options={EXPERIENCE_LEVELS}
        labels={EXPERIENCE_LEVEL_LABELS}
        value={draft.experienceLevels}
        onChange={(next) => update('experienceLevels', next)}
      />
    </SimpleGrid>
  );
}

/** The search keywords of the draft ({@link KeywordInput}). */
export function KeywordsField({ draft, update, errors }: DraftFieldsProps) {
  return (
    <KeywordInput
      id={draftFieldId('searchKeywords')}
      keywords={draft.searchKeywords}
      onChange={(next) => update('searchKeywords', next)}
      error={errors.searchKeywords}
    />
  );
}

const OTHER_TAG_LABELS: Record<OtherTag, string> = {
  homework: 'Homework',
  lab: 'Lab',
  uncurated: 'Uncurated',
  exams: 'Exams',
  quizzes: 'Quizzes',
};

/**
 * The known other tags (spec §3 Content: homework, lab, uncurated, exams, quizzes) as
 * checkboxes. Any other tag the item carries is kept as it is.
 */
export function OtherTagsField({ draft, update }: Pick<DraftFieldsProps, 'draft' | 'update'>) {
  const isKnown = (tag: string) => (OTHER_TAGS as readonly string[]).includes(tag.trim().toLowerCase());
  const checked = OTHER_TAGS.filter((tag) => draft.tags.some((kept) => kept.trim().toLowerCase() === tag));
  return (
    <CheckboxGroup
      field="tags"
      legend="Tags"
      options={OTHER_TAGS}
      labels={OTHER_TAG_LABELS}
      value={checked}
      onChange={(next) => update('tags', [...next, ...draft.tags.filter((tag) => !isKnown(tag))])}
    />
  );
}
