import { Button, Checkbox, CloseButton, Dialog, Input, Portal } from '@chakra-ui/react';
import { ImageIcon } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { LIMITS } from '#shared/limits';
import { useZodForm } from '../../../lib/forms/zod-form.ts';
import { FormField } from '../form-field.tsx';
import { ImageUpload } from './image-upload.tsx';

/** Spec §5 "Image dialog" and §9 "Alt text": at most 1000 characters. */
export const IMAGE_ALT_MAX_CHARS = LIMITS.altTextMaxChars;
/** Message for an image address that is neither http(s) nor a site path. */
export const IMAGE_URL_INVALID = 'Enter an http(s) address or a site path starting with /.';

/** Errors of the image address (spec §5: required): an http(s) URL or a site path starting with `/`. */
export function imageUrlProblem(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return 'Is required.';
  // `//host/…` would load from another site, so it is not a site path.
  if (trimmed.startsWith('/')) return trimmed.startsWith('//') ? IMAGE_URL_INVALID : null;
  try {
    const { protocol } = new URL(trimmed);
    return protocol === 'http:' || protocol === 'https:' ? null : IMAGE_URL_INVALID;
  } catch {
    return IMAGE_URL_INVALID;
  }
}

/** Errors of the alt text (spec §5: required, at most 1000 characters). */
export function altProblem(alt: string): string | null {
  if (alt.trim() === '') return 'Is required.';
  if (alt.trim().length > IMAGE_ALT_MAX_CHARS) return `Must be at most ${IMAGE_ALT_MAX_CHARS} characters.`;
  return null;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The `<img>` element of an image (spec §3 "Image": url and alt, `''` for a decorative one), its values trimmed and escaped. */
export function imageHtml({ url, alt }: { url: string; alt: string }): string {
  return `<img src="${escapeAttribute(url.trim())}" alt="${escapeAttribute(alt.trim())}">`;
}

/** An image as the dialog gives it: its address and its alt text (`''` for a decorative image). */
export interface ImageValues {
  readonly url: string;
  readonly alt: string;
}

/**
 * The image dialog (spec §5 "Image dialog"; issue 25 item 1), opened and closed by its
 * owner: an upload to the public bucket ({@link ImageUpload}, unless `upload` is false)
 * or an address (http(s) or a site path), and the alt text, required unless the
 * image is marked "Decorative" (then `alt=""`, WCAG 2.2 SC 1.1.1; decision record 034).
 * `onInsert` gets the trimmed values; `finalFocus` is where the focus goes when it
 * closes (null: back to what opened it). Each opening starts empty.
 */
export function ImageDialog({
  open,
  onOpenChange,
  onInsert,
  finalFocus,
  upload = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (image: ImageValues) => void;
  finalFocus?: () => HTMLElement | null;
  /** Offer "Upload an image" (kind `htmlImage`, editors only on the server); default true. */
  upload?: boolean;
}) {
  const urlRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      initialFocusEl={() => (upload ? fileRef.current : urlRef.current)}
      finalFocusEl={finalFocus ?? (() => null)}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <ImageForm
              urlRef={urlRef}
              fileRef={upload ? fileRef : null}
              onInsert={onInsert}
              onCancel={() => onOpenChange(false)}
            />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The "Insert image" button of an HTML source textarea and its {@link ImageDialog}
 * (spec §5 "Image dialog"). Insert puts `<img src alt>` into `value` where the caret
 * was when focus left the textarea (the end if it never had focus), then the focus
 * goes back to the textarea just after the image; Cancel, Close and Escape return it
 * to the button. The image is referenced by its address (decision record 019), typed or uploaded.
 */
export function InsertImageButton({
  textareaRef,
  value,
  onValueChange,
  upload = true,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onValueChange: (next: string) => void;
  /** Offer "Upload an image" in the dialog (see {@link ImageDialog}). */
  upload?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [placed, setPlaced] = useState<number | null>(null);
  const caret = useRef<number | null>(null);
  const inserted = useRef(false);

  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    // The caret is read when focus leaves, since opening the dialog moves the focus away.
    const remember = () => {
      caret.current = textarea.selectionEnd;
    };
    textarea.addEventListener('blur', remember);
    return () => textarea.removeEventListener('blur', remember);
  }, [textareaRef]);

  // Runs once the textarea holds the new value, so the caret lands after the image.
  useEffect(() => {
    if (placed !== null) textareaRef.current?.setSelectionRange(placed, placed);
  }, [placed, textareaRef]);

  const insert = (image: ImageValues) => {
    const html = imageHtml(image);
    const at = Math.min(caret.current ?? value.length, value.length);
    onValueChange(value.slice(0, at) + html + value.slice(at));
    caret.current = at + html.length;
    inserted.current = true;
    setPlaced(at + html.length);
    setOpen(false);
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="xs"
        onClick={() => {
          inserted.current = false;
          setOpen(true);
        }}
      >
        <ImageIcon aria-hidden="true" />
        Insert image
      </Button>
      <ImageDialog
        upload={upload}
        open={open}
        onOpenChange={setOpen}
        onInsert={insert}
        finalFocus={() => (inserted.current ? textareaRef.current : null)}
      />
    </>
  );
}

/** A zod check of a text by one of the problem functions above (its message, or none). */
const checkedBy = (problem: (text: string) => string | null) =>
  z.string().superRefine((text, context) => {
    const message = problem(text);
    if (message) context.addIssue({ code: 'custom', message });
  });

/**
 * The image form's schema (spec §5 "Image dialog"): the address, and the alt text
 * unless the image is marked decorative.
 */
const ImageFormValues = z
  .object({ url: checkedBy(imageUrlProblem), alt: z.string(), decorative: z.boolean() })
  .superRefine((values, context) => {
    const message = values.decorative ? null : altProblem(values.alt);
    if (message) context.addIssue({ code: 'custom', path: ['alt'], message });
  });
type ImageFormValues = z.input<typeof ImageFormValues>;

/**
 * The image form: the address and the alt text, both required. Errors show under
 * their fields as alerts and the first invalid field takes the focus. Mounted with the
 * dialog, so each opening starts empty.
 */
function ImageForm({
  urlRef,
  fileRef,
  onInsert,
  onCancel,
}: {
  urlRef: RefObject<HTMLInputElement | null>;
  /** The upload's file input, or null when the dialog offers no upload. */
  fileRef: RefObject<HTMLInputElement | null> | null;
  onInsert: (image: ImageValues) => void;
  onCancel: () => void;
}) {
  const keepUpload = useRef(false);
  const form = useZodForm(ImageFormValues, { url: '', alt: '', decorative: false });
  const alt = useWatch({ control: form.control, name: 'alt' });
  const decorative = useWatch({ control: form.control, name: 'decorative' });
  const url = form.register('url');

  const submit = (event: FormEvent) => {
    // The dialog is portalled, but React still bubbles the submit to the editor's form.
    event.stopPropagation();
    return form.handleSubmit((values) => {
      keepUpload.current = true;
      onInsert({ url: values.url.trim(), alt: values.decorative ? '' : values.alt.trim() });
    })(event);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Insert image">
        <Dialog.Header>
          <Dialog.Title>Insert image</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="5">
          {fileRef ? (
            <ImageUpload
              inputRef={fileRef}
              keepRef={keepUpload}
              onUploaded={(address) => form.setValue('url', address, { shouldDirty: true, shouldValidate: true })}
            />
          ) : null}
          <FormField<ImageFormValues>
            name="url"
            label="Image URL"
            required
            hint="An http(s) address, or a path on this site starting with /."
          >
            {(control) => (
              <Input
                {...control}
                {...url}
                ref={(element) => {
                  url.ref(element);
                  urlRef.current = element;
                }}
                inputMode="url"
              />
            )}
          </FormField>
          <FormField<ImageFormValues>
            name="alt"
            label="Alt text"
            required={!decorative}
            disabled={decorative}
            hint={
              decorative
                ? 'A decorative image is stored with alt="" and skipped by screen readers.'
                : `What the image shows, for readers who cannot see it. ${alt.trim().length} of ${IMAGE_ALT_MAX_CHARS} characters`
            }
          >
            {(control) => <Input {...control} {...form.register('alt')} />}
          </FormField>
          <Checkbox.Root
            checked={decorative}
            onCheckedChange={(details) => form.setValue('decorative', details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Decorative image (no alt text)</Checkbox.Label>
          </Checkbox.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand">
            Insert
          </Button>
        </Dialog.Footer>
      </form>
    </FormProvider>
  );
}
