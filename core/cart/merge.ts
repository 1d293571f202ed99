import { cartItemIdentity, hasOptions } from './identity';
import type { CartItem, ServerCartItem } from './types';

/** Merge of client and server cart items (spec transactions §4 "Merge of client and server items"). */
export interface MergeOptions {
  /** the client is the truth (e.g. after a local edit); also implied when `serverMergeByDefault` is off */
  forceClientState?: boolean;
  serverMergeByDefault: boolean;
  /** whether the server may remove / change client lines when the client state is not forced (default off) */
  canRemoveLocalItems?: boolean;
  canModifyLocalItems?: boolean;
  /**
   * the login merge: a guest line that is in the account cart with ANOTHER qty gets the sum, once (the line is then
   * marked with the account cart id and never summed again); equal quantities are never summed; server-only lines
   * are never deleted
   */
  mergeQtys?: boolean;
  /** the server cart the server items belong to; every resulting line is marked with it */
  cartId?: string;
}

export type MergeStatus = 'update-required' | 'no-changes';

export type MergeAction =
  /** send this client line to the server with this qty (serverItem set when the server already has the line) */
  | { type: 'server-update'; item: CartItem; qty: number; serverItem?: ServerCartItem; status: 'update-required' }
  /** delete this line on the server */
  | { type: 'server-delete'; serverItem: ServerCartItem; status: 'update-required' }
  /** add this server line to the client */
  | { type: 'client-add'; item: CartItem; status: 'update-required' }
  /** remove this line from the client */
  | { type: 'client-remove'; item: CartItem; status: 'update-required' }
  /** set the client line's qty to the server's */
  | { type: 'client-update'; item: CartItem; qty: number; status: 'update-required' }
  /** both sides agree */
  | { type: 'none'; item: CartItem; status: 'no-changes' };

export interface MergeResult {
  /** the client lines after the merge */
  items: CartItem[];
  actions: MergeAction[];
  /** true when any action is update-required */
  changed: boolean;
}

/** A server line as a client line (keeping the server's product_option). */
export function serverItemToCartItem(s: ServerCartItem, cartId?: string): CartItem {
  const { sku, qty, item_id, name, product_option, quote_id } = s;
  const item: CartItem = { sku, qty, server_item_id: item_id, item_id, name, price_incl_tax: s.price, product_option };
  return { ...item, quote_id, checksum: s.checksum || undefined, server_cart_id: cartId ?? quote_id };
}

/** an unambiguous key of two strings (the first's length prefixed) */
const key2 = (a: string, b: string) => `${a.length}:${a}${b}`;

const hasConfigurableOptions = (c: CartItem) => (c.product_option?.extension_attributes.configurable_item_options?.length ?? 0) > 0;

/**
 * Pairs client lines with server lines in passes; in each pass, client lines in order take the first unused server line
 * with their key (keys computed once and looked up in a map: linear in the number of lines).
 * Passes (spec transactions §3 "Cart item", §4 "Merge of client and server items"):
 * 1. the server item id (of this cart) and the sku;
 * 2. the checksum, where the server sends one and the client line carries it (from an earlier merge), and the sku;
 * 3. the identity (sku + configurable, custom and bundle options);
 * 4. a configured line whose server copy came back without options: the sku, when the server line says
 *    `product_type: 'configurable'` or no product_type at all (a child sku names its configuration).
 */
export function pairCartLines(clientItems: readonly CartItem[], serverItems: readonly ServerCartItem[], cartId: string | undefined): Map<number, number> {
  const pairs = new Map<number, number>(); // client index -> server index
  const used = new Uint8Array(serverItems.length);
  type KeyOf<T> = (line: T) => string | undefined;
  const pass = (serverKey: KeyOf<ServerCartItem>, clientKey: KeyOf<CartItem>) => {
    const byKey = new Map<string, number[]>(); // server indices, ascending (keys are nearly always unique)
    serverItems.forEach((s, si) => {
      const key = serverKey(s);
      if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), si]);
    });
    clientItems.forEach((c, ci) => {
      const key = pairs.has(ci) ? undefined : clientKey(c);
      const si = key === undefined ? undefined : byKey.get(key)?.find((i) => used[i] === 0);
      if (si !== undefined) {
        pairs.set(ci, si);
        used[si] = 1;
      }
    });
  };
  const ofThisCart = (c: CartItem) => c.server_item_id !== undefined && [undefined, c.server_cart_id].includes(cartId);
  const byId: KeyOf<CartItem> = (c) => (ofThisCart(c) ? key2(String(c.server_item_id), c.sku) : undefined);
  pass((s) => key2(String(s.item_id), s.sku), byId);
  const byChecksum: KeyOf<CartItem | ServerCartItem> = (l) => (l.checksum ? key2(l.checksum, l.sku) : undefined);
  pass(byChecksum, byChecksum);
  pass(cartItemIdentity, cartItemIdentity);
  const bare = (s: ServerCartItem) => ['configurable', undefined].includes(s.product_type) && !hasOptions(s);
  pass((s) => (bare(s) ? s.sku : undefined), (c) => (hasConfigurableOptions(c) ? c.sku : undefined));
  return pairs;
}

