/**
 * The linear-time pairing against the quadratic one it replaced (test-fixtures/reference/old-rules.ts), and the two
 * pairing rules added with it (spec transactions §3 "Cart item" checksum; §4 "Merge of client and server items").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productOptionArb } from '../../test-fixtures/arbitraries/cart';
import { referencePair } from '../../test-fixtures/reference/old-rules';
import { mergeCartItems, mergePairedLines, pairCartLines, type MergeOptions, type MergeResult } from './merge';
import type { CartItem, ServerCartItem } from './types';

// The reference: the quadratic pairing (test-fixtures/reference/old-rules.ts), then the merge's walk over the pairs,
// which pairing alone changed.
const referenceMerge = (clientItems: readonly CartItem[], serverItems: readonly ServerCartItem[], options: MergeOptions): MergeResult =>
  mergePairedLines(clientItems, serverItems, options, referencePair(clientItems, serverItems, options.cartId));

const CART = 'cart-A';
const SKUS = ['WRAP-RED', 'WRAP-GOLD', 'BOX-S'];

/**
 * Messier carts than the add rule produces: repeated identities, repeated and stale item ids, lines of another cart,
 * options listed in another order, and (only when asked) checksums and server lines without product_type.
 */
function messyCartsArb(newRules: boolean): fc.Arbitrary<{ client: CartItem[]; server: ServerCartItem[] }> {
  const option = fc.tuple(productOptionArb, fc.boolean()).map(([o, reversed]) =>
    o && reversed
      ? { extension_attributes: { ...o.extension_attributes, configurable_item_options: [...(o.extension_attributes.configurable_item_options ?? [])].reverse() } }
      : o,
  );
  const checksum = newRules ? fc.option(fc.constantFrom('c1', 'c2', 'c3'), { nil: undefined }) : fc.constant(undefined);
  const productType = newRules ? fc.constantFrom('configurable', 'simple', undefined) : fc.constantFrom('configurable', 'simple');
  const clientArb = fc.record({
    sku: fc.constantFrom(...SKUS),
    qty: fc.integer({ min: 1, max: 3 }),
    option,
    serverItemId: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    serverCartId: fc.constantFrom(CART, 'guest-1', undefined),
    prevQty: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    checksum,
  }).map((r) => {
    const c: CartItem = { sku: r.sku, qty: r.qty };
    if (r.option) c.product_option = r.option;
    if (r.serverItemId !== undefined) c.server_item_id = r.serverItemId;
    if (r.serverCartId !== undefined) c.server_cart_id = r.serverCartId;
    if (r.prevQty !== undefined) c.prev_qty = r.prevQty;
    if (r.checksum !== undefined) c.checksum = r.checksum;
    return c;
  });
  const serverArb = fc.record({
    itemId: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }).map(String)),
    sku: fc.constantFrom(...SKUS),
    qty: fc.integer({ min: 1, max: 3 }),
    option,
    productType,
    checksum,
  }).map((r) => {
    const s: ServerCartItem = { item_id: r.itemId, sku: r.sku, qty: r.qty, quote_id: CART, name: r.sku };
    if (r.option) s.product_option = r.option;
    if (r.productType !== undefined) s.product_type = r.productType;
    if (r.checksum !== undefined) s.checksum = r.checksum;
    return s;
  });
  return fc.record({ client: fc.array(clientArb, { maxLength: 12 }), server: fc.array(serverArb, { maxLength: 12 }) });
}

const flagsArb: fc.Arbitrary<MergeOptions> = fc.record(
  {
    forceClientState: fc.boolean(),
    serverMergeByDefault: fc.boolean(),
    canRemoveLocalItems: fc.boolean(),
    canModifyLocalItems: fc.boolean(),
    mergeQtys: fc.boolean(),
    cartId: fc.constantFrom(CART, 'acct-9'),
  },
  { requiredKeys: ['serverMergeByDefault'] },
);

