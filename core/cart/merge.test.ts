import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartPairArb } from '../../test-fixtures/arbitraries/cart';
import { FakeCartServer, fakeLineKey } from '../../test-fixtures/arbitraries/cart-fake-server';
import { mergeCartItems, type MergeOptions, type MergeResult } from './merge';
import type { CartItem, ServerCartItem } from './types';
import { cartItemIdentity } from './identity';

const CART = 'cart-A';

/** Apply a merge's server calls to the fake server; server answers give the client its server item ids. */
function applyToServer(result: MergeResult, server: FakeCartServer): CartItem[] {
  let items = result.items;
  for (const a of result.actions) {
    if (a.type === 'server-update') {
      const answer = server.update({ sku: a.item.sku, qty: a.qty, item_id: a.serverItem?.item_id, product_option: a.item.product_option });
      const id = cartItemIdentity(a.item);
      items = items.map((i) => (cartItemIdentity(i) === id ? { ...i, server_item_id: answer.item_id, item_id: answer.item_id } : i));
    } else if (a.type === 'server-delete') {
      server.delete({ sku: a.serverItem.sku, item_id: a.serverItem.item_id });
    }
  }
  return items;
}

const clientLines = (items: CartItem[]) => items.map((i) => `${fakeLineKey(i.sku, i.product_option)} x${i.qty}`).sort();

const flagsArb: fc.Arbitrary<MergeOptions> = fc.record({
  forceClientState: fc.boolean(),
  serverMergeByDefault: fc.boolean(),
  canRemoveLocalItems: fc.boolean(),
  canModifyLocalItems: fc.boolean(),
  mergeQtys: fc.boolean(),
  cartId: fc.constant(CART),
});

/**
 * The demo backend (like Magento) names each line's product_type; the fake server keys lines by sku + options, so a
 * configurable line always carries its options here (the no-options fallback is tested on its own below).
 */
const typedCartPairArb = cartPairArb(CART).map(({ client, server }) => ({
  client,
  server: server.map((s) => ({ ...s, product_type: s.product_option?.extension_attributes.configurable_item_options?.length ? 'configurable' : 'simple' })),
}));