/** A client line as the server holds it (its ids and checksum; none when it does not), marked with the server cart. */
export function markServerLine(item: CartItem, server: ServerCartItem | undefined, cartId?: string): CartItem {
  const out: CartItem = { ...item };
  delete out.prev_qty;
  if (server) {
    out.server_item_id = server.item_id;
    out.item_id = server.item_id;
    // the server's fingerprint of the line's configuration pairs it next time, whatever shape its options come back in
    if (server.checksum) out.checksum = server.checksum;
  } else {
    // the server does not hold this line (any more): a stale item id would address nothing
    delete out.server_item_id;
    delete out.item_id;
  }
  if (cartId !== undefined) {
    out.server_cart_id = cartId;
    out.quote_id = cartId;
  }
  return out;
}

export function mergeCartItems(clientItems: readonly CartItem[], serverItems: readonly ServerCartItem[], options: MergeOptions): MergeResult {
  return mergePairedLines(clientItems, serverItems, options, pairCartLines(clientItems, serverItems, options.cartId));
}

/** The merge's walk over lines already paired (client index -> server index); linear. mergeCartItems = pairCartLines + this. */
export function mergePairedLines(
  clientItems: readonly CartItem[],
  serverItems: readonly ServerCartItem[],
  options: MergeOptions,
  pairs: ReadonlyMap<number, number>,
): MergeResult {
  const force = !!options.forceClientState || !options.serverMergeByDefault;
  const { cartId } = options;
  const matchedServer = new Set(pairs.values());
  const actions: MergeAction[] = [];
  const items: CartItem[] = [];

  const serverUpdate = (item: CartItem, serverItem?: ServerCartItem): MergeAction =>
    ({ type: 'server-update', item, qty: item.qty, serverItem, status: 'update-required' });

  clientItems.forEach((c, ci) => {
    const si = pairs.get(ci);
    const s = si === undefined ? undefined : serverItems[si];
    if (!s && !force && options.canRemoveLocalItems) {
      actions.push({ type: 'client-remove', item: c, status: 'update-required' });
      return;
    }
    const line = markServerLine(c, s, cartId);
    items.push(line);
    if (!s) {
      actions.push(serverUpdate(line));
    } else if (s.qty === c.qty) {
      actions.push({ type: 'none', item: line, status: 'no-changes' });
    } else if (options.mergeQtys && cartId !== undefined && c.server_cart_id !== cartId) {
      // the first login merge of this line: guest and account quantities summed once
      line.qty = c.qty + s.qty;
      actions.push(serverUpdate(line, s));
      actions.push({ type: 'client-update', item: line, qty: line.qty, status: 'update-required' });
    } else if (force || !options.canModifyLocalItems) {
      actions.push(serverUpdate(line, s));
    } else {
      line.qty = s.qty;
      actions.push({ type: 'client-update', item: line, qty: s.qty, status: 'update-required' });
    }
  });

  serverItems.forEach((s, si) => {
    if (matchedServer.has(si)) return;
    if (force && !options.mergeQtys) {
      actions.push({ type: 'server-delete', serverItem: s, status: 'update-required' });
    } else {
      const line = serverItemToCartItem(s, cartId);
      items.push(line);
      actions.push({ type: 'client-add', item: line, status: 'update-required' });
    }
  });

  return { items, actions, changed: actions.some((a) => a.status === 'update-required') };
}
