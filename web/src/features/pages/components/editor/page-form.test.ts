import { describe, expect, it } from 'vitest';
import { PAGE_HREF_MESSAGE } from '#shared/contracts/page';
import { testPage } from '../page-fixtures.ts';
import { pageAndDescendants } from './page-dialog.tsx';
import {
  checkPageDraft,
  firstInvalidPageField,
  groupNames,
  isLinkConflict,
  pageDraftOf,
  pageErrorsFromDetails,
} from './page-form.ts';

describe('the page dialog form (spec §5 "Pages")', () => {
  it('trims group names and ignores blanks and repeats, keeping the order', () => {
    expect(groupNames('  Staff \n\nAdvisors\nStaff\n   \nAlumni')).toEqual(['Staff', 'Advisors', 'Alumni']);
  });

  it('takes a repeat in another case as the same group (issue 21 item 16)', () => {
    expect(groupNames('Staff\nSTAFF\nadvisors\nAdvisors')).toEqual(['Staff', 'advisors']);
  });

  it('stores the groups as group-<name> = position, keeping the other layout parameters', () => {
    const page = testPage({
      layout: { name: 'groupedList', parameters: { 'group-Old': '0', theme: 'dark' } },
    });
    const check = checkPageDraft({ ...pageDraftOf(page), groups: 'Staff\n Advisors \nStaff' }, page);
    expect(check).toMatchObject({
      ok: true,
      body: {
        layout: { name: 'groupedList', parameters: { theme: 'dark', 'group-Staff': '0', 'group-Advisors': '1' } },
      },
    });
  });

  it('reads a stored page back: groups in their order, the status and the parent', () => {
    const page = testPage({
      layout: { name: 'groupedList', parameters: { 'group-B': '1', 'group-A': '0' } },
    });
    expect(pageDraftOf(page)).toMatchObject({
      groups: 'A\nB',
      status: 'published',
      parentId: '',
      layout: 'groupedList',
    });
  });

  it('needs a title, description, link and a chosen status; links may have hyphens, not spaces or capitals after normalising', () => {
    const empty = checkPageDraft(pageDraftOf(null), null);
    expect(empty).toEqual({
      ok: false,
      errors: { title: 'Is required.', description: 'Is required.', href: 'Is required.', status: 'Choose a status.' },
    });
    const draft = { ...pageDraftOf(null), title: 'T', description: 'D', status: 'unpublished' as const };
    expect(checkPageDraft({ ...draft, href: '/a b' }, null)).toEqual({
      ok: false,
      errors: { href: PAGE_HREF_MESSAGE },
    });
    expect(checkPageDraft({ ...draft, href: '/Call-For-Courseware/' }, null)).toMatchObject({
      ok: true,
      body: { href: '/call-for-courseware', parentId: null, status: 'unpublished' },
    });
    expect(checkPageDraft({ ...draft, href: '/x', groups: 'g'.repeat(129) }, null)).toMatchObject({
      ok: false,
      errors: { groups: expect.stringMatching(/at most 128 characters/) },
    });
  });

  it('orders the invalid fields as on screen and reads the server’s field messages', () => {
    expect(firstInvalidPageField({ status: 'x', href: 'y' })).toBe('href');
    expect(
      pageErrorsFromDetails([
        { path: 'body.meta.description', message: 'Too long.' },
        { path: 'body.parentId', message: 'No such parent.' },
        { path: 'body', message: 'Something else.' },
      ]),
    ).toEqual({ errors: { description: 'Too long.', parentId: 'No such parent.' }, rest: ['Something else.'] });
    expect(isLinkConflict('This link is already used by another page.')).toBe(true);
    expect(isLinkConflict('The page was changed by someone else. Reload it and try again.')).toBe(false);
  });

  it('keeps a page and every page below it out of its parent choices', () => {
    const pages = [
      { id: 'a', parentId: null },
      { id: 'b', parentId: 'a' },
      { id: 'c', parentId: 'b' },
      { id: 'd', parentId: null },
    ];
    expect([...pageAndDescendants('a', pages)].sort()).toEqual(['a', 'b', 'c']);
  });
});
