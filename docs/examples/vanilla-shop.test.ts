/**
 * The vanilla (no React) front end of docs/examples/vanilla-shop.ts, in a jsdom document, over createHeadlessShop and the
 * demo backend on a free port: search, open a configurable product, choose a colour, add it to the cart.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createRequire } from 'node:module';
import { startBackend } from '../../test-fixtures/backend';
import { createHeadlessShop, type HeadlessShop } from '../../adapters/index';
import { mountShop } from './vanilla-shop';

// jsdom ships no types: the little used here, typed by hand
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window & typeof globalThis } };

let backend: { url: string; close(): Promise<void> };
let shop: HeadlessShop;
beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
  shop = await createHeadlessShop({ apiUrl: backend.url });
});
afterAll(async () => {
  shop?.dispose();
  await backend?.close();
});

it('searches, shows a product with its variant choice and adds the chosen variant to the cart', async () => {
  const { window } = new JSDOM('<!doctype html><main id="shop"></main>');
  const root = window.document.getElementById('shop')!;
  const view = mountShop(root, shop);
  const $ = (sel: string) => root.querySelector(sel);
  const $$ = (sel: string) => [...root.querySelectorAll(sel)];

  expect($('.cart')!.textContent).toContain('Your cart is empty');
  ($('input[name=q]') as HTMLInputElement).value = 'kadopapier';
  $('form.search')!.dispatchEvent(new window.Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect($$('.results button').length).toBeGreaterThan(0), { timeout: 10_000 });

  // open the first configurable product of the results
  const configurable = shop.search.snapshot().items.find((p) => p.type_id === 'configurable')!;
  ($(`.results button[data-sku="${configurable.sku}"]`) as HTMLButtonElement).click();
  await vi.waitFor(() => expect($('.product h2')?.textContent).toBe(configurable.name), { timeout: 10_000 });
  expect($('.product .price')!.textContent).toMatch(/^€\u00a0\d+,\d{2}$/);

  // one <select> per configurable option; choose another colour that is available
  const colour = $('select[name=color]') as HTMLSelectElement;
  expect(colour).not.toBeNull();
  const other = [...colour.options].find((o) => !o.disabled && !o.selected)!;
  expect(other).toBeDefined();
  colour.value = other.value;
  colour.dispatchEvent(new window.Event('change'));
  await vi.waitFor(() => expect(($('select[name=color]') as HTMLSelectElement).value).toBe(other.value));
  const chosenSku = $('.product .sku')!.textContent!;
  const child = configurable.configurable_children!.find((c) => c.sku === chosenSku)!;
  expect(String(child.color)).toBe(other.value);

  ($('.product button.add') as HTMLButtonElement).click();
  await vi.waitFor(() => expect($(`.cart li[data-sku="${chosenSku}"]`)?.textContent).toBe(`1 × ${configurable.name}`), { timeout: 10_000 });
  // and the line reached the server cart
  await shop.queue.process();
  await vi.waitFor(() => expect(shop.cart.snapshot().cartItems[0]).toMatchObject({ sku: chosenSku, qty: 1, server_item_id: expect.anything() }), { timeout: 10_000 });
  view.dispose();
  expect(root.childNodes).toHaveLength(0);
});
