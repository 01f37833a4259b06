import DOMPurify from 'dompurify';

/** The hidden search-tags block an editor's description may begin with (spec §3 Content). */
const SEARCH_TAGS_BLOCK = /^\s*<!--\s*search-tags:[\s\S]*?-->/i;

let hooked = false;

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
 * A content description made safe to render: the search-tags block removed, then
 * DOMPurify with its HTML profile (scripts, handlers, comments and unknown
 * protocols go; links that open a tab lose their opener).
 */
export function sanitizeDescription(html: string): string {
  hookLinks();
  return DOMPurify.sanitize(html.replace(SEARCH_TAGS_BLOCK, ''), {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
