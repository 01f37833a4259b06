import { Alert, Box, Button, Dialog, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import {
  groupOfKey,
  type Page,
  pageGroups,
  WIDGET_KIND_FIXED_MESSAGE,
  WIDGET_KIND_LABELS,
  WIDGET_KINDS,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import {
  canAddWidget,
  type FieldKey,
  type FormErrors,
  kindFixed,
  type SectionDraft,
  type WidgetDraft,
  widgetKey,
} from '../../utils/section-form.ts';
import type { SaveProgress } from '../../utils/section-save.ts';
import { type Register, SelectField, TextField } from './form-parts.tsx';
import type { FocusKey } from './use-section-save.ts';
import { WidgetPanel } from './widget-panel.tsx';

/** Registers a field's element under its message key (see `useFieldFocus`). */
type RegisterKey = (key: FocusKey) => Register;

/** The whole section's message and a 409's, with a way to reload the page (spec §4, §8). */
export function SectionAlerts({
  formError,
  conflict,
  register,
  onReload,
}: {
  formError: string | undefined;
  conflict: string | null;
  register: RegisterKey;
  onReload: () => void;
}) {
  return (
    <>
      {formError ? (
        <Alert.Root status="error" role="alert" tabIndex={-1} ref={register('form')}>
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
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
          <Button type="button" size="sm" variant="outline" onClick={onReload} alignSelf="center">
            Reload page
          </Button>
        </Alert.Root>
      ) : null}
    </>
  );
}

/** The section's own fields (spec §3 "Section"): name, group (grouped lists), description and the widget kind. */
export function SectionFields({
  idBase,
  page,
  draft,
  register,
  onChange,
  onKindChange,
}: {
  idBase: string;
  page: Page;
  draft: SectionDraft;
  register: RegisterKey;
  /** Sets the value at a field's path (`name`, `key`, `description`). */
  onChange: (key: 'name' | 'key' | 'description', value: string) => void;
  onKindChange: (kind: string) => void;
}) {
  const groups = pageGroups(page.layout);
  const groupOptions = [
    { value: '', label: 'No group' },
    ...groups.map((group) => ({ value: group, label: group })),
    ...(draft.key !== '' && groupOfKey(groups, draft.key) === null ? [{ value: draft.key, label: draft.key }] : []),
  ];
  const kindOptions = [
    { value: '', label: 'Choose a widget kind' },
    ...WIDGET_KINDS.map((kind) => ({ value: kind, label: WIDGET_KIND_LABELS[kind] })),
  ];
  const fixed = kindFixed(draft);
  return (
    <>
      <TextField
        id={`${idBase}-name`}
        label="Section name"
        value={draft.name}
        onChange={(name) => onChange('name', name)}
        register={register('name')}
        name="name"
        max={PAGE_LIMITS.sectionNameMaxChars}
        counter
        help="Optional. The editors’ label; a section opening with a heading widget shows that heading instead."
      />
      {page.layout.name === 'groupedList' ? (
        <SelectField
          id={`${idBase}-key`}
          label="Group"
          // A key naming a group in another case selects that group (issue 21 item 16).
          value={groupOfKey(groups, draft.key) ?? draft.key}
          options={groupOptions}
          onChange={(key) => onChange('key', key)}
          register={register('key')}
          name="key"
        />
      ) : null}
      <TextField
        id={`${idBase}-description`}
        label="Description (HTML)"
        value={draft.description}
        onChange={(description) => onChange('description', description)}
        register={register('description')}
        name="description"
        max={PAGE_LIMITS.sectionDescriptionMaxChars}
        counter
        input="html"
      />
      <SelectField
        id={`${idBase}-kind`}
        label="Widget kind"
        value={draft.kind}
        options={kindOptions}
        onChange={onKindChange}
        register={register('kind')}
        name="kind"
        required
        disabled={fixed}
        help={
          fixed
            ? WIDGET_KIND_FIXED_MESSAGE
            : 'Changing the kind clears the widget’s values. Only giant icon buttons come several to a section.'
        }
      />
    </>
  );
}

/** The widgets as collapsible panels, the list's message, and (giant icon buttons) Add button (spec §4, §5 "Widgets"). */
export function WidgetList({
  idBase,
  draft,
  errors,
  register,
  openPanels,
  onOpenChange,
  onFieldChange,
  onAdd,
  onDelete,
  setError,
  publicFilesBaseUrl,
}: {
  idBase: string;
  draft: SectionDraft;
  errors: FormErrors;
  register: RegisterKey;
  openPanels: ReadonlySet<string>;
  onOpenChange: (widget: WidgetDraft, open: boolean) => void;
  /** Sets the value at a widget field's path (`widgets.<index>.<WidgetFieldName>`). */
  onFieldChange: (key: FieldKey, value: unknown) => void;
  onAdd: () => void;
  /** Deletes the widget at an index; null while only one remains. */
  onDelete: ((index: number) => void) | null;
  setError: Parameters<typeof WidgetPanel>[0]['setError'];
  publicFilesBaseUrl: string;
}) {
  return (
    <>
      {errors['widgets.root'] ? (
        <Text role="alert" color="fg.error" fontSize="sm" tabIndex={-1} ref={register('widgets.root')}>
          {errors['widgets.root']}
        </Text>
      ) : null}
      {draft.widgets.length > 0 ? (
        <Stack gap="3" role="group" aria-label="Widgets">
          {draft.widgets.map((widget, index) => (
            <WidgetPanel
              key={widget.draftId}
              idBase={idBase}
              widget={widget}
              index={index}
              open={openPanels.has(widget.draftId)}
              onOpenChange={(isOpen) => onOpenChange(widget, isOpen)}
              onFieldChange={(field, value) => onFieldChange(widgetKey(index, field), value)}
              onDelete={onDelete ? () => onDelete(index) : null}
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
            onClick={onAdd}
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
    </>
  );
}

const percentOf = (progress: SaveProgress) =>
  progress.totalBytes === 0 ? 100 : Math.round((progress.sentBytes / progress.totalBytes) * 100);

/** The progress bar of the files going up (spec §4 "Saving": "a progress bar while files upload"). */
export function UploadProgress({ progress }: { progress: SaveProgress }) {
  return (
    <Progress.Root value={percentOf(progress)} max={100} size="sm" colorPalette="brand">
      <Progress.Label>
        Uploading file {progress.file} of {progress.files}: {progress.filename}
      </Progress.Label>
      <Progress.Track aria-label={`Uploading ${progress.filename}`} aria-valuetext={`${percentOf(progress)}%`}>
        <Progress.Range />
      </Progress.Track>
      <Progress.ValueText>{percentOf(progress)}%</Progress.ValueText>
    </Progress.Root>
  );
}

/** Delete (when `onDelete` is given), Cancel and the submit button of the section dialog. */
export function SectionFooter({
  editing,
  saving,
  onDelete,
  onCancel,
}: {
  editing: boolean;
  saving: boolean;
  onDelete: (() => void) | null;
  onCancel: () => void;
}) {
  return (
    <Dialog.Footer>
      <HStack gap="3" width="full" justify="space-between" wrap="wrap">
        <Box>
          {onDelete ? (
            <Button type="button" variant="outline" colorPalette="red" disabled={saving} onClick={onDelete}>
              Delete section
            </Button>
          ) : null}
        </Box>
        <HStack gap="3">
          <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving…">
            {editing ? 'Save section' : 'Add section'}
          </Button>
        </HStack>
      </HStack>
    </Dialog.Footer>
  );
}
