import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { DEFAULT_CONFIG, createConfig } from '../config';
import { NetworkError } from '../ports/api-error';
import type { AttributeApi, AttributeQuery } from '../ports/attribute-api';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import { MemoryLogger } from '../testing/virtual-time';
import { AttributeService, EMPTY_ATTRIBUTES, addAttributes, attributeCodesToLoad, attributeLabel, itemOptionLabels } from './attributes';
import type { AttributeMetadata } from './types';

const config = DEFAULT_CONFIG;
const color: AttributeMetadata = { attribute_id: 93, attribute_code: 'color', options: [{ label: 'Rood', value: 1 }] };
const size: AttributeMetadata = { attribute_id: 144, attribute_code: 'size', options: [{ label: '50x70', value: 7 }] };

function api(known: readonly AttributeMetadata[], online = () => true) {
  const asked: AttributeQuery[] = [];
  const a: AttributeApi = {
    list: async (q) => {
      asked.push(q);
      if (!online()) throw new NetworkError('offline');
      return known.filter((k) => q.codes?.includes(k.attribute_code) || q.ids?.some((id) => String(id) === String(k.attribute_id)));
    },
  };
  return { api: a, asked };
}

const codeArb = fc.oneof(fc.constantFrom('color', 'size', 'erin_recommends', 'material', 'stock.qty', 'a.b', ''), fc.stringMatching(/^[a-z_.]{1,8}$/));

describe('attributeCodesToLoad', () => {
  // spec catalogue §5: the attribute list skips codes containing a dot and codes already loaded or blacklisted
  it('property: never a dotted, empty, loaded, blacklisted or repeated code; every other code once, in order', () => {
    fc.assert(
      fc.property(fc.array(codeArb, { maxLength: 20 }), fc.array(codeArb, { maxLength: 5 }), fc.array(codeArb, { maxLength: 5 }), (codes, loaded, black) => {
        const state = { ...addAttributes(EMPTY_ATTRIBUTES, loaded.filter((c) => c).map((c, i) => ({ attribute_id: i, attribute_code: c }))), blacklist: black };
        const out = attributeCodesToLoad(codes, state);
        expect(new Set(out).size).toBe(out.length);
        for (const c of out) {
          expect(c).not.toContain('.');
          expect(c).not.toBe('');
          expect(state.byCode[c]).toBeUndefined();
          expect(black).not.toContain(c);
        }
        const expected = codes.filter((c, i) => c && !c.includes('.') && !state.byCode[c] && !black.includes(c) && codes.indexOf(c) === i);
        expect(out).toEqual(expected);
      }),
    );
  });
});

