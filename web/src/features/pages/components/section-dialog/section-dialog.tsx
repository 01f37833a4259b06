import { Dialog } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, type RefObject, type SetStateAction, useId, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  FormProvider,
  get,
  type UseFormReturn,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { type Page, type PageSection, WIDGET_KIND_LABELS, type WidgetKind } from '#shared/contracts/page';
import { AcknowledgedDeleteDialog } from '../../../../components/ui/acknowledged-delete-dialog.tsx';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { announce } from '../../../../lib/announcer.tsx';
import { useZodForm } from '../../../../lib/forms/zod-form.ts';
import { useRuntimeConfig } from '../../../../lib/runtime-config.tsx';
import { PAGES_QUERY_KEY } from '../../api/get-page-by-href.ts';
import {
  canAddWidget,
  canDeleteWidget,
  emptyWidget,
  type FieldKey,
  type FormErrors,
  fieldOrder,
  firstInvalid,
  SECTION_FORM_SCHEMA,
  type SectionDraft,
  sectionDraftOf,
  widgetKey,
  withKind,
} from '../../utils/section-form.ts';
import { SectionAlerts, SectionFields, SectionFooter, UploadProgress, WidgetList } from './section-parts.tsx';
import { type FocusKey, useFieldFocus, useSectionDeletion, useSectionSave } from './use-section-save.ts';

/** The message under the delete confirmation's checkbox when it is not ticked (spec §5 "Pages", the section reading). */
export const SECTION_DELETE_REQUIRED_MESSAGE = 'Error: This field is required.';

/** Props of {@link SectionDialog}. */
export interface SectionDialogProps {
  /** The page the section belongs to (its layout gives the groups of a grouped list). */
  readonly page: Page;
  /** The section to edit, or null to create one. */
  readonly section: PageSection | null;
  /** Whether the dialog is shown; the form is mounted with it, so each opening starts from `section`. */
  readonly open: boolean;
  /** The group tab open when creating on a grouped list ('' or absent: none). */
  readonly defaultKey?: string;
  /** Whether the reader may delete the section: edit mode then shows Delete. */
  readonly canDelete: boolean;
  /** Called when the dialog closes: cancelled (Cancel, Close, Escape) and after a save or delete. */
  readonly onClose: () => void;
  /** Called with the page the server answered after a save, before `onClose`. */
  readonly onSaved: (page: Page) => void;
  /** Called with the page the server answered after a delete, before `onClose`. */
  readonly onDeleted: (page: Page) => void;
}

/**
 * The section create/edit dialog of the page builder (spec §2.14, §3 "Section",
 * §4 "Section dialog", §5 "Widgets", "File picker", §8): the section's name, group
 * (a grouped list's groups), description (HTML) and widgets. The widget kind is
 * chosen when creating (changing it clears the widget) and fixed once saved; only
 * giant icon buttons come several to a section ("Add button"; any may be deleted
 * while more than one remains). Each widget is a collapsible panel with the form of
 * its kind and file pickers. Saving follows spec §4 ({@link saveSection}): every
 * widget is checked first (the first invalid one expanded, its first invalid field
 * focused, each message under its field), new files are uploaded with a progress
 * bar, then the section is written; a failure removes the files just uploaded and
 * shows the server's field messages under their fields, or a 409 with a way to
 * reload. In edit mode, Delete asks for a ticked confirmation. The dialog calls the
 * section API itself and hands the page the server answered to `onSaved` /
 * `onDeleted`, then closes.
 */
export function SectionDialog({
  page,
  section,
  open,
  defaultKey,
  canDelete,
  onClose,
  onSaved,
  onDeleted,
}: SectionDialogProps) {
  const firstField = useRef<HTMLInputElement | null>(null);
  const busy = useRef(false);
  return (
    <FormDialog open={open} onClose={onClose} initialFocus={firstField} busy={busy} scrollBehavior="outside">
      <SectionForm
        page={page}
        section={section}
        defaultKey={defaultKey ?? ''}
        canDelete={canDelete}
        firstField={firstField}
        busy={busy}
        onClose={onClose}
        onSaved={(saved) => {
          onSaved(saved);
          onClose();
        }}
        onDeleted={(saved) => {
          onDeleted(saved);
          onClose();
        }}
      />
    </FormDialog>
  );
}

