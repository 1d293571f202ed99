/**
 * Shipping methods from the server and totals with the chosen method (spec transactions §4, §5, §7, §9), against the demo
 * backend on loopback with the real CartService and the ky CartApi; plus the offline and failure paths with fakes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../test-fixtures/backend';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { DEFAULT_CONFIG } from '../config';
import type { Logger } from '../ports/logger';
import { segmentValue } from '../cart/totals';
import { ModalService } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { CheckoutService, fromServerShippingMethod, type CartForCheckout } from './checkout-service';
import type { PaymentDetails, PersonalDetails, ShippingDetails } from './types';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { StaticNetwork } from '../../adapters/node/static-network';
import { SystemClock } from '../../adapters/common/system-clock';
import { TimerScheduler } from '../../adapters/common/timer-scheduler';
import { UuidGenerator } from '../../adapters/common/uuid-generator';
import { createApiClient } from '../../adapters/http/api-client';
import { HttpCartApi } from '../../adapters/http/cart-api';
import { HttpTaskTransport } from '../../adapters/http/task-transport';
import type { PaymentApi } from '../ports/payment-api';
import type { OrderApi } from '../ports/order-api';
import type { CartItem } from '../cart/types';
import { cartWithQueue } from '../../test-fixtures/cart-with-queue';

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const cat = generateCatalogue();
const products = cat.products.filter((p) => p.type_id === 'simple' && p.visibility !== 1 && p.status === 1 && p.stock?.is_in_stock && Number(p.stock.qty) >= 10);
const r2 = (n: number) => Math.round(n * 100) / 100;

let backend: { url: string; close(): Promise<void> };
beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
});
afterAll(async () => backend.close());

const paymentApi: PaymentApi = {
  paymentMethods: async () => [{ id: 'ideal', description: 'iDEAL' }],
} as unknown as PaymentApi;
const orderApi = {} as OrderApi;
const session = { currentUserId: () => undefined, register: async () => { throw new Error('no'); }, login: async () => undefined };

function shop(cart: CartForCheckout, online = true) {
  const config = DEFAULT_CONFIG;
  const storage = new MemoryStorage();
  const network = new StaticNetwork(online);
  const scheduler = new TimerScheduler();
  const ids = new UuidGenerator();
  return new CheckoutService(
    { storage, orderApi, paymentApi, cart, session, notifications: new NotificationService(scheduler, ids, config), modals: new ModalService(), network, clock: new SystemClock(), ids, logger },
    config,
  );
}

function liveCart(api = new HttpCartApi(createApiClient({ baseUrl: backend.url, timeoutMs: 5000 }))) {
  const config = DEFAULT_CONFIG;
  const storage = new MemoryStorage();
  const network = new StaticNetwork(true);
  const { cart, queue } = cartWithQueue({
    api, transport: new HttpTaskTransport({ baseUrl: backend.url, timeoutMs: 5000 }), storage, network, clock: new SystemClock(), ids: new UuidGenerator(), config, logger,
  });
  return { cart, queue };
}

const PERSONAL: PersonalDetails = { firstName: 'Anna', lastName: 'de Vries', emailAddress: 'anna@papier.nl' };
const SHIPPING: ShippingDetails = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', shippingMethod: '' };
const BILLING: PaymentDetails = { firstName: 'Anna', lastName: 'de Vries', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 AB', paymentMethod: '' };

describe('checkout shipping methods and totals against the demo backend', () => {
  // spec transactions §4, §5 (unavailable dropped), §7 shipping-methods / shipping-information / collect-totals, §9 DPD flat rate
  it("offers the server's methods for the country merged with the DPD flat rate, and totals include the chosen method once", async () => {
    const { cart, queue } = liveCart();
    await cart.connect();
    await cart.addItem(products[0]!, 2);
    await cart.addItem(products[1]!, 1);
    await queue.process();
    const checkout = shop(cart);
    await checkout.savePersonalDetails(PERSONAL);
    await checkout.saveShippingDetails(SHIPPING);
    await checkout.savePaymentDetails(BILLING);

    const nl = await checkout.fetchShippingMethods();
    expect(nl).toEqual([expect.objectContaining({ method_title: 'DPD Courier', carrier_code: 'flatrate', method_code: 'flatrate', price_incl_tax: 5, is_server_method: true, default: true })]);

    // the server says the flat rate is not available outside BE/NL: dropped
    expect(await checkout.fetchShippingMethods({ country_id: 'DE' })).toEqual([]);
    expect(await checkout.fetchShippingMethods({ country_id: 'BE' })).toHaveLength(1);

    const subtotal = r2(Number(products[0]!.price_incl_tax) * 2 + Number(products[1]!.price_incl_tax));
    const chosen = await checkout.selectShippingMethod('flatrate', 'flatrate');
    expect(chosen?.method_code).toBe('flatrate');
    expect(checkout.snapshot().shippingDetails).toMatchObject({ shippingMethod: 'flatrate', shippingCarrier: 'flatrate' });
    let totals = cart.snapshot().platformTotals!;
    expect(totals.shipping_incl_tax).toBe(5);
    expect(totals.grand_total).toBe(r2(subtotal + 5));
    expect(segmentValue(cart.totals, 'grand_total')).toBe(r2(subtotal + 5));

    await checkout.loadPaymentMethods();
    await checkout.selectPaymentMethod('ideal');
    expect(cart.snapshot().payment?.code).toBe('ideal');
    totals = cart.snapshot().platformTotals!;
    expect(totals.grand_total).toBe(r2(subtotal + 5)); // collect-totals: shipping once, not per line

    // a change of the cart refreshes the totals with the chosen methods
    await cart.addItem(products[0]!, 1);
    expect(cart.snapshot().platformTotals!.grand_total).toBe(r2(subtotal + Number(products[0]!.price_incl_tax) + 5));
    cart.dispose();
    queue.dispose();
  });

  // spec transactions §7 shipping-methods: an answer that is no list (the port's type is the API's claim, not a check)
  // reads as no server methods, as a failed call does, so checkout still offers the configured ones
  it('a shipping-methods answer that is no list reads as none', async () => {
    const api = new HttpCartApi(createApiClient({ baseUrl: backend.url, timeoutMs: 5000 }));
    api.shippingMethods = async () => ({ flatrate: 5 }) as never;
    const { cart, queue } = liveCart(api);
    await cart.connect();
    expect(await cart.serverShippingMethods({ country_id: 'NL' })).toEqual([]);
    cart.dispose();
    queue.dispose();
  });

  // spec transactions §4, §7: the shipping is in the totals whatever order an SDK caller uses
  it('selectShippingMethod before the methods were loaded loads them first: the totals carry the shipping', async () => {
    const { cart, queue } = liveCart();
    await cart.connect();
    await cart.addItem(products[2]!, 1);
    await queue.process();
    const checkout = shop(cart);
    await checkout.savePersonalDetails(PERSONAL);
    await checkout.saveShippingDetails(SHIPPING);
    expect(checkout.snapshot().shippingMethods).toEqual([]);
    const chosen = await checkout.selectShippingMethod('flatrate', 'flatrate');
    expect(chosen).toMatchObject({ method_code: 'flatrate', carrier_code: 'flatrate', price_incl_tax: 5 });
    expect(checkout.snapshot().selectedShippingMethod?.method_code).toBe('flatrate');
    expect(cart.snapshot().platformTotals!.shipping_incl_tax).toBe(5);
    expect(segmentValue(cart.totals, 'grand_total')).toBe(r2(Number(products[2]!.price_incl_tax) + 5));
    // a method that is not offered is not chosen (undefined), and nothing changes
    expect(await checkout.selectShippingMethod('teleport')).toBeUndefined();
    expect(checkout.snapshot().selectedShippingMethod?.method_code).toBe('flatrate');
    cart.dispose();
    queue.dispose();
  });
});

describe('checkout shipping methods without the server', () => {
  const items: CartItem[] = [{ sku: 'A', qty: 1, price_incl_tax: 10 }];

  // spec transactions §9: the configured DPD flat rate when offline; §4 totals then are the cart's own
  it('offline: only the configured DPD flat rate, no server call, and choosing it calls no server', async () => {
    const calls: string[] = [];
    const cart: CartForCheckout = {
      snapshot: () => ({ cartItems: items, cartServerToken: 'c1' }),
      clear: async () => undefined,
      serverShippingMethods: async () => (calls.push('methods'), []),
      applyShippingInformation: async () => (calls.push('info'), true),
      setShippingMethod: async (m) => void calls.push(`set ${m?.method_code}`),
      syncTotals: async () => void calls.push('totals'),
    };
    const checkout = shop(cart, false);
    expect(await checkout.fetchShippingMethods({ country_id: 'NL' })).toMatchObject([{ method_title: 'DPD Courier', amount: 4, price_incl_tax: 5, default: true, offline: true }]);
    await checkout.selectShippingMethod('flatrate');
    expect(calls).toEqual(['set flatrate']);
  });

  // spec transactions §3 "Address ... for shipping-method lookup", §7 POST /api/cart/shipping-methods: the saved address's place
  it("asks the server for the saved shipping address's place (no names, no phone), the country given winning", async () => {
    const asked: unknown[] = [];
    const cart: CartForCheckout = {
      snapshot: () => ({ cartItems: items, cartServerToken: 'c1' }),
      clear: async () => undefined,
      serverShippingMethods: async (a) => (asked.push(a), []),
    };
    const checkout = shop(cart);
    await checkout.fetchShippingMethods();
    await checkout.saveShippingDetails({ ...SHIPPING, apartmentNumber: '2 hoog', phoneNumber: '020 123', state: 'Noord-Holland' });
    await checkout.fetchShippingMethods();
    await checkout.fetchShippingMethods({ country_id: 'BE' });
    expect(asked).toEqual([
      { country_id: 'NL' },
      { country_id: 'NL', city: 'Amsterdam', postcode: '1012 AB', street: ['Kalverstraat 1', '2 hoog'], region: 'Noord-Holland' },
      { country_id: 'BE', city: 'Amsterdam', postcode: '1012 AB', street: ['Kalverstraat 1', '2 hoog'], region: 'Noord-Holland' },
    ]);
  });

  // spec transactions §5: shipping methods flagged unavailable are dropped; the server's own methods are added
  it("a failing server answer keeps the configured method; the server's extra methods are added, unavailable ones dropped", async () => {
    let answer: () => Promise<unknown[]> = async () => { throw new Error('boom'); };
    const cart: CartForCheckout = {
      snapshot: () => ({ cartItems: items, cartServerToken: 'c1' }),
      clear: async () => undefined,
      serverShippingMethods: async () => (await answer()) as never,
    };
    const checkout = shop(cart);
    expect((await checkout.fetchShippingMethods()).map((m) => m.code)).toEqual(['flatrate_flatrate']);
    answer = async () => [
      { carrier_code: 'postnl', method_code: 'pakket', method_title: 'PostNL', amount: 5, price_incl_tax: 6.05, available: true },
      { carrier_code: 'dhl', method_code: 'express', method_title: 'DHL', amount: 9, price_incl_tax: 10.89, available: false },
    ];
    const methods = await checkout.fetchShippingMethods();
    expect(methods.map((m) => m.code)).toEqual(['flatrate_flatrate', 'postnl_pakket']);
    expect(methods[1]).toMatchObject(fromServerShippingMethod({ carrier_code: 'postnl', method_code: 'pakket', method_title: 'PostNL', amount: 5, price_incl_tax: 6.05, available: true }));
    expect(await checkout.selectShippingMethod('express', 'dhl')).toBeUndefined();
  });
});
