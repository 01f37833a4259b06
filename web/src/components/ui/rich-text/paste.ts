/**
 * Pasted HTML made ready for the editor's schema (issue 25 item 1; decision record 063).
 * The schema itself does the cleaning — whatever it has no node, mark or attribute for
 * (styles, classes, fonts, `mso-*`, `<o:p>`, comments, scripts) is dropped when
 * ProseMirror parses the paste — so this only reshapes what the schema would
 * otherwise misread: Word's list paragraphs become real lists, Google Docs' outer
 * `<b id="docs-internal-guid-…">` wrapper goes, and headings move into the editor's
 * levels (the page title is the only `h1`).
 */

/** The heading levels the editor offers; the page's own title is the `h1`. */
export const EDITOR_HEADING_LEVELS = [2, 3, 4] as const;

const MSO_LIST = /mso-list:\s*(l\d+)\s+level(\d+)/i;
/** A Word list marker that numbers: `1.`, `a)`, `iv.`, `(2)`. */
const NUMBERED_MARKER = /^\(?([0-9]+|[a-z]|[ivxlc]+)[.)]$/i;

/** `html` as the editor's paste handler passes it on (`transformPastedHTML`), in the browser's DOM. */
export function transformPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  unwrapGoogleDocs(document);
  wordListsToLists(document);
  headingsIntoLevels(document);
  return document.body.innerHTML;
}

/** Google Docs wraps a whole copy in `<b style="font-weight:normal" id="docs-internal-guid-…">`: it is not bold. */
function unwrapGoogleDocs(document: Document) {
  for (const wrapper of document.querySelectorAll('b[id^="docs-internal-guid"]')) {
    wrapper.replaceWith(...wrapper.childNodes);
  }
}

/** Level and list of a Word list paragraph (`style="mso-list:l0 level1 lfo1"`), or null. */
function wordListItem(element: Element): { list: string; level: number } | null {
  if (element.tagName !== 'P' && !/^H[1-6]$/.test(element.tagName)) return null;
  const match = MSO_LIST.exec(element.getAttribute('style') ?? '');
  return match ? { list: match[1] ?? '', level: Number(match[2]) } : null;
}

/**
 * Word writes a list as paragraphs styled `mso-list:lN levelM`, each starting with its
 * marker (`1.` or `·`) in a `mso-list:Ignore` span between conditional comments. Each
 * run of such paragraphs becomes a `<ul>` or `<ol>` (by its first marker), nested by
 * level; the markers go.
 */
function wordListsToLists(document: Document) {
  const paragraphs = [...document.body.querySelectorAll('p, h1, h2, h3, h4, h5, h6')];
  let stack: { list: HTMLElement; level: number }[] = [];
  let previous: Element | null = null;
  for (const paragraph of paragraphs) {
    const item = wordListItem(paragraph);
    if (!item) continue;
    const marker = paragraph.querySelector('span[style*="mso-list:Ignore" i]');
    const markerText = (marker?.textContent ?? '').replace(/\s/g, '');
    marker?.remove();
    // A run continues while the list paragraphs follow each other directly.
    if (previous === null || !sameRun(previous, paragraph)) stack = [];
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) > item.level) stack.pop();
    let current = stack.at(-1);
    if (current === undefined || current.level < item.level) {
      const list = document.createElement(NUMBERED_MARKER.test(markerText) ? 'ol' : 'ul');
      if (current === undefined) paragraph.before(list);
      else (current.list.lastElementChild ?? current.list).append(list);
      current = { list, level: item.level };
      stack.push(current);
    }
    const li = document.createElement('li');
    li.append(...paragraph.childNodes);
    current.list.append(li);
    paragraph.remove();
    previous = stack[0]?.list ?? null;
  }
}

/** Whether `paragraph` comes right after the list `previous` (only whitespace and comments between them). */
function sameRun(previous: Element, paragraph: Element): boolean {
  let node = previous.nextSibling;
  while (node !== null && node !== paragraph) {
    if (node.nodeType === 1 || (node.nodeType === 3 && (node.textContent ?? '').trim() !== '')) return false;
    node = node.nextSibling;
  }
  return node === paragraph;
}

/**
 * Headings moved into {@link EDITOR_HEADING_LEVELS}: when the paste has an `h1` every
 * heading goes one level down (a document's title becomes a section heading), and
 * anything below the lowest level becomes the lowest.
 */
function headingsIntoLevels(document: Document) {
  const headings = [...document.body.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  const shift = headings.some((heading) => heading.tagName === 'H1') ? 1 : 0;
  const lowest = EDITOR_HEADING_LEVELS.at(-1) ?? 4;
  for (const heading of headings) {
    const level = Math.min(Number(heading.tagName.slice(1)) + shift, lowest);
    if (`H${level}` === heading.tagName) continue;
    const moved = document.createElement(`h${level}`);
    moved.append(...heading.childNodes);
    heading.replaceWith(moved);
  }
}
