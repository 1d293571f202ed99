import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';

describe('MemoryStorage, serialising or not', () => {
  it('MemoryStorage stores a JSON copy, as IndexedDB does (a later change to the object is not stored)', async () => {
    const s = new MemoryStorage();
    const value = { items: [1] };
    await s.set('cart', 'k', value);
    value.items.push(2);
    expect(await s.get('cart', 'k')).toEqual({ items: [1] });
    expect(await s.get('cart', 'k')).not.toBe(await s.get('cart', 'k'));
  });

  it('{ serialise: false } (a render\'s storage) keeps the value itself', async () => {
    const s = new MemoryStorage({ serialise: false });
    const answer = { hits: [{ sku: 'IP-1' }] };
    await s.set('search', 'q', answer);
    expect(await s.get('search', 'q')).toBe(answer);
    expect(await s.entries('search')).toEqual([['q', answer]]);
    await s.remove('search', 'q');
    expect(await s.keys('search')).toEqual([]);
  });
});
