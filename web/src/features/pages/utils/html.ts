import { safeHtml } from '../../../lib/safe-html.ts';

/**
 * Page HTML (a section description, a contentBox's content, spec §3 "Section
 * widget") made safe to render ({@link safeHtml}); the server sanitises on save too.
 */
export function sanitizePageHtml(html: string): string {
  return safeHtml(html);
}
