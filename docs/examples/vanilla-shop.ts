/**
 * A second front end over the same SDK, in plain TypeScript and the DOM (no React, no framework): a search box, the
 * results, a product with a <select> per configurable option (values no available child offers are disabled), an
 * add-to-cart button and the cart. Every state shown comes from a service's `state$`; every click calls a command.
 *
 * In a project of your own the imports read `from '@papier/storefront-sdk'` and `from '@papier/storefront-sdk/adapters'`:
 *
 *   const shop = await createHeadlessShop({ apiUrl: 'http://127.0.0.1:8080', runtime: 'browser' });
 *   const view = mountShop(document.getElementById('shop')!, shop);
 * Texts are the integrator's (a parameter here, English by default); the shop's own translations live in its React UI.
 */
import type { Subscription } from 'rxjs';
import { productPrice } from '../../core/index';
import type { HeadlessShop } from '../../adapters/index';

export interface ShopTexts {
  search: string;
  addToCart: string;
  cart: string;
  empty: string;
  noResults: string;
}

const ENGLISH: ShopTexts = { search: 'Search', addToCart: 'Add to cart', cart: 'Cart', empty: 'Your cart is empty', noResults: 'No products found' };

export function mountShop(root: HTMLElement, shop: HeadlessShop, texts: ShopTexts = ENGLISH): { dispose(): void } {
  const doc = root.ownerDocument;
  function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string | boolean> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
    const node: HTMLElementTagNameMap[K] = doc.createElement(tag);
    Object.assign(node, props);
    node.append(...children);
    return node;
  }

  // ---- search
  const input = el('input', { type: 'search', name: 'q' });
  const form = el('form', { className: 'search' }, input, el('button', { type: 'submit' }, texts.search));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void shop.search.setText(input.value);
  });
  const results = el('ul', { className: 'results' });

  // ---- product
  const product = el('section', { className: 'product' });

  // ---- cart
  const cart = el('section', { className: 'cart' });

  root.replaceChildren(form, results, product, cart);

  const subs: Subscription[] = [
    shop.search.state$.subscribe((s) => {
      const items = s.items.map((p) => {
        const button = el('button', { type: 'button' }, p.name);
        button.dataset.sku = p.sku;
        button.addEventListener('click', () => void shop.product.setProduct(p));
        return el('li', {}, button);
      });
      results.replaceChildren(...(s.noResults ? [el('li', {}, texts.noResults)] : items));
    }),

    shop.product.state$.subscribe((s) => {
      const current = s.current;
      if (!current) return product.replaceChildren();
      const chosen = Object.fromEntries(Object.entries(s.configuration).map(([code, c]) => [code, c.id]));
      const available = shop.product.availableValues({ options: chosen });
      const selects = (s.options ?? []).map((option) => {
        const select = el('select', { name: option.attribute_code });
        for (const v of option.values) {
          const free = (available[option.attribute_code] ?? []).map(String).includes(String(v.value_index));
          const opt = el('option', { value: String(v.value_index), disabled: !free, selected: String(chosen[option.attribute_code]) === String(v.value_index) }, v.label);
          select.append(opt);
        }
        select.addEventListener('change', () => void shop.product.configure({ options: { [option.attribute_code]: select.value } }));
        return el('label', {}, `${option.label} `, select);
      });
      const price = productPrice(current, Date.now(), shop.config).final;
      const add = el('button', { type: 'button', className: 'add' }, texts.addToCart);
      add.addEventListener('click', () => void shop.cart.addItem(current, 1));
      product.replaceChildren(
        el('h2', {}, current.name),
        el('p', { className: 'sku' }, current.sku),
        el('p', { className: 'price' }, shop.formatPrice(price)),
        ...selects,
        add,
      );
    }),

    shop.cart.state$.subscribe((s) => {
      const lines = s.cartItems.map((i) => {
        const li = el('li', {}, `${i.qty} × ${i.name ?? i.sku}`);
        li.dataset.sku = i.sku;
        return li;
      });
      cart.replaceChildren(el('h2', {}, texts.cart), lines.length ? el('ul', {}, ...lines) : el('p', {}, texts.empty));
    }),
  ];

  return {
    dispose: () => {
      for (const s of subs) s.unsubscribe();
      root.replaceChildren();
    },
  };
}
