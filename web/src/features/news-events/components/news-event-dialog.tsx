import { Box, Button, Dialog, HStack, Image, Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Controller, FormProvider, useController, useFormContext } from 'react-hook-form';
import { NEWS_EVENT_STATUS_LABELS, NEWS_EVENT_STATUSES } from '#shared/contracts/news';
import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { DateTimePicker } from '../../../components/ui/date-time-picker.tsx';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { PublishScheduleField } from '../../../components/ui/publish-schedule-field.tsx';
import { RichTextEditor } from '../../../components/ui/rich-text/rich-text-field.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/error-store.ts';
import { deleteFile, uploadFile } from '../../../lib/file-uploads.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { useSaveItem } from '../api/news-events.ts';
import { dataErrorOf, draftOf, FIELD_ORDER, type NewsEventFormValues, newsEventSchema } from '../utils/form.ts';
import {
  FILE_TOO_LARGE_MESSAGE,
  IMAGE_ACCEPT,
  IMAGE_MAX_SIZE_TEXT,
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPES_TEXT,
  imageProblem,
  publicFileUrl,
} from '../utils/image.ts';
import { type InputOf, KIND_TEXT, type NewsEventItem, type NewsEventKind } from '../utils/kinds.ts';

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
 * picker of spec §4), status, image and description* (HTML, in the rich text editor of
 * issue 25 item 1). It stays open until
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
  const [schema] = useState(() => newsEventSchema(kind));
  const form = useZodForm(schema, { ...draftOf(item), picked: null });
  const { register, control, setError, setFocus, watch } = form;
  const [dataError, setDataError] = useState<string | null>(null);
  const saving = form.formState.isSubmitting;

  const store = async (body: InputOf<K>, picked: File | null) => {
    busy.current = true;
    const uploaded: { id: string | null } = { id: null };
    let phase: 'upload' | 'save' = 'upload';
    try {
      let sent = body;
      if (picked) {
        const fileId = await uploadFile(
          { kind: 'image', name: picked.name, type: picked.type, size: picked.size },
          picked,
          {
            onStarted: (started) => {
              uploaded.id = started;
            },
          },
        );
        sent = { ...sent, image: publicFileUrl(publicFilesBaseUrl, fileId) } as typeof body;
      }
      phase = 'save';
      const saved = await save.mutateAsync({ id: item?.id ?? null, body: sent });
      busy.current = false;
      announce(`${item ? 'Saved' : 'Added'} “${saved.name}”.`);
      onSaved(saved);
    } catch (error) {
      busy.current = false;
      if (uploaded.id) void deleteFile({ id: uploaded.id }).catch(() => undefined);
      if (phase === 'upload') {
        reportError(error);
        return;
      }
      // Other statuses went to the ERROR dialog through the mutation cache.
      if (!(error instanceof ApiError)) return;
      if (error.statusCode === 400) applyServerErrors(error, setError, FIELD_ORDER[kind]);
      else if (error.statusCode === 409)
        setError('link', { type: 'server', message: error.message }, { shouldFocus: true });
      else if (error.statusCode === 413) {
        setDataError(error.message);
        setFocus('description');
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.stopPropagation();
    if (saving) {
      event.preventDefault();
      return;
    }
    // The whole item's size is no field's: it shows above the fields, with their messages.
    const whole = dataErrorOf(kind, form.getValues());
    setDataError(whole);
    void form.handleSubmit((body) => {
      if (whole) setFocus('description');
      else return store(body, form.getValues('picked'));
    })(event);
  };

  const textField = (
    field: 'name' | 'link' | 'externalLink',
    label: string,
    options: { required: boolean; help?: string; prefix?: string; type?: string },
  ) => {
    const { ref, ...rest } = register(field);
    return (
      <FormField<NewsEventFormValues>
        name={field}
        id={`${id}-${field}`}
        label={label}
        hint={options.help}
        required={options.required}
      >
        {(control) => (
          <HStack gap="1" width="full">
            {options.prefix ? (
              <Text aria-hidden="true" color="fg.muted" fontFamily="mono" fontSize="sm">
                {options.prefix}
              </Text>
            ) : null}
            <Input
              {...control}
              {...rest}
              ref={(element) => {
                ref(element);
                if (field === 'name') firstField.current = element;
              }}
              type={options.type ?? 'text'}
              autoComplete="off"
            />
          </HStack>
        )}
      </FormField>
    );
  };

  const textArea = (field: 'location' | 'description', label: string, max: number, rows: number, mono = false) => (
    <FormField<NewsEventFormValues>
      name={field}
      id={`${id}-${field}`}
      label={label}
      required
      hint={
        <>
          {count(watch(field).length)} of {count(max)} characters
          {field === 'description' ? '. Images in it are saved without alt text, as decoration.' : ''}
        </>
      }
    >
      {(control) =>
        field === 'description' ? (
          <Controller
            name="description"
            control={form.control}
            render={({ field: description }) => (
              <RichTextEditor
                control={control}
                label="Description"
                value={description.value}
                onChange={description.onChange}
                inputRef={description.ref}
                rows={rows}
              />
            )}
          />
        ) : (
          <Textarea
            {...control}
            {...register(field)}
            rows={rows}
            fontFamily={mono ? 'mono' : undefined}
            fontSize={mono ? 'sm' : undefined}
          />
        )
      }
    </FormField>
  );

  const linkHelp =
    kind === 'news'
      ? `Optional. The address becomes ${text.listPath}/<link>; left empty, it is made from the title. Lower-case letters, digits and hyphens.`
      : `The address becomes ${text.listPath}/<link>. Lower-case letters, digits and hyphens.`;

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{item ? text.editTitle : text.createTitle}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="5">
          <Dialog.Description>Fields marked with an asterisk (*) are required.</Dialog.Description>
          <FormProblem message={dataError} />
          {textField('name', 'Title', { required: true })}
          {textField('link', 'Link', { required: kind === 'event', help: linkHelp, prefix: `${text.listPath}/` })}
          {kind === 'news'
            ? textField('externalLink', 'External link', {
                required: false,
                type: 'url',
                help: 'Optional. When set, the news list links to this address (http:// or https://) instead.',
              })
            : textArea('location', 'Location', NEWS_EVENT_LIMITS.locationMaxChars, 2)}
          <Controller
            control={control}
            name="date"
            render={({ field, fieldState }) => (
              <DateTimePicker
                label={kind === 'news' ? 'Date' : 'Date and time'}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                required
                inputRef={field.ref}
              />
            )}
          />
          <FormField<NewsEventFormValues> name="status" id={`${id}-status`} label="Status">
            {(control) => (
              <NativeSelect.Root>
                <NativeSelect.Field {...control} {...register('status')}>
                  {NEWS_EVENT_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {NEWS_EVENT_STATUS_LABELS[status]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
          {watch('status') === 'unpublished' ? (
            <Controller
              control={control}
              name="publishAt"
              render={({ field, fieldState }) => (
                <PublishScheduleField
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  inputRef={field.ref}
                />
              )}
            />
          ) : null}
          <ImageField id={`${id}-image`} />
          {textArea('description', 'Description (HTML)', NEWS_EVENT_LIMITS.descriptionMaxChars, 8, true)}
        </Dialog.Body>
        <FormDialogFooter
          submitLabel={item ? 'Save changes' : text.addLabel}
          onCancel={onCancel}
          pending={saving}
          loadingText="Saving…"
        />
      </form>
    </FormProvider>
  );
}

/**
 * The image of the dialog (spec §5 "News and event dialog", "File picker"): the
 * stored image (`image`, an address) with a preview, or a file picked here
 * (`picked`, uploaded on save); Remove image drops both. A refused pick is not
 * kept: a file of another type shows its message under the field, one over the
 * maximum goes to the ERROR dialog.
 */
function ImageField({ id }: { id: string }) {
  const { control, setError, clearErrors } = useFormContext<NewsEventFormValues>();
  const { field: picked } = useController({ control, name: 'picked' });
  const { field: image } = useController({ control, name: 'image' });
  const input = useRef<HTMLInputElement | null>(null);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (!problem) {
      picked.onChange(file);
      clearErrors('image');
      return;
    }
    // Spec §5: a refused image is not kept; the stored one (if any) stays.
    if (input.current) input.current.value = '';
    picked.onChange(null);
    if (problem === 'type') {
      setError('image', { type: 'pick', message: IMAGE_TYPE_MESSAGE });
      return;
    }
    clearErrors('image');
    reportError(new Error(FILE_TOO_LARGE_MESSAGE));
  };

  const remove = () => {
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
    picked.onChange(null);
    image.onChange('');
  };

  let imageText = 'No image.';
  if (picked.value) imageText = `New image: ${picked.value.name} (uploaded when you save).`;
  else if (image.value) imageText = 'Current image shown.';
  return (
    <>
      <FormField<NewsEventFormValues>
        name="image"
        id={id}
        label="Image"
        hint={`${IMAGE_TYPES_TEXT}; at most ${IMAGE_MAX_SIZE_TEXT}. ${imageText}`}
      >
        {(described) => (
          <HStack gap="4" align="center" w="full">
            {image.value && !picked.value ? (
              <Image src={image.value} alt="" boxSize="16" objectFit="cover" borderRadius="md" />
            ) : null}
            <Input
              {...described}
              ref={(element) => {
                input.current = element;
                image.ref(element);
              }}
              name={image.name}
              onBlur={image.onBlur}
              type="file"
              accept={IMAGE_ACCEPT}
              p="1.5"
              flex="1"
              minW="0"
              onChange={(event) => pick(event.target.files?.[0])}
            />
          </HStack>
        )}
      </FormField>
      {picked.value || image.value ? (
        <Box>
          <Button type="button" size="sm" variant="outline" onClick={remove}>
            Remove image
          </Button>
        </Box>
      ) : null}
    </>
  );
}
