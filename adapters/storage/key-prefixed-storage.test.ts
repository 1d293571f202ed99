import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';
import { KeyPrefixedStorage } from './key-prefixed-storage';

describe('KeyPrefixedStorage (one locale never reads another locale\'s cached catalogue)', () => {
  it('keeps the two locales apart in the same collection', async () => {
    const inner = new MemoryStorage();
    const en = new KeyPrefixedStorage(inner, 'en-US:');
    await inner.set('attributes', 'code:color', { frontend_label: 'Kleur' });
    await en.set('attributes', 'code:color', { frontend_label: 'Colour' });
    expect(await en.get('attributes', 'code:color')).toEqual({ frontend_label: 'Colour' });
    expect(await inner.get('attributes', 'code:color')).toEqual({ frontend_label: 'Kleur' });
    expect(await en.keys('attributes')).toEqual(['code:color']);
    expect(await en.entries('attributes')).toEqual([['code:color', { frontend_label: 'Colour' }]]);
    await en.remove('attributes', 'code:color');
    expect(await en.get('attributes', 'code:color')).toBeUndefined();
    expect(await inner.get('attributes', 'code:color')).toEqual({ frontend_label: 'Kleur' });
  });
});
