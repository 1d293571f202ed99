/**
 * When a visitor's browser gets a server cart (spec transactions §4 "Sync need": the cart has no token until connected,
 * and "Adding" is where a cart gets its first line): a start-up (or going online) connects only for a shopper who has
 * a cart: a stored cart token, stored lines, or a signed-in customer (whose server cart may hold lines from another
 * device). Anyone else gets a server cart with the first line added.
 */
export function connectsAtStart(
  cart: { readonly cartServerToken: string | undefined; readonly cartItems: readonly unknown[] },
  signedIn: boolean,
): boolean {
  return signedIn || !!cart.cartServerToken || cart.cartItems.length > 0;
}
