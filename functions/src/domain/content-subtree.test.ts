import { describe, expect, it } from 'vitest';
import { chunkSteps, countByCategory, TRANSACTION_MAX_BYTES } from './content-subtree.ts';

const steps = (count: number, size = 100) => Array.from({ length: count }, (_, n) => ({ n, size }));

describe('chunkSteps', () => {
  it('keeps what fits in one transaction together, leaving room for the catalog bump', () => {
    expect(chunkSteps(steps(99))).toHaveLength(1);
    expect(chunkSteps(steps(100)).map((batch) => batch.length)).toEqual([99, 1]);
    expect(chunkSteps([])).toEqual([]);
  });

  it('cuts by bytes too, in order, a step larger than the budget alone', () => {
    const big = TRANSACTION_MAX_BYTES / 2 + 1;
    const batches = chunkSteps([...steps(2, big), { n: 9, size: TRANSACTION_MAX_BYTES * 2 }, ...steps(1)]);
    expect(batches.map((batch) => batch.map((step) => step.n))).toEqual([[0], [1], [9], [0]]);
  });
});

describe('countByCategory', () => {
  it('counts by first category, largest first, uncategorised under null', () => {
    const items = [
      { categories: ['module' as const] },
      { categories: ['exercise' as const, 'module' as const] },
      { categories: ['exercise' as const] },
      { categories: [] },
    ];
    expect(countByCategory(items)).toEqual([
      { category: 'exercise', count: 2 },
      { category: 'module', count: 1 },
      { category: null, count: 1 },
    ]);
  });
});
