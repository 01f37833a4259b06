import { describe, expect, it } from 'vitest';
import { fieldChanged, revalidateChanged } from './use-revalidation.ts';

const check = (draft: { email: string; name: string }) => ({
  ...(draft.email.includes('@') ? {} : { email: 'Enter a valid e-mail address.' }),
  ...(draft.name ? {} : { name: 'Is required.' }),
});

describe('revalidateChanged (issue 21 item 14)', () => {
  it('drops the error of a field once it is fixed, and updates one still wrong', () => {
    const errors = { email: 'Enter a valid e-mail address.' };
    expect(revalidateChanged(errors, { email: 'a', name: 'x' }, { email: 'a@b', name: 'x' }, check)).toEqual({});
    const emptied = revalidateChanged(
      { name: 'Server says no.' },
      { email: 'a@b', name: 'x' },
      { email: 'a@b', name: '' },
      check,
    );
    expect(emptied).toEqual({ name: 'Is required.' });
  });

  it('keeps errors of fields that did not change, and adds none to fields without one', () => {
    const errors = { name: 'Taken on the server.' };
    const same = revalidateChanged(errors, { email: '', name: 'x' }, { email: 'a', name: 'x' }, check);
    expect(same).toBe(errors);
  });

  it('follows nested paths, and falls back to the first segment for names the draft lacks', () => {
    expect(fieldChanged({ a: { b: 1 } }, { a: { b: 2 } }, 'a.b')).toBe(true);
    expect(fieldChanged({ list: [{ n: 'x' }, { n: 'y' }] }, { list: [{ n: 'x' }, { n: 'z' }] }, 'list.0.n')).toBe(
      false,
    );
    expect(fieldChanged({ list: [{ n: 'x' }] }, { list: [{ n: 'z' }] }, 'list.0.n')).toBe(true);
    expect(fieldChanged({ claims: 'a' }, { claims: 'b' }, 'claims.3')).toBe(true);
  });
});
