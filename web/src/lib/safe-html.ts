import DOMPurify from 'dompurify';

let hooked = false;

/** Links an editor set to open a tab lose their opener; any other `target` goes. */
function hookLinks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
}

/**
 * Stored HTML (content descriptions, news and event descriptions, page sections and
 * content boxes) made safe to render in the browser — the second line after the
 * server's allow-list: DOMPurify's HTML profile (scripts, event handlers such as
 * `onerror`, comments and `javascript:` addresses go), no forms or style elements,
 * and links that open a new tab get `rel="noopener noreferrer"`. Answers '' for
 * blank input.
 */
export function safeHtml(html: string): string {
  if (!html.trim()) return '';
  hookLinks();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
