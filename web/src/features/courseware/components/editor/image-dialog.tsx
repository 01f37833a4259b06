import { Button, CloseButton, Dialog, Input, Portal } from '@chakra-ui/react';
import { ImageIcon } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { LIMITS } from '#shared/limits';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../../lib/forms/zod-form.ts';

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

/** The `<img>` element of an image (spec §3 "Image": url and alt), its values trimmed and escaped. */
export function imageHtml({ url, alt }: { url: string; alt: string }): string {
  return `<img src="${escapeAttribute(url.trim())}" alt="${escapeAttribute(alt.trim())}">`;
}

/**
 * The "Insert image" button of the description field and its dialog (spec §5 "Image
 * dialog"). Insert puts `<img src alt>` into `value` where the caret was when focus
 * left the textarea (the end if it never had focus), then the focus goes back to the
 * textarea just after the image; Cancel, Close and Escape return it to the button.
 * Images are referenced by address only: an upload would have no owner to attach it
 * to (decision record 019).
 */
export function InsertImageButton({
  textareaRef,
  value,
  onValueChange,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onValueChange: (next: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [placed, setPlaced] = useState<number | null>(null);
  const caret = useRef<number | null>(null);
  const inserted = useRef(false);
  const urlRef = useRef<HTMLInputElement>(null);

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

  const insert = (html: string) => {
    const at = Math.min(caret.current ?? value.length, value.length);
    onValueChange(value.slice(0, at) + html + value.slice(at));
    caret.current = at + html.length;
    inserted.current = true;
    setPlaced(at + html.length);
    setOpen(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (details.open) inserted.current = false;
        setOpen(details.open);
      }}
      initialFocusEl={() => urlRef.current}
      finalFocusEl={() => (inserted.current ? textareaRef.current : null)}
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        <Button type="button" variant="outline" size="xs">
          <ImageIcon aria-hidden="true" />
          Insert image
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <ImageForm urlRef={urlRef} onInsert={insert} onCancel={() => setOpen(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A zod check of a text by one of the problem functions above (its message, or none). */
const checkedBy = (problem: (text: string) => string | null) =>
  z.string().superRefine((text, context) => {
    const message = problem(text);
    if (message) context.addIssue({ code: 'custom', message });
  });

/** The image form's schema (spec §5 "Image dialog"): the address and the alt text, both required. */
const ImageValues = z.object({ url: checkedBy(imageUrlProblem), alt: checkedBy(altProblem) });
type ImageValues = z.input<typeof ImageValues>;

/**
 * The image form: the address and the alt text, both required. Errors show under
 * their fields as alerts and the first invalid field takes the focus. Mounted with the
 * dialog, so each opening starts empty.
 */
function ImageForm({
  urlRef,
  onInsert,
  onCancel,
}: {
  urlRef: RefObject<HTMLInputElement | null>;
  onInsert: (html: string) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(ImageValues, { url: '', alt: '' });
  const alt = useWatch({ control: form.control, name: 'alt' });
  const url = form.register('url');

  const submit = (event: FormEvent) => {
    // The dialog is portalled, but React still bubbles the submit to the editor's form.
    event.stopPropagation();
    return form.handleSubmit((values) => onInsert(imageHtml(values)))(event);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Insert image">
        <Dialog.Header>
          <Dialog.Title>Insert image</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="5">
          <FormField<ImageValues>
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
          <FormField<ImageValues>
            name="alt"
            label="Alt text"
            required
            hint={`What the image shows, for readers who cannot see it. ${alt.trim().length} of ${IMAGE_ALT_MAX_CHARS} characters`}
          >
            {(control) => <Input {...control} {...form.register('alt')} />}
          </FormField>
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
