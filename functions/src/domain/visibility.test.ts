import { describe, expect, it } from 'vitest';
import { CONTENT_STATUSES } from '#shared/enums';
import { visibleAsChild, visibleInDetail, visibleInList } from './visibility.ts';

describe('what a visitor sees (decision record 008)', () => {
  it('opens published and unlisted content, and nothing else', () => {
    expect(CONTENT_STATUSES.filter(visibleInDetail)).toEqual(['published', 'unlisted']);
  });

  it('lists published content only', () => {
    expect(CONTENT_STATUSES.filter(visibleInList)).toEqual(['published']);
  });

  it('shows published and unlisted children', () => {
    expect(CONTENT_STATUSES.filter(visibleAsChild)).toEqual(['published', 'unlisted']);
  });
});
