import {
  Alert,
  Box,
  Button,
  Dialog,
  Field,
  HStack,
  Image,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { NEWS_EVENT_STATUS_LABELS, NEWS_EVENT_STATUSES, type NewsEventStatus } from '#shared/contracts/news';
import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { FieldErrorText, fieldIds } from '../../../components/ui/field-parts.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useFieldRegistry } from '../../../hooks/use-field-registry.ts';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/error-store.ts';
import { deleteFile, uploadFile } from '../../../lib/file-uploads.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { useSaveItem } from '../api/news-events.ts';
import {
  checkDraft,
  type DraftErrors,
  type DraftField,
  draftOf,
  errorsFromDetails,
  firstInvalidField,
  type NewsEventDraft,
} from '../utils/form.ts';
import {
  FILE_TOO_LARGE_MESSAGE,
  IMAGE_ACCEPT,
  IMAGE_MAX_SIZE_TEXT,
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPES_TEXT,
  imageProblem,
  publicFileUrl,
} from '../utils/image.ts';
import { KIND_TEXT, type NewsEventItem, type NewsEventKind } from '../utils/kinds.ts';
import { DateTimePicker } from './date-time-picker.tsx';

const count = (value: number) => value.toLocaleString('en-US');

export interface NewsEventDialogProps<K extends NewsEventKind> {
  readonly kind: K;
  /** Whether the dialog is shown; the form is mounted with it, so each opening starts from `item`. */
  readonly open: boolean;
  /** The item to edit (of `kind`), or null to create one. */
  readonly item: NewsEventItem | null;
  /** Called when the dialog is cancelled (Cancel, Close, Escape) and after a save. */
  readonly onClose: () => void;
  /** Called with the stored item after a save, before `onClose`. */
  readonly onSaved?: (saved: NewsEventItem) => void;
}

/**
 * The create and edit dialog of news and events (spec §2.10, §5 "News and event
 * dialog"): title*, link (required for events, optional for news, shown after the
 * list's path), external link (news), location* (events), date* (the date-time
 * picker of spec §4), status, image and description* (HTML). It stays open until
 * cancelled or saved (a click outside does nothing). Saving checks every limit with
 * the shared contract's messages (each under its field, announced as an alert, the
 * focus on the first invalid field; the whole item over 512,000 characters refused
 * with `NEWS_EVENT_DATA_TOO_LONG_MESSAGE`), strips the description's image alt
 * texts, uploads a newly picked image as a public file, then creates or replaces the
 * item. The server's 400 field messages, 409 (link taken) and 413 show in the form;
 * a failed save deletes the image it just uploaded.
 */
export function NewsEventDialog<K extends NewsEventKind>({
  kind,
  open,
  item,
  onClose,
  onSaved,
}: NewsEventDialogProps<K>) {
  const firstField = useRef<HTMLInputElement | null>(null);
  const busy = useRef(false);
  return (
    <FormDialog open={open} onClose={onClose} initialFocus={firstField} busy={busy}>
      <NewsEventForm
        kind={kind}
        item={item}
        firstField={firstField}
        busy={busy}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
        onCancel={onClose}
      />
    </FormDialog>
  );
}

function NewsEventForm<K extends NewsEventKind>({
  kind,
  item,
  firstField,
  busy,
  onSaved,
  onCancel,
}: {
  kind: K;
  item: NewsEventItem | null;
  firstField: RefObject<HTMLInputElement | null>;
  busy: RefObject<boolean>;
  onSaved: (saved: NewsEventItem) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const text = KIND_TEXT[kind];
  const { publicFilesBaseUrl } = useRuntimeConfig();
  const save = useSaveItem(kind);
  const [draft, setDraft] = useState<NewsEventDraft>(() => draftOf(item));
  const [pickedImage, setPickedImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  useRevalidation(draft, setErrors, (current: NewsEventDraft) => {
    const check = checkDraft(kind, current);
    return check.ok ? {} : check.errors;
  });
  const [dataError, setDataError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { register, focus } = useFieldRegistry<DraftField>('name', firstField);
  const imageInput = useRef<HTMLInputElement | null>(null);

  const update = <F extends DraftField>(field: F, value: NewsEventDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
  };
  const showErrors = (next: DraftErrors, whole: string | null) => {
    setErrors(next);
    setDataError(whole);
    const first = firstInvalidField(kind, next) ?? (whole ? 'description' : null);
    focus(first);
  };

  const pickImage = (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (!problem) {
      setPickedImage(file);
      setErrors(({ image: _cleared, ...rest }) => rest);
      return;
    }
    // Spec §5: a refused image is not kept; the stored one (if any) stays.
    if (imageInput.current) imageInput.current.value = '';
    setPickedImage(null);
    if (problem === 'type') {
      setErrors((current) => ({ ...current, image: IMAGE_TYPE_MESSAGE }));
      return;
    }
    setErrors(({ image: _cleared, ...rest }) => rest);
    reportError(new Error(FILE_TOO_LARGE_MESSAGE));
  };

  const removeImage = () => {
    if (imageInput.current) {
      imageInput.current.value = '';
      imageInput.current.focus();
    }
    setPickedImage(null);
    update('image', '');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (saving) return;
    const check = checkDraft(kind, draft);
    if (!check.ok) {
      showErrors(check.errors, check.dataError);
      return;
    }
    setErrors({});
    setDataError(null);
    setSaving(true);
    busy.current = true;
    const uploaded: { id: string | null } = { id: null };
    let phase: 'upload' | 'save' = 'upload';
    try {
      let body = check.body;
      if (pickedImage) {
        const fileId = await uploadFile(
          { kind: 'image', name: pickedImage.name, type: pickedImage.type, size: pickedImage.size },
          pickedImage,
          {
            onStarted: (started) => {
              uploaded.id = started;
            },
          },
        );
        body = { ...body, image: publicFileUrl(publicFilesBaseUrl, fileId) } as typeof body;
      }
      phase = 'save';
      const saved = await save.mutateAsync({ id: item?.id ?? null, body });
      busy.current = false;
      announce(`${item ? 'Saved' : 'Added'} “${saved.name}”.`);
      onSaved(saved);
    } catch (error) {
      busy.current = false;
      setSaving(false);
      if (uploaded.id) void deleteFile({ id: uploaded.id }).catch(() => undefined);
      if (phase === 'upload') {
        reportError(error);
        return;
      }
      // Other statuses went to the ERROR dialog through the mutation cache.
      if (!(error instanceof ApiError)) return;
      if (error.statusCode === 400) showErrors(errorsFromDetails(kind, error.details), null);
      else if (error.statusCode === 409) showErrors({ link: error.message }, null);
      else if (error.statusCode === 413) showErrors({}, error.message);
    }
  };

  const textField = (
    field: 'name' | 'link' | 'externalLink',
    label: string,
    options: { required: boolean; help?: string; prefix?: string; type?: string },
  ) => {
    const { ids, describedBy } = fieldIds(`${id}-${field}`, {
      help: Boolean(options.help),
      error: Boolean(errors[field]),
    });
    return (
      <Field.Root ids={ids} invalid={Boolean(errors[field])} required={options.required}>
        <Field.Label>
          {label}
          {options.required ? <Field.RequiredIndicator /> : null}
        </Field.Label>
        <HStack gap="1" width="full">
          {options.prefix ? (
            <Text aria-hidden="true" color="fg.muted" fontFamily="mono" fontSize="sm">
              {options.prefix}
            </Text>
          ) : null}
          <Input
            ref={register(field)}
            aria-describedby={describedBy}
            type={options.type ?? 'text'}
            autoComplete="off"
            value={draft[field]}
            onChange={(event) => update(field, event.target.value)}
          />
        </HStack>
        {options.help ? <Field.HelperText>{options.help}</Field.HelperText> : null}
        <FieldErrorText message={errors[field]} />
      </Field.Root>
    );
  };

  const textArea = (field: 'location' | 'description', label: string, max: number, rows: number, mono = false) => {
    const { ids, describedBy } = fieldIds(`${id}-${field}`, { help: true, error: Boolean(errors[field]) });
    return (
      <Field.Root ids={ids} invalid={Boolean(errors[field])} required>
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          ref={register(field)}
          aria-describedby={describedBy}
          value={draft[field]}
          rows={rows}
          fontFamily={mono ? 'mono' : undefined}
          fontSize={mono ? 'sm' : undefined}
          onChange={(event) => update(field, event.target.value)}
        />
        <Field.HelperText>
          {count(draft[field].length)} of {count(max)} characters
          {field === 'description' ? '. Images in it are saved without alt text, as decoration.' : ''}
        </Field.HelperText>
        <FieldErrorText message={errors[field]} />
      </Field.Root>
    );
  };

  const statusIds = fieldIds(`${id}-status`, { help: false, error: Boolean(errors.status) });
  const imageIds = fieldIds(`${id}-image`, { help: true, error: Boolean(errors.image) });
  let imageText = 'No image.';
  if (pickedImage) imageText = `New image: ${pickedImage.name} (uploaded when you save).`;
  else if (draft.image) imageText = 'Current image shown.';
  const linkHelp =
    kind === 'news'
      ? `Optional. The address becomes ${text.listPath}/<link>; left empty, it is made from the title. Lower-case letters, digits and hyphens.`
      : `The address becomes ${text.listPath}/<link>. Lower-case letters, digits and hyphens.`;

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{item ? text.editTitle : text.createTitle}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="5">
        <Dialog.Description>Fields marked with an asterisk (*) are required.</Dialog.Description>
        {dataError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{dataError}</Alert.Title>
          </Alert.Root>
        ) : null}
        {textField('name', 'Title', { required: true })}
        {textField('link', 'Link', { required: kind === 'event', help: linkHelp, prefix: `${text.listPath}/` })}
        {kind === 'news'
          ? textField('externalLink', 'External link', {
              required: false,
              type: 'url',
              help: 'Optional. When set, the news list links to this address (http:// or https://) instead.',
            })
          : textArea('location', 'Location', NEWS_EVENT_LIMITS.locationMaxChars, 2)}
        <DateTimePicker
          label={kind === 'news' ? 'Date' : 'Date and time'}
          value={draft.date}
          onChange={(iso) => update('date', iso)}
          error={errors.date}
          required
          inputRef={register('date')}
        />
        <Field.Root ids={statusIds.ids} invalid={Boolean(errors.status)}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              ref={register('status')}
              aria-describedby={statusIds.describedBy}
              value={draft.status}
              onChange={(event) => update('status', event.target.value as NewsEventStatus)}
            >
              {NEWS_EVENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {NEWS_EVENT_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <FieldErrorText message={errors.status} />
        </Field.Root>
        <Field.Root ids={imageIds.ids} invalid={Boolean(errors.image)}>
          <Field.Label>Image</Field.Label>
          <HStack gap="4" align="center" w="full">
            {draft.image && !pickedImage ? (
              <Image src={draft.image} alt="" boxSize="16" objectFit="cover" borderRadius="md" />
            ) : null}
            <Stack gap="1" flex="1" minW="0">
              <Input
                ref={(element) => {
                  imageInput.current = element;
                  register('image')(element);
                }}
                aria-describedby={imageIds.describedBy}
                type="file"
                accept={IMAGE_ACCEPT}
                p="1.5"
                onChange={(event) => pickImage(event.target.files?.[0])}
              />
              <Field.HelperText>
                {IMAGE_TYPES_TEXT}; at most {IMAGE_MAX_SIZE_TEXT}. {imageText}
              </Field.HelperText>
            </Stack>
          </HStack>
          <FieldErrorText message={errors.image} />
        </Field.Root>
        {pickedImage || draft.image ? (
          <Box>
            <Button type="button" size="sm" variant="outline" onClick={removeImage}>
              Remove image
            </Button>
          </Box>
        ) : null}
        {textArea('description', 'Description (HTML)', NEWS_EVENT_LIMITS.descriptionMaxChars, 8, true)}
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving…">
          {item ? 'Save changes' : text.addLabel}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
