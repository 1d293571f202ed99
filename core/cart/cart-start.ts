/**
 * When a visitor's browser gets a server cart. spec transactions §4 "Sync need": "The cart has no token until
 * connected. Connect requests a cart token: on 200 the token is stored and a sync runs"; the spec ties the connect to
 * no page load, and "Adding" is where a cart gets its first line. So a start-up (or going online) connects and syncs
 * only for a shopper who has a cart: a stored cart token (a server cart to pull), stored lines (to push), or a signed-in
 * customer (whose server cart may hold lines from another device). Anyone else gets a server cart with the first line
 * added (CartService.addItems connects when the cart has no token).
 */
export interface CartAtStart {
  /** the cart's token as restored (CART_STORAGE_KEYS.token) */
  readonly cartServerToken: string | undefined;
  /** the cart's lines as restored */
  readonly cartItems: readonly unknown[];
}

export function connectsAtStart(cart: CartAtStart, signedIn: boolean): boolean {
  return signedIn || !!cart.cartServerToken || cart.cartItems.length > 0;
}
