import { Button, CloseButton, Dialog, Field, Input, Portal } from '@chakra-ui/react';
import { ImageIcon } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { LIMITS } from '#shared/limits';
import { fieldIds } from '../../../../components/ui/field-parts.tsx';
import { useRevalidation } from '../../../../hooks/use-revalidation.ts';

/** Spec §5 "Image dialog" and §9 "Alt text": at most 1000 characters. */
export const IMAGE_ALT_MAX_CHARS = LIMITS.altTextMaxChars;
/** Message for an image address that is neither http(s) nor a site path. */
export const IMAGE_URL_INVALID = 'Enter an http(s) address or a site path starting with /.';

type ImageField = 'url' | 'alt';
type ImageErrors = Partial<Record<ImageField, string>>;

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
  const id = useId();
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<ImageErrors>({});
  const values = useMemo(() => ({ url, alt }), [url, alt]);
  useRevalidation(values, setErrors, (current: { url: string; alt: string }): ImageErrors => {
    const found: ImageErrors = {};
    const urlError = imageUrlProblem(current.url);
    if (urlError) found.url = urlError;
    const altError = altProblem(current.alt);
    if (altError) found.alt = altError;
    return found;
  });
  const altRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles the submit to the editor's form.
    event.stopPropagation();
    const found: ImageErrors = {};
    const urlError = imageUrlProblem(url);
    if (urlError) found.url = urlError;
    const altError = altProblem(alt);
    if (altError) found.alt = altError;
    setErrors(found);
    if (found.url) urlRef.current?.focus();
    else if (found.alt) altRef.current?.focus();
    else onInsert(imageHtml({ url, alt }));
  };

  const urlIds = fieldIds(`${id}-url`, { help: true, error: Boolean(errors.url) });
  const altIds = fieldIds(`${id}-alt`, { help: true, error: Boolean(errors.alt) });
  return (
    <form onSubmit={submit} noValidate aria-label="Insert image">
      <Dialog.Header>
        <Dialog.Title>Insert image</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="5">
        <Field.Root ids={urlIds.ids} invalid={Boolean(errors.url)} required>
          <Field.Label>
            Image URL <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={urlRef}
            value={url}
            inputMode="url"
            aria-describedby={urlIds.describedBy}
            onChange={(event) => setUrl(event.target.value)}
          />
          <Field.HelperText>An http(s) address, or a path on this site starting with /.</Field.HelperText>
          {errors.url ? <Field.ErrorText role="alert">{errors.url}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root ids={altIds.ids} invalid={Boolean(errors.alt)} required>
          <Field.Label>
            Alt text <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={altRef}
            value={alt}
            aria-describedby={altIds.describedBy}
            onChange={(event) => setAlt(event.target.value)}
          />
          <Field.HelperText>
            What the image shows, for readers who cannot see it. {alt.trim().length} of {IMAGE_ALT_MAX_CHARS} characters
          </Field.HelperText>
          {errors.alt ? <Field.ErrorText role="alert">{errors.alt}</Field.ErrorText> : null}
        </Field.Root>
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
  );
}
