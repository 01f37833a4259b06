import { Box, Button, CloseButton, Dialog, HStack, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import * as z from 'zod';
import { useZodForm } from '../../../lib/forms/zod-form.ts';
import { FormField } from '../form-field.tsx';
import { isAllowedLinkAddress, richTextExtensions } from './extensions.ts';
import { ImageDialog, InsertImageButton } from './image-dialog.tsx';
import { EDITOR_HEADING_LEVELS, transformPastedHtml } from './paste.ts';
import type { RichTextEditorProps } from './rich-text-types.ts';

/** Elements the editor writes; stored HTML with any other element opens in the HTML source view. */
const EDITOR_ELEMENTS = new Set([
  'p',
  'br',
  'hr',
  ...EDITOR_HEADING_LEVELS.map((level) => `h${level}`),
  'strong',
  'b',
  'em',
  'i',
  's',
  'u',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'colgroup',
  'col',
  'tbody',
  'thead',
  'tr',
  'th',
  'td',
]);

/** The elements of `html` the editor's schema would drop (lower case, each once). */
export function elementsOutsideEditor(html: string): string[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const outside = new Set<string>();
  for (const element of document.body.querySelectorAll('*')) {
    const name = element.tagName.toLowerCase();
    if (!EDITOR_ELEMENTS.has(name)) outside.add(name);
  }
  return [...outside];
}

const IS_MAC = typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);
const MOD = IS_MAC ? 'Meta' : 'Control';

/** A shortcut as `aria-keyshortcuts` writes it and as a person reads it. */
function shortcut(keys: string): { aria: string; text: string } {
  const aria = keys.replace('Mod', MOD);
  const text = aria
    .replace('Meta', '⌘')
    .replace('Control', 'Ctrl')
    .replaceAll('+', IS_MAC ? '' : '+');
  return { aria, text };
}

interface ToolbarItem {
  readonly name: string;
  readonly keys?: string;
  readonly pressed?: boolean;
  readonly disabled?: boolean;
  readonly run: () => void;
  readonly content: ReactNode;
}

/** The editor's own keyboard shortcuts, as listed under "Keyboard shortcuts" (Tiptap's defaults, and ours). */
const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['Alt+F10', 'Move to the toolbar (Escape goes back to the text)'],
  ['Mod+B', 'Bold'],
  ['Mod+I', 'Italic'],
  ...EDITOR_HEADING_LEVELS.map((level) => [`Mod+Alt+${level}`, `Heading ${level}`] as const),
  ['Mod+Alt+0', 'Paragraph'],
  ['Mod+Shift+8', 'Bullet list'],
  ['Mod+Shift+7', 'Numbered list'],
  ['Mod+Alt+C', 'Code block'],
  ['Mod+K', 'Link'],
  ['Tab / Shift+Tab', 'In a list: indent and outdent; in a table: next and previous cell'],
];

/**
 * The rich text editor of an HTML field (issue 25 item 1; decision record 063), the
 * part loaded on demand by `RichTextEditor`: Tiptap with {@link richTextExtensions},
 * a WAI-ARIA toolbar (one Tab stop, arrow keys between its buttons, toggles with
 * `aria-pressed`, Alt+F10 from the text, Escape back), the link and image dialogs,
 * paste cleaned by {@link transformPastedHtml} and the schema, and an "HTML source"
 * toggle showing the stored HTML in a monospace textarea (switching back parses it
 * again). HTML holding elements the editor cannot keep opens in the source view, so
 * nothing is lost by merely opening a form.
 */
