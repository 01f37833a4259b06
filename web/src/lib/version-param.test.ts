import { describe, expect, it } from 'vitest';
import { stripVersionParam } from './version-param.ts';

describe('stripVersionParam', () => {
  it('removes v=<digits> and keeps the other parameters in order', () => {
    expect(stripVersionParam('?new=true&v=1732140000&cat=lesson')).toBe('?new=true&cat=lesson');
  });

  it('leaves an empty query when v was the only parameter', () => {
    expect(stripVersionParam('?v=42')).toBe('');
  });

  it('returns null when there is nothing to remove', () => {
    expect(stripVersionParam('')).toBeNull();
    expect(stripVersionParam('?q=overflow')).toBeNull();
    expect(stripVersionParam('?v=beta')).toBeNull();
  });
});
