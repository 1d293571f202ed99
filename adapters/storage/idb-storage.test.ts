import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { openDB } from 'idb';
import type { Logger } from '../../core/ports/logger';
import { StorageQuotaError, STORAGE_COLLECTIONS } from '../../core/ports/storage';
import { IdbStorage } from './idb-storage';
import { MemoryStorage } from './memory-storage';

function recordingLogger() {
  const warnings: string[] = [];
  const logger: Logger = { debug() {}, info() {}, warn: (m) => void warnings.push(m), error() {} };
  return { logger, warnings };
}

let n = 0;
const dbName = () => `test-db-${++n}`;

describe('IdbStorage (fake-indexeddb)', () => {
  it('round-trips JSON values per collection, keys in order, clear per collection', async () => {
    // spec transactions §7: browser storage holds cart, checkout, user, claims ... buckets
    const s = new IdbStorage(dbName(), recordingLogger().logger);
    await s.set(STORAGE_COLLECTIONS.cart, 'current-cart', [{ sku: 'A', qty: 2 }]);
    await s.set(STORAGE_COLLECTIONS.user, 'current-token', 't1');
    await s.set(STORAGE_COLLECTIONS.user, 'current-refresh-token', 'r1');
    expect(await s.get(STORAGE_COLLECTIONS.cart, 'current-cart')).toEqual([{ sku: 'A', qty: 2 }]);
    expect(await s.keys(STORAGE_COLLECTIONS.user)).toEqual(['current-refresh-token', 'current-token']);
    expect(await s.entries(STORAGE_COLLECTIONS.user)).toEqual([['current-refresh-token', 'r1'], ['current-token', 't1']]);
    await s.clear(STORAGE_COLLECTIONS.user);
    expect(await s.keys(STORAGE_COLLECTIONS.user)).toEqual([]);
    expect(await s.get(STORAGE_COLLECTIONS.cart, 'current-cart')).toEqual([{ sku: 'A', qty: 2 }]);
    await s.remove(STORAGE_COLLECTIONS.cart, 'current-cart');
    expect(await s.get(STORAGE_COLLECTIONS.cart, 'current-cart')).toBeUndefined();
    await s.close();
  });

  it('persists across instances (a page reload)', async () => {
    const name = dbName();
    const a = new IdbStorage(name, recordingLogger().logger);
    await a.set('claims', 'cookiesAccepted', { code: 'cookiesAccepted', value: true });
    await a.close();
    const b = new IdbStorage(name, recordingLogger().logger);
    expect(await b.get('claims', 'cookiesAccepted')).toEqual({ code: 'cookiesAccepted', value: true });
    await b.close();
  });

  it('behaves like MemoryStorage for any sequence of operations (property)', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), c: fc.constantFrom('a', 'b'), k: fc.string({ maxLength: 4 }), v: fc.jsonValue() }),
      fc.record({ kind: fc.constant('remove' as const), c: fc.constantFrom('a', 'b'), k: fc.string({ maxLength: 4 }) }),
      fc.record({ kind: fc.constant('clear' as const), c: fc.constantFrom('a', 'b') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 15 }), async (ops) => {
        const idb = new IdbStorage(dbName(), recordingLogger().logger);
        const mem = new MemoryStorage();
        for (const o of ops) {
          if (o.kind === 'set') await Promise.all([idb.set(o.c, o.k, o.v), mem.set(o.c, o.k, o.v)]);
          else if (o.kind === 'remove') await Promise.all([idb.remove(o.c, o.k), mem.remove(o.c, o.k)]);
          else await Promise.all([idb.clear(o.c), mem.clear(o.c)]);
        }
        for (const c of ['a', 'b']) {
          expect(await idb.keys(c)).toEqual(await mem.keys(c));
          expect(await idb.entries(c)).toEqual(await mem.entries(c));
        }
        await idb.close();
      }),
      { numRuns: 40 },
    );
  });

  it('a corrupt entry is dropped with a warning and read as undefined, never thrown', async () => {
    // a corrupt or unreadable stored entry is dropped with a warning, never fatal
    const name = dbName();
    const { logger, warnings } = recordingLogger();
    const s = new IdbStorage(name, logger);
    await s.set('carts', 'good', { ok: 1 });
    await s.close();
    const raw = await openDB(name, 1);
    await raw.put('entries', { collection: 'carts', key: 'bad', value: '{not json' });
    await raw.put('entries', { collection: 'carts', key: 'worse', value: 42 });
    raw.close();
    const again = new IdbStorage(name, logger);
    expect(await again.get('carts', 'bad')).toBeUndefined();
    expect(await again.entries('carts')).toEqual([['good', { ok: 1 }]]);
    expect(warnings.length).toBeGreaterThanOrEqual(2);
    // the corrupt entries are deleted in the background: wait for the store to hold the good one alone
    await vi.waitFor(async () => expect(await again.keys('carts')).toEqual(['good']), { timeout: 5000 });
    await again.close();
  });

  it('without a usable IndexedDB (absent, or open() throws) reads are empty with a warning, never thrown', async () => {
    const { logger, warnings } = recordingLogger();
    const s = new IdbStorage(dbName(), logger);
    const refusing = { open: () => { throw new DOMException('storage denied', 'SecurityError'); } };
    for (const unusable of [undefined, refusing]) {
      vi.stubGlobal('indexedDB', unusable);
      try {
        expect(await s.get('carts', 'items')).toBeUndefined();
        expect(await s.entries('carts')).toEqual([]);
      } finally {
        vi.unstubAllGlobals();
      }
    }
    expect(warnings).toHaveLength(4);
    // once IndexedDB answers, the same storage works
    await s.set('carts', 'items', [1]);
    expect(await s.get('carts', 'items')).toEqual([1]);
    await s.close();
  });

  it('a QuotaExceededError surfaces as StorageQuotaError', async () => {
    // spec transactions §8: storage quota
    const s = new IdbStorage(dbName(), recordingLogger().logger);
    await s.set('x', 'warm', 1);
    const db = await (s as unknown as { open(): Promise<{ put: unknown }> }).open();
    db.put = async () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    await expect(s.set('x', 'y', 'big')).rejects.toBeInstanceOf(StorageQuotaError);
    await s.close();
  });
});
