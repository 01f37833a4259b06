import { describe, expect, it } from 'vitest';
import { API_CLAIMS, CLAIM_TYPES, type Principal } from '#shared/capabilities';
import { COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import { CONTENT_STATUSES } from '#shared/enums';
import { listStatuses, visibleAsChild, visibleInDetail, visibleInList } from './visibility.ts';

const user = (claims: Principal['claims'], roles = [USER_ROLE]): Principal => ({
  roles,
  claims,
  subscriptions: [COURSEWARE_FEATURE],
});
const student = user([]);
const editor = user([{ type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent }]);
const archivist = user([{ type: CLAIM_TYPES.viewArchivedContent, value: 'any' }]);
const admin = user([...editor.claims, ...archivist.claims]);
const editorWithoutRole = user(editor.claims, []);

describe('what a visitor sees (decision record 008)', () => {
  it('opens published and unlisted content, and nothing else', () => {
    expect(CONTENT_STATUSES.filter((status) => visibleInDetail(status))).toEqual(['published', 'unlisted']);
  });

  it('lists published content only', () => {
    expect(CONTENT_STATUSES.filter((status) => visibleInList(status))).toEqual(['published']);
  });

  it('shows published and unlisted children', () => {
    expect(CONTENT_STATUSES.filter((status) => visibleAsChild(status))).toEqual(['published', 'unlisted']);
  });
});

describe('what a signed-in caller sees (spec §6)', () => {
  it('shows a student exactly what a visitor sees', () => {
    expect(CONTENT_STATUSES.filter((status) => visibleInDetail(status, student))).toEqual(['published', 'unlisted']);
    expect(listStatuses(student)).toEqual(['published']);
  });

  it('shows a caller who may update content unpublished and unlisted content, never archived', () => {
    expect(CONTENT_STATUSES.filter((status) => visibleInDetail(status, editor)).sort()).toEqual(
      ['published', 'unlisted', 'unpublished'].sort(),
    );
    expect(CONTENT_STATUSES.filter((status) => visibleAsChild(status, editor))).not.toContain('archived');
    expect(listStatuses(editor)).toEqual(['published', 'unlisted', 'unpublished']);
  });

  it('opens archived content only with viewArchivedContent, and never lists it among the rest', () => {
    expect(visibleInDetail('archived', archivist)).toBe(true);
    expect(visibleAsChild('archived', admin)).toBe(true);
    expect(visibleInDetail('unpublished', archivist)).toBe(false);
    expect(visibleInList('archived', admin)).toBe(false);
  });

  it('ignores capabilities of a principal without the USER role (no valid login)', () => {
    expect(visibleInDetail('unpublished', editorWithoutRole)).toBe(false);
    expect(listStatuses(editorWithoutRole)).toEqual(['published']);
  });
});
