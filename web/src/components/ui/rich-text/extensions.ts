import { type Attributes, type Extensions, mergeAttributes } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { StarterKit } from '@tiptap/starter-kit';
import { isAllowedUrl } from '#shared/contracts/url';
import { imageUrlProblem } from './image-dialog.tsx';
import { EDITOR_HEADING_LEVELS } from './paste.ts';

/**
 * The editor's link rule (issue 25 item 1; the one URL rule of decision record 033):
 * an absolute http(s) address with a host, or a path of this site starting with one
 * `/`. `javascript:`, `data:`, `mailto:` and protocol-relative `//host` are refused —
 * typed in the link dialog, pasted or auto-linked alike. The server's sanitiser
 * (`functions/src/domain/html.ts`) is the backstop and refuses the same dangerous ones.
 */
export function isAllowedLinkAddress(href: string): boolean {
  return isAllowedUrl(href.trim(), { paths: true });
}

/**
 * What the editor's document may hold (decision record 063): paragraphs, headings
 * h2–h4, bold, italic, strike, underline, inline code, bullet and numbered lists,
 * block quotes, code blocks, horizontal rules, hard breaks, links by
 * {@link isAllowedLinkAddress}, block images whose address passes the image dialog's
 * rule (http(s) or a site path; never `data:`), and tables with header cells. Anything
 * else in loaded or pasted HTML is dropped by the schema, its text kept.
 */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...EDITOR_HEADING_LEVELS] },
      // Underline reads as a link on the web, and pasted styles would bring it in: not offered.
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: [],
        isAllowedUri: (url) => isAllowedLinkAddress(url),
        shouldAutoLink: (url) => isAllowedLinkAddress(url),
        HTMLAttributes: { rel: 'noopener noreferrer', target: null },
      },
    }),
    Image.extend({
      parseHTML() {
        return [
          {
            tag: 'img[src]',
            getAttrs: (element) => (imageUrlProblem(element.getAttribute('src') ?? '') === null ? null : false),
          },
        ];
      },
    }).configure({ inline: false, allowBase64: false }),
    // Column widths are a layout the site's styles decide: no `colwidth`, no inline `style`, no `<colgroup>`.
    Table.extend({
      renderHTML({ HTMLAttributes }) {
        return ['table', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['tbody', 0]];
      },
    }).configure({ resizable: false }),
    TableRow,
    TableHeader.extend({
      addAttributes() {
        const { colwidth: _width, ...kept }: Attributes = this.parent?.() ?? {};
        return kept;
      },
    }),
    TableCell.extend({
      addAttributes() {
        const { colwidth: _width, ...kept }: Attributes = this.parent?.() ?? {};
        return kept;
      },
    }),
  ];
}