describe('mergeCartItems, linear (maps built once) vs the quadratic reference', () => {
  it('property: answers exactly as the old merge on random carts (no checksums, every server line typed)', () => {
    fc.assert(
      fc.property(messyCartsArb(false), flagsArb, ({ client, server }, flags) => {
        expect(mergeCartItems(client, server, flags)).toEqual(referenceMerge(client, server, flags));
      }),
      { numRuns: 1000 },
    );
  });

  it('property: pairs exactly as the reference with the checksum and untyped-line rules, on random carts', () => {
    fc.assert(
      fc.property(messyCartsArb(true), fc.constantFrom(CART, undefined), ({ client, server }, cartId) => {
        expect([...pairCartLines(client, server, cartId)]).toEqual([...referencePair(client, server, cartId, true)]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('pairing rules added to the merge', () => {
  const red = {
    extension_attributes: { custom_options: [], configurable_item_options: [{ option_id: '93', option_value: 49 }], bundle_options: [] },
  };

  // spec transactions §3 "Cart item" (checksum), §4 "Merge of client and server items"
  it('a line is paired by the server checksum it carries, whatever shape the server answers the options in', () => {
    const engraved = { extension_attributes: { custom_options: [{ option_id: 7, option_value: 'Proficiat' }], configurable_item_options: [], bundle_options: [] } };
    // the client line learnt the checksum from an earlier merge; now the server answers the custom option's value by id
    const client: CartItem[] = [{ sku: 'CARD-A6', qty: 2, product_option: engraved, checksum: 'abc' }];
    const server: ServerCartItem[] = [
      { item_id: 31, sku: 'CARD-A6', qty: 2, product_type: 'simple', checksum: 'abc', product_option: { extension_attributes: { custom_options: [{ option_id: 7, option_value: '112' }], configurable_item_options: [], bundle_options: [] } } },
    ];
    const r = mergeCartItems(client, server, { serverMergeByDefault: true, cartId: 'c' });
    expect(r.actions.map((a) => a.type)).toEqual(['none']);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({ server_item_id: 31, checksum: 'abc', product_option: engraved });
  });

  // spec transactions §3 "Cart item" (checksum): a line learns the server's checksum when it is paired or added
  it('the merge keeps the server checksum on the client line, so the next merge can pair by it', () => {
    const r = mergeCartItems([{ sku: 'BOX-S', qty: 1 }], [{ item_id: 4, sku: 'BOX-S', qty: 1, product_type: 'simple', checksum: 'k1' }, { item_id: 5, sku: 'TAPE', qty: 1, checksum: 'k2' }], {
      serverMergeByDefault: true,
      cartId: 'c',
    });
    expect(r.items.map((i) => i.checksum)).toEqual(['k1', 'k2']);
  });

  // spec transactions §3 "Cart item": the checksum fingerprints a configuration, not a product: another sku is another line
  it('equal checksums of different skus do not pair', () => {
    const r = mergeCartItems([{ sku: 'A', qty: 1, checksum: 'same' }], [{ item_id: 1, sku: 'B', qty: 1, product_type: 'simple', checksum: 'same' }], {
      serverMergeByDefault: true,
      cartId: 'c',
    });
    expect(r.items).toHaveLength(2);
  });

  // spec transactions §4 "Merge of client and server items" (+ #4641): a child sku names its configuration, so a server
  // line with that sku, no product_option and no product_type is the configured client line — not a second line
  it('a server line with the sku but neither product_option nor product_type pairs with the configured client line', () => {
    const client: CartItem[] = [{ sku: 'WRAP-RED-S', parentSku: 'WRAP', qty: 1, product_option: red, type_id: 'configurable' }];
    const server: ServerCartItem[] = [{ item_id: 12, sku: 'WRAP-RED-S', qty: 1 }];
    const r = mergeCartItems(client, server, { serverMergeByDefault: true, cartId: 'acct' });
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({ server_item_id: 12, product_option: red, parentSku: 'WRAP' });
    expect(r.actions.map((a) => a.type)).toEqual(['none']);
    // before: 2 client lines, and a second add sent to the server
    const old = referenceMerge(client, server, { serverMergeByDefault: true, cartId: 'acct' });
    expect(old.items).toHaveLength(2);
    expect(old.actions.map((a) => a.type)).toEqual(['server-update', 'client-add']);
  });

  // spec transactions §4: a server line that says it is a simple product is not taken for a configured line
  it('a server line typed simple, without options, still does not pair with a configured line', () => {
    const r = mergeCartItems([{ sku: 'X', qty: 1, product_option: red }], [{ item_id: 1, sku: 'X', qty: 1, product_type: 'simple' }], {
      serverMergeByDefault: true,
      cartId: 'c',
    });
    expect(r.items).toHaveLength(2);
  });
});
