import DOMPurify from 'dompurify';

let hooked = false;

/** Inline `data:` images that may stay: raster types only (as the server's allow-list keeps). */
const RASTER_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,/i;

/**
 * Links an editor set to open a tab lose their opener; any other `target` goes. A
 * `data:` address other than a raster image's (an SVG image, HTML) goes.
 */
function hookLinks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['src', 'href']) {
      const value = node.getAttribute(name)?.trim();
      if (value && /^data:/i.test(value) && !(name === 'src' && RASTER_DATA_IMAGE.test(value))) {
        node.removeAttribute(name);
      }
    }
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
 * `onerror`, comments and `javascript:` addresses go), no forms, style elements or
 * `style` attributes, no `data:` address but a raster image's, and links that open
 * a new tab get `rel="noopener noreferrer"`. Answers '' for blank input.
 */
export function safeHtml(html: string): string {
  if (!html.trim()) return '';
  hookLinks();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    // The server's allow-list keeps no style attribute either (issue 9 item 6).
    FORBID_ATTR: ['style'],
  });
}
