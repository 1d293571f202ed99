/**
 * An in-memory cart server for property tests of the merge: applies update/delete calls as Magento does
 * (an update with an item id sets that line's qty; without one it adds to a line of the same sku+options,
 * else creates a line). It shares no rule with core: the identity key is computed here on its own.
 */
import type { ProductOption } from '../../core/catalogue/types';
import type { ServerCartItem } from '../../core/cart/types';

export function fakeLineKey(sku: string, option: ProductOption | undefined): string {
  const ext = option?.extension_attributes;
  const parts = [
    ...(ext?.configurable_item_options ?? []).map((o) => `c${o.option_id}:${o.option_value}`),
    ...(ext?.custom_options ?? []).map((o) => `o${o.option_id}:${o.option_value}`),
    ...(ext?.bundle_options ?? []).map((b) => `b${b.option_id}:${b.option_qty}:${[...b.option_selections].sort().join(',')}`),
  ].sort();
  return `${sku}|${parts.join(';')}`;
}

export class FakeCartServer {
  private nextId = 5000;
  readonly calls: Array<{ kind: 'update' | 'delete'; sku: string; item_id?: number | string; qty?: number }> = [];
  constructor(
    readonly cartId: string,
    public items: ServerCartItem[] = [],
  ) {
    this.items = items.map((i) => ({ ...i }));
  }

  update(cartItem: { sku: string; qty?: number; item_id?: number | string; product_option?: ProductOption }): ServerCartItem {
    this.calls.push({ kind: 'update', sku: cartItem.sku, item_id: cartItem.item_id, qty: cartItem.qty });
    const qty = cartItem.qty ?? 1;
    if (cartItem.item_id !== undefined) {
      const line = this.items.find((i) => String(i.item_id) === String(cartItem.item_id));
      if (!line) throw new Error(`404 no item ${cartItem.item_id}`);
      line.qty = qty;
      return { ...line };
    }
    const key = fakeLineKey(cartItem.sku, cartItem.product_option);
    const same = this.items.find((i) => fakeLineKey(i.sku, i.product_option) === key);
    if (same) {
      same.qty += qty;
      return { ...same };
    }
    const line: ServerCartItem = { item_id: this.nextId++, sku: cartItem.sku, qty, quote_id: this.cartId };
    if (cartItem.product_option) line.product_option = cartItem.product_option;
    this.items.push(line);
    return { ...line };
  }

  delete(cartItem: { sku: string; item_id?: number | string }): boolean {
    this.calls.push({ kind: 'delete', sku: cartItem.sku, item_id: cartItem.item_id });
    this.items = this.items.filter((i) => String(i.item_id) !== String(cartItem.item_id));
    return true;
  }

  pull(): ServerCartItem[] {
    return this.items.map((i) => ({ ...i }));
  }

  /** sorted `key x qty` lines, to compare with a client cart */
  lines(): string[] {
    return this.items.map((i) => `${fakeLineKey(i.sku, i.product_option)} x${i.qty}`).sort();
  }
}