/** The messages shown, by key, out of react-hook-form's error tree (the keys are the values' paths). */
function messagesOf(errors: FieldErrors<SectionDraft>, draft: SectionDraft): FormErrors {
  const messages: FormErrors = {};
  for (const key of fieldOrder(draft)) {
    const message: unknown = (get(errors, key) as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') messages[key] = message;
  }
  return messages;
}

/** A path of the section form's values (a {@link FieldKey} other than `form`, `widgets.root`). */
const path = (key: string) => key as FieldPath<SectionDraft>;

/**
 * The widget changes of the section dialog (spec §4 "Section dialog"): choosing the
 * kind (a new section's: clears its widget and the widgets' messages), editing a
 * widget field (checked again when it shows a message), adding a giant icon button
 * (its panel open, its name focused) and deleting one while more than one remains
 * (focus on Add button); each change is announced.
 */
function useWidgetEditing({
  form,
  draft,
  setOpenPanels,
  requestFocus,
}: {
  form: UseFormReturn<SectionDraft, unknown, SectionDraft>;
  draft: SectionDraft;
  setOpenPanels: Dispatch<SetStateAction<ReadonlySet<string>>>;
  requestFocus: (key: FocusKey) => void;
}) {
  const list = useFieldArray({ control: form.control, name: 'widgets' as never, keyName: 'fieldId' });
  return {
    changeField: (key: string, value: unknown) =>
      form.setValue(path(key), value as never, { shouldDirty: true, shouldValidate: true }),
    changeKind: (value: string) => {
      const kind = value as WidgetKind | '';
      const next = withKind(draft, kind);
      if (next === draft) return;
      form.clearErrors(['kind', 'widgets', 'form' as never]);
      form.setValue('kind', kind, { shouldDirty: true });
      list.replace(next.widgets as never);
      setOpenPanels(new Set(next.widgets.map((widget) => widget.draftId)));
      if (draft.kind !== '') {
        announce(
          kind === '' ? 'Widget removed.' : `Widget changed to ${WIDGET_KIND_LABELS[kind]}; its values were cleared.`,
        );
      }
    },
    addWidget: () => {
      if (!canAddWidget(draft) || draft.kind === '') return;
      const widget = emptyWidget(draft.kind);
      const index = draft.widgets.length;
      list.append(widget as never, { shouldFocus: false });
      setOpenPanels((current) => new Set([...current, widget.draftId]));
      announce(`${WIDGET_KIND_LABELS[draft.kind]} ${index + 1} added.`);
      requestFocus(widgetKey(index, 'name'));
    },
    deleteWidget: canDeleteWidget(draft)
      ? (index: number) => {
          const removed = draft.widgets[index];
          // Messages are keyed by position; the next save checks again.
          form.clearErrors('widgets');
          list.remove(index);
          if (removed) announce(`${WIDGET_KIND_LABELS[removed.kind]} ${index + 1} deleted.`);
          requestFocus('add');
        }
      : null,
  };
}

function SectionForm({
  page,
  section,
  defaultKey,
  canDelete,
  firstField,
  busy,
  onClose,
  onSaved,
  onDeleted,
}: {
  page: Page;
  section: PageSection | null;
  defaultKey: string;
  canDelete: boolean;
  firstField: RefObject<HTMLInputElement | null>;
  busy: RefObject<boolean>;
  onClose: () => void;
  onSaved: (page: Page) => void;
  onDeleted: (page: Page) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const { publicFilesBaseUrl } = useRuntimeConfig();
  const form = useZodForm<SectionDraft, SectionDraft>(
    SECTION_FORM_SCHEMA,
    sectionDraftOf(section, defaultKey) as DefaultValues<SectionDraft>,
  );
  const draft = useWatch({ control: form.control }) as SectionDraft;
  const errors = messagesOf(form.formState.errors, draft);
  const [openPanels, setOpenPanels] = useState<ReadonlySet<string>>(
    () => new Set(draft.widgets.slice(0, 1).map((widget) => widget.draftId)),
  );
  const { register, requestFocus } = useFieldFocus(firstField);

  /** Expands the widget of the first message and focuses its field. */
  const focusFirst = (shown: FormErrors, values: SectionDraft) => {
    const first = firstInvalid(values, shown);
    if (!first) return;
    const widget = first.widgetIndex === null ? undefined : values.widgets[first.widgetIndex];
    if (widget) setOpenPanels((current) => new Set([...current, widget.draftId]));
    requestFocus(first.key);
  };
  const showErrors = (next: FormErrors) => {
    form.clearErrors();
    for (const [key, message] of Object.entries(next)) form.setError(path(key), { type: 'server', message });
    focusFirst(next, form.getValues());
  };
  const setError = (key: FieldKey, message: string | null) => {
    if (message === null) form.clearErrors(path(key));
    else form.setError(path(key), { type: 'pick', message });
  };

  const { save, saving, progress, conflict, clearConflict } = useSectionSave({
    page,
    section,
    busy,
    showErrors,
    clearErrors: () => form.clearErrors(),
    onSaved,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (saving) return;
    clearConflict();
    return form.handleSubmit(save, (found) => {
      const values = form.getValues();
      focusFirst(messagesOf(found, values), values);
    })(event);
  };
  const deletion = useSectionDeletion({ page, section, busy, onDeleted });
  const widgets = useWidgetEditing({ form, draft, setOpenPanels, requestFocus });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: PAGES_QUERY_KEY });
    onClose();
  };

  return (
    <>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <Dialog.Header>
            <Dialog.Title>{section ? 'Edit section' : 'Add section'}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body display="flex" flexDirection="column" gap="5">
            <Dialog.Description>Fields marked with an asterisk (*) are required.</Dialog.Description>
            <SectionAlerts formError={errors.form} conflict={conflict} register={register} onReload={reload} />
            <SectionFields
              idBase={id}
              page={page}
              draft={draft}
              register={register}
              onChange={widgets.changeField}
              onKindChange={widgets.changeKind}
            />
            <WidgetList
              idBase={id}
              draft={draft}
              errors={errors}
              register={register}
              openPanels={openPanels}
              onOpenChange={(widget, isOpen) =>
                setOpenPanels((current) => {
                  const next = new Set(current);
                  if (isOpen) next.add(widget.draftId);
                  else next.delete(widget.draftId);
                  return next;
                })
              }
              onFieldChange={widgets.changeField}
              onAdd={widgets.addWidget}
              onDelete={widgets.deleteWidget}
              setError={setError}
              publicFilesBaseUrl={publicFilesBaseUrl}
            />
            {saving && progress ? <UploadProgress progress={progress} /> : null}
          </Dialog.Body>
          <SectionFooter
            editing={section !== null}
            saving={saving}
            onDelete={section && canDelete ? deletion.start : null}
            onCancel={onClose}
          />
        </form>
      </FormProvider>
      {section ? (
        <AcknowledgedDeleteDialog
          open={deletion.open}
          title="Delete section"
          name={section.name.trim() ? section.name : 'this section'}
          acknowledgement="I understand the section, its widgets and their files will be deleted."
          requiredMessage={SECTION_DELETE_REQUIRED_MESSAGE}
          pending={deletion.pending}
          error={deletion.error}
          onClose={deletion.close}
          onConfirm={deletion.confirm}
        />
      ) : null}
    </>
  );
}
