/** fast-check generators of cart lines and carts (client and server side) for the cart rules' properties. */
import fc from 'fast-check';
import type { ProductOption } from '../../core/catalogue/types';
import { cartItemIdentity } from '../../core/cart/identity';
import type { CartItem, ServerCartItem } from '../../core/cart/types';

/** the product_option of a configurable line: colour (attribute 93) and size (142) */
export const configurableOption = (color: number, size: number): ProductOption => ({
  extension_attributes: {
    custom_options: [],
    configurable_item_options: [
      { option_id: '93', option_value: color },
      { option_id: '142', option_value: size },
    ],
    bundle_options: [],
  },
});

export const SKUS = ['WRAP-RED', 'WRAP-GOLD', 'RIBBON-SILK', 'CARD-A6', 'TAPE-CLEAR', 'BOX-S'] as const;

/** none, a configurable choice (colour/size), a custom option (engraving text) or a bundle selection */
export const productOptionArb: fc.Arbitrary<ProductOption | undefined> = fc.oneof(
  fc.constant(undefined),
  fc
    .record({ color: fc.constantFrom(49, 50, 51), size: fc.constantFrom(167, 168) })
    .map(({ color, size }) => configurableOption(color, size)),
  fc.constantFrom('Happy birthday', 'Proficiat').map((text) => ({
    extension_attributes: { custom_options: [{ option_id: 7, option_value: text }], configurable_item_options: [], bundle_options: [] },
  })),
);

const qtyArb = fc.integer({ min: 1, max: 9 });

export const cartItemArb: fc.Arbitrary<CartItem> = fc
  .record({ sku: fc.constantFrom(...SKUS), qty: qtyArb, option: productOptionArb, price: fc.integer({ min: 0, max: 5000 }) })
  .map(({ sku, qty, option, price }) => {
    const item: CartItem = { sku, qty, price_incl_tax: price / 100, name: sku };
    if (option) item.product_option = option;
    return item;
  });

/** a client cart: lines with distinct identities (the add rule guarantees that) */
export const clientCartArb: fc.Arbitrary<CartItem[]> = fc.uniqueArray(cartItemArb, { selector: cartItemIdentity, maxLength: 6 });

/** a server cart: distinct identities, item ids unique within the cart */
function serverCartArb(cartId: string): fc.Arbitrary<ServerCartItem[]> {
  return fc.uniqueArray(cartItemArb, { selector: cartItemIdentity, maxLength: 6 }).map((items) =>
    items.map((i, n) => {
      const s: ServerCartItem = { item_id: 1000 + n, sku: i.sku, qty: i.qty, quote_id: cartId, name: i.sku };
      if (i.product_option) s.product_option = i.product_option;
      return s;
    }),
  );
}

/**
 * A client cart that partly shares lines with a server cart: shared lines may carry the server item id (already synced
 * with this cart) and the same or another qty.
 */
export function cartPairArb(cartId: string): fc.Arbitrary<{ client: CartItem[]; server: ServerCartItem[] }> {
  return fc
    .record({
      server: serverCartArb(cartId),
      extraClient: clientCartArb,
      share: fc.array(fc.record({ take: fc.boolean(), synced: fc.boolean(), qty: fc.option(qtyArb, { nil: undefined }) }), { maxLength: 6 }),
    })
    .map(({ server, extraClient, share }) => {
      const client: CartItem[] = [];
      const ids = new Set<string>();
      server.forEach((s, n) => {
        const how = share[n];
        if (!how?.take) return;
        const line: CartItem = { sku: s.sku, qty: how.qty ?? s.qty, name: s.sku };
        if (s.product_option) line.product_option = s.product_option;
        if (how.synced) {
          line.server_item_id = s.item_id;
          line.server_cart_id = cartId;
        }
        client.push(line);
        ids.add(cartItemIdentity(line));
      });
      for (const e of extraClient) {
        if (!ids.has(cartItemIdentity(e))) {
          client.push(e);
          ids.add(cartItemIdentity(e));
        }
      }
      return { client, server };
    });
}
