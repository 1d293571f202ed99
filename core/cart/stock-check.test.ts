import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { FakeCartBackend } from '../../test-fixtures/arbitraries/cart-fake-backend';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';
import type { Product } from '../catalogue/types';
import { DEFAULT_CONFIG, createConfig, type ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import { NetworkError } from '../ports/api-error';
import type { StockAnswer, StockApi } from '../ports/stock-api';
import { ManualNetwork, MemoryLogger, VirtualScheduler, flushPromises } from '../testing/virtual-time';
import type { CartNotice } from './add';
import { cartItemIdentity } from './identity';
import { createStockStatus } from './stock-check';

const product = (sku: string, over: Partial<Product> = {}): Product => ({ id: sku, sku, name: sku, type_id: 'simple', price_incl_tax: 10, ...over });

type Answer = 'in' | 'out' | 'enotfound' | 'fails';

function stockApi(answer: Answer, asked: string[] = []): StockApi {
  return {
    check: async (sku) => {
      asked.push(sku);
      if (answer === 'fails') throw new NetworkError('timeout');
      if (answer === 'enotfound') return undefined;
      return { product_id: 1, qty: answer === 'in' ? 12 : 0, is_in_stock: answer === 'in' } satisfies StockAnswer;
    },
    list: async () => [],
  };
}

function setup(config: ShopConfig, answer: Answer, online: boolean) {
  const scheduler = new VirtualScheduler();
  const storage = new MemoryStorage();
  const network = new ManualNetwork(online);
  const backend = new FakeCartBackend();
  backend.online = online;
  const logger = new MemoryLogger();
  const asked: string[] = [];
  const { cart: service } = cartWithQueue({
    api: backend.api,
    transport: backend,
    storage,
    network,
    clock: scheduler.clock,
    config,
    logger,
    stockStatus: createStockStatus({ stock: stockApi(answer, asked), network, logger }),
  });
  const notices: CartNotice[] = [];
  service.notices$.subscribe((n) => notices.push(n));
  return { service, notices, asked, backend, logger, network };
}

describe('stock status of an added item', () => {
  // spec transactions §4 "Adding": ok / volatile / out_of_stock from the stock check
  it('maps a check answer to ok / out_of_stock and no usable answer to volatile', async () => {
    const status = (answer: Answer, online = true) => {
      const check = createStockStatus({ stock: stockApi(answer), network: new ManualNetwork(online) });
      return check(product('A'), { sku: 'A', qty: 1 });
    };
    expect(await status('in')).toBe('ok');
    expect(await status('out')).toBe('out_of_stock');
    expect(await status('enotfound')).toBe('volatile');
    expect(await status('fails')).toBe('volatile');
    expect(await status('in', false)).toBe('volatile');
  });

  // spec transactions §4 "Adding", §8 (volatile warning, out-of-stock notice, ENOTFOUND ignored)
  it('property: through CartService.addItem, ok and volatile are added, out_of_stock is not; the volatile notice only when out-of-stock items are not allowed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Answer>('in', 'out', 'enotfound', 'fails'), fc.boolean(), fc.boolean(), async (answer, online, allowOos) => {
        const config = createConfig({ cart: { allowOutOfStockInCart: allowOos } });
        const w = setup(config, answer, online);
        await w.service.addItem(product('KP-RED'), 2);
        await flushPromises();
        const status = !online || answer === 'fails' || answer === 'enotfound' ? 'volatile' : answer === 'in' ? 'ok' : 'out_of_stock';
        const keys = w.notices.map((n) => n.key);
        expect(w.asked).toEqual(online ? ['KP-RED'] : []);
        if (status === 'out_of_stock') {
          expect(w.service.snapshot().cartItems).toEqual([]);
          expect(keys).toEqual([MESSAGES.outOfStockCannotAdd]);
        } else {
          expect(w.service.snapshot().cartItems.map((i) => `${i.sku}x${i.qty}`)).toEqual(['KP-REDx2']);
          expect(keys.includes(MESSAGES.volatileStock)).toBe(status === 'volatile' && !allowOos);
          expect(keys).toContain(MESSAGES.productAdded);
        }
        // ENOTFOUND is ignored: nothing logged as a failure
        if (answer === 'enotfound') expect(w.logger.lines.filter((l) => l.message.startsWith('stock check'))).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('checks the configured child sku of a configurable line', async () => {
    const w = setup(DEFAULT_CONFIG, 'in', true);
    await w.service.addItem(product('KP-RED-50', { parentSku: 'KP', type_id: 'configurable' }), 1);
    expect(w.asked).toEqual(['KP-RED-50']);
  });
});

describe('CartService merge flags', () => {
  // spec transactions §4 "Merge of client and server items": config.cart.serverSyncCanModifyLocalItems / serverSyncCanRemoveLocalItems
  async function scenario(flags: { serverSyncCanRemoveLocalItems: boolean; serverSyncCanModifyLocalItems: boolean }) {
    const config = createConfig({ cart: flags });
    const w = setup(config, 'in', true);
    await w.service.load();
    await w.service.addItem(product('A'), 2);
    await w.service.addItem(product('B'), 1);
    const cartId = w.service.cartId!;
    const server = w.backend.cart(cartId);
    const [a, b] = server.pull();
    // another device changed A to 5 and removed B
    server.update({ sku: 'A', qty: 5, item_id: a!.item_id });
    server.delete({ sku: 'B', item_id: b!.item_id });
    await w.service.sync({ forceSync: true });
    const client = w.service.snapshot().cartItems.map((i) => `${i.sku}x${i.qty}`).sort();
    const onServer = w.backend.cart(cartId).pull().map((i) => `${i.sku}x${i.qty}`).sort();
    return { client, onServer, identity: cartItemIdentity };
  }

  it('defaults (false/false, as vue-storefront 1.12 shipped them): the client lines win and are pushed back', async () => {
    expect(DEFAULT_CONFIG.cart.serverSyncCanRemoveLocalItems).toBe(false);
    expect(DEFAULT_CONFIG.cart.serverSyncCanModifyLocalItems).toBe(false);
    const r = await scenario({ serverSyncCanRemoveLocalItems: false, serverSyncCanModifyLocalItems: false });
    expect(r.client).toEqual(['Ax2', 'Bx1']);
    expect(r.onServer).toEqual(['Ax2', 'Bx1']);
  });

  it('with both flags on, the server may change and remove client lines', async () => {
    const r = await scenario({ serverSyncCanRemoveLocalItems: true, serverSyncCanModifyLocalItems: true });
    expect(r.client).toEqual(['Ax5']);
    expect(r.onServer).toEqual(['Ax5']);
  });
});
