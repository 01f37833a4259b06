import type { FormFieldControl } from '../form-field.tsx';

/** What the rich text editor of an HTML field takes (issue 25 item 1). */
export interface RichTextEditorProps {
  /** The stored HTML; `''` when empty. */
  readonly value: string;
  /** Gets the new HTML after each change (`''` when the text is empty). */
  readonly onChange: (html: string) => void;
  /** The ids `FormField` hands its control: the label is `${id}-label`, the hint and message are described-by ids. */
  readonly control: FormFieldControl;
  /** The field's label as text, to name the toolbar (`"<label> formatting"`). */
  readonly label: string;
  /** Height of the HTML source view, in rows. */
  readonly rows?: number;
  readonly disabled?: boolean;
  /**
   * Offer "Upload an image" in the image dialog (default true). The server lets only
   * content editors upload (kind `htmlImage`); a form for other users turns it off.
   */
  readonly imageUpload?: boolean;
  /** Gets something to focus (react-hook-form's `ref`, for the focus on the first invalid field). */
  readonly inputRef?: (handle: { focus: () => void } | null) => void;
}
