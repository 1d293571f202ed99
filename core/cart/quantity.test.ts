import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { FakeCartBackend } from '../../test-fixtures/arbitraries/cart-fake-backend';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';
import type { Product } from '../catalogue/types';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES, isShopError } from '../messages';
import { ManualNetwork, MemoryLogger, VirtualScheduler } from '../testing/virtual-time';
import type { CartNotice } from './add';
import { cartItemIdentity } from './identity';
import { changeQuantity, stockLimitOf, type StockLimit } from './quantity';

describe('changeQuantity (spec transactions §5 quantity rules, §8 "Only {maxQuantity} products of this type are available!")', () => {
  it('refuses more than the stock serves with the only-{max} message and keeps the current quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 100_000 }), (current, limit, requested) => {
        const out = changeQuantity(current, requested, limit);
        if (requested > limit && requested > current) {
          expect(out).toEqual({ ok: false, key: MESSAGES.onlyMaxQuantity, params: { maxQuantity: limit }, keep: current });
        } else {
          expect(out).toEqual({ ok: true, qty: requested });
        }
      }),
    );
  });

  it('never refuses a decrease (it frees stock), and without a limit any positive integer is accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (current, limit) => {
        const down = Math.max(1, current - 1);
        expect(changeQuantity(current, down, limit)).toEqual({ ok: true, qty: down });
        expect(changeQuantity(current, current * 7, undefined)).toEqual({ ok: true, qty: current * 7 });
      }),
    );
  });

  it('text, zero, negatives and fractions are refused with the form rule; the quantity is kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.oneof(fc.constant(''), fc.constant('abc'), fc.integer({ max: 0 }), fc.double({ min: 0.01, max: 99, noInteger: true })), (current, bad) => {
        const out = changeQuantity(current, bad, 10);
        expect(out.ok).toBe(false);
        if (!out.ok) {
          expect([MESSAGES.qtyAboveZero, MESSAGES.qtyPositiveInteger]).toContain(out.key);
          expect(out.keep).toBe(current);
        }
      }),
    );
  });

  it('reads the limit from a stock answer: not managed → none, out of stock → 0 (the out-of-stock message)', () => {
    expect(stockLimitOf({ qty: 12, is_in_stock: true, manage_stock: true })).toBe(12);
    expect(stockLimitOf({ qty: 12, is_in_stock: true, manage_stock: false })).toBeUndefined();
    expect(stockLimitOf({ qty: 0, is_in_stock: false })).toBe(0);
    expect(stockLimitOf(undefined)).toBeUndefined();
    expect(changeQuantity(1, 2, 0)).toMatchObject({ ok: false, key: MESSAGES.outOfStockCannotAdd, keep: 1 });
  });
});

const product = (sku: string): Product => ({ id: sku, sku, name: sku, type_id: 'simple', price_incl_tax: 10 });

function setup(limit: StockLimit) {
  const scheduler = new VirtualScheduler();
  const storage = new MemoryStorage();
  const network = new ManualNetwork(true);
  const backend = new FakeCartBackend();
  const logger = new MemoryLogger();
  const asked: string[] = [];
  const { cart: service } = cartWithQueue({
    api: backend.api, transport: backend, storage, network, clock: scheduler.clock, config: DEFAULT_CONFIG, logger,
    stockLimit: async (item) => {
      asked.push(item.sku);
      return limit;
    },
  });
  const notices: CartNotice[] = [];
  service.notices$.subscribe((n) => notices.push(n));
  return { service, backend, notices, asked };
}

describe('CartService.updateQuantity above stock (issue: 999 showed "updated" and "exceeds maximum" together, then reset)', () => {
  it('999 of a line with 20 in stock: only the only-{max} error, the quantity stays, nothing is sent', async () => {
    const w = setup(20);
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'), 3);
    const id = cartItemIdentity({ sku: 'WRAP-RED' });
    const sentBefore = w.backend.log.length;
    w.notices.length = 0;
    const err = await w.service.updateQuantity(id, 999).catch((e: unknown) => e);
    expect(isShopError(err) && err.key).toBe(MESSAGES.onlyMaxQuantity);
    expect(isShopError(err) && err.params).toEqual({ maxQuantity: 20 });
    expect(w.service.snapshot().cartItems[0]?.qty).toBe(3);
    expect(w.notices).toEqual([]); // no 'quantity updated', no second error notice
    expect(w.backend.log.slice(sentBefore).filter((l) => l.startsWith('update'))).toEqual([]);
    expect(w.asked).toEqual(['WRAP-RED']);
  });

  it('a quantity the stock serves: changed, sent, and "updated" said once after the server accepted it', async () => {
    const w = setup(20);
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'), 3);
    w.notices.length = 0;
    await w.service.updateQuantity(cartItemIdentity({ sku: 'WRAP-RED' }), 20);
    expect(w.service.snapshot().cartItems[0]?.qty).toBe(20);
    expect(w.notices.map((n) => n.key)).toEqual([MESSAGES.qtyUpdated]);
  });

  it('the server still refuses (stock moved meanwhile): the previous quantity comes back with only the refusal, no "updated"', async () => {
    const w = setup(undefined);
    await w.service.load();
    await w.service.addItem(product('WRAP-RED'), 3);
    w.notices.length = 0;
    w.backend.failingSkus.set('WRAP-RED', 400);
    await w.service.updateQuantity(cartItemIdentity({ sku: 'WRAP-RED' }), 50);
    expect(w.service.snapshot().cartItems[0]?.qty).toBe(3);
    expect(w.notices.map((n) => [n.type, n.key])).toEqual([['error', MESSAGES.qtyExceedsMax]]);
  });
});
