import { Alert, Box, Button, Dialog, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import {
  groupOfKey,
  type Page,
  type PageSection,
  pageGroups,
  WIDGET_KIND_FIXED_MESSAGE,
  WIDGET_KIND_LABELS,
  WIDGET_KINDS,
  type WidgetKind,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { AcknowledgedDeleteDialog } from '../../../../components/ui/acknowledged-delete-dialog.tsx';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { useRevalidation } from '../../../../hooks/use-revalidation.ts';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { endsSession, reportError } from '../../../../lib/error-store.ts';
import { deleteFile, uploadFile } from '../../../../lib/file-uploads.ts';
import { useRuntimeConfig } from '../../../../lib/runtime-config.tsx';
import { PAGES_QUERY_KEY } from '../../api/get-page-by-href.ts';
import { createSection, deleteSection, updateSection } from '../../api/sections.ts';
import {
  canAddWidget,
  canDeleteWidget,
  checkSection,
  emptyWidget,
  errorsFromDetails,
  type FieldKey,
  type FormErrors,
  firstInvalid,
  kindFixed,
  type SectionDraft,
  sectionDraftOf,
  type WidgetDraft,
  widgetKey,
  withKind,
} from '../../utils/section-form.ts';
import { pendingUploads, type SaveProgress, type SectionSaveSteps, saveSection } from '../../utils/section-save.ts';
import { type Focusable, SelectField, TextField } from './form-parts.tsx';
import { WidgetPanel } from './widget-panel.tsx';

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

/** The network steps of a save of `section` (null: create) on `pageId`. */
function saveSteps(pageId: string, section: PageSection | null): SectionSaveSteps {
  return {
    upload: ({ file, kind }, { onStarted, onProgress }) =>
      uploadFile({ kind, name: file.name, type: file.type, size: file.size }, file, { onStarted, onProgress }),
    write: (body) =>
      section ? updateSection({ pageId, sectionId: section.id, body }) : createSection({ pageId, body }),
    deleteUpload: (fileId) => deleteFile({ id: fileId }),
  };
}

const percentOf = (progress: SaveProgress) =>
  progress.totalBytes === 0 ? 100 : Math.round((progress.sentBytes / progress.totalBytes) * 100);

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
  const [draft, setDraft] = useState<SectionDraft>(() => sectionDraftOf(section, defaultKey));
  const [errors, setErrors] = useState<FormErrors>({});
  useRevalidation(draft, setErrors, (current: SectionDraft) => {
    const check = checkSection(current);
    return check.ok ? {} : check.errors;
  });
  const [openPanels, setOpenPanels] = useState<ReadonlySet<string>>(
    () => new Set(draft.widgets.slice(0, 1).map((widget) => widget.draftId)),
  );
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ key: FieldKey | 'add'; n: number } | null>(null);
  const refs = useRef(new Map<FieldKey | 'add', Focusable>());
  /** The upload in progress, so a refused upload's message lands under its file field. */
  const uploading = useRef<FieldKey | null>(null);

  const register = (key: FieldKey | 'add') => (element: Focusable | null) => {
    if (element) refs.current.set(key, element);
    else refs.current.delete(key);
    if (key === 'name') firstField.current = element as HTMLInputElement | null;
  };

  // Focus a field once it is rendered (its panel may just have been expanded).
  useEffect(() => {
    if (!focusRequest) return;
    const focus = () => {
      const element = refs.current.get(focusRequest.key);
      element?.focus();
      return element !== undefined && document.activeElement === element;
    };
    if (focus()) return;
    const frame = requestAnimationFrame(() => {
      if (!focus()) window.setTimeout(focus, 100);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  const requestFocus = (key: FieldKey | 'add') => setFocusRequest((current) => ({ key, n: (current?.n ?? 0) + 1 }));

  const showErrors = (next: FormErrors, forDraft: SectionDraft = draft) => {
    setErrors(next);
    const first = firstInvalid(forDraft, next);
    if (!first) return;
    const widget = first.widgetIndex === null ? undefined : forDraft.widgets[first.widgetIndex];
    if (widget) setOpenPanels((current) => new Set([...current, widget.draftId]));
    requestFocus(first.key);
  };

  const setError = (key: FieldKey, message: string | null) => {
    setErrors((current) => {
      const { [key]: _cleared, ...rest } = current;
      return message === null ? rest : { ...rest, [key]: message };
    });
  };

  const save = useMutation({
    mutationFn: (saving: SectionDraft) => {
      const uploads = pendingUploads(saving);
      const steps = saveSteps(page.id, section);
      return saveSection(
        saving,
        section,
        {
          ...steps,
          upload: (request, callbacks) => {
            const upload = uploads.find((candidate) => candidate.file === request.file);
            uploading.current = upload ? widgetKey(upload.widgetIndex, `file.${upload.slot}`) : null;
            return steps.upload(request, callbacks);
          },
          write: (body) => {
            uploading.current = null;
            setProgress(null);
            return steps.write(body);
          },
        },
        { onProgress: setProgress },
      );
    },
    // A 400's field messages and a 409 show in the form; everything else goes to the ERROR dialog.
    meta: { handledStatuses: [400, 409] },
  });

  const remove = useMutation({
    mutationFn: () => {
      if (!section) throw new Error('There is no saved section to delete.');
      return deleteSection({ pageId: page.id, sectionId: section.id });
    },
    meta: { handledStatuses: [409] },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (save.isPending) return;
    setConflict(null);
    busy.current = true;
    try {
      const result = await save.mutateAsync(draft);
      busy.current = false;
      if (result.status === 'invalid') {
        showErrors(result.errors);
        return;
      }
      setErrors({});
      announce(section ? 'Section saved.' : 'Section added.');
      onSaved(result.page);
    } catch (error) {
      busy.current = false;
      setProgress(null);
      const failedUpload = uploading.current;
      uploading.current = null;
      // A 400 "jwt expired" ends the session (spec §8), which the handled statuses would hide.
      if (endsSession(error)) {
        if (error.statusCode === 400) reportError(error);
        return;
      }
      if (!(error instanceof ApiError)) return;
      if (error.statusCode === 409) {
        setConflict(error.message);
        return;
      }
      if (error.statusCode !== 400) return;
      const fromBody = error.details.some((detail) => detail.path.startsWith('body'));
      if (failedUpload && !fromBody) {
        const details = error.details.map((detail) => detail.message).join(' ');
        showErrors({ [failedUpload]: details || error.message });
        return;
      }
      showErrors(errorsFromDetails(draft, error.details, error.message));
    }
  };

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: PAGES_QUERY_KEY });
    onClose();
  };

  const fixed = kindFixed(draft);
  const changeKind = (value: string) => {
    const kind = value as WidgetKind | '';
    const next = withKind(draft, kind);
    if (next === draft) return;
    setDraft(next);
    setErrors(({ name, key, description }) => ({
      ...(name ? { name } : {}),
      ...(key ? { key } : {}),
      ...(description ? { description } : {}),
    }));
    setOpenPanels(new Set(next.widgets.map((widget) => widget.draftId)));
    if (draft.kind !== '') {
      announce(
        kind === '' ? 'Widget removed.' : `Widget changed to ${WIDGET_KIND_LABELS[kind]}; its values were cleared.`,
      );
    }
  };

  const changeWidget = (index: number, widget: WidgetDraft) => {
    setDraft((current) => ({
      ...current,
      widgets: current.widgets.map((candidate, i) => (i === index ? widget : candidate)),
    }));
  };

  const withoutWidgetErrors = (current: FormErrors): FormErrors =>
    Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('widgets'))) as FormErrors;

  const addWidget = () => {
    if (!canAddWidget(draft) || draft.kind === '') return;
    const widget = emptyWidget(draft.kind);
    const index = draft.widgets.length;
    setDraft({ ...draft, widgets: [...draft.widgets, widget] });
    setOpenPanels((current) => new Set([...current, widget.draftId]));
    announce(`${WIDGET_KIND_LABELS[draft.kind]} ${index + 1} added.`);
    requestFocus(widgetKey(index, 'name'));
  };

  const deleteWidget = (index: number) => {
    if (!canDeleteWidget(draft)) return;
    const removed = draft.widgets[index];
    setDraft({ ...draft, widgets: draft.widgets.filter((_, i) => i !== index) });
    // Messages are keyed by position; the next save checks again.
    setErrors(withoutWidgetErrors);
    if (removed) announce(`${WIDGET_KIND_LABELS[removed.kind]} ${index + 1} deleted.`);
    requestFocus('add');
  };

  const groups = pageGroups(page.layout);
  const grouped = page.layout.name === 'groupedList';
  const groupOptions = [
    { value: '', label: 'No group' },
    ...groups.map((group) => ({ value: group, label: group })),
    ...(draft.key !== '' && groupOfKey(groups, draft.key) === null ? [{ value: draft.key, label: draft.key }] : []),
  ];
  const kindOptions = [
    { value: '', label: 'Choose a widget kind' },
    ...WIDGET_KINDS.map((kind) => ({ value: kind, label: WIDGET_KIND_LABELS[kind] })),
  ];
  const saving = save.isPending;
  const sectionName = section?.name.trim() ? section.name : 'this section';

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{section ? 'Edit section' : 'Add section'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="5">
          <Dialog.Description>Fields marked with an asterisk (*) are required.</Dialog.Description>
          {errors.form ? (
            <Alert.Root status="error" role="alert" tabIndex={-1} ref={register('form')}>
              <Alert.Indicator />
              <Alert.Title>{errors.form}</Alert.Title>
            </Alert.Root>
          ) : null}
          {conflict ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{conflict}</Alert.Title>
                <Alert.Description>
                  Reloading shows the page as it is now; your changes in this dialog are lost.
                </Alert.Description>
              </Alert.Content>
              <Button type="button" size="sm" variant="outline" onClick={reload} alignSelf="center">
                Reload page
              </Button>
            </Alert.Root>
          ) : null}
          <TextField
            id={`${id}-name`}
            label="Section name"
            value={draft.name}
            onChange={(name) => setDraft({ ...draft, name })}
            register={register('name')}
            error={errors.name}
            max={PAGE_LIMITS.sectionNameMaxChars}
            counter
            help="Optional. The editors’ label; a section opening with a heading widget shows that heading instead."
          />
          {grouped ? (
            <SelectField
              id={`${id}-key`}
              label="Group"
              // A key naming a group in another case selects that group (issue 21 item 16).
              value={groupOfKey(groups, draft.key) ?? draft.key}
              options={groupOptions}
              onChange={(key) => setDraft({ ...draft, key })}
              register={register('key')}
              error={errors.key}
            />
          ) : null}
          <TextField
            id={`${id}-description`}
            label="Description (HTML)"
            value={draft.description}
            onChange={(description) => setDraft({ ...draft, description })}
            register={register('description')}
            error={errors.description}
            max={PAGE_LIMITS.sectionDescriptionMaxChars}
            counter
            input="html"
          />
          <SelectField
            id={`${id}-kind`}
            label="Widget kind"
            value={draft.kind}
            options={kindOptions}
            onChange={changeKind}
            register={register('kind')}
            error={errors.kind}
            required
            disabled={fixed}
            help={
              fixed
                ? WIDGET_KIND_FIXED_MESSAGE
                : 'Changing the kind clears the widget’s values. Only giant icon buttons come several to a section.'
            }
          />
          {errors.widgets ? (
            <Text role="alert" color="fg.error" fontSize="sm" tabIndex={-1} ref={register('widgets')}>
              {errors.widgets}
            </Text>
          ) : null}
          {draft.widgets.length > 0 ? (
            <Stack gap="3" role="group" aria-label="Widgets">
              {draft.widgets.map((widget, index) => (
                <WidgetPanel
                  key={widget.draftId}
                  idBase={id}
                  widget={widget}
                  index={index}
                  open={openPanels.has(widget.draftId)}
                  onOpenChange={(isOpen) =>
                    setOpenPanels((current) => {
                      const next = new Set(current);
                      if (isOpen) next.add(widget.draftId);
                      else next.delete(widget.draftId);
                      return next;
                    })
                  }
                  onChange={(next) => changeWidget(index, next)}
                  onDelete={canDeleteWidget(draft) ? () => deleteWidget(index) : null}
                  errors={errors}
                  register={register}
                  setError={setError}
                  publicFilesBaseUrl={publicFilesBaseUrl}
                />
              ))}
            </Stack>
          ) : null}
          {draft.kind === 'giantIconButton' ? (
            <Box>
              <Button
                ref={register('add')}
                type="button"
                size="sm"
                variant="outline"
                onClick={addWidget}
                disabled={!canAddWidget(draft)}
              >
                Add button
              </Button>
              {canAddWidget(draft) ? null : (
                <Text fontSize="sm" color="fg.muted" mt="1">
                  A section holds at most {PAGE_LIMITS.sectionWidgetsMax} buttons.
                </Text>
              )}
            </Box>
          ) : null}
          {saving && progress ? (
            <Progress.Root value={percentOf(progress)} max={100} size="sm" colorPalette="brand">
              <Progress.Label>
                Uploading file {progress.file} of {progress.files}: {progress.filename}
              </Progress.Label>
              <Progress.Track aria-label={`Uploading ${progress.filename}`} aria-valuetext={`${percentOf(progress)}%`}>
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText>{percentOf(progress)}%</Progress.ValueText>
            </Progress.Root>
          ) : null}
        </Dialog.Body>
        <Dialog.Footer>
          <HStack gap="3" width="full" justify="space-between" wrap="wrap">
            <Box>
              {section && canDelete ? (
                <Button
                  type="button"
                  variant="outline"
                  colorPalette="red"
                  disabled={saving}
                  onClick={() => {
                    setDeleteError(null);
                    setDeleteOpen(true);
                  }}
                >
                  Delete section
                </Button>
              ) : null}
            </Box>
            <HStack gap="3">
              <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving…">
                {section ? 'Save section' : 'Add section'}
              </Button>
            </HStack>
          </HStack>
        </Dialog.Footer>
      </form>
      {section ? (
        <AcknowledgedDeleteDialog
          open={deleteOpen}
          title="Delete section"
          name={sectionName}
          acknowledgement="I understand the section, its widgets and their files will be deleted."
          requiredMessage={SECTION_DELETE_REQUIRED_MESSAGE}
          pending={remove.isPending}
          error={deleteError}
          onClose={() => {
            if (!remove.isPending) setDeleteOpen(false);
          }}
          onConfirm={() => {
            setDeleteError(null);
            busy.current = true;
            remove.mutate(undefined, {
              onSuccess: (saved) => {
                busy.current = false;
                setDeleteOpen(false);
                announce('Section deleted.');
                onDeleted(saved);
              },
              onError: (error) => {
                busy.current = false;
                if (error instanceof ApiError && error.statusCode === 409) setDeleteError(error.message);
              },
            });
          }}
        />
      ) : null}
    </>
  );
}
