import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs.ts';

describe('buildBreadcrumbs', () => {
  it('shows no breadcrumbs at the root', () => {
    expect(buildBreadcrumbs('/')).toEqual([]);
  });

  it('begins with Home and links every segment to the path up to it', () => {
    expect(buildBreadcrumbs('/call-for-courseware/content-categories')).toEqual([
      { label: 'Home', to: '/', current: false },
      { label: 'call for courseware', to: '/call-for-courseware', current: false },
      { label: 'content categories', to: '/call-for-courseware/content-categories', current: true },
    ]);
  });

  it('shows underscores as spaces in the last crumb only', () => {
    expect(buildBreadcrumbs('/knowledge_base/getting_started').map((crumb) => crumb.label)).toEqual([
      'Home',
      'knowledge_base',
      'getting started',
    ]);
    expect(buildBreadcrumbs('/unsafe_site').at(-1)).toEqual({
      label: 'unsafe site',
      to: '/unsafe_site',
      current: true,
    });
  });

  it('decodes encoded segments and ignores a trailing slash', () => {
    expect(buildBreadcrumbs('/news/caf%C3%A9-week/').map((crumb) => crumb.label)).toEqual([
      'Home',
      'news',
      'café week',
    ]);
  });
});