describe('mergeCartItems', () => {
  // spec transactions §4 "Merge of client and server items"
  it('property: after the merge and its server calls, client and server hold the same lines and quantities; merging again is a no-op', () => {
    fc.assert(
      fc.property(typedCartPairArb, flagsArb, ({ client, server }, flags) => {
        const fake = new FakeCartServer(CART, server);
        const first = mergeCartItems(client, fake.pull(), flags);
        const after = applyToServer(first, fake);
        expect(clientLines(after)).toEqual(fake.lines());
        // idempotent: a second merge (e.g. on reload or a coupon change, #4220/#5743) changes nothing
        const second = mergeCartItems(after, fake.pull(), flags);
        expect(second.changed).toBe(false);
        expect(second.actions.every((a) => a.status === 'no-changes')).toBe(true);
        expect(clientLines(second.items)).toEqual(clientLines(after));
      }),
      { numRuns: 400 },
    );
  });

  // spec transactions §4: each result is marked update-required or no-changes
  it('property: every action is marked, and only "none" is no-changes', () => {
    fc.assert(
      fc.property(cartPairArb(CART), flagsArb, ({ client, server }, flags) => {
        const r = mergeCartItems(client, server, flags);
        for (const a of r.actions) expect(a.status).toBe(a.type === 'none' ? 'no-changes' : 'update-required');
        expect(r.changed).toBe(r.actions.some((a) => a.type !== 'none'));
      }),
    );
  });

  // #4220 #5743: an item in both carts with equal qty is never summed, whatever the flags
  it('#4220 #5743: equal quantities in both carts are never summed', () => {
    fc.assert(
      fc.property(cartPairArb(CART), flagsArb, ({ client, server }, flags) => {
        const r = mergeCartItems(client, server, flags);
        for (const c of client) {
          const s = server.find((x) => cartItemIdentity(x) === cartItemIdentity(c));
          if (s && s.qty === c.qty) {
            const line = r.items.find((i) => cartItemIdentity(i) === cartItemIdentity(c));
            expect(line?.qty).toBe(c.qty);
          }
        }
      }),
    );
  });

  // #3995: the same product in the guest and the account cart is summed once at login, not again later
  it('#3995: a guest line is summed with the account line once at login, never again', () => {
    const guest: CartItem[] = [{ sku: 'WRAP-RED', qty: 2, server_cart_id: 'guest-1', server_item_id: 7 }];
    const fake = new FakeCartServer('acct-9', [{ item_id: 1, sku: 'WRAP-RED', qty: 3, quote_id: 'acct-9' }]);
    const login = mergeCartItems(guest, fake.pull(), { serverMergeByDefault: true, mergeQtys: true, cartId: 'acct-9' });
    const after = applyToServer(login, fake);
    expect(after.map((i) => i.qty)).toEqual([5]);
    expect(fake.pull().map((i) => i.qty)).toEqual([5]);
    // a later sync (reload, second login in the same session, coupon change) with mergeQtys again sums nothing
    const later = mergeCartItems(after, fake.pull(), { serverMergeByDefault: true, mergeQtys: true, cartId: 'acct-9' });
    expect(later.changed).toBe(false);
    // and even a later qty mismatch is corrected, not summed
    const edited = after.map((i) => ({ ...i, qty: 1 }));
    const afterEdit = mergeCartItems(edited, fake.pull(), { serverMergeByDefault: true, mergeQtys: true, cartId: 'acct-9' });
    expect(afterEdit.items.map((i) => i.qty)).toEqual([1]);
  });

  // #5345: logging in during checkout deleted items that existed only on the server
  it('#5345: a login merge never deletes server-only items, even with the client state forced (in checkout)', () => {
    const client: CartItem[] = [{ sku: 'CARD-A6', qty: 1 }];
    const server: ServerCartItem[] = [{ item_id: 4, sku: 'BOX-S', qty: 2, quote_id: 'acct' }];
    const r = mergeCartItems(client, server, { serverMergeByDefault: true, forceClientState: true, mergeQtys: true, cartId: 'acct' });
    expect(r.actions.some((a) => a.type === 'server-delete')).toBe(false);
    expect(r.items.map((i) => i.sku).sort()).toEqual(['BOX-S', 'CARD-A6']);
  });

  // spec transactions §4: a server item missing on the client is deleted from the server when client state is forced
  it('a forced client state (not a login) deletes server-only items; otherwise they are added to the client', () => {
    const server: ServerCartItem[] = [{ item_id: 4, sku: 'BOX-S', qty: 2 }];
    const forced = mergeCartItems([], server, { serverMergeByDefault: true, forceClientState: true, cartId: 'c' });
    expect(forced.actions.map((a) => a.type)).toEqual(['server-delete']);
    const notForced = mergeCartItems([], server, { serverMergeByDefault: true, cartId: 'c' });
    expect(notForced.actions.map((a) => a.type)).toEqual(['client-add']);
    expect(notForced.items[0]).toMatchObject({ sku: 'BOX-S', qty: 2, server_item_id: 4, server_cart_id: 'c' });
  });

  // spec transactions §4: a client item missing on the server is removed or pushed depending on the flags
  it('a client-only line is pushed unless the server may remove local lines and the client state is not forced', () => {
    const client: CartItem[] = [{ sku: 'TAPE-CLEAR', qty: 3 }];
    expect(mergeCartItems(client, [], { serverMergeByDefault: true }).actions.map((a) => a.type)).toEqual(['server-update']);
    expect(mergeCartItems(client, [], { serverMergeByDefault: true, canRemoveLocalItems: true }).actions.map((a) => a.type)).toEqual([
      'client-remove',
    ]);
    expect(
      mergeCartItems(client, [], { serverMergeByDefault: true, canRemoveLocalItems: true, forceClientState: true }).actions.map((a) => a.type),
    ).toEqual(['server-update']);
  });

  // spec transactions §4 "Merge of client and server items", §3 "Cart item" (server_item_id, server_cart_id): a line
  // the new server cart does not hold loses the item id of its old cart, which would address nothing (or another line)
  it('a client line pushed to another server cart goes without its old server item id', () => {
    const client: CartItem[] = [
      { sku: 'TAPE-CLEAR', qty: 3, server_item_id: 7, item_id: 7, server_cart_id: 'old', quote_id: 'old' },
    ];
    const r = mergeCartItems(client, [], { serverMergeByDefault: true, cartId: 'new' });
    const [push] = r.actions;
    if (push?.type !== 'server-update') throw new Error(`not pushed: ${JSON.stringify(r.actions)}`);
    for (const line of [r.items[0]!, push.item]) {
      expect(line).toMatchObject({ sku: 'TAPE-CLEAR', qty: 3, server_cart_id: 'new', quote_id: 'new' });
      expect(line).not.toHaveProperty('server_item_id');
      expect(line).not.toHaveProperty('item_id');
    }
  });

  // spec transactions §4: a quantity mismatch is corrected either way by config
  it('a qty mismatch goes to the server, or to the client when the server may modify local lines', () => {
    const client: CartItem[] = [{ sku: 'RIBBON-SILK', qty: 3, server_item_id: 1, server_cart_id: 'c' }];
    const server: ServerCartItem[] = [{ item_id: 1, sku: 'RIBBON-SILK', qty: 5 }];
    const toServer = mergeCartItems(client, server, { serverMergeByDefault: true, cartId: 'c' });
    expect(toServer.actions).toMatchObject([{ type: 'server-update', qty: 3 }]);
    const toClient = mergeCartItems(client, server, { serverMergeByDefault: true, canModifyLocalItems: true, cartId: 'c' });
    expect(toClient.actions).toMatchObject([{ type: 'client-update', qty: 5 }]);
    expect(toClient.items[0]?.qty).toBe(5);
  });

  // #4641: configurable items lost their configuration after logging in again
  it('#4641: a configurable line keeps its configuration when the server answers without product_option', () => {
    const option = {
      extension_attributes: {
        custom_options: [],
        configurable_item_options: [{ option_id: '93', option_value: 50 }],
        bundle_options: [],
      },
    };
    const client: CartItem[] = [{ sku: 'WRAP-RED-S', parentSku: 'WRAP', qty: 1, product_option: option, type_id: 'configurable' }];
    const server: ServerCartItem[] = [{ item_id: 12, sku: 'WRAP-RED-S', qty: 1, product_type: 'configurable' }];
    const r = mergeCartItems(client, server, { serverMergeByDefault: true, mergeQtys: true, cartId: 'acct' });
    expect(r.items).toHaveLength(1);
    expect(r.items[0]?.product_option).toEqual(option);
    expect(r.items[0]?.parentSku).toBe('WRAP');
    expect(r.actions.map((a) => a.type)).toEqual(['none']);
  });

  // spec transactions §4 "Adding": the same product with another configuration is another line
  it('different configurations of one sku are different lines in the merge', () => {
    const opt = (v: number) => ({
      extension_attributes: { custom_options: [], configurable_item_options: [{ option_id: '93', option_value: v }], bundle_options: [] },
    });
    const client: CartItem[] = [{ sku: 'WRAP', qty: 1, product_option: opt(1) }];
    const server: ServerCartItem[] = [{ item_id: 2, sku: 'WRAP', qty: 1, product_option: opt(2) }];
    const r = mergeCartItems(client, server, { serverMergeByDefault: true, cartId: 'c' });
    expect(r.items).toHaveLength(2);
  });
});