export function RichTextEditorImpl({
  value,
  onChange,
  control,
  label,
  rows = 8,
  disabled = false,
  inputRef,
  imageUpload = true,
}: RichTextEditorProps) {
  const [outside] = useState(() => elementsOutsideEditor(value));
  const [source, setSource] = useState(outside.length > 0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [active, setActive] = useState(0);
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const toolbarRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const keysId = `${control.id}-keys`;

  const focusToolbar = () => {
    const buttons = toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button');
    buttons?.[Math.min(active, buttons.length - 1)]?.focus();
  };
  const openers = useRef({ focusToolbar, openLink: () => setLinkOpen(true) });
  openers.current = { focusToolbar, openLink: () => setLinkOpen(true) };

  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value,
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        id: control.id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${control.id}-label`,
        class: 'rich-text-content',
      },
      transformPastedHTML: transformPastedHtml,
      handleKeyDown: (_view, event) => {
        if (event.altKey && event.key === 'F10') {
          openers.current.focusToolbar();
          return true;
        }
        if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          openers.current.openLink();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: changed }) => {
      const html = changed.isEmpty ? '' : changed.getHTML();
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  // The described-by ids change with the field's message; the editable keeps them current.
  const describedBy = [control['aria-describedby'], keysId].filter(Boolean).join(' ');
  const invalid = control['aria-invalid'] === true;
  useEffect(() => {
    const apply = () => {
      if (editor.isDestroyed) return;
      let dom: HTMLElement;
      try {
        dom = editor.view.dom;
      } catch {
        return; // not mounted yet: the mount event applies them
      }
      dom.setAttribute('aria-describedby', describedBy);
      if (invalid) dom.setAttribute('aria-invalid', 'true');
      else dom.removeAttribute('aria-invalid');
    };
    // The view exists once EditorContent has mounted it (the source view mounts none).
    apply();
    editor.on('mount', apply);
    return () => {
      editor.off('mount', apply);
    };
  }, [editor, describedBy, invalid]);

  useEffect(() => {
    // Without an update event: the value has not changed.
    if (editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A value set from outside (a reset, a rebased draft) replaces the document.
  useEffect(() => {
    if (value !== emitted.current && !source) {
      emitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value, source]);

  useEffect(() => {
    inputRef?.({ focus: () => (source ? textareaRef.current?.focus() : editor.commands.focus()) });
    return () => inputRef?.(null);
  }, [inputRef, editor, source]);

  const toggleSource = () => {
    if (source) {
      emitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
    setSource(!source);
  };

  const items = source
    ? [sourceItem(source, toggleSource)]
    : [
        ...formattingItems(
          editor,
          () => setLinkOpen(true),
          () => setImageOpen(true),
        ),
        sourceItem(source, toggleSource),
      ];

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = items.length;
    const moves: Record<string, number> = {
      ArrowRight: (active + 1) % count,
      ArrowLeft: (active - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
      toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (source) textareaRef.current?.focus();
      else editor.commands.focus();
    }
  };
  const current = Math.min(active, items.length - 1);

  return (
    <Stack gap="1" width="full">
      <HStack
        ref={toolbarRef}
        role="toolbar"
        aria-label={`${label} formatting`}
        aria-controls={control.id}
        onKeyDown={onToolbarKeyDown}
        gap="1"
        flexWrap="wrap"
        borderWidth="1px"
        borderRadius="md"
        padding="1"
      >
        {items.map((item, index) => {
          const keys = item.keys ? shortcut(item.keys) : undefined;
          return (
            <Button
              key={item.name}
              type="button"
              size="xs"
              variant={item.pressed ? 'solid' : 'ghost'}
              tabIndex={index === current ? 0 : -1}
              aria-label={item.name}
              aria-pressed={item.pressed}
              aria-keyshortcuts={keys?.aria}
              title={keys ? `${item.name} (${keys.text})` : item.name}
              disabled={disabled || item.disabled}
              onFocus={() => setActive(index)}
              onClick={item.run}
            >
              {item.content}
            </Button>
          );
        })}
      </HStack>
      <Text id={keysId} fontSize="xs" color="fg.muted">
        Alt+F10 moves to the toolbar, Escape back to the text.
      </Text>
      {source ? (
        <>
          {outside.length > 0 ? (
            <Text fontSize="sm">
              This HTML has elements the rich text view does not keep ({outside.join(', ')}): it opens as HTML source,
              and switching to rich text drops them.
            </Text>
          ) : null}
          <Textarea
            {...control}
            ref={textareaRef}
            value={value}
            disabled={disabled}
            rows={rows}
            fontFamily="mono"
            fontSize="sm"
            onChange={(event) => {
              emitted.current = event.target.value;
              onChange(event.target.value);
            }}
          />
          <HStack justify="flex-end" width="full">
            <InsertImageButton textareaRef={textareaRef} value={value} onValueChange={onChange} upload={imageUpload} />
          </HStack>
        </>
      ) : (
        <Box
          borderWidth="1px"
          borderRadius="md"
          paddingX="3"
          paddingY="2"
          minHeight={`${rows * 1.5}em`}
          css={{
            '& .rich-text-content': { outline: 'none', minHeight: `${rows * 1.5 - 1}em` },
            '&:focus-within': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
            '& h2': { fontSize: 'xl', fontWeight: 'bold', marginY: '2' },
            '& h3': { fontSize: 'lg', fontWeight: 'bold', marginY: '2' },
            '& h4': { fontSize: 'md', fontWeight: 'bold', marginY: '2' },
            '& ul': { listStyleType: 'disc', paddingStart: '6' },
            '& ol': { listStyleType: 'decimal', paddingStart: '6' },
            '& pre': { fontFamily: 'mono', background: 'bg.muted', padding: '2', borderRadius: 'sm' },
            '& a': { textDecoration: 'underline', color: 'fg.info' },
            '& table': { borderCollapse: 'collapse' },
            '& th, & td': { borderWidth: '1px', padding: '1', minWidth: '4em' },
            '& img': { maxWidth: '100%' },
            '& img.ProseMirror-selectednode': { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      )}
      <details>
        <summary>Keyboard shortcuts</summary>
        <Box as="dl" fontSize="sm" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4">
          {SHORTCUTS.map(([keys, what]) => (
            <Box key={keys} display="contents">
              <dt>{keys === 'Alt+F10' || keys.startsWith('Tab') ? keys : shortcut(keys).text}</dt>
              <dd>{what}</dd>
            </Box>
          ))}
        </Box>
      </details>
      <LinkDialog
        open={linkOpen}
        href={(editor.getAttributes('link').href as string | undefined) ?? ''}
        onOpenChange={setLinkOpen}
        onSubmit={(href) => {
          setLinkOpen(false);
          const chain = editor.chain().focus().extendMarkRange('link');
          if (href === '') chain.unsetLink().run();
          else if (editor.state.selection.empty && !editor.isActive('link'))
            chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
          else chain.setLink({ href }).run();
        }}
        finalFocus={() => editor.view.dom as HTMLElement}
      />
      <ImageDialog
        upload={imageUpload}
        open={imageOpen}
        onOpenChange={setImageOpen}
        onInsert={(image) => {
          setImageOpen(false);
          editor.chain().focus().setImage({ src: image.url, alt: image.alt }).run();
        }}
        finalFocus={() => editor.view.dom as HTMLElement}
      />
    </Stack>
  );
}

/** The "HTML source" toggle, last in the toolbar in both views. */
function sourceItem(source: boolean, run: () => void): ToolbarItem {
  return { name: 'HTML source', pressed: source, run, content: '</>' };
}

/** The formatting buttons of the rich text view, their pressed state read from the selection. */
function formattingItems(editor: Editor, openLink: () => void, openImage: () => void): ToolbarItem[] {
  const chain = () => editor.chain().focus();
  const inTable = editor.isActive('table');
  const items: ToolbarItem[] = [
    ...EDITOR_HEADING_LEVELS.map((level) => ({
      name: `Heading ${level}`,
      keys: `Mod+Alt+${level}`,
      pressed: editor.isActive('heading', { level }),
      run: () => chain().toggleHeading({ level }).run(),
      content: `H${level}`,
    })),
    {
      name: 'Bold',
      keys: 'Mod+B',
      pressed: editor.isActive('bold'),
      run: () => chain().toggleBold().run(),
      content: <b>B</b>,
    },
    {
      name: 'Italic',
      keys: 'Mod+I',
      pressed: editor.isActive('italic'),
      run: () => chain().toggleItalic().run(),
      content: <i>I</i>,
    },
    {
      name: 'Bullet list',
      keys: 'Mod+Shift+8',
      pressed: editor.isActive('bulletList'),
      run: () => chain().toggleBulletList().run(),
      content: '• List',
    },
    {
      name: 'Numbered list',
      keys: 'Mod+Shift+7',
      pressed: editor.isActive('orderedList'),
      run: () => chain().toggleOrderedList().run(),
      content: '1. List',
    },
    { name: 'Link', keys: 'Mod+K', pressed: editor.isActive('link'), run: openLink, content: 'Link' },
    {
      name: 'Code block',
      keys: 'Mod+Alt+C',
      pressed: editor.isActive('codeBlock'),
      run: () => chain().toggleCodeBlock().run(),
      content: '{ }',
    },
    { name: 'Insert image', run: openImage, content: 'Image' },
    {
      name: 'Insert table',
      disabled: inTable,
      run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      content: 'Table',
    },
  ];
  if (inTable) {
    items.push(
      { name: 'Add row', run: () => chain().addRowAfter().run(), content: '+ Row' },
      { name: 'Add column', run: () => chain().addColumnAfter().run(), content: '+ Column' },
      { name: 'Delete row', run: () => chain().deleteRow().run(), content: '− Row' },
      { name: 'Delete column', run: () => chain().deleteColumn().run(), content: '− Column' },
      { name: 'Delete table', run: () => chain().deleteTable().run(), content: '× Table' },
    );
  }
  return items;
}

const LINK_MESSAGE = "Enter an address starting with http:// or https://, or a path of this site starting with '/'.";

/** The link form: one address, checked by {@link isAllowedLinkAddress}; empty removes the link. */
const LinkValues = z.object({
  href: z
    .string()
    .trim()
    .refine((href) => href === '' || isAllowedLinkAddress(href), LINK_MESSAGE),
});
type LinkValues = z.input<typeof LinkValues>;

/**
 * The link dialog (issue 25 item 1): the address of the selected text's link (an
 * http(s) address or a site path; anything else is refused under the field), or
 * nothing to remove the link. With no text selected the address is inserted as
 * the link's text.
 */
function LinkDialog({
  open,
  href,
  onOpenChange,
  onSubmit,
  finalFocus,
}: {
  open: boolean;
  href: string;
  onOpenChange: (open: boolean) => void;
  onSubmit: (href: string) => void;
  finalFocus: () => HTMLElement | null;
}) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      initialFocusEl={() => inputRef.current}
      finalFocusEl={finalFocus}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <LinkForm href={href} inputRef={inputRef} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function LinkForm({
  href,
  inputRef,
  onSubmit,
  onCancel,
}: {
  href: string;
  inputRef: { current: HTMLInputElement | null };
  onSubmit: (href: string) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(LinkValues, { href });
  const field = form.register('href');
  const submit = (event: FormEvent) => {
    // The dialog is portalled, but React still bubbles the submit to the enclosing form.
    event.stopPropagation();
    return form.handleSubmit((values) => onSubmit(values.href.trim()))(event);
  };
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Link">
        <Dialog.Header>
          <Dialog.Title>Link</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <FormField<LinkValues>
            name="href"
            label="Address"
            hint="An http(s) address, or a path on this site starting with /. Leave it empty to remove the link."
          >
            {(control) => (
              <Input
                {...control}
                {...field}
                ref={(element) => {
                  field.ref(element);
                  inputRef.current = element;
                }}
                inputMode="url"
              />
            )}
          </FormField>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand">
            Apply
          </Button>
        </Dialog.Footer>
      </form>
    </FormProvider>
  );
}