describe('AttributeService persistent cache', () => {
  // spec catalogue §3.3, §9: attributes are persisted (collection 'attributes') and read back before the API is asked
  it('persists loaded attributes and a fresh service (a reload, offline) reads them from Storage without asking the API', async () => {
    const storage = new MemoryStorage();
    const first = api([color, size]);
    const s1 = new AttributeService(first.api, config, new MemoryLogger(), storage);
    await s1.load(['color', 'size', 'bogus']);
    expect(await storage.get(STORAGE_COLLECTIONS.attributes, 'code:color')).toEqual(color);
    expect(await storage.get(STORAGE_COLLECTIONS.attributes, 'id:144')).toEqual(size);

    let online = false;
    const second = api([color, size], () => online);
    const s2 = new AttributeService(second.api, config, new MemoryLogger(), storage);
    await s2.load(['color', 'size']);
    expect(second.asked).toEqual([]);
    expect(s2.label('color', 1)).toBe('Rood');
    expect(s2.label('size', 7)).toBe('50x70');
    await s2.loadByIds([93, 144]);
    expect(second.asked).toEqual([]);
    // a code that is not stored still goes to the API (offline: logged, nothing blacklisted)
    await s2.load(['color', 'material']);
    expect(second.asked).toEqual([{ codes: ['material'], size: 150 }]);
    expect(s2.snapshot().blacklist).toEqual([]);
    online = true;
    await s2.load(['material']);
    expect(s2.snapshot().blacklist).toEqual(['material']);
  });

  it('the attributes a server-rendered page brought are kept too: offline, a fresh service labels the filters from Storage', async () => {
    const storage = new MemoryStorage();
    const rendered = new AttributeService(api([]).api, config, new MemoryLogger(), storage);
    rendered.hydrate(addAttributes(EMPTY_ATTRIBUTES, [color, size]));
    await rendered.keepHydrated();
    const offline = api([color, size], () => false);
    const later = new AttributeService(offline.api, config, new MemoryLogger(), storage);
    await later.load(['color', 'size']);
    expect(offline.asked).toEqual([]);
    expect(later.label('color', 1)).toBe('Rood');
  });

  it('loads by id from Storage and stores what the API answers', async () => {
    const storage = new MemoryStorage();
    const a = api([color, size]);
    const s = new AttributeService(a.api, config, undefined, storage);
    await s.loadByIds([93]);
    expect(a.asked).toEqual([{ ids: [93], size: 150 }]);
    expect(await storage.get(STORAGE_COLLECTIONS.attributes, 'code:color')).toEqual(color);
    const again = new AttributeService(api([]).api, config, undefined, storage);
    await again.load(['color']);
    expect(again.snapshot().byId['93']).toEqual(color);
  });

  // spec catalogue §9: config toggle "disabling the persistent attribute cache"
  it('with disablePersistentAttributeCache nothing is read from or written to Storage', async () => {
    const storage = new MemoryStorage();
    await storage.set(STORAGE_COLLECTIONS.attributes, 'code:color', { ...color, options: [{ label: 'Oud', value: 1 }] });
    const a = api([color]);
    const s = new AttributeService(a.api, createConfig({ catalogue: { disablePersistentAttributeCache: true } }), undefined, storage);
    await s.load(['color', 'size']);
    expect(a.asked).toEqual([{ codes: ['color', 'size'], size: 150 }]);
    expect(s.label('color', 1)).toBe('Rood');
    expect(await storage.keys(STORAGE_COLLECTIONS.attributes)).toEqual(['code:color']);
  });

  it('a corrupt stored entry counts as missing', async () => {
    const storage = new MemoryStorage();
    await storage.set(STORAGE_COLLECTIONS.attributes, 'code:color', 'garbage');
    const a = api([color]);
    const s = new AttributeService(a.api, config, undefined, storage);
    await s.load(['color']);
    expect(a.asked).toEqual([{ codes: ['color'], size: 150 }]);
    expect(s.label('color', 1)).toBe('Rood');
  });
});

// spec catalogue §3.3 (attribute fields, labels cache): labels and values come per store view from the metadata
describe('attribute labels of the store view', () => {
  const en = addAttributes(EMPTY_ATTRIBUTES, [{ ...color, frontend_label: 'Colour', options: [{ label: 'Red', value: 1 }] }]);
  it('the attribute label comes from the metadata, the product\'s own label only when unknown', () => {
    expect(attributeLabel(en, 'color', 'Kleur')).toBe('Colour');
    expect(attributeLabel(en, 'size', 'Formaat')).toBe('Formaat');
  });
  it('a cart line option is named in the store view\'s words, whatever words it was added with', () => {
    expect(itemOptionLabels(en, { option_id: 93, option_value: '1', label: 'Kleur', value: 'Rood' })).toEqual({ label: 'Colour', value: 'Red' });
    expect(itemOptionLabels(en, { option_id: 144, option_value: 7, label: 'Formaat', value: '50x70' })).toEqual({ label: 'Formaat', value: '50x70' });
    expect(itemOptionLabels(EMPTY_ATTRIBUTES, { option_id: 5, option_value: 9 })).toEqual({ label: '5', value: '9' });
  });
  it('a known attribute always names every one of its option values from the metadata', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ value: fc.integer({ min: 0, max: 999 }), label: fc.string({ minLength: 1 }) }), { selector: (o) => o.value, minLength: 1 }), fc.string(), (options, stale) => {
        const state = addAttributes(EMPTY_ATTRIBUTES, [{ attribute_id: 93, attribute_code: 'color', frontend_label: 'Colour', options }]);
        for (const o of options) expect(itemOptionLabels(state, { option_id: 93, option_value: o.value, label: stale, value: stale })).toEqual({ label: 'Colour', value: o.label });
      }),
    );
  });
});
