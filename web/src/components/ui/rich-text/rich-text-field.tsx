import { Textarea } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-types.ts';

export type { RichTextEditorProps } from './rich-text-types.ts';

const Editor = lazy(() => import('./rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditorImpl })));

/**
 * The rich text editor of every HTML field (issue 25 item 1; decision record 063),
 * loaded on demand: Tiptap and its toolbar are a chunk of their own that only a form
 * with an HTML field fetches, never the first render. Until it has loaded, the field
 * is the HTML source in a monospace textarea, so nothing waits on it.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, control, rows = 8, disabled } = props;
  return (
    <Suspense
      fallback={
        <Textarea
          {...control}
          value={value}
          disabled={disabled}
          rows={rows}
          fontFamily="mono"
          fontSize="sm"
          onChange={(event) => onChange(event.target.value)}
        />
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
