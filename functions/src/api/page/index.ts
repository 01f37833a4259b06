import { createGroupHandler } from '../../lib/group.ts';
import { getPageByHref } from './get-page-by-href.ts';

/**
 * Lambda entry of the `page` group (spec §7 "Pages"; decision record 026): CMS
 * pages read by link. Issue 9 adds the page builder's reads and writes here.
 */
export const handler = createGroupHandler('page', { getPageByHref });
