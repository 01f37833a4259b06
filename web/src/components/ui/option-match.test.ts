import { describe, expect, it } from 'vitest';
import { indexOptions, matchOptions, withCountsFirst } from './option-match.ts';

const OPTIONS = indexOptions([
  { value: 'K0001', label: 'K0001', description: 'Knowledge of computer networking concepts.' },
  { value: 'K0018', label: 'K0018', description: 'Knowledge of encryption algorithms.' },
  { value: 'K0180', label: 'K0180', description: 'Knowledge of network systems management.' },
  {
    value: 'S0018',
    label: 'S0018',
    description: 'Skill in creating policies that reflect system security objectives.',
  },
  { value: 'CO-M.4', label: 'CO-M.4', description: 'Cybersecurity Principles' },
]);

describe('matchOptions', () => {
  it('puts the exact id first, then ids starting with the text, then other matches', () => {
    const { items, total } = matchOptions(OPTIONS, 'k0018', 50);
    expect(items.map((option) => option.value)).toEqual(['K0018']);
    expect(total).toBe(1);
    expect(matchOptions(OPTIONS, 'K01', 50).items.map((option) => option.value)).toEqual(['K0180']);
    expect(matchOptions(OPTIONS, 'co-m.4', 50).items.map((option) => option.value)).toEqual(['CO-M.4']);
  });

  it('finds by words of the text, every word anywhere, case ignored', () => {
    expect(matchOptions(OPTIONS, 'Network knowledge', 50).items.map((option) => option.value)).toEqual([
      'K0001',
      'K0180',
    ]);
    expect(matchOptions(OPTIONS, 'principles cyber', 50).items.map((option) => option.value)).toEqual(['CO-M.4']);
    expect(matchOptions(OPTIONS, 'quantum', 50)).toEqual({ items: [], total: 0 });
  });

  it('lists at most `limit` and counts every match', () => {
    const many = indexOptions(Array.from({ length: 3000 }, (_, index) => ({ value: `T${index}`, label: `T${index}` })));
    expect(matchOptions(many, '', 50)).toMatchObject({ total: 3000 });
    expect(matchOptions(many, '', 50).items).toHaveLength(50);
    const ones = matchOptions(many, 't1', 50);
    expect(ones.items).toHaveLength(50);
    expect(ones.total).toBe(1111);
  });
});

describe('withCountsFirst', () => {
  it('lists counted options first, most results first, and the rest in their order', () => {
    const ordered = withCountsFirst(
      OPTIONS,
      new Map([
        ['S0018', 2],
        ['K0180', 7],
      ]),
    );
    expect(ordered.map((option) => [option.value, option.count])).toEqual([
      ['K0180', 7],
      ['S0018', 2],
      ['K0001', undefined],
      ['K0018', undefined],
      ['CO-M.4', undefined],
    ]);
  });
});
